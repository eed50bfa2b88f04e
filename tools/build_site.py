"""Assemble the deployable site folder: page, config, engine, static assets and the
vendored runtime (Pyodide, PyScript, fake-indexeddb) from node_modules.

    python3 -m tools.build_site [--out site]
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import html
import json
import mimetypes
import re
import shutil
import tomllib
from pathlib import Path

from halfmoon.host.locale import own_name
from halfmoon.keeping.prefs import FELTS, SWITCHES, THEMES
from halfmoon.page.address import ADDRESS, ON
from halfmoon.page.kept import FIELDS as KEPT_FIELDS
from halfmoon.page.look import FRAME_UPRIGHT, FRAME_WIDE, LOOK, NARROW_PX, SIGN_MS
from halfmoon.page.painted import CHECKS
from halfmoon.rules.deal import format_code
from halfmoon.rules.game import Game
from halfmoon.rules.layout import SLOTS
from halfmoon.words.i18n import DEFAULT_LANGUAGE, LANGUAGES, html_lang, text, words_of

from . import serve, stdlib, vendored
from .archive import ENGINE_ARCHIVE, read_archive, read_archive_names, write_archive
from .build_pages import PAGES, UNKEPT, write_pages
from .markup import boot_data, face_templates, place_shell, step_controls
from .pool import MODULE as POOL_MODULE
from .pool import pool, pool_module
from .shipped import shipped
from .words import FOLDER as WORDS_FOLDER
from .words import words_path, write_words

ROOT = Path(__file__).resolve().parent.parent

NODE = ROOT / "node_modules"
# Pyodide's own files the page loads: not its standard library nor its lock file, for
# which the site has its own (tools/stdlib.py).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")
BOOT_KEYS = ("app.error", "app.error.load", "app.progress", "app.offline-ready", "welcome.text")
DEALT = Game.new(format_code(0))  # how many cards each place holds at the deal
# Files that are not part of what the page loads (never precached).
NOT_PRECACHED = {
    "sw.js",
    "embed.js",
    "netlify.toml",
    "embed-demo.html",
    "static/embed-demo.js",
    "static/embed-demo.css",
}
# Vendored files the service worker does not keep either, though they stay in the site:
# the parts of PyScript this game never loads (the code editor, CodeMirror; the
# terminals, xterm and its MicroPython and Pyodide chunks; TOML configs, ours is inline
# JSON; zip; graphs; PyScript's own storage and service worker; its stylesheets; the
# plugins its config turns off: PYSCRIPT_PLUGINS_OFF), about 1 MB, and the in-memory
# IndexedDB, which is loaded only where the browser refuses storage, and so refuses a
# service worker too: no cache could serve it there.
NOT_PRECACHED_VENDOR = re.compile(
    r"vendor/(?:fake-indexeddb-[^/]+/.*"
    r"|pyscript-[^/]+/(?:(?:codemirror[\w-]*|index|xterm[\w-]*|mpy|py|toml|zip|pyodide_graph"
    r"|deprecations-manager|donkey|py-editor|py-game|py-terminal)"
    r"-[\w-]{8}\.js|storage\.js|service-worker\.js|[\w-]+\.css))"
)
# PyScript's plugins the game does not use, turned off in its config so that their
# modules are not even fetched ("!name"; its error plugin stays: it reports Python's
# errors in the page's console).
PYSCRIPT_PLUGINS_OFF = ("deprecations-manager", "donkey", "py-editor", "py-game", "py-terminal")
# What the game's first start does not download: the rules pages and their script and
# style, the icons of an installed app, the licence of the court figures, the words of
# every language but one (the default's is counted: a page downloads one language's).
NOT_FIRST_START = re.compile(
    r"(?!index\.html$)[^/]+\.html|static/(?:pages\.\w+|icon-[\w-]+\.png"
    r"|manifest\.webmanifest|courts-LICENSE\.txt)"
    rf"|(?!{re.escape(words_path(DEFAULT_LANGUAGE))}$){re.escape(WORDS_FOLDER)}/.*"
)
BUILD_MODULE = "halfmoon/web/build.py"
EMBED = "embed.js"  # static/, written at the site's root (embed_script)
FRAME_ALLOW = "clipboard-write; fullscreen"
"""What an embedded frame is allowed (docs/embedding.md): the clipboard for a deal's
link, full screen for the game's button."""
# The name of the cache a version's offline copy is kept in, the version after it: the
# service worker keeps it (static/sw.js), the page's first start fills it and reads from
# it (static/boot/, through the boot data's "offline").
OFFLINE_CACHE = "halfmoon-"
LOADER = "pyodide-loader.mjs"  # static/, written beside Pyodide (see build())
# The engine reaches the browser as one archive of bytecode compiled by the site's own
# Pyodide (tools/archive.py, ENGINE_ARCHIVE): one request instead of twenty, and nothing
# to compile at start-up.
# The page's scripts: the start-up module and what it imports, preloaded from the page
# (modulepreload) so that they arrive together rather than one import after another.
BOOT = "static/boot.js"
_IMPORT = re.compile(r'^import\s+(?:[^"\']*?\sfrom\s+)?["\'](\.{1,2}/[^"\']+)["\']', re.M)
_BUILD_META = re.compile(r'(<meta name="halfmoon-build" content=")[^"]*(")')


def npm_version(package: str) -> str:
    data = json.loads((NODE / package / "package.json").read_text(encoding="utf-8"))
    return str(data["version"])


def vendor_dirs() -> dict[str, str]:
    """Unversioned vendor paths used in the sources → the versioned folder in the site,
    so that vendor files can be cached as immutable."""
    return {
        "vendor/pyodide/": f"vendor/pyodide-{npm_version('pyodide')}/",
        "vendor/pyscript/": f"vendor/pyscript-{npm_version('@pyscript/core')}/",
        "vendor/fake-indexeddb/": f"vendor/fake-indexeddb-{npm_version('fake-indexeddb')}/",
    }


COMPILE_HINT = "//# allFunctionsCalledOnLoad\n"


def hint_compile(script: Path) -> None:
    """Mark ``script`` for the browser to compile all its functions as it reads it, on
    its own threads (Chromium's explicit compile hint, a first-line comment; other
    browsers ignore it).  Pyodide's runtime (1.25 MB of JavaScript) calls thousands of
    its functions while it starts; compiled one by one on first call, they took ≈100 ms
    of the page's own thread on a return visit here, ≈400 ms on a slow phone
    (docs/performance.md, "A phone")."""
    text = script.read_text(encoding="utf-8")
    if not text.startswith(COMPILE_HINT):
        script.write_text(COMPILE_HINT + text, encoding="utf-8")


def versioned(text: str) -> str:
    for plain, with_version in vendor_dirs().items():
        text = text.replace(plain, with_version)
    return text


_I18N_TEXT = re.compile(r'(<(\w+)\b[^>]*\sdata-i18n="([^"]+)"[^>]*>)(</\2\s*>)')
_I18N_ATTR = re.compile(r'\sdata-i18n-(title|content|aria-label|href)="([^"]+)"')


def precached(out: Path) -> list[Path]:
    """The files of a built site that the service worker keeps for offline play."""
    files = sorted(p for p in out.rglob("*") if p.is_file())
    return [
        p
        for p in files
        if (rel := p.relative_to(out).as_posix()) not in NOT_PRECACHED
        and not NOT_PRECACHED_VENDOR.fullmatch(rel)
    ]


LATER = "later"
"""The offline copy's part kept at a later visit (:func:`offline_part`)."""
# What neither the game nor its pages need to be played or read offline: the icons of
# an installed app (a browser installs it online, and keeps them then) and the licence
# of the court figures.
_LATER = re.compile(r"static/(?:icon-[\w-]+\.png|courts-LICENSE\.txt)")


def offline_part(rel: str) -> str:
    """The part of the offline copy the site's file ``rel`` belongs to (static/sw.js;
    docs/reliability.md, "Offline"): ``""``, the game's, kept at the first visit; a
    language's code, its words and its rules and examples pages, kept with the game once
    a page has shown that language; :data:`LATER`, the rest, kept at a later visit (as
    are the languages no page has shown yet), so that a first visit downloads one
    language only.

    >>> offline_part("static/halfmoon.css"), offline_part("reglas.html")
    ('', 'es')
    >>> offline_part("static/icon-512.png")
    'later'
    """
    for lang in LANGUAGES:
        if rel == words_path(lang) or rel in PAGES[lang].values():
            return lang
    return LATER if _LATER.fullmatch(rel) else ""


SHRINK_FROM = 64_000
"""The files at least this large whose compression the page is told (:func:`first_start`)."""


def on_the_wire(path: Path) -> int:
    """A file's bytes as a static host sends them: gzipped as tools/serve.py does
    (Netlify too, or smaller with brotli) where its type shrinks, else as they are."""
    kind = serve.TYPES.get(path.suffix) or mimetypes.guess_type(path.name)[0] or ""
    if not kind.startswith(serve.COMPRESSED):
        return path.stat().st_size
    return len(gzip.compress(path.read_bytes(), serve.GZIP_LEVEL, mtime=0))


def first_start(out: Path) -> tuple[int, dict[str, float]]:
    """What the game's first start downloads, on the wire (:func:`on_the_wire`): the
    total, which the progress bar of a first visit counts toward, and how much each of
    its large files shrinks (bytes on the wire per byte of the file), by which the bar
    counts a file still arriving (a page's script sees it uncompressed; once it is in,
    the browser says what it took on the wire)."""
    total, shrink = 0, {}
    for path in precached(out):
        rel = path.relative_to(out).as_posix()
        if NOT_FIRST_START.fullmatch(rel):
            continue
        size, wire = path.stat().st_size, on_the_wire(path)
        total += wire
        if size >= SHRINK_FROM and wire < 0.9 * size:
            shrink[rel] = round(wire / size, 4)
    return total, shrink


_HTML_LANG = re.compile(r'(<html lang=")[^"]*(")')
# the choices of each select of the options: their values, and their words' keys (none
# for the languages: each is offered by its own name, in every language)
CHOICES: dict[str, tuple[tuple[str, ...], str]] = {
    "theme": (THEMES, "theme.{}"),
    "felt": (FELTS, "felt.{}"),
    "lang": (LANGUAGES, ""),
}


def choices(name: str) -> str:
    """The ``<option>``s of the options' select ``name`` (:data:`CHOICES`), in order;
    a language by its own name (CLDR's), with its ``lang``."""
    values, key = CHOICES[name]
    if not key:
        return "".join(
            f'        <option value="{value}" lang="{html_lang(value)}">'
            f"{html.escape(own_name(value))}</option>\n"
            for value in values
        )
    return "".join(
        f'        <option value="{value}" data-i18n="{key.format(value)}"></option>\n'
        for value in values
    )


_CUSTOM_MEDIA = re.compile(r"@custom-media\s+(--[\w-]+)\s+([^;]+);[ \t]*\n?")
_MEDIA = re.compile(r"@media\s+([^{;]+?)\s*\{")
_MEDIA_NAME = re.compile(r"\((--[\w-]+)\)")


def custom_media(css: str, names: dict[str, str] | None = None) -> str:
    """``css`` with its custom media (Media Queries 5) written out, as no browser reads
    them yet: each ``@custom-media --name query;`` taken out, and each ``(--name)`` of an
    ``@media`` replaced by its query; ``names`` adds queries the sheet does not define.
    A name undefined, or a list of queries (a comma) joined to another condition, stops
    the build (tests/test_site_build.py)."""
    defined = dict(names or {})
    for name, query in _CUSTOM_MEDIA.findall(css):
        defined[name] = " ".join(query.split())
    for name, query in defined.items():
        if _MEDIA_NAME.search(query):
            raise SystemExit(f"custom media {name} names another: write its query in full")

    def written(media: re.Match[str]) -> str:
        prelude = " ".join(media.group(1).split())

        def query(used: re.Match[str]) -> str:
            if used.group(1) not in defined:
                raise SystemExit(f"@media {prelude}: no @custom-media {used.group(1)}")
            full = defined[used.group(1)]
            if "," in full and used.group(0) != prelude:
                raise SystemExit(f"@media {prelude}: {used.group(1)} is a list, used alone only")
            return full

        return f"@media {_MEDIA_NAME.sub(query, prelude)} {{"

    return _MEDIA.sub(written, _CUSTOM_MEDIA.sub("", css))


def stylesheet(css: str) -> str:
    """The stylesheet as the site ships it: first, as custom properties, the look's
    facts it animates by (:mod:`halfmoon.page.look`); its custom media written out
    (:func:`custom_media`), with ``--narrow``, the board's narrow width, from the look."""
    css = custom_media(css, {"--narrow": f"(max-width: {NARROW_PX}px)"})
    return f":root {{ --sign-ms: {SIGN_MS}ms; }}\n{css}"


def _written(template: str, part: str, text: str) -> str:
    """``template`` with the line of its marker ``<!-- part... -->`` (whatever its
    indentation) replaced by ``text``, lines the build writes."""
    marker = re.compile(rf"^[ \t]*<!-- {re.escape(part)} [^\n]*-->\n", re.M)
    written, found = marker.subn(lambda _: text, template, count=1)
    if not found:
        raise SystemExit(f"index.html has no <!-- {part} -->: the build would be lost")
    return written


def render_page(template: str, lang: str = "pt", python: dict[str, object] | None = None) -> str:
    """Fill the page's ``<html lang>``, catalogue slots (default language), the on/off
    options (one switch and its hint each, :data:`halfmoon.keeping.prefs.SWITCHES`), the choices
    of the theme, felt and language (:data:`CHOICES`), the table's places (the
    loading skeleton: a card back on each), the card faces (templates the first paint
    and the game clone), the replay's places and step buttons, and the boot data: the
    start-up strings, the name of the offline copy's cache, what the first paint checks
    the record of the table against (:data:`halfmoon.page.painted.CHECKS`), the fields of the
    input kept before Python runs (:data:`halfmoon.page.kept.FIELDS`), the look's facts
    (:data:`halfmoon.page.look.LOOK`) and (``python``) where the page's Python comes from
    (see :func:`build`)."""
    words = words_of(lang).words
    keys = set(BOOT_KEYS)
    template = _HTML_LANG.sub(rf"\g<1>{html_lang(lang)}\g<2>", template, count=1)
    for name in CHOICES:
        template = _written(template, f"OPTIONS {name}:", choices(name))
    template = template.replace("<!-- REPLAY_CONTROLS -->", step_controls(None))
    switches = (
        '    <div class="switches">\n'
        + "".join(
            f'      <div class="option"><label class="switch">'
            f'<input type="checkbox" data-option="{name}">'
            f'<span data-i18n="option.{name}"></span></label>\n'
            f'      <p class="hint" data-i18n="option.{name}.hint"></p></div>\n'
            for name in SWITCHES
        )
        + "    </div>\n"
    )
    template = _written(template, "SWITCHES:", switches)

    def fill_text(m: re.Match[str]) -> str:
        keys.add(m.group(3))
        return m.group(1) + html.escape(words[m.group(3)]) + m.group(4)

    def fill_attr(m: re.Match[str]) -> str:
        attr, key = m.group(1), m.group(2)
        keys.add(key)
        value = html.escape(words[key], quote=True)
        target = "aria-label" if attr == "aria-label" else attr
        extra = "" if attr == "content" else f' {target}="{value}"'
        return m.group(0) + extra

    page = _I18N_TEXT.sub(fill_text, template)
    page = _I18N_ATTR.sub(fill_attr, page)
    description = html.escape(words["meta.description"], quote=True)
    page = page.replace(
        'data-i18n-content="meta.description" content=""',
        f'data-i18n-content="meta.description" content="{description}"',
    )
    places = "".join(
        "    " + place_shell(slot, DEALT.count(slot), '<div class="back"></div>') + "\n"
        for slot in SLOTS
    )
    page = _written(page, "PLACES:", places)
    page = page.replace("<!-- FACES -->", face_templates())
    replay = "".join(place_shell(slot, 0, "", name="data-place") for slot in SLOTS)
    page = page.replace("<!-- REPLAY_PLACES -->", replay)
    strings = {code: {k: words_of(code).words[k] for k in sorted(keys)} for code in LANGUAGES}
    game: dict[str, object] = {
        "offline": OFFLINE_CACHE,
        "painted": CHECKS,
        "kept": KEPT_FIELDS,
        "look": LOOK,
    }
    if python is not None:
        game["python"] = python
    game["strings"] = strings  # last: the build writes the first start's bytes before it
    return page.replace("<!-- BOOT_DATA -->", boot_data(game))


def config(interpreter: str) -> str:
    """PyScript's configuration, written into the page (no config file to fetch): the
    source pyscript.toml, with the interpreter our loader, and the plugins the game does
    not use turned off.  No ``packages`` key: it would make PyScript fetch micropip."""
    data: dict[str, object] = tomllib.loads(versioned((ROOT / "pyscript.toml").read_text("utf-8")))
    data["interpreter"] = interpreter
    data["plugins"] = [f"!{name}" for name in PYSCRIPT_PLUGINS_OFF]
    return json.dumps(data, separators=(",", ":"))


def python_script(main: str, interpreter: str) -> str:
    """The page's Python: ``main.py`` written into the page (one request less, at the
    moment the start waits for it), run by PyScript at once (``async="false"``: plain
    ``runPython``, no top-level-await compilation)."""
    if "</" in main or "'" in config(interpreter):
        raise SystemExit("main.py or the config cannot be written into the page as they are")
    # PyScript reads a config for each of its kinds of script, MicroPython's too, and
    # loads every plugin for a kind with none: one for MicroPython turns them off there.
    plugins = json.dumps({"plugins": [f"!{name}" for name in PYSCRIPT_PLUGINS_OFF]})
    return (
        f'<script type="py" async="false" config=\'{config(interpreter)}\'>\n{main}</script>\n'
        f"<mpy-config hidden>{html.escape(plugins, quote=False)}</mpy-config>"
    )


def module_graph(out: Path, entry: str = BOOT) -> list[str]:
    """The page's start-up module and every local module it imports (statically), in
    the order they are found."""
    found: list[str] = []
    todo = [entry]
    while todo:
        rel = todo.pop(0)
        if rel in found:
            continue
        found.append(rel)
        text = (out / rel).read_text(encoding="utf-8")
        base = (out / rel).parent
        for target in _IMPORT.findall(text):
            todo.append((base / target).resolve().relative_to(out.resolve()).as_posix())
    return found


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:16]


def seal(out: Path) -> str:
    """Stamp a built site with its version (a hash of all its files) and write the
    service worker's precache list.  Run again after changing files in ``out``.

    The version goes into the page's meta tag and, as ``halfmoon/web/build.py``, into
    the engine archive, so the game can tell that its Python is of the same deploy."""
    engine = out / ENGINE_ARCHIVE
    members = read_archive(engine) if engine.exists() else {}
    members.pop(BUILD_MODULE, None)
    entries: dict[str, str] = {}
    for path in precached(out):
        rel = path.relative_to(out).as_posix()
        if rel == ENGINE_ARCHIVE:  # its content, without the version it is about to get
            listing = json.dumps({k: _digest(v) for k, v in members.items()}, sort_keys=True)
            entries[rel] = _digest(listing.encode("utf-8"))
            continue
        data = path.read_bytes()
        if rel == "index.html":  # without the version it is about to get
            data = _BUILD_META.sub(r"\g<1>\g<2>", data.decode("utf-8")).encode("utf-8")
        entries[rel] = _digest(data)
    version = _digest(json.dumps(entries, sort_keys=True).encode("utf-8"))
    if engine.exists():
        members[BUILD_MODULE] = (
            f'"""Written by the site build."""\n\nBUILD = "{version}"\n'.encode()
        )
        write_archive(engine, members, first=read_archive_names(engine))
        entries[ENGINE_ARCHIVE] = _digest(engine.read_bytes())
    page = out / "index.html"
    page.write_text(
        _BUILD_META.sub(rf"\g<1>{version}\g<2>", page.read_text(encoding="utf-8")),
        encoding="utf-8",
    )
    entries["index.html"] = _digest(page.read_bytes())
    files = [["./" + rel, rev, offline_part(rel)] for rel, rev in entries.items()]
    worker = shipped((ROOT / "static" / "sw.js").read_text(encoding="utf-8"))
    worker = worker.replace('"__VERSION__"', json.dumps(version))
    worker = worker.replace('"__CACHE__"', json.dumps(OFFLINE_CACHE))
    words = {lang: "./" + words_path(lang) for lang in LANGUAGES}
    worker = worker.replace("__WORDS__", json.dumps(words))
    worker = worker.replace('"__DEFAULT__"', json.dumps(DEFAULT_LANGUAGE))
    pages = {
        page: {lang: "./" + PAGES[lang][page] for lang in LANGUAGES}
        for page in ("rules", "examples")
    }
    worker = worker.replace("__PAGES__", json.dumps(pages))
    worker = worker.replace('"__UNKEPT__"', json.dumps(UNKEPT))
    listing = ",\n  ".join(json.dumps(entry) for entry in sorted(files))
    worker = worker.replace("__FILES__", "[\n  " + listing + "\n]")
    (out / "sw.js").write_text(worker, encoding="utf-8")
    return version


def embed_script() -> str:
    """static/embed.js (the host pages' ``<half-moon>`` element) with the facts it needs
    from the engine written in: the address's option names (and which are on when
    written bare, ``<half-moon calm>``, and their values that say on), the frame's shape
    (:mod:`halfmoon.page.look`), its title in each language and its allow list."""
    facts = {
        "names": list(ADDRESS),
        "on": list(ON),
        "presence": [name for name, values in ADDRESS.items() if set(values) == set(ON)],
        "narrow": NARROW_PX,
        "upright": FRAME_UPRIGHT,
        "wide": FRAME_WIDE,
        "titles": {lang.lower(): text(lang, "embed.title") for lang in LANGUAGES},
        "fallback": DEFAULT_LANGUAGE.lower(),
        "allow": FRAME_ALLOW,
    }
    source = shipped((ROOT / "static" / EMBED).read_text(encoding="utf-8"))
    if "__FRAME__" not in source:
        raise SystemExit("static/embed.js has no __FRAME__: the build would be lost")
    return source.replace("__FRAME__", json.dumps(facts, ensure_ascii=False))


def build(out: Path) -> str:
    if not (NODE / "pyodide" / "pyodide.mjs").exists():
        raise SystemExit("node_modules is missing: run `npm ci` first (make site does)")
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    files = stdlib.engine_files()
    dirs = vendor_dirs()
    pyodide = out / dirs["vendor/pyodide/"]
    pyodide.mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(NODE / "pyodide" / name, pyodide / name)
    hint_compile(pyodide / "pyodide.asm.mjs")
    # The engine and the standard library the page can import, compiled by the site's
    # own Pyodide (tools/stdlib.py).
    compiled = stdlib.compile_python(files)
    # the engine's modules each after those it imports: a start without a snapshot
    # imports them in the archive's order, a few at a time (static/boot/python.js)
    write_archive(out / ENGINE_ARCHIVE, compiled.engine, first=compiled.engine_order())
    archive = stdlib.archive_bytes(compiled)
    library = pyodide / stdlib.archive_name(archive)
    library.write_bytes(archive)
    # PyScript's interpreter is our small loader beside pyodide.mjs: it hands PyScript
    # the Python the page's first module has already started (static/boot/python.js);
    # named by its content, as the vendor folder is cached as immutable.
    loader_text = versioned((ROOT / "static" / LOADER).read_text(encoding="utf-8"))
    loader = shipped(loader_text).encode("utf-8")
    loader_path = dirs["vendor/pyodide/"] + f"halfmoon-loader-{_digest(loader)[:8]}.mjs"
    (out / loader_path).write_bytes(loader)
    shutil.copytree(
        ROOT / "static", out / "static", ignore=shutil.ignore_patterns("sw.js", LOADER, EMBED)
    )
    (out / EMBED).write_text(embed_script(), encoding="utf-8")  # at the site's root
    for script in (out / "static").rglob("*.js"):
        source = script.read_text(encoding="utf-8")
        script.write_text(shipped(versioned(source)), encoding="utf-8")
    (out / POOL_MODULE).write_text(pool_module(pool()), encoding="utf-8")  # new deals
    words = write_words(out)  # each language's table, downloaded for the language shown
    css = out / "static" / "halfmoon.css"
    css.write_text(stylesheet(css.read_text(encoding="utf-8")), encoding="utf-8")
    for sheet in (out / "static").glob("*.css"):  # the others: the rules pages', the demo's
        if sheet != css:
            sheet.write_text(custom_media(sheet.read_text(encoding="utf-8")), encoding="utf-8")
    python: dict[str, object] = {
        "stdlib": library.relative_to(out).as_posix(),
        "lock": stdlib.lock(),
        "engine": ENGINE_ARCHIVE,
        "imports": compiled.pyscript_imports(),
        "early": compiled.pyodide_imports(),
        "words": words,
    }
    template = (ROOT / "index.html").read_text(encoding="utf-8")
    page = versioned(render_page(template, python=python))
    # (Not preloaded: Pyodide's and PyScript's own modules.  Fetched with the page, they
    # slow the reading of the page and so its first paint, and the start is no sooner:
    # docs/performance.md.)
    modules = "".join(f'<link rel="modulepreload" href="{m}">\n' for m in module_graph(out))
    anchor = '<script type="application/json" id="boot-data">'
    if anchor not in page or "<!-- PYTHON -->" not in page:
        raise SystemExit(f"index.html has no {anchor} or <!-- PYTHON -->: the build would be lost")
    page = page.replace(anchor, modules + anchor)
    main_py = (ROOT / "main.py").read_text(encoding="utf-8")
    page = page.replace("<!-- PYTHON -->", python_script(main_py, loader_path))
    (out / "index.html").write_text(page, encoding="utf-8")
    pyscript = out / dirs["vendor/pyscript/"]
    pyscript.mkdir(parents=True)
    for item in (NODE / "@pyscript" / "core" / "dist").iterdir():
        if item.suffix in (".js", ".css"):
            shutil.copy2(item, pyscript / item.name)
    fake, fake_out = NODE / "fake-indexeddb", out / dirs["vendor/fake-indexeddb/"]
    shutil.copytree(fake / "build" / "esm", fake_out / "build" / "esm")
    (fake_out / "auto").mkdir()
    shutil.copy2(fake / "auto" / "index.mjs", fake_out / "auto" / "index.mjs")
    write_pages(out)
    for script in (out / "vendor").rglob("*"):
        if script.suffix in (".js", ".mjs", ".css"):
            vendored.without_maps(script)
    vendored.lazy_shared_memory(pyodide / "pyodide.asm.mjs")
    for extra in ("netlify.toml", "embed-demo.html"):
        if (ROOT / extra).exists():
            shutil.copy2(ROOT / extra, out / extra)
    index = out / "index.html"
    total, shrink = first_start(out)
    counted = f'"first": {total}, "shrink": {json.dumps(shrink)}, "strings": {{'
    index.write_text(
        index.read_text(encoding="utf-8").replace('"strings": {', counted, 1),
        encoding="utf-8",
    )
    version = seal(out)
    count = sum(1 for p in out.rglob("*") if p.is_file())
    print(
        f"built {out}: version {version}, {count} files, {len(files)} engine modules,"
        f" {len(compiled.kept)} standard-library modules ({library.stat().st_size:,} bytes)"
    )
    return version


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", type=Path, default=ROOT / "site")
    args = parser.parse_args()
    build(args.out.resolve())


if __name__ == "__main__":
    main()
