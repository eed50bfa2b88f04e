"""The build's work that runs inside the site's own Pyodide (started in Node by
``tools/python.mjs``): which standard-library modules the page can import, and every
module compiled to bytecode by the very Python the browser runs.

It is not imported by the host: ``tools/python.mjs`` runs this file's text and calls
:func:`main` with the build's request (``tools/stdlib.py`` and ``tools/build_site.py``
describe it).  Written for Python 3.11 and 3.14 alike: mypy and ruff check it on the
host, Pyodide runs it.

What the page can import is computed, not listed by hand (docs/performance.md, "Only
the Python the game uses"):

* every module Pyodide has imported once it has started (it imports them again at
  every start), and the modules PyScript's own start code imports;
* everything the engine, PyScript's Python package and ``main.py`` import, anywhere
  in their code (inside functions too: ``secrets`` is imported when a deal is drawn);
* and, for each standard-library module so reached, the modules its own code imports
  when it is imported: its module-level code and class bodies, not its functions
  (``heapq`` imports ``doctest`` only in its ``if __name__ == "__main__"`` block, and
  ``asyncio`` imports its Windows loop only when ``sys.platform == "win32"``: such
  branches are decided as Pyodide would decide them, and only the taken one counts).
"""

from __future__ import annotations

import _imp
import ast
import contextlib
import importlib.util
import inspect
import json
import modulefinder
import os
import sys
import types
import zipfile
from typing import Any

STDLIB = "/stdlib"  # the standard library, unpacked, so that modulefinder can read it
HOME = "/home/pyodide"  # Python's working directory on the page


def _known(test: ast.expr) -> bool | None:
    """The value of an ``if`` test that does not depend on the program's state
    (``__name__ == "__main__"`` in an imported module, ``sys.platform`` and ``os.name``
    as Pyodide has them), or None."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        inner = _known(test.operand)
        return None if inner is None else not inner
    if isinstance(test, ast.BoolOp):
        values = [_known(v) for v in test.values]
        if isinstance(test.op, ast.And):
            if False in values:
                return False
            return True if all(v is True for v in values) else None
        if True in values:
            return True
        return False if all(v is False for v in values) else None
    facts = {"__name__": "<imported>", "sys.platform": sys.platform, "os.name": os.name}
    if isinstance(test, ast.Call) and isinstance(test.func, ast.Attribute):
        owner = ast.unparse(test.func.value)
        if owner in facts and test.func.attr == "startswith" and len(test.args) == 1:
            arg = test.args[0]  # a text, or a tuple of texts (parsed as a Tuple node)
            parts = arg.elts if isinstance(arg, ast.Tuple) else [arg]
            texts = [p.value for p in parts if isinstance(p, ast.Constant)]
            if len(texts) == len(parts) and all(isinstance(t, str) for t in texts):
                return facts[owner].startswith(tuple(str(t) for t in texts))
    if isinstance(test, ast.Compare) and len(test.ops) == 1:
        left, right = ast.unparse(test.left), test.comparators[0]
        if left in facts and isinstance(right, ast.Constant) and isinstance(right.value, str):
            if isinstance(test.ops[0], ast.Eq):
                return facts[left] == right.value
            if isinstance(test.ops[0], ast.NotEq):
                return facts[left] != right.value
    return None


def _builtin_only(body: list[ast.stmt]) -> bool:
    """Whether a ``try`` body only imports modules built into this Python (the
    ``except ImportError`` fallback beside it never runs)."""
    names: list[str] = []
    for node in body:
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            names.append(node.module)
        else:
            return False
    return bool(names) and all(name in sys.builtin_module_names for name in names)


def _catches_import_error(handler: ast.ExceptHandler) -> bool:
    caught = handler.type
    kinds = caught.elts if isinstance(caught, ast.Tuple) else [caught]
    return any(isinstance(k, ast.Name) and k.id == "ImportError" for k in kinds)


class _Decided(ast.NodeTransformer):
    """Keeps only the branch Pyodide takes of each ``if`` whose test is known, and of
    each ``try: import a_builtin_module / except ImportError: import a_fallback``."""

    def visit_If(self, node: ast.If) -> Any:
        taken = _known(node.test)
        if taken is None:
            return self.generic_visit(node)
        body = node.body if taken else node.orelse
        return [self.visit(child) for child in body] or ast.Pass()

    def visit_Try(self, node: ast.Try) -> Any:
        if _builtin_only(node.body) and all(_catches_import_error(h) for h in node.handlers):
            return [*node.body, *(self.visit(child) for child in node.orelse + node.finalbody)]
        return self.generic_visit(node)


class Finder(modulefinder.ModuleFinder):
    """modulefinder, reading the standard library as Pyodide runs it: only what a module
    imports when it is imported, and ``why`` each module is there (who imported it
    first)."""

    def __init__(self, path: list[str]) -> None:
        super().__init__(path=path)
        self.why: dict[str, str] = {}
        self.phase: dict[str, str] = {}
        self.reason = "the start"
        self.done: list[str] = []  # modules in the order their import completed
        self._scanning: list[str] = []

    def load_module(self, fqname: str, fp: Any, pathname: str, file_info: Any) -> Any:
        self.why.setdefault(fqname, self._scanning[-1] if self._scanning else self.reason)
        self.phase.setdefault(fqname, self.reason)
        if (pathname or "").startswith(STDLIB + "/") and pathname.endswith(".py"):
            # the standard library: decided branches only (the code is scanned, not run)
            tree = _Decided().visit(ast.parse(fp.read(), pathname))
            code = compile(ast.fix_missing_locations(tree), pathname, "exec")
            module = self.add_module(fqname)
            module.__file__ = pathname  # type: ignore[attr-defined]
            self.scan_code(code, module)
            self.done.append(fqname)
            return module
        loaded = super().load_module(fqname, fp, pathname, file_info)
        self.done.append(fqname)
        return loaded

    def scan_code(self, co: types.CodeType, m: Any) -> None:
        library = str(getattr(m, "__file__", "") or "").startswith(STDLIB + "/")
        if library and co.co_flags & inspect.CO_OPTIMIZED:
            return  # a function of the standard library: its imports run only if it is called
        self._scanning.append(m.__name__)
        try:
            super().scan_code(co, m)
        finally:
            self._scanning.pop()


def _frozen(name: str) -> bool:
    """Whether Python has the module built in, frozen (``os``, ``codecs``, ``importlib``'s
    bootstrap …): it never reads a file for it."""
    frozen = {"importlib._bootstrap": "_frozen_importlib"}
    frozen["importlib._bootstrap_external"] = "_frozen_importlib_external"
    return bool(_imp.is_frozen(frozen.get(name, name)))


def closure(request: dict[str, Any]) -> tuple[dict[str, dict[str, str]], list[str]]:
    """Every standard-library file the page can import (its path in the archive) → its
    module, why it is there (who imports it first) and which start imports it first
    (Pyodide's, PyScript's, the engine, PyScript's package, ``main.py``); and every
    module reached, in an order where each comes after those it imports."""
    with zipfile.ZipFile(request["stdlib_zip"]) as archive:
        archive.extractall(STDLIB)
    finder = Finder([request["source"], HOME, STDLIB])
    for reason, names in (
        ("Pyodide's start", request["started"]),
        ("PyScript's start", request["pyscript_start"]),
        ("the engine", request["engine_modules"]),
        ("PyScript's package", request["pyscript_modules"]),
    ):
        finder.reason = reason
        for name in names:
            # a built-in module, or one Pyodide does not have, leaves nothing to keep
            with contextlib.suppress(ImportError):
                finder.import_hook(name)
    finder.reason = "main.py"
    finder.run_script(request["main"])
    kept: dict[str, dict[str, str]] = {}
    for name, module in finder.modules.items():
        path = str(getattr(module, "__file__", "") or "")
        if path.startswith(STDLIB + "/") and not _frozen(name):
            why, phase = finder.why.get(name, ""), finder.phase.get(name, "")
            kept[os.path.relpath(path, STDLIB)] = {"module": name, "why": why, "phase": phase}
    return kept, finder.done


def _placeless(code: types.CodeType) -> types.CodeType:
    """A code object without its table of positions (which line and column each
    instruction came from), nested code too: what tracebacks quote, a third of the
    bytes.  A traceback through it shows no line number."""
    consts = tuple(_placeless(c) if isinstance(c, types.CodeType) else c for c in code.co_consts)
    return code.replace(co_linetable=b"", co_consts=consts)


def _compile_library(source: str, target: str, shown: str) -> None:
    """A standard-library module as the page imports it: compiled without docstrings
    and ``assert`` statements (as ``python -OO`` compiles it: the page reads neither)
    and without positions, in checked-hash mode (the header names its source)."""
    with open(source, "rb") as module:
        text = module.read()
    code = _placeless(compile(text, shown, "exec", dont_inherit=True, optimize=2))
    data = importlib._bootstrap_external._code_to_hash_pyc(  # type: ignore[attr-defined]
        code, importlib.util.source_hash(text), checked=True
    )
    os.makedirs(os.path.dirname(target), exist_ok=True)
    with open(target, "wb") as out:
        out.write(data)


def _without_docstrings(tree: ast.Module) -> ast.Module:
    """The module without its docstring and its functions' (a body that was only one
    becomes ``pass``); classes keep theirs, which ``dataclasses`` would otherwise make
    up at import from each class's signature, a cost at every first start."""
    for node in ast.walk(tree):
        if not isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        first = node.body[0] if node.body else None
        if isinstance(first, ast.Expr) and _is_text(first.value):
            rest = node.body[1:]
            node.body[:] = rest or [ast.copy_location(ast.Pass(), first)]
    return tree


def _is_text(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, str)


def _compile_engine(source: str, target: str, shown: str) -> None:
    """A module of the engine as the page imports it: without its docstrings but its
    classes' (the page reads none; a third less on the wire), with its positions, so
    that a traceback on the page names each line, and its ``assert`` statements; in
    checked-hash mode, the header naming its source as written."""
    with open(source, "rb") as module:
        text = module.read()
    tree = _without_docstrings(ast.parse(text, shown))
    code = compile(tree, shown, "exec", dont_inherit=True)
    data = importlib._bootstrap_external._code_to_hash_pyc(  # type: ignore[attr-defined]
        code, importlib.util.source_hash(text), checked=True
    )
    os.makedirs(os.path.dirname(target), exist_ok=True)
    with open(target, "wb") as out:
        out.write(data)


def main(request: dict[str, Any]) -> None:
    """Compile the engine and the kept standard library into
    ``request["out"]`` (``engine/`` and ``stdlib/``) and write ``closure.json``."""
    out, source = request["out"], request["source"]
    for name in request["engine_files"]:  # halfmoon/rules/game.py -> engine/halfmoon/rules/game.pyc
        _compile_engine(f"{source}/{name}", f"{out}/engine/{name}c", name)
    for name, text in request["pyscript_sources"].items():
        # PyScript writes its package as sources into the working directory at every
        # start: written here too, for the closure to find what it imports
        path = f"{HOME}/pyscript/{name}"
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8", newline="") as copy:
            copy.write(text)
    kept, order = closure(request)
    for path in kept:  # named in tracebacks as Pyodide's own archive names them
        shown = f"{request['stdlib_zip']}/{path}"
        _compile_library(f"{STDLIB}/{path}", f"{out}/stdlib/{path}c", shown)
    builtin = sorted(sys.builtin_module_names)
    with open(f"{out}/closure.json", "w", encoding="utf-8") as listing:
        python = sys.version.split()[0]
        json.dump({"kept": kept, "builtin": builtin, "python": python, "order": order}, listing)
