"""axe-core in the page: the release pinned in package-lock.json (npm ``axe-core``), not
a copy bundled inside a Python wrapper, which lags behind and misses rules."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from playwright.sync_api import Page

PACKAGE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core"


@cache
def source() -> str:
    return (PACKAGE / "axe.min.js").read_text(encoding="utf-8")


def version() -> str:
    return str(json.loads((PACKAGE / "package.json").read_text(encoding="utf-8"))["version"])


def axe_violations(page: Page) -> list[str]:
    """Every violation axe finds on the page as it is now, one line each."""
    if not page.evaluate("typeof window.axe === 'object'"):
        page.evaluate(source())
    assert page.evaluate("axe.version") == version()
    found = page.evaluate("axe.run(document, {resultTypes: ['violations']})")["violations"]
    return [
        f"{v['id']} ({v['impact']}): {v['help']} — {len(v['nodes'])} nodes, e.g. "
        f"{v['nodes'][0]['target']}: {v['nodes'][0]['failureSummary']}"
        for v in found
    ]
