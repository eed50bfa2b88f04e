"""The scripts the site ships: every one still parses without its comment lines, and
keeps every line of code (tools/shipped.py)."""

from __future__ import annotations

import doctest
import subprocess
from pathlib import Path

import pytest

from tools import shipped as shipped_module
from tools.shipped import shipped

ROOT = Path(__file__).resolve().parent.parent
SCRIPTS = sorted(
    p for p in (ROOT / "static").rglob("*") if p.suffix in {".js", ".mjs"} and p.is_file()
)


def test_the_module_examples_hold() -> None:
    assert doctest.testmod(shipped_module).failed == 0


@pytest.mark.parametrize("path", SCRIPTS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_a_shipped_script_parses_and_keeps_its_code(path: Path) -> None:
    source = path.read_text(encoding="utf-8")
    out = shipped(source)
    checked = subprocess.run(
        ["node", "--check", "--input-type=module"], input=out, text=True, capture_output=True
    )
    assert checked.returncode == 0, checked.stderr
    code = [line for line in source.splitlines() if not _comment(line)]
    left = out.splitlines()
    assert [line for line in left if not _comment(line)] == code  # no line of code lost


def test_the_comments_do_not_ship() -> None:
    before = sum(len(p.read_bytes()) for p in SCRIPTS)
    after = sum(len(shipped(p.read_text(encoding="utf-8")).encode()) for p in SCRIPTS)
    assert after < before * 0.8  # the page's scripts are a third comments or more


def _comment(line: str) -> bool:
    text = line.strip()
    return text.startswith(("//", "/*", "*")) or text == ""
