"""What bench/bench_web.py (make bench) and bench/bench_browsers.py (make bench-browsers)
share: the built site with the bare pages beside it, and how a set of runs is told."""

from __future__ import annotations

import shutil
import statistics
from pathlib import Path

from tools import build_site

ROOT = Path(__file__).resolve().parent.parent
BASELINE_HTML = """<!doctype html>
<html lang="en" data-app="loading"><head><meta charset="utf-8"><title>baseline</title>
<link rel="icon" href="data:,">
<script type="module" src="bench-baseline.js"></script></head>
<body><p>bare Pyodide</p></body></html>
"""
BASELINE_JS = """import { loadPyodide } from "./VENDOR/pyodide.mjs";
const pyodide = await loadPyodide({ indexURL: new URL("./VENDOR/", location.href).href });
pyodide.runPython("import sys");
document.documentElement.dataset.app = "ready";
performance.mark("halfmoon-ready");
"""
# A third page, for reference only: bare PyScript on the same vendored files, running
# `import sys` the way Half Moon runs its entry file.  Its gap to bare Pyodide is the
# floor that any PyScript page pays before its own code runs.
PYSCRIPT_HTML = """<!doctype html>
<html lang="en" data-app="loading"><head><meta charset="utf-8"><title>bare PyScript</title>
<link rel="icon" href="data:,">
<script type="module" src="VENDOR_PYSCRIPT/core.js"></script></head>
<body><p>bare PyScript</p>
<script type="py" config='{"interpreter": "VENDOR_PYODIDE/pyodide.mjs"}'>
import sys
import js
js.document.documentElement.dataset.app = "ready"
</script></body></html>
"""


def median_range(values: list[float]) -> dict[str, float]:
    return {"median": statistics.median(values), "min": min(values), "max": max(values)}


def prepare_site(tmp: Path) -> Path:
    """The built site, with the bare pages beside it.  The bare Pyodide page loads the
    same vendored Pyodide as the game, with Pyodide's own standard library and lock file
    (which the game's site does not ship: tools/stdlib.py), as any Pyodide page does."""
    site = tmp / "site"
    shutil.copytree(ROOT / "site", site)
    vendor = build_site.vendor_dirs()["vendor/pyodide/"].rstrip("/")
    for name in ("python_stdlib.zip", "pyodide-lock.json"):
        shutil.copy2(build_site.NODE / "pyodide" / name, site / vendor / name)
    (site / "bench-baseline.html").write_text(BASELINE_HTML)
    (site / "bench-baseline.js").write_text(BASELINE_JS.replace("VENDOR", vendor))
    pyscript = build_site.vendor_dirs()["vendor/pyscript/"].rstrip("/")
    (site / "bench-pyscript.html").write_text(
        PYSCRIPT_HTML.replace("VENDOR_PYODIDE", vendor).replace("VENDOR_PYSCRIPT", pyscript)
    )
    return site
