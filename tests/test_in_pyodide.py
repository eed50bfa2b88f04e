"""The build's import finder (tools/in_pyodide.py), in CPython: which ``if`` tests it
knows as Pyodide has them, which branch it keeps, and which modules it finds — so that
a wrong decision fails here, not only as a different docs/stdlib.md (or a module the
page needs left out of its archive)."""

from __future__ import annotations

import ast
import os
import sys
from pathlib import Path

import pytest

from tools import in_pyodide
from tools.in_pyodide import Finder, _Decided, _known


@pytest.fixture
def pyodide(monkeypatch: pytest.MonkeyPatch) -> None:
    """This Python as Pyodide is: ``sys.platform`` "emscripten", ``os.name`` "posix"."""
    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.setattr(os, "name", "posix")


KNOWN: dict[str, bool | None] = {
    '__name__ == "__main__"': False,  # an imported module is never the main one
    '__name__ != "__main__"': True,
    'sys.platform == "win32"': False,
    'sys.platform == "emscripten"': True,
    'sys.platform != "win32"': True,
    'sys.platform.startswith("win")': False,
    'sys.platform.startswith(("linux", "emscripten"))': True,
    'os.name == "nt"': False,
    'os.name == "posix"': True,
    'not sys.platform == "win32"': True,
    'not os.name == "posix"': False,
    'sys.platform == "win32" and unknown': False,  # false whatever the unknown is
    'unknown and sys.platform == "emscripten"': None,
    'sys.platform == "emscripten" and os.name == "posix"': True,
    'sys.platform == "win32" or unknown': None,
    'sys.platform == "emscripten" or unknown': True,  # true whatever the unknown is
    'sys.platform == "win32" or os.name == "nt"': False,
    # what depends on the program's state, or is not one of the facts, is not known
    "unknown": None,
    'x == "y"': None,
    'sys.platform in ("win32", "cygwin")': None,
    "sys.version_info >= (3, 12)": None,
    "sys.platform == other": None,
    'sys.platform < "x"': None,
    'sys.platform.endswith("32")': None,
}


@pytest.mark.parametrize("test", KNOWN)
def test_an_if_test_is_known_as_pyodide_has_it(pyodide: None, test: str) -> None:
    expression = ast.parse(test, mode="eval").body
    assert _known(expression) is KNOWN[test]


SOURCE = """
import sys
import kept_a
if __name__ == "__main__":
    import main_only
if sys.platform == "win32":
    import windows_only
else:
    import kept_b
if not sys.platform.startswith("win"):
    import kept_c
try:
    import sys as builtin
except ImportError:
    import never_needed
try:
    import maybe
except ImportError:
    import fallback
if unknown:
    import either_a
else:
    import either_b
def later():
    if os.name == "nt":
        import windows_later
    import kept_later
"""


def imported(tree: ast.AST) -> set[str]:
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {alias.asname or alias.name for alias in node.names}
    return names


def test_only_the_branch_pyodide_takes_is_kept(pyodide: None) -> None:
    tree = _Decided().visit(ast.parse(SOURCE))
    assert imported(tree) == {
        "sys",
        "kept_a",
        "kept_b",
        "kept_c",
        "builtin",  # (the fallback never runs)
        "maybe",
        "fallback",  # a module that may be missing: both
        "either_a",
        "either_b",  # a test that depends on the program: both
        "kept_later",
    }
    compile(ast.fix_missing_locations(tree), "<decided>", "exec")  # still a module


def test_the_finder_reads_the_standard_library_as_pyodide_imports_it(
    pyodide: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A standard-library module: its module-level code and class bodies, the branches
    Pyodide takes; not its functions (they import only if called).  The game's own code:
    every import, functions too."""
    library, source = tmp_path / "stdlib", tmp_path / "source"
    library.mkdir(), source.mkdir()
    (library / "top.py").write_text(
        "import sys\nimport alpha\n"
        'if sys.platform == "win32":\n    import beta\nelse:\n    import gamma\n'
        "class K:\n    import delta\n"
        "def later():\n    import epsilon\n"
        'if __name__ == "__main__":\n    import zeta\n'
    )
    for name in ("alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta"):
        (library / f"{name}.py").write_text("")
    (source / "engine.py").write_text("import top\ndef deal():\n    import eta\n")
    monkeypatch.setattr(in_pyodide, "STDLIB", str(library))
    finder = Finder([str(source), str(library)])
    finder.reason = "the engine"
    finder.import_hook("engine")
    found = {name for name, module in finder.modules.items() if module.__file__}
    assert found == {"engine", "top", "alpha", "gamma", "delta", "eta"}
    assert (finder.why["alpha"], finder.why["top"], finder.why["eta"]) == (
        "top",
        "engine",
        "engine",
    )
    assert finder.phase["alpha"] == "the engine"
