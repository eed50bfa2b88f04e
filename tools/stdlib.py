"""Only the Python the game uses: the site's own standard-library archive, and
everything compiled by the site's own Pyodide.

Pyodide ships its standard library as one archive of sources, ``python_stdlib.zip``
(2.5 MB, 614 modules, already deflated inside, so it does not shrink on the wire), and a
lock file of its 357 packages (119 kB) that every start downloads and parses.  The page
needs neither whole: it imports a small part of the library and loads no package.  So
the build

* finds, with the very Pyodide the site ships (``tools/python.mjs`` running
  ``tools/in_pyodide.py`` in Node), every standard-library module the page can import
  (:data:`PYSCRIPT_START` and the rest of the closure are explained there), and writes
  those alone into its own archive (:func:`archive_bytes`), compiled to bytecode
  without their docstrings and their table of positions: less to download than
  Pyodide's archive of sources, less to write into Python's file system at every
  start, and nothing to compile on import (which, in the browser's Python, costs a
  first start more than a second on this machine: docs/performance.md);
* hands Pyodide a lock file with no package in it (:func:`lock`), which it takes in
  place of downloading its own;
* writes the list of what was kept and why into ``docs/stdlib.md`` (:func:`listing`; a
  test checks it is current), so that every module kept can be traced to its importer.

A module that is not in the archive cannot be imported on the page: a test fails the
build when any module the engine or PyScript's package imports is missing, and a page
that imports one anyway shows the crash screen (``tests/browser``).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import subprocess
import tempfile
import zipfile
from dataclasses import dataclass
from pathlib import Path

from . import archive

ROOT = Path(__file__).resolve().parent.parent
NODE = ROOT / "node_modules"

PYSCRIPT_START = ("os", "pathlib")
"""What the code PyScript runs at every start imports, before it runs the page's own
script: it writes its Python package into the working directory with ``os`` and
``pathlib`` (``@pyscript/core``, its ``["import os as _os", "from pathlib import Path
as _Path", ...]``)."""

DOC = ROOT / "docs" / "stdlib.md"
HOST_ONLY = ("halfmoon/host/", "halfmoon/__main__.py")
"""What runs only on the host, never in the browser: the command line and what the rules
and examples pages are computed from (halfmoon/host/), and ``python -m halfmoon``."""


def engine_files() -> list[str]:
    """Every module of the package the page loads (all but :data:`HOST_ONLY`), as paths
    relative to the site."""
    files = sorted(
        p.relative_to(ROOT).as_posix()
        for p in (ROOT / "halfmoon").rglob("*.py")
        if "__pycache__" not in p.parts
    )
    return [f for f in files if not f.startswith(HOST_ONLY)]


@dataclass(frozen=True)
class Compiled:
    """What the build's Python made: archive members (name → bytes) of the engine and of
    the standard library, why each standard-library module is kept, and the modules
    built into this Python (they need no file)."""

    engine: dict[str, bytes]
    stdlib: dict[str, bytes]
    kept: dict[str, dict[str, str]]
    builtin: tuple[str, ...]
    python: str
    order: tuple[str, ...] = ()  # every module reached, each after those it imports

    def _kept(self, *phases: str) -> list[str]:
        """The standard-library modules first imported by ``phases``, each after those it
        imports."""
        wanted = {k["module"] for k in self.kept.values() if k["phase"] in phases}
        rank = {name: n for n, name in enumerate(self.order)}
        return sorted(wanted, key=lambda name: (rank.get(name, len(rank)), name))

    def pyscript_imports(self) -> list[str]:
        """The standard-library modules PyScript's start code imports, and nothing before
        it had (its package it writes but does not import: static/boot/pyodide-door.js,
        withoutPackageImport): imported into the snapshot of a return visit (static/
        snapshot-worker.js), they need not be imported again at every start; on a start
        without a snapshot they are imported one by one, each after those it imports, in
        tasks of their own (static/boot/python.js)."""
        return self._kept("PyScript's start")

    def engine_order(self) -> list[str]:
        """The engine's compiled modules (archive names), each after those it imports."""
        names = [
            m.replace(".", "/") for m in self.order if m == "halfmoon" or m.startswith("halfmoon.")
        ]
        paths = [
            f"{n}/__init__.pyc" if f"{n}/__init__.pyc" in self.engine else f"{n}.pyc" for n in names
        ]
        return [p for p in paths if p in self.engine]

    def pyodide_imports(self) -> list[str]:
        """The standard-library modules Pyodide imports as it starts (``pyodide`` and
        ``_pyodide`` aside, which need its start), each after those it imports: on a
        start without a snapshot, imported one by one in tasks of their own before
        Pyodide's last step imports them all at once (static/boot/python.js)."""
        return [
            m for m in self._kept("Pyodide's start") if not m.startswith(("_pyodide", "pyodide"))
        ]


CACHE = ROOT / ".cache"
"""Where the last compile is kept (:func:`compile_python`), by what it was made of."""
COMPILER = ("tools/python.mjs", "tools/in_pyodide.py", "package-lock.json")
"""What, beside the sources compiled, decides the compile's output: the tool, and the
Pyodide and PyScript it runs (pinned in the lock file)."""


def _inputs_digest(engine_files: list[str], main: str) -> str:
    digest = hashlib.sha256(json.dumps([engine_files, main, PYSCRIPT_START]).encode())
    for name in [*COMPILER, *engine_files, main]:
        digest.update(name.encode() + b"\0" + (ROOT / name).read_bytes() + b"\0")
    return digest.hexdigest()[:20]


def _kept_compile(key: str) -> Compiled | None:
    path = CACHE / f"compiled-{key}.zip"
    try:
        with zipfile.ZipFile(path) as kept:
            meta = json.loads(kept.read("meta.json"))
            members = {
                part: {
                    n.removeprefix(f"{part}/"): kept.read(n)
                    for n in kept.namelist()
                    if n.startswith(f"{part}/")
                }
                for part in ("engine", "stdlib")
            }
    except (OSError, KeyError, ValueError, zipfile.BadZipFile):
        return None
    return Compiled(
        engine=members["engine"],
        stdlib=members["stdlib"],
        kept=meta["kept"],
        builtin=tuple(meta["builtin"]),
        python=meta["python"],
        order=tuple(meta["order"]),
    )


def _keep_compile(key: str, compiled: Compiled) -> None:
    CACHE.mkdir(exist_ok=True)
    for old in CACHE.glob("compiled-*.zip"):
        old.unlink(missing_ok=True)
    meta = {
        "kept": compiled.kept,
        "builtin": list(compiled.builtin),
        "python": compiled.python,
        "order": list(compiled.order),
    }
    members = {"meta.json": json.dumps(meta).encode()}
    members.update({f"engine/{n}": data for n, data in compiled.engine.items()})
    members.update({f"stdlib/{n}": data for n, data in compiled.stdlib.items()})
    partial = CACHE / f"compiled-{key}.zip.part"
    partial.write_bytes(archive.archive_bytes(members, deflated=False))
    partial.replace(CACHE / f"compiled-{key}.zip")


def compile_python(
    engine_files: list[str], main: str = "main.py", *, reuse: bool = True
) -> Compiled:
    """Compile ``engine_files`` (paths under the repository) and the standard library
    the page can import, with the Pyodide in node_modules.  The last compile is kept in
    ``.cache/`` under a digest of everything it was made of (:data:`COMPILER`, the
    files compiled) and given again while none of that changes (``reuse=False``
    compiles anew: the test that two compiles agree)."""
    key = _inputs_digest(engine_files, main)
    if reuse and (kept := _kept_compile(key)) is not None:
        return kept
    compiled = _compile(engine_files, main)
    _keep_compile(key, compiled)
    return compiled


def _compile(engine_files: list[str], main: str) -> Compiled:
    modules = sorted(
        f.removesuffix(".py").removesuffix("/__init__").replace("/", ".") for f in engine_files
    )
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "out"
        out.mkdir()
        request = {
            "source": str(ROOT),
            "out": str(out),
            "main": main,
            "engine_files": engine_files,
            "engine_modules": modules,
            "pyscript_start": list(PYSCRIPT_START),
        }
        spec = Path(tmp) / "request.json"
        spec.write_text(json.dumps(request), encoding="utf-8")
        subprocess.run(
            ["node", str(ROOT / "tools" / "python.mjs"), str(spec)], check=True, cwd=ROOT
        )
        listing = json.loads((out / "closure.json").read_text(encoding="utf-8"))

        def members(folder: Path, suffix: str) -> dict[str, bytes]:
            return {p.relative_to(folder).as_posix(): p.read_bytes() for p in folder.rglob(suffix)}

        return Compiled(
            engine=members(out / "engine", "*.pyc"),
            stdlib=members(out / "stdlib", "*.pyc"),
            kept=dict(sorted(listing["kept"].items())),
            builtin=tuple(listing["builtin"]),
            python=str(listing["python"]),
            order=tuple(listing["order"]),
        )


def archive_bytes(compiled: Compiled) -> bytes:
    """The page's standard-library archive."""
    return archive.archive_bytes(compiled.stdlib)


def archive_name(data: bytes) -> str:
    """The archive's file name, by its content (it is cached as immutable)."""
    return f"halfmoon-stdlib-{hashlib.sha256(data).hexdigest()[:8]}.zip"


def lock() -> dict[str, object]:
    """The lock file Pyodide is handed: its own ``info``, and no package (the game loads
    none; PyScript asks for none, its config has no ``packages``)."""
    data = json.loads((NODE / "pyodide" / "pyodide-lock.json").read_text(encoding="utf-8"))
    return {"info": data["info"], "packages": {}}


def listing(compiled: Compiled, data: bytes) -> str:
    """``docs/stdlib.md``: what the archive (``data``) keeps, what it leaves out, and why
    each module kept is there."""
    kept = compiled.kept
    with zipfile.ZipFile(NODE / "pyodide" / "python_stdlib.zip") as whole:
        full = sum(1 for n in whole.namelist() if n.endswith(".py"))
    full_bytes = (NODE / "pyodide" / "python_stdlib.zip").stat().st_size
    version = json.loads((NODE / "pyodide" / "package.json").read_text())["version"]
    tops = sorted({path.split("/")[0].removesuffix(".py") for path in kept})
    rows = "\n".join(
        f"| `{k['module']}` | {len(compiled.stdlib[path + 'c']):,} | {k['phase']} | {k['why']} |"
        for path, k in kept.items()
    )
    return f"""# The standard library the page keeps

Written by `python -m tools.stdlib --doc` from what the site build makes (a test checks
it is current). Pyodide {version} ships \
Python {compiled.python}'s standard library as `python_stdlib.zip`: {full} modules, \
{full_bytes:,} bytes. The page's own archive keeps the {len(kept)} modules it can \
import (not those built into that Python, nor those it freezes), compiled to bytecode \
by that same Python without docstrings nor positions: {len(data):,} bytes. How they are \
found: `tools/in_pyodide.py`; why: docs/performance.md, "Only the Python the game uses".

Top-level names kept: {", ".join(f"`{t}`" for t in tops)}.

Everything else is left out: among others `email`, `http`, `xml`, `unittest`, `doctest`,
`pdb`, `pydoc`, `multiprocessing`, `tarfile`, `sqlite3` and most of `encodings`' codecs —
nothing the page imports reaches them.

| module | bytes compiled | first needed by | imported first by |
|---|---:|---|---|
{rows}
"""


def main() -> None:
    parser = argparse.ArgumentParser(description="The site's standard library.")
    parser.add_argument("--doc", action="store_true", help=f"write {DOC.relative_to(ROOT)}")
    args = parser.parse_args()
    compiled = compile_python(engine_files())
    data = archive_bytes(compiled)
    if args.doc:
        DOC.write_text(listing(compiled, data), encoding="utf-8")
    print(f"{len(compiled.kept)} modules kept, {len(data):,} bytes")


if __name__ == "__main__":
    main()
