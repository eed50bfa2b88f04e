"""make bench: Half Moon's start-up, tap latency, bytes and memory, measured in one run
against a bare page that loads the same vendored Pyodide and runs ``import sys``.

Runs of the two pages alternate.  Prints medians with min–max and the ratios to the
baseline, and writes bench/results.json.  It needs the built site (make site).
"""

from __future__ import annotations

import json
import random
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import BrowserContext, Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT))

import build_site  # noqa: E402
from chromium import launch_options  # noqa: E402
from serve import serve_in_background  # noqa: E402

from halfmoon import Game  # noqa: E402
from tests.solver import legal_moves  # noqa: E402

RUNS = 7
TAPS = 240
TIMEOUT = 90_000
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
# The same instrumentation on every page: the moment data-app becomes "ready".
READY_PROBE = """
const observer = new MutationObserver(() => {
  if (document.documentElement?.dataset.app === "ready" && window.__ready === undefined) {
    window.__ready = performance.now();
    observer.disconnect();
  }
});
observer.observe(document, { attributes: true, subtree: true, attributeFilter: ["data-app"] });
"""


def median_range(values: list[float]) -> dict[str, float]:
    return {"median": statistics.median(values), "min": min(values), "max": max(values)}


def prepare_site(tmp: Path) -> Path:
    site = tmp / "site"
    shutil.copytree(ROOT / "site", site)
    vendor = build_site.vendor_dirs()["vendor/pyodide/"].rstrip("/")
    (site / "bench-baseline.html").write_text(BASELINE_HTML)
    (site / "bench-baseline.js").write_text(BASELINE_JS.replace("VENDOR", vendor))
    pyscript = build_site.vendor_dirs()["vendor/pyscript/"].rstrip("/")
    (site / "bench-pyscript.html").write_text(
        PYSCRIPT_HTML.replace("VENDOR_PYODIDE", vendor).replace("VENDOR_PYSCRIPT", pyscript)
    )
    return site


def load(page: Page, url: str) -> float:
    page.goto(url)
    page.wait_for_function("window.__ready !== undefined", timeout=TIMEOUT)
    return float(page.evaluate("window.__ready"))


def paint(page: Page) -> float:
    return float(
        page.evaluate("performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN")
    )


def memory(context: BrowserContext, page: Page) -> float:
    cdp = context.new_cdp_session(page)
    cdp.send("HeapProfiler.collectGarbage")
    usage = cdp.send("Runtime.getHeapUsage")
    return float(usage["usedSize"]) + float(usage.get("backingStorageSize", 0))


def main() -> None:
    if not (ROOT / "site" / "index.html").exists():
        sys.exit("build the site first: make site")
    results: dict[str, Any] = {"runs": RUNS, "when": time.strftime("%Y-%m-%d %H:%M")}
    samples: dict[str, list[float]] = {
        k: []
        for k in (
            "baseline_cold", "game_cold", "baseline_warm", "game_warm",
            "paint_cold", "paint_warm", "baseline_bytes", "game_bytes",
            "baseline_memory", "game_memory", "repeat_requests",
            "pyscript_cold", "pyscript_warm", "pyscript_bytes", "pyscript_memory",
        )
    }  # fmt: skip
    repeat_paths: list[str] = []
    with tempfile.TemporaryDirectory() as tmp:
        site = prepare_site(Path(tmp))
        log: list[str] = []
        sizes: list[tuple[str, int, int]] = []
        server, url = serve_in_background(site, log=log, sizes=sizes)
        pages = {
            "baseline": f"{url}/bench-baseline.html",
            "game": f"{url}/#HM1-N-AAAAAAB",
            "pyscript": f"{url}/bench-pyscript.html",
        }
        with sync_playwright() as p:
            browser = p.chromium.launch(**launch_options())
            for run in range(RUNS):
                order = ["baseline", "game", "pyscript"]
                order = order[run % 3 :] + order[: run % 3]  # each page first in turn
                for name in order:
                    context = browser.new_context(locale="pt-PT")  # a fresh profile: cold
                    context.add_init_script(READY_PROBE)
                    page = context.new_page()
                    sizes.clear()
                    samples[f"{name}_cold"].append(load(page, pages[name]))
                    samples[f"{name}_bytes"].append(
                        sum(n for _, status, n in sizes if status == 200)
                    )
                    if name == "game":
                        samples["paint_cold"].append(paint(page))
                        page.evaluate("navigator.serviceWorker.ready")
                        page.wait_for_function("Boolean(navigator.serviceWorker.controller)")
                    page.wait_for_timeout(500)
                    samples[f"{name}_memory"].append(memory(context, page))
                    log.clear()
                    page.reload()
                    page.wait_for_function("window.__ready !== undefined", timeout=TIMEOUT)
                    samples[f"{name}_warm"].append(float(page.evaluate("window.__ready")))
                    if name == "game":
                        samples["paint_warm"].append(paint(page))
                        samples["repeat_requests"].append(len(log))
                        repeat_paths = sorted(set(log))
                    context.close()
            # Tap latency over real play.
            context = browser.new_context(locale="pt-PT", viewport={"width": 1366, "height": 768})
            context.add_init_script(
                "window.__inputDelay = []; document.addEventListener('click',"
                " e => window.__inputDelay.push(performance.now() - e.timeStamp), true);"
            )
            page = context.new_page()
            page.goto(pages["game"])
            page.wait_for_function(
                "document.documentElement.dataset.app === 'ready'", timeout=TIMEOUT
            )
            rng = random.Random(5)
            game = Game.new("HM1-N-AAAAAAB")
            taps = 0
            while taps < TAPS:
                if game.status != "playing":
                    page.keyboard.press("Escape")
                    page.locator('[data-action="new"]').click()
                    code = page.locator('[data-stat="code"]').text_content() or ""
                    game = Game.new(code)
                    continue
                if rng.random() < 0.2:  # a stray tap: select, deselect or a mistake
                    plan: tuple[str, ...] = (rng.choice(game.playable()),)
                else:  # let go of any selection, then a legal move
                    tops = {s: c for s in game.playable() if (c := game.top(s)) is not None}
                    plan = (*game.selection, *rng.choice(legal_moves(tops)))
                for slot in plan:
                    if game.top(slot) is None or game.status != "playing":
                        break
                    page.locator(f'[data-slot="{slot}"] button[data-card]').click()
                    game.tap(slot)
                    taps += 1
            durations = page.evaluate(
                "performance.getEntriesByName('halfmoon-tap').map(e => e.duration)"
            )
            work = sorted(
                page.evaluate(
                    "performance.getEntriesByName('halfmoon-tap-work').map(e => e.duration)"
                )
            )
            # The browser's own input delay, seen by a plain JavaScript listener.
            input_delay = sorted(page.evaluate("window.__inputDelay"))
            context.close()
            browser.close()
        server.shutdown()
    durations.sort()

    def p95(values: list[float]) -> float:
        return values[int(0.95 * (len(values) - 1))]

    tap = {
        "count": len(durations),
        "median": statistics.median(durations),
        "p95": p95(durations),
        "max": durations[-1],
        "work_median": statistics.median(work),
        "work_p95": p95(work),
        "input_delay_median": statistics.median(input_delay),
        "input_delay_p95": p95(input_delay),
    }
    report(samples, tap, repeat_paths, results)


def report(
    samples: dict[str, list[float]],
    tap: dict[str, float],
    repeat_paths: list[str],
    results: dict[str, Any],
) -> None:
    def ratio(a: str, b: str) -> float:
        """Median of the paired ratios a[i] / b[i] (runs alternate, so pairs are fair)."""
        return statistics.median(x / y for x, y in zip(samples[a], samples[b], strict=True))

    rows = [
        ("cold start (ms)", "game_cold", "baseline_cold", 1.10),
        ("warm start (ms)", "game_warm", "baseline_warm", 1.05),
        ("skeleton painted, cold (ms)", "paint_cold", "baseline_warm", 0.25),
        ("skeleton painted, warm (ms)", "paint_warm", "baseline_warm", 0.25),
        ("first-visit bytes", "game_bytes", "baseline_bytes", 1.08),
        ("memory after boot (bytes)", "game_memory", "baseline_memory", 1.15),
    ]
    print(f"Half Moon vs bare Pyodide — {results['runs']} alternating runs each\n")
    head = ("measure", "Half Moon median (min–max)", "baseline median", "ratio", "target")
    print(f"{head[0]:32} {head[1]:>34} {head[2]:>16} {head[3]:>7} {head[4]:>7}")
    table = []
    for label, mine, base, target in rows:
        m, b = median_range(samples[mine]), median_range(samples[base])
        r = ratio(mine, base)
        ok = "ok" if r <= target else "MISSED"
        print(
            f"{label:32} {m['median']:>14,.0f} ({m['min']:,.0f}–{m['max']:,.0f}) "
            f"{b['median']:>16,.0f} {r:>7.3f} {'≤' + str(target):>7} {ok}"
        )
        table.append({"measure": label, "game": m, "baseline": b, "ratio": r, "target": target})
    for kind in ("cold", "warm"):
        m = median_range(samples[f"pyscript_{kind}"])
        print(
            f"{'  for reference: bare PyScript, ' + kind:32} {m['median']:>14,.0f}"
            f" ({m['min']:,.0f}–{m['max']:,.0f}) {'':>16}"
            f" {ratio(f'pyscript_{kind}', f'baseline_{kind}'):>7.3f}"
            "   (the floor of any PyScript page)"
        )
    print(
        f"\ntap, input event → DOM updated: median {tap['median']:.2f} ms, p95 {tap['p95']:.2f} ms,"
        f" max {tap['max']:.2f} ms over {tap['count']} taps (targets: median ≤ 4, p95 ≤ 16)"
    )
    print(
        f"  of which the browser's input delay before any handler runs (a plain JS listener):"
        f" median {tap['input_delay_median']:.2f} ms, p95 {tap['input_delay_p95']:.2f} ms"
    )
    print(
        f"  the game's own work, handler start → DOM updated: median {tap['work_median']:.2f} ms,"
        f" p95 {tap['work_p95']:.2f} ms"
    )
    print(
        f"repeat visit: {statistics.median(samples['repeat_requests']):.0f} requests reached "
        f"the server: {', '.join(repeat_paths) or 'none'}"
    )
    results.update(
        {"rows": table, "tap_ms": tap, "repeat_requests": repeat_paths, "samples": samples}
    )
    out = ROOT / "bench" / "results.json"
    out.write_text(json.dumps(results, indent=2))
    print(f"\nwrote {out.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
