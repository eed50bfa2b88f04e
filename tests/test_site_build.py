"""The site build: the engine files PyScript loads stay in sync with the package."""

from __future__ import annotations

import _imp
import ast
import gzip
import io
import json
import os
import re
import subprocess
import sys
import types
import zipfile
from pathlib import Path

import pytest

from halfmoon.page.painted import dealt
from halfmoon.rules.game import Game
from halfmoon.words.i18n import LANGUAGES
from tools import build_site, pool, stdlib

ROOT = Path(__file__).resolve().parent.parent

# one worker runs this module's tests (make test's workers: --dist loadgroup), so that the
# module's compiled Python (a Pyodide run of some 12 s) is made once, not once per worker
pytestmark = pytest.mark.xdist_group("site_build")


@pytest.fixture(scope="module")
def python() -> stdlib.Compiled:
    """The engine, PyScript's package and the standard library the page can import,
    compiled once for this module's tests (a Pyodide run), or the site build's compile
    of the very same sources (tools/stdlib.py keeps the last)."""
    return stdlib.compile_python(stdlib.engine_files())


@pytest.fixture(scope="module")
def compiled(python: stdlib.Compiled) -> dict[str, bytes]:
    """The engine archive's members."""
    return python.engine


def test_config_lists_every_browser_module_of_the_package() -> None:
    files = stdlib.engine_files()
    on_disk = {
        p.relative_to(ROOT).as_posix()
        for p in (ROOT / "halfmoon").rglob("*.py")
        if "__pycache__" not in p.parts
    }
    host = {f for f in on_disk if f.startswith("halfmoon/host/") or f == "halfmoon/__main__.py"}
    assert host >= {"halfmoon/host/cli.py", "halfmoon/host/guide.py", "halfmoon/__main__.py"}
    assert set(files) == on_disk - host
    config = json.loads(build_site.config("vendor/pyodide-1/loader.mjs"))
    assert config["interpreter"] == "vendor/pyodide-1/loader.mjs"
    assert "packages" not in config  # a packages key makes PyScript fetch micropip
    assert "files" not in config  # the engine is unpacked by the page's start (boot/python.js)
    assert config["plugins"] == [f"!{name}" for name in build_site.PYSCRIPT_PLUGINS_OFF]


def test_no_browser_module_imports_one_left_out_of_the_site() -> None:
    on_disk = {p.relative_to(ROOT).as_posix() for p in (ROOT / "halfmoon").rglob("*.py")}
    left_out = {
        f.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
        for f in on_disk - set(stdlib.engine_files())
    }
    assert "halfmoon.host" in left_out
    for path in stdlib.engine_files() + ["main.py"]:
        tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
        package = path.removesuffix(".py").replace("/", ".").rsplit(".", 1)[0]
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                base = package.split(".")
                if node.level:
                    base = base[: len(base) - node.level + 1]
                    name = ".".join([*base, node.module] if node.module else base)
                else:
                    name = node.module or ""
                assert name not in left_out, f"{path} imports {name}"


def test_page_strings_come_from_the_catalogue() -> None:
    page = build_site.render_page((ROOT / "index.html").read_text(encoding="utf-8"))
    assert ">Anular</span>" in page and ">Nova partida</span>" in page
    assert ">Erros de jogada</span>" in page and ">Ajuda à colocação</span>" in page
    # every slot of the template filled (the page's Python by the build, which names it)
    assert re.findall(r"<!-- [A-Z_]+ -->", page) == ["<!-- PYTHON -->"]
    assert '"app.loading": "Setting the table…"' in page


def test_each_media_query_is_written_once() -> None:
    """A condition the layout follows is written in full once: a query used twice is
    named (``@custom-media``) and used by its name.  Browsers do not read the names yet:
    the build writes each query in full where it is used, and stops at a name it does not
    know or at a list of queries joined to another condition."""
    for sheet in sorted((ROOT / "static").glob("*.css")):
        text = sheet.read_text(encoding="utf-8")
        full = [q for q in re.findall(r"@media\s+([^{]+?)\s*\{", text) if "(--" not in q]
        full += re.findall(r"@custom-media\s+--[\w-]+\s+([^;]+);", text)
        queries = [" ".join(query.split()) for query in full]
        twice = sorted({query for query in queries if queries.count(query) > 1})
        assert twice == [], f"{sheet.name} writes these more than once: name them"
        shipped = build_site.stylesheet(text)
        assert "@custom-media" not in shipped
        assert not re.search(r"@media[^{]*\(--", shipped), sheet.name
    written = build_site.custom_media(
        "@custom-media --low (max-height: 500px);\n"
        "@custom-media --either (orientation: portrait),\n  (max-width: 400px);\n"
        "@media (pointer: coarse) and (--low) { a { b: c; } }\n@media (--either) { d {} }"
    )
    assert written == (
        "@media (pointer: coarse) and (max-height: 500px) { a { b: c; } }\n"
        "@media (orientation: portrait), (max-width: 400px) { d {} }"
    )
    with pytest.raises(SystemExit, match="no @custom-media --high"):
        build_site.custom_media("@media (--high) { a {} }")
    with pytest.raises(SystemExit, match="--either is a list"):
        build_site.custom_media("@custom-media --either (a), (b);\n@media (c) and (--either) {}")


def test_the_page_holds_new_deals_of_fresh_randomness_for_a_new_player() -> None:
    """A first visit paints one of the deals the build dealt (tools/pool.py): their cards
    written once, with each language's words for them, which put together make the
    engine's record of that deal just dealt, in every language; another build deals
    others.  The start-up script reads them from a module of their own, as the JSON
    text of ``deals``, a few kB on the wire rather than the 18 kB of every language's
    whole records."""
    deals = pool.pool()
    module = pool.pool_module(deals)
    text = re.fullmatch(r"//[^\n]*\nexport const deals = (.*);\n", module)
    assert text is not None and json.loads(json.loads(text.group(1))) == deals
    drawn = deals["deals"]
    assert isinstance(drawn, list)
    codes = [code for code, _ in drawn]
    assert len(set(codes)) == len(codes) == pool.SIZE
    for lang in LANGUAGES:
        for code in codes:
            assert pool.unpacked(deals, code, lang) == dealt(code, lang)
    assert len(gzip.compress(module.encode("utf-8"), 9)) < 6_000
    again = pool.pool()["deals"]
    assert isinstance(again, list)
    assert not set(codes) & {code for code, _ in again}
    source = (ROOT / pool.MODULE).read_text(encoding="utf-8")
    assert 'export const deals = "{}";' in source  # the sources hold none


def test_a_new_player_never_opens_on_a_deal_stuck_from_the_start(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A deal with no move at the start (one in a few hundred) is never among a new
    player's deals, even drawn first — once it was, and the build stopped: the other
    deals' records (playing) did not put together with the stuck one's."""
    stuck = "HM1-N-OHYJWZQ"
    assert Game.new(stuck).status == "impasse"
    fresh = Game.new
    drawn = iter([stuck])
    monkeypatch.setattr(pool.Game, "new", lambda code=None: fresh(code or next(drawn, None)))
    deals = pool.pool(4)["deals"]
    assert isinstance(deals, list) and stuck not in [code for code, _ in deals]
    assert len(deals) == 4


def test_every_card_face_is_written_once_as_a_template() -> None:
    """The page's first paint and the game clone the same faces: one template per face
    as either language prints it, made from the parts every diagram is drawn from."""
    page = build_site.render_page((ROOT / "index.html").read_text(encoding="utf-8"))
    ids = re.findall(r'<template id="face-([^"]+)" data-code="([^"]+)" data-class="([^"]+)"', page)
    keys = [key for key, _, _ in ids]
    assert len(keys) == len(set(keys)) == 64
    assert {"AS", "10H", "DH", "QH", "VC", "JC", "RS", "KS"} <= set(keys)
    cards = {key: (card, cls) for key, card, cls in ids}
    assert cards["DH"] == cards["QH"] == ("QH", "card red face")
    assert cards["10C"] == ("10C", "card")
    face = page.split('<template id="face-QH"')[1].split("</template>")[0]
    assert 'href="static/courts.svg#QH"' in face and '<span class="r">Q</span>' in face


def test_the_rules_and_examples_pages_are_written_whole_and_precached(tmp_path: Path) -> None:
    import json
    from html.parser import HTMLParser

    from tools import build_pages

    names = build_pages.write_pages(tmp_path)
    assert sorted(names) == [  # each language's pair, by the names its words give them
        "ejemplos.html",
        "examples.html",
        "exemples.html",
        "exemplos-br.html",
        "exemplos.html",
        "reglas.html",
        "regles.html",
        "regras-br.html",
        "regras.html",
        "rules.html",
    ]
    void = {"meta", "link", "input", "br", "img", "path"}

    class Check(HTMLParser):
        def __init__(self) -> None:
            super().__init__()
            self.open: list[str] = []
            self.links: set[str] = set()

        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            href = dict(attrs).get("href")
            if href and not href.startswith(("index.html", "static/", "https://")):
                self.links.add(href.split("#")[0])
            if tag not in void:
                self.open.append(tag)

        def handle_endtag(self, tag: str) -> None:
            if tag not in void:
                assert self.open.pop() == tag

    for name in names:
        page = (tmp_path / name).read_text(encoding="utf-8")
        check = Check()
        check.feed(page)
        assert check.open == [], name  # every element closed, in order
        assert check.links <= set(names), name  # links only to pages that exist
        assert "{" not in page.split("<script")[0], name  # no placeholder left unfilled
    page = (tmp_path / "examples.html").read_text(encoding="utf-8")
    data = [json.loads(p.split("</script>")[0]) for p in page.split('data-role="steps">')[1:]]
    assert [len(d["steps"]) for d in data] == [49, 5]  # the won game, the impasse
    # the site's service worker keeps them for offline reading
    (tmp_path / "index.html").write_text('<meta name="halfmoon-build" content="dev">')
    (tmp_path / "halfmoon" / "web").mkdir(parents=True)
    build_site.seal(tmp_path)
    worker = (tmp_path / "sw.js").read_text(encoding="utf-8")
    files = json.loads(worker.split("const FILES = ")[1].split(";")[0])
    parts = {url.removeprefix("./"): part for url, _, part in files}
    # each page joins the offline copy with its language (kept once a page has shown
    # it: a first visit downloads one language's pages)
    for lang, pages in build_pages.PAGES.items():
        assert {parts[name] for name in pages.values()} == {lang}
    assert set(parts) >= set(names)


def test_the_engine_archive_holds_every_browser_module_as_bytecode_and_the_version(
    tmp_path: Path, compiled: dict[str, bytes]
) -> None:
    """One archive, compiled by the browser's own Python, stamped with the deploy's
    version; the same engine always gives the same archive."""
    files = stdlib.engine_files()
    # the engine alone: PyScript's package is written by PyScript, and not imported as
    # the page starts (static/boot/pyodide-door.js), so none of it is compiled
    assert set(compiled) == {f + "c" for f in files}
    # a .pyc: 16-byte header, then a code object this CPython can at least read the
    # header of (the magic number is Pyodide's Python's, not necessarily ours)
    assert all(len(data) > 16 for data in compiled.values())
    (tmp_path / "index.html").write_text('<meta name="halfmoon-build" content="dev">')
    build_site.write_archive(tmp_path / build_site.ENGINE_ARCHIVE, compiled)
    first = build_site.seal(tmp_path)
    members = build_site.read_archive(tmp_path / build_site.ENGINE_ARCHIVE)
    assert members[build_site.BUILD_MODULE].decode() == (
        f'"""Written by the site build."""\n\nBUILD = "{first}"\n'
    )
    assert build_site.seal(tmp_path) == first  # sealing again changes nothing
    members["halfmoon/rules/game.pyc"] = members["halfmoon/rules/game.pyc"] + b"\0"
    build_site.write_archive(tmp_path / build_site.ENGINE_ARCHIVE, members)
    assert build_site.seal(tmp_path) != first  # a changed engine is a new version


def _imports(tree: ast.AST, package: str) -> set[str]:
    """Every module a source imports, anywhere in it (inside functions too)."""
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                found.add(".".join([*base, node.module] if node.module else base))
            else:
                found.add(node.module or "")
                found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


def test_every_module_the_engine_or_pyscript_imports_is_in_the_page(
    python: stdlib.Compiled,
) -> None:
    """The site's standard library keeps only what the page can import: every module
    that the engine, main.py or PyScript's package imports, anywhere in their code
    (read here by this Python's own parser, apart from the build's closure), is built
    into Pyodide's Python, frozen, one of the page's own, or in the archive; nothing
    the game never touches is."""
    sources = {path: (ROOT / path).read_text(encoding="utf-8") for path in stdlib.engine_files()}
    sources["main.py"] = (ROOT / "main.py").read_text(encoding="utf-8")
    sources.update({f"pyscript/{n}": text for n, text in pyscript_sources().items()})
    wanted: set[str] = set()
    for path, text in sources.items():
        package = path.removesuffix(".py").replace("/", ".").rsplit(".", 1)[0]
        wanted |= _imports(ast.parse(text), package)
    archive = {stdlib_module(name) for name in python.stdlib}
    frozen = {"os", "codecs", "io", "abc", "stat", "posixpath", "genericpath", "site"}
    frozen.add(
        "collections.abc"
    )  # the frozen _collections_abc, under the name collections gives it
    own = ("halfmoon", "pyscript", "js", "pyodide_js", "polyscript", "_pyscript")
    missing = []
    for name in sorted(wanted):
        if name.startswith(own) or name in python.builtin or name in frozen or name in archive:
            continue
        if name.rsplit(".", 1)[0] in archive | frozen:  # `from json import dumps`: a name
            continue
        missing.append(name)
    assert missing == []
    assert {"secrets", "json", "dataclasses", "datetime", "traceback", "html"} <= archive
    for never in ("email", "http", "xml", "unittest", "doctest", "pdb", "pydoc", "tarfile"):
        assert not any(m == never or m.startswith(never + ".") for m in archive), never
    assert len(python.stdlib) < 200


def stdlib_module(member: str) -> str:
    """``json/decoder.pyc`` → ``json.decoder``; ``json/__init__.pyc`` → ``json``."""
    return member.removesuffix(".pyc").removesuffix("/__init__").replace("/", ".")


def test_the_standard_library_is_compiled_from_the_very_sources_pyodide_ships(
    python: stdlib.Compiled,
) -> None:
    """Each kept module is the bytecode of its source in Pyodide's python_stdlib.zip
    (checked-hash, PEP 552): that module and no other, as that Python compiles it, and
    smaller than that source even compressed (no docstrings, no positions)."""
    with zipfile.ZipFile(build_site.NODE / "pyodide" / "python_stdlib.zip") as archive:
        for name, data in python.stdlib.items():
            assert int.from_bytes(data[4:8], "little") == 0b11  # hash-based, checked
            key = int.from_bytes(data[:4], "little")  # Pyodide's magic number keys the hash
            source = archive.read(name.removesuffix("c"))
            assert data[8:16] == _imp.source_hash(key, source)
    assert 300_000 < len(stdlib.archive_bytes(python)) < 900_000


def test_the_kept_modules_are_listed_in_docs_stdlib_md(python: stdlib.Compiled) -> None:
    """docs/stdlib.md says what the archive keeps and why: what the build makes now."""
    archive = stdlib.archive_bytes(python)
    written = stdlib.DOC.read_text(encoding="utf-8")
    assert written == stdlib.listing(python, archive), "run: python -m tools.stdlib --doc"


def pyscript_sources() -> dict[str, str]:
    """PyScript's Python package as its npm package's build artifact has it."""
    artifact = build_site.NODE / "@pyscript" / "core" / "src" / "stdlib" / "pyscript.js"
    script = (
        f"import({json.dumps(artifact.as_uri())})"
        ".then(m => process.stdout.write(JSON.stringify(m.default.pyscript)))"
    )
    done = subprocess.run(["node", "-e", script], check=True, capture_output=True, text=True)
    sources: dict[str, str] = json.loads(done.stdout)
    return sources


ENGINE_LIKE = '''"""A module."""
from dataclasses import dataclass


@dataclass
class Point:
    """Where a card is."""

    x: int


def told() -> str:
    """Only a docstring, then a line."""
    assert True
    return "told"


def empty() -> None:
    """Only a docstring."""
'''


def test_the_engine_is_compiled_without_the_docstrings_of_its_modules_and_functions(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Less to download (a third of each module): the page reads no docstring.  Classes
    keep theirs (``dataclasses`` would make one up from each signature at import, at
    every first start); positions stay, for tracebacks, and so do asserts."""
    from tools.in_pyodide import _without_docstrings

    tree = _without_docstrings(ast.parse(ENGINE_LIKE))
    module = types.ModuleType("engine_like")
    monkeypatch.setitem(sys.modules, "engine_like", module)
    exec(compile(tree, "engine_like.py", "exec"), module.__dict__)
    told, empty, point = module.told, module.empty, module.Point
    assert module.__doc__ is None and told.__doc__ is None and empty.__doc__ is None
    assert told() == "told" and empty() is None and told.__code__.co_firstlineno == 12
    assert point.__doc__ == "Where a card is."
    assert "assert" in ast.unparse(tree)


def test_the_engine_archive_marks_its_names_as_utf8(tmp_path: Path) -> None:
    """Unmarked names are read as code page 437, whose codec Python in the page would
    import, compiled from source, at every start."""
    path = tmp_path / "engine.zip"
    build_site.write_archive(path, {"halfmoon/b.pyc": b"2", "halfmoon/a.pyc": b"1"})
    # solid: one deflated member, a zip of the modules stored (tools/archive.py)
    with zipfile.ZipFile(path) as outer:
        assert [i.compress_type for i in outer.infolist()] == [zipfile.ZIP_DEFLATED]
        inner = outer.read(outer.namelist()[0])
    with zipfile.ZipFile(io.BytesIO(inner)) as archive:
        assert [(i.filename, i.flag_bits & 0x800) for i in archive.infolist()] == [
            ("halfmoon/a.pyc", 0x800),
            ("halfmoon/b.pyc", 0x800),
        ]
        assert {i.compress_type for i in archive.infolist()} == {zipfile.ZIP_STORED}
        assert archive.read("halfmoon/b.pyc") == b"2"
    assert build_site.read_archive(path) == {"halfmoon/a.pyc": b"1", "halfmoon/b.pyc": b"2"}


def test_the_engine_archive_depends_on_the_sources_not_on_when_they_were_checked_out(
    compiled: dict[str, bytes],
) -> None:
    """Two clones of one commit give the same bytecode, so a deploy without an engine
    change is not a new version for the players' service workers."""
    files = stdlib.engine_files()
    source = ROOT / files[0]
    times = source.stat()
    try:
        os.utime(source, (times.st_atime, times.st_mtime - 86_400))
        again = stdlib.compile_python(files, reuse=False)
    finally:
        os.utime(source, (times.st_atime, times.st_mtime))
    assert again.engine == compiled


def test_the_court_sprite_is_what_the_tool_makes_of_the_pinned_deck() -> None:
    """static/courts.svg is derived from npm svg-cards (pinned) by tools/courts.py, with
    the deck's licence and credits kept: with the LGPL, the source of the modified file
    is this repository."""
    from tools import courts

    sprite = (ROOT / "static" / "courts.svg").read_text(encoding="utf-8")
    assert sprite == courts.build()
    assert "GNU LGPL" in sprite and "David Bellot" in sprite and "Huub de Beer" in sprite
    licence = (ROOT / "static" / "courts-LICENSE.txt").read_text(encoding="utf-8")
    assert "GNU LESSER GENERAL PUBLIC LICENSE" in licence and "Version 2.1" in licence
    assert re.findall(r'<symbol id="([JQK][SHDC])"', sprite) == [
        r + s for s in "CDHS" for r in "JQK"
    ]


def test_vendored_scripts_name_no_missing_source_map_and_make_no_memory_early(
    tmp_path: Path,
) -> None:
    """tools/vendored.py: the ``.map`` files stay out of the site, so no script names
    one (a browser would ask for it and fail); Pyodide's shared memory is made at its
    first use, the same code otherwise (Lighthouse's best practices)."""
    from tools import vendored

    script = tmp_path / "core.js"
    script.write_text("let a = 1;\n//# sourceMappingURL=core.js.map\n", encoding="utf-8")
    style = tmp_path / "core.css"
    style.write_text("a{}\n/*# sourceMappingURL=core.css.map */", encoding="utf-8")
    for path in (script, style):
        vendored.without_maps(path)
    assert script.read_text(encoding="utf-8") == "let a = 1;\n"
    assert style.read_text(encoding="utf-8") == "a{}"
    runtime = tmp_path / "pyodide.asm.mjs"
    source = (ROOT / "node_modules" / "pyodide" / "pyodide.asm.mjs").read_text(encoding="utf-8")
    assert vendored.EAGER_MEMORY in source  # the pinned Pyodide's code, as the build knows it
    runtime.write_text(source, encoding="utf-8")
    vendored.lazy_shared_memory(runtime)
    patched = runtime.read_text(encoding="utf-8")
    assert vendored.EAGER_MEMORY not in patched and patched.count(vendored.LAZY_MEMORY) == 1
    assert len(patched) - len(source) == len(vendored.LAZY_MEMORY) - len(vendored.EAGER_MEMORY)


def test_a_first_visit_s_progress_counts_the_bytes_on_the_wire(tmp_path: Path) -> None:
    """The first start's total is what a static host sends, compressed where the type
    shrinks (tools/serve.py's gzip), not the files' own sizes; a large file that shrinks
    says by how much, so the bar can count it as it streams in."""
    import gzip
    import random

    (tmp_path / "static").mkdir()
    script = ("const answer = 42;\n" * 8_000).encode()
    noise = random.Random(7).randbytes(70_000)  # a picture: sent as it is
    (tmp_path / "index.html").write_bytes(b"<p>hello</p>" * 100)
    (tmp_path / "static" / "big.js").write_bytes(script)
    (tmp_path / "static" / "icon-192.png").write_bytes(noise)
    (tmp_path / "static" / "photo.jpg").write_bytes(noise)
    (tmp_path / "rules.html").write_bytes(b"<p>not on a first start</p>" * 100)
    total, shrink = build_site.first_start(tmp_path)
    squeezed = [
        len(gzip.compress(data, 6, mtime=0))
        for data in ((tmp_path / "index.html").read_bytes(), script)
    ]
    assert total == sum(squeezed) + len(noise)  # the icon of an installed app is not fetched
    assert total < len(script)  # the files' own sizes would be 3x that
    assert shrink == {"static/big.js": round(squeezed[1] / len(script), 4)}
