"""Assemble the deployable site folder: page, config, engine, static assets and the
vendored runtime (Pyodide, PyScript, fake-indexeddb) from node_modules.

    python3 -m tools.build_site [--out site]
"""

from __future__ import annotations

import argparse
import hashlib
import html
import json
import re
import shutil
import subprocess
import tempfile
import tomllib
import zipfile
from pathlib import Path

from halfmoon.deal import format_code
from halfmoon.game import Game
from halfmoon.layout import SLOTS
from halfmoon.messages import CATALOGUE

from .build_pages import write_pages
from .markup import boot_data, place_shell, step_controls

ROOT = Path(__file__).resolve().parent.parent

NODE = ROOT / "node_modules"
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
# What runs only on the host, never in the browser: the command line and what the
# rules and examples pages are computed from (halfmoon/host/), and `python -m halfmoon`.
HOST_ONLY = ("halfmoon/host/", "halfmoon/__main__.py")
BOOT_KEYS = ("app.error", "app.error.load", "app.progress", "app.offline-ready")
DEALT = Game.new(format_code(0))  # how many cards each place holds at the deal
# Files that are not part of what the page loads (never precached).
NOT_PRECACHED = {
    "sw.js",
    "netlify.toml",
    "embed-demo.html",
    "static/embed-demo.js",
    "static/embed-demo.css",
}
# Vendored files the service worker does not keep either, though they stay in the site:
# the parts of PyScript this game never loads (the code editor, CodeMirror; the
# terminals, xterm and its MicroPython and Pyodide chunks; TOML configs, ours is JSON;
# zip; graphs; PyScript's own storage and service worker; its stylesheets), about 1 MB,
# and the in-memory IndexedDB, which is loaded only where the browser refuses storage,
# and so refuses a service worker too: no cache could serve it there.
NOT_PRECACHED_VENDOR = re.compile(
    r"vendor/(?:fake-indexeddb-[^/]+/.*"
    r"|pyscript-[^/]+/(?:(?:codemirror[\w-]*|index|xterm[\w-]*|mpy|py|toml|zip|pyodide_graph)"
    r"-[\w-]{8}\.js|storage\.js|service-worker\.js|[\w-]+\.css))"
)
# What the game's first start does not download: the rules pages and their script and
# style, the icons of an installed app, the licence of the court figures.
NOT_FIRST_START = re.compile(
    r"(?!index\.html$)[^/]+\.html|static/(?:pages\.\w+|icon-[\w-]+\.png"
    r"|manifest\.webmanifest|courts-LICENSE\.txt)"
)
BUILD_MODULE = "halfmoon/web/build.py"
LOADER = "pyodide-loader.mjs"  # static/, written beside Pyodide (see build())
# The engine reaches the browser as one archive of bytecode compiled by the site's own
# Pyodide: one request instead of twenty, and nothing to compile at start-up.
ENGINE_ARCHIVE = "engine.zip"
# Standard-library modules that PyScript imports at every start (its `display` imports
# `html`).  Pyodide ships the standard library as sources, so they would be compiled on
# every start (≈30 ms for `html.entities` alone); the archive carries them compiled from
# that same zip by the same Pyodide.  The archive unpacks into the working directory,
# which comes before the zip on sys.path, so the whole package is included.
STDLIB_BYTECODE = ("html/__init__.py", "html/entities.py", "html/parser.py")
# PyScript's own Python package: PyScript writes these sources into the working
# directory and imports them at every start, compiling each (≈10 ms in all).  The archive
# carries their bytecode as the cache files Python looks for beside those sources
# (pyscript/__pycache__/NAME.cpython-314.pyc), compiled in checked-hash mode from the
# very text PyScript's bundle writes: Python uses a cache file only when the hash of the
# source on the page matches, so a mismatch would cost time, never correctness.  These
# are the modules a started page has imported (`web`, `fs` and `media` are not).
PYSCRIPT_BYTECODE = (
    "__init__.py", "context.py", "display.py", "events.py", "fetch.py", "ffi.py",
    "flatted.py", "storage.py", "util.py", "websocket.py", "workers.py",
)  # fmt: skip
_UTF8_NAMES = 0x800  # zip flag: member names are UTF-8
_ZIP_TIME = (1980, 1, 1, 0, 0, 0)  # fixed, so that the same engine gives the same bytes
_BUILD_META = re.compile(r'(<meta name="halfmoon-build" content=")[^"]*(">)')


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


def versioned(text: str) -> str:
    for plain, with_version in vendor_dirs().items():
        text = text.replace(plain, with_version)
    return text


_I18N_TEXT = re.compile(r'(<(\w+)\b[^>]*\sdata-i18n="([^"]+)"[^>]*>)(</\2>)')
_I18N_ATTR = re.compile(r'\sdata-i18n-(title|content|aria-label|href)="([^"]+)"')


def engine_files() -> list[str]:
    """Every module of the package the page loads (all but :data:`HOST_ONLY`), as paths
    relative to the site."""
    files = sorted(
        p.relative_to(ROOT).as_posix()
        for p in (ROOT / "halfmoon").rglob("*.py")
        if "__pycache__" not in p.parts
    )
    return [f for f in files if not f.startswith(HOST_ONLY)]


def precached(out: Path) -> list[Path]:
    """The files of a built site that the service worker keeps for offline play."""
    files = sorted(p for p in out.rglob("*") if p.is_file())
    return [
        p
        for p in files
        if (rel := p.relative_to(out).as_posix()) not in NOT_PRECACHED
        and not NOT_PRECACHED_VENDOR.fullmatch(rel)
    ]


def first_start_bytes(out: Path) -> int:
    """How many bytes the game's first start downloads (uncompressed): the progress bar
    of a first visit counts toward it."""
    return sum(
        p.stat().st_size
        for p in precached(out)
        if not NOT_FIRST_START.fullmatch(p.relative_to(out).as_posix())
    )


def render_page(template: str, lang: str = "pt") -> str:
    """Fill the page's catalogue slots (default language), the table's places (the
    loading skeleton: a card back on each), the replay's places and step buttons, and
    the boot data."""
    words = CATALOGUE[lang]
    keys = set(BOOT_KEYS)
    template = template.replace("<!-- REPLAY_CONTROLS -->", step_controls(None))

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
    places = "\n".join(
        "    " + place_shell(slot, DEALT.count(slot), '<div class="back"></div>') for slot in SLOTS
    )
    page = page.replace("    <!-- PLACES: written by the build from halfmoon/layout.py -->", places)
    replay = "".join(place_shell(slot, 0, "", name="data-place") for slot in SLOTS)
    page = page.replace("<!-- REPLAY_PLACES -->", replay)
    strings = {code: {k: CATALOGUE[code][k] for k in sorted(keys)} for code in CATALOGUE}
    return page.replace("<!-- BOOT_DATA -->", boot_data(strings))


def config() -> dict[str, object]:
    """PyScript's configuration: the source pyscript.toml plus a [files] table that
    unpacks the engine archive into Python's working directory.  The site gets it as
    JSON, which PyScript reads without loading its TOML parser."""
    data: dict[str, object] = tomllib.loads(versioned((ROOT / "pyscript.toml").read_text("utf-8")))
    data["files"] = {ENGINE_ARCHIVE: "./*"}
    return data


def compile_engine(files: list[str]) -> dict[str, bytes]:
    """Bytecode of every module, of STDLIB_BYTECODE and of PYSCRIPT_BYTECODE, compiled
    by the Pyodide in node_modules (the browser's Python), as archive member name →
    bytes (``halfmoon/game.py`` → ``halfmoon/game.pyc``, PyScript's ``display.py`` →
    ``pyscript/__pycache__/display.cpython-314.pyc``)."""
    extra = [f"stdlib:{name}" for name in STDLIB_BYTECODE]
    extra += [f"pyscript:{name}" for name in PYSCRIPT_BYTECODE]
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(
            ["node", str(ROOT / "tools" / "compile_engine.mjs"), str(ROOT), tmp, *files, *extra],
            check=True,
            cwd=ROOT,
        )
        out = Path(tmp)
        return {p.relative_to(out).as_posix(): p.read_bytes() for p in out.rglob("*.pyc")}


class _Utf8Member(zipfile.ZipInfo):
    """A member whose name is marked as UTF-8.  Unmarked names are decoded as code page
    437, and decoding them makes Python in the page import `encodings.cp437`, compiled
    from source at every start (≈7 ms); Python's writer marks only non-ASCII names."""

    def _encodeFilenameFlags(self) -> tuple[bytes, int]:
        return self.filename.encode("utf-8"), self.flag_bits | _UTF8_NAMES


def write_archive(path: Path, members: dict[str, bytes]) -> None:
    """A zip with the members in name order and fixed times (the same input always
    gives the same bytes, so its content hash only changes with the engine), every name
    marked as UTF-8."""
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name in sorted(members):
            info = _Utf8Member(name, date_time=_ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, members[name])


def read_archive(path: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(path) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


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
        write_archive(engine, members)
        entries[ENGINE_ARCHIVE] = _digest(engine.read_bytes())
    page = out / "index.html"
    page.write_text(
        _BUILD_META.sub(rf"\g<1>{version}\g<2>", page.read_text(encoding="utf-8")),
        encoding="utf-8",
    )
    entries["index.html"] = _digest(page.read_bytes())
    files = [["./" + rel, rev] for rel, rev in entries.items()]
    worker = (ROOT / "static" / "sw.js").read_text(encoding="utf-8")
    worker = worker.replace('"__VERSION__"', json.dumps(version))
    listing = ",\n  ".join(json.dumps(entry) for entry in sorted(files))
    worker = worker.replace("__FILES__", "[\n  " + listing + "\n]")
    (out / "sw.js").write_text(worker, encoding="utf-8")
    return version


def build(out: Path) -> str:
    if not (NODE / "pyodide" / "pyodide.mjs").exists():
        raise SystemExit("node_modules is missing: run `npm ci` first (make site does)")
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    files = engine_files()
    dirs = vendor_dirs()
    # PyScript's interpreter is our small loader beside pyodide.mjs (it restores the
    # snapshot of a return visit); named by its content, as the vendor folder is cached
    # as immutable.
    loader = (ROOT / "static" / LOADER).read_bytes()
    loader_path = dirs["vendor/pyodide/"] + f"halfmoon-loader-{_digest(loader)[:8]}.mjs"
    template = (ROOT / "index.html").read_text(encoding="utf-8")
    page = versioned(render_page(template))
    # Fetch the engine while the interpreter boots, not after (PyScript asks for these
    # files only once Pyodide is up).
    preloads = f'<link rel="modulepreload" href="{loader_path}">\n' + "".join(
        f'<link rel="preload" href="{f}" as="fetch" crossorigin>\n'
        for f in ["main.py", ENGINE_ARCHIVE]
    )
    anchor = '<script type="application/json" id="boot-data">'
    if anchor not in page:  # the preloads were once lost to a renamed element
        raise SystemExit(f"index.html has no {anchor}: nowhere to put the preloads")
    page = page.replace(anchor, preloads + anchor)
    (out / "index.html").write_text(page, encoding="utf-8")
    shutil.copy2(ROOT / "main.py", out / "main.py")
    write_archive(out / ENGINE_ARCHIVE, compile_engine(files))
    shutil.copytree(ROOT / "static", out / "static", ignore=shutil.ignore_patterns("sw.js", LOADER))
    for script in ("boot.js", "snapshot.js"):
        path = out / "static" / script
        path.write_text(versioned(path.read_text(encoding="utf-8")), encoding="utf-8")
    pyodide = out / dirs["vendor/pyodide/"]
    pyodide.mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(NODE / "pyodide" / name, pyodide / name)
    (out / loader_path).write_bytes(loader)
    settings = config()
    settings["interpreter"] = loader_path
    (out / "pyscript.json").write_text(json.dumps(settings, indent=1), encoding="utf-8")
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
    for extra in ("netlify.toml", "embed-demo.html"):
        if (ROOT / extra).exists():
            shutil.copy2(ROOT / extra, out / extra)
    index = out / "index.html"
    index.write_text(
        index.read_text(encoding="utf-8").replace(
            '"strings": {', f'"first": {first_start_bytes(out)}, "strings": {{', 1
        ),
        encoding="utf-8",
    )
    version = seal(out)
    count = sum(1 for p in out.rglob("*") if p.is_file())
    print(f"built {out}: version {version}, {count} files, {len(files)} engine modules")
    return version


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", type=Path, default=ROOT / "site")
    args = parser.parse_args()
    build(args.out.resolve())


if __name__ == "__main__":
    main()
