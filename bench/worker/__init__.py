"""The worker prototype of issue 54, built beside a built site (never into ``site/``:
``make site`` does not ship it).

MicroPython handlers on the page (``page.py``, through PyScript's ``<script
type="mpy">``) paint the table and take taps; the unmodified engine and its session run
in Pyodide in a module worker (``engine.js``, with ``hm_engine.py``), started from a
memory snapshot on a return visit; ``bridge.js`` carries the calls between them.
:func:`add_prototype` writes it into a site directory at ``/bench-worker/``.
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
from pathlib import Path

from halfmoon.rules.layout import POSITIONS, SLOTS
from tools import build_site

HERE = Path(__file__).resolve().parent
PATH = "/bench-worker/"
"""Where the prototype's page is served."""
MICROPYTHON = build_site.NODE / "@micropython" / "micropython-webassembly-pyscript"
BOOT_DATA = re.compile(r'<script type="application/json" id="boot-data">(.*?)</script>', re.S)


def add_prototype(site: Path, *, snapshot_delay_ms: int = 0) -> str:
    """Write the prototype into ``site`` (a built site: its engine, standard library,
    words and vendored Pyodide and PyScript are the game's own) and give its page's path.
    ``snapshot_delay_ms``: how long after the first answer a first visit's worker waits
    before it makes the memory snapshot."""
    boot = json.loads(_boot_data(site))["python"]
    vendor = build_site.vendor_dirs()
    pyodide = vendor["vendor/pyodide/"]
    pyscript = vendor["vendor/pyscript/"].rstrip("/")
    glue = (HERE / "hm_engine.py").read_bytes()
    build = hashlib.sha256((site / boot["engine"]).read_bytes() + glue + pyodide.encode())
    config = {
        "pyodide": f"/{pyodide}",
        "stdlib": f"/{boot['stdlib']}",
        "lock": boot["lock"],
        "engine": f"/{boot['engine']}",
        "words": f"/{boot['words']['pt']}",
        "glue": f"{PATH}hm_engine.py",
        "build": build.hexdigest()[:16],
        "snapshotDelay": snapshot_delay_ms,
        # the places, in order, on the page's simpler grid (a reserve card's half column
        # rounded down)
        "places": [[slot, [POSITIONS[slot][0], int(POSITIONS[slot][1])]] for slot in SLOTS],
    }
    out = site / PATH.strip("/")
    (out / "micropython").mkdir(parents=True, exist_ok=True)
    for name in ("micropython.mjs", "micropython.wasm"):
        shutil.copy2(MICROPYTHON / name, out / "micropython" / name)
    for name in ("bridge.js", "engine.js", "hm_engine.py"):
        shutil.copy2(HERE / name, out / name)
    page = (HERE / "index.html").read_text(encoding="utf-8")
    page = page.replace("__CONFIG__", json.dumps(config).replace("</", "<\\/"))
    page = page.replace("__PYSCRIPT__", f"/{pyscript}")
    page = page.replace("__PAGE__", (HERE / "page.py").read_text(encoding="utf-8"))
    (out / "index.html").write_text(page, encoding="utf-8")
    return PATH


def _boot_data(site: Path) -> str:
    found = BOOT_DATA.search((site / "index.html").read_text(encoding="utf-8"))
    if found is None:
        raise ValueError(f"{site}/index.html has no boot data")
    return found.group(1)
