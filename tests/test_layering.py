"""The engine's wings stand on one another in one order (docs/design.md): each imports
only wings below it, the rules nothing else of the engine, and nothing but the browser
side imports the browser side.  Read from the code's own imports."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "halfmoon"
LAYERS = ("rules", "words", "records", "challenges", "keeping", "page", "session")
"""The engine's wings, each above those before it; ``web`` (the browser side) and
``host`` (the command line, the pages' build) stand on all of them."""
TOP = ("web", "host")


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path) -> Iterator[tuple[str, int]]:
    """Every engine module ``path`` imports (absolute names), with the line."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if target == "halfmoon" or target.startswith("halfmoon."):
                yield target, node.lineno
                for alias in node.names:  # `from . import safejson`: a module too
                    yield f"{target}.{alias.name}", node.lineno
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("halfmoon."):
                    yield alias.name, node.lineno


def wing(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and (parts[1] in LAYERS or parts[1] in TOP) else None


def engine_files() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*.py") if "__pycache__" not in p.parts)


def wing_arrows() -> set[tuple[str, str]]:
    """Which wing imports which (a wing's imports of itself left out)."""
    arrows = set()
    for path in engine_files():
        source = wing(module_name(path))
        for target, _ in imports(path):
            to = wing(target)
            if source and to and to != source:
                arrows.add((source, to))
    return arrows


def test_every_module_of_the_engine_stands_in_a_wing() -> None:
    loose = [
        p.name
        for p in PACKAGE.glob("*.py")
        if p.name not in ("__init__.py", "__main__.py")  # the public API; `python -m`
    ]
    assert loose == []
    assert sorted(p.name for p in PACKAGE.iterdir() if p.is_dir() and p.name != "__pycache__") == (
        sorted([*LAYERS, *TOP])
    )


@pytest.mark.parametrize("name", LAYERS + TOP)
def test_each_wing_says_its_job_first(name: str) -> None:
    doc = ast.get_docstring(ast.parse((PACKAGE / name / "__init__.py").read_text("utf-8")))
    assert doc and len(doc.split()) > 12, f"halfmoon/{name}/__init__.py says nothing of its job"


def test_each_wing_imports_only_wings_below_it() -> None:
    order = {name: n for n, name in enumerate(LAYERS)} | {name: len(LAYERS) for name in TOP}
    wrong = [
        f"{source} imports {to}"
        for source, to in sorted(wing_arrows())
        if order[to] >= order[source]
    ]
    assert wrong == []


def test_the_rules_import_nothing_else_of_the_engine() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{line} imports {target}"
        for path in (PACKAGE / "rules").glob("*.py")
        for target, line in imports(path)
        if not target.startswith("halfmoon.rules")
    ]
    assert found == []


def test_nothing_outside_the_browser_side_imports_it() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{line} imports {target}"
        for path in engine_files()
        if wing(module_name(path)) != "web"
        for target, line in imports(path)
        if wing(target) == "web"
    ]
    assert found == []


def test_no_wing_is_in_a_circle() -> None:
    arrows = wing_arrows()
    seen: dict[str, int] = {}

    def visit(node: str, path: tuple[str, ...]) -> None:
        assert node not in path, " -> ".join([*path, node])
        if seen.get(node):
            return
        for source, to in arrows:
            if source == node:
                visit(to, (*path, node))
        seen[node] = 1

    for name in LAYERS + TOP:
        visit(name, ())
