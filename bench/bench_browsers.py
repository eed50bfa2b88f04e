"""Start-up in every engine: Half Moon against the bare Pyodide page, in Chromium,
Firefox and WebKit — cold (a fresh profile), reload, and a return visit (the browser
quits and starts again on the same profile).

    make bench-browsers           # RUNS=5 by default

Each figure is the time from navigation to ``data-app="ready"``, read from the page's
own mark (``performance.mark("halfmoon-ready")``, set by the game and by the bare page
alike), so no engine's driver is in the measurement.  The two pages alternate within
each run, and the ratio is taken between medians of the same run: the machine is
shared and noisy, only the comparison counts.  WebKit under WebDriver keeps no
profile between sessions, so its return visit cannot be measured here.
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import tempfile
from collections import Counter
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import sync_playwright

from bench.common import ROOT, prepare_site
from tests.browser.drivers import Driver, Firefox, WebKit, virtual_screen
from tools.chromium import launch_options
from tools.serve import serve_in_background

RUNS = int(os.environ.get("RUNS", "5"))
READY = "document.documentElement.dataset.app === 'ready'"
MARK = "performance.getEntriesByName('halfmoon-ready')[0]?.startTime ?? null"
PAGES = {"bare": "/bench-baseline.html", "game": "/#HM1-N-AAAAAAB"}


STARTS: list[str] = []  # how the game's Python started, visit by visit
SNAPSHOTS: list[tuple[int, int]] = []  # each snapshot made: bytes kept, memory it holds
# The saved table painted: the first contentful paint, when it was the painted table.
PAINTED = (
    "document.documentElement.dataset.painted === 'true'"
    " ? (performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null) : null"
)
# Where a return visit's start goes: the marks the page sets on its way (static/boot/
# python.js, main.py, halfmoon/web/app.py), navigation = 0.
STEPS = (
    "halfmoon-python-begun",
    "halfmoon-pyodide",
    "halfmoon-engine",
    "halfmoon-pyscript",
    "halfmoon-main",
    "halfmoon-ready",
)
MARKS = "Object.fromEntries(performance.getEntriesByType('mark').map((m) => [m.name, m.startTime]))"
# Layout shifts (Chromium): the table must not move when Python takes it over.
SHIFTS = """window.__shifts = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) if (!e.hadRecentInput) window.__shifts.push(e.value);
}).observe({ type: "layout-shift", buffered: true });"""


def ready_ms(driver: Driver, url: str | None, visit: str = "") -> float:
    """Open ``url`` (None: reload the page) and wait until the page is ready."""
    if url is None:
        driver.reload()
    else:
        driver.goto(url)
    driver.wait(READY, 120)
    how = driver.js("document.documentElement.dataset.snapshot ?? null")
    if how is not None:
        STARTS.append(f"{driver.name} {visit}: {how}")
    return float(driver.wait(MARK, 10))


class Chromium(Driver):
    """Chromium through Playwright, behind the same small interface (a persistent
    profile, so that a return visit is a browser started again on it)."""

    name = "chromium"

    def __init__(self, playwright: object, profile: str) -> None:
        self.context = playwright.chromium.launch_persistent_context(  # type: ignore[attr-defined]
            profile, **launch_options(), locale="pt-PT"
        )
        self.context.add_init_script(SHIFTS)
        self.page = self.context.pages[0] if self.context.pages else self.context.new_page()

    def goto(self, url: str) -> None:
        self.page.goto(url)

    def reload(self) -> None:
        self.page.reload()

    def js(self, expression: str) -> object:
        return self.page.evaluate(f"(async () => await ({expression}))()")

    def close(self) -> None:
        self.context.close()


Samples = dict[str, dict[str, list[float]]]  # page → visit → milliseconds
Steps = dict[str, list[float]]  # a return visit's marks → milliseconds


def return_visit(driver: Driver, url: str, page: str, found: Samples, steps: Steps) -> None:
    """A browser started again on its profile comes back to ``url``: when it is ready
    and, for the game, when its saved table was painted, where its start went and how
    much its layout shifted."""
    found[page]["return"].append(ready_ms(driver, url, "return"))
    if page != "game":
        return
    painted = driver.js(PAINTED)
    if isinstance(painted, int | float):
        found[page]["painted"].append(float(painted))
    marks = driver.js(MARKS)
    if isinstance(marks, dict):
        for name in STEPS:
            if isinstance(marks.get(name), int | float):
                steps.setdefault(name, []).append(float(marks[name]))
    shifts = driver.js("window.__shifts ?? null")
    if isinstance(shifts, list):
        found[page]["shift"].append(float(sum(shifts)))


STEPS_SEEN: dict[str, Steps] = {}  # engine → where its return visits' start went


def measure(
    name: str, start: Callable[[str | None], Driver], base: str, runs: int = RUNS
) -> Samples:
    """Cold, reload and return-visit samples of each page in one engine (and, for the
    game's return visits, the saved table painted and the layout shifts)."""
    visits = ("cold", "reload", "return", "painted", "shift")
    found: Samples = {p: {visit: [] for visit in visits} for p in PAGES}
    steps = STEPS_SEEN.setdefault(name, {})
    for run in range(runs):
        order = list(PAGES) if run % 2 == 0 else list(reversed(PAGES))
        for page in order:
            url = base + PAGES[page]
            with tempfile.TemporaryDirectory(prefix=f"bench-{name}-") as profile:
                driver = start(profile)
                try:
                    found[page]["cold"].append(ready_ms(driver, url, "cold"))
                    if page == "game":  # the offline copy and the snapshot come back
                        driver.wait("!!navigator.serviceWorker.controller", 120)
                        driver.wait("document.documentElement.dataset.snapshotMade", 120)
                        made = driver.js(
                            "[document.documentElement.dataset.snapshotMade,"
                            " document.documentElement.dataset.snapshotMemory]"
                        )
                        if isinstance(made, list) and made[0] != "failed":
                            SNAPSHOTS.append((int(made[0]), int(made[1])))
                    found[page]["reload"].append(ready_ms(driver, None, "reload"))
                finally:
                    driver.close()
                if name != "webkit":  # quit, start again on the same profile, come back
                    driver = start(profile)
                    try:
                        return_visit(driver, url, page, found, steps)
                    finally:
                        driver.close()
        print(f"  {name} run {run + 1}/{runs}", file=sys.stderr)
    return found


def main() -> None:
    if not (ROOT / "site" / "index.html").exists():
        sys.exit("build the site first: make site")
    results: dict[str, object] = {"runs": RUNS}
    with tempfile.TemporaryDirectory() as tmp:
        site = prepare_site(Path(tmp))
        server, base = serve_in_background(site)
        with sync_playwright() as playwright:
            results["chromium"] = measure(
                "chromium", lambda profile: Chromium(playwright, profile or ""), base
            )
        results["firefox"] = measure("firefox", lambda profile: Firefox(profile=profile), base)
        with virtual_screen() as display:
            results["webkit"] = measure("webkit", lambda profile: WebKit(display), base)
        server.shutdown()
    results["starts"] = dict(Counter(STARTS))
    results["snapshots"] = SNAPSHOTS
    results["steps"] = STEPS_SEEN
    report(results)
    (ROOT / "bench" / "browsers.json").write_text(json.dumps(results, indent=1) + "\n")


def report(results: dict[str, object]) -> None:
    print(f"\nStart-up to data-app=ready, median of {RUNS} alternating runs (ms)\n")
    print(f"{'engine':10} {'visit':8} {'Half Moon':>10} {'bare Pyodide':>13} {'ratio':>7}")
    for engine in ("chromium", "firefox", "webkit"):
        data = results[engine]
        assert isinstance(data, dict)
        for visit in ("cold", "reload", "return", "painted"):
            game, bare = (
                data["game"][visit],
                data["bare"]["return" if visit == "painted" else visit],
            )
            label = "painted" if visit == "painted" else visit  # the saved table, on a return
            if not game or not bare:
                print(f"{engine:10} {label:8} {'—':>10} {'—':>13} {'—':>7}")
                continue
            g, b = statistics.median(game), statistics.median(bare)
            print(f"{engine:10} {label:8} {g:>10,.0f} {b:>13,.0f} {g / b:>7.2f}")
    print("\n('painted': the game's saved table at its first paint, against the bare page ready)")
    print("How the game's Python started (data-snapshot):", results["starts"])
    print(snapshot_size(SNAPSHOTS))
    print(steps_text(STEPS_SEEN))


def steps_text(seen: dict[str, Steps]) -> str:
    """Where a return visit's start went, engine by engine: the median moment of each
    step (navigation = 0)."""
    lines = ["Where a return visit's start goes (median ms, navigation = 0):"]
    for engine, steps in seen.items():
        if steps:
            parts = [
                f"{n.removeprefix('halfmoon-')} {statistics.median(v):,.0f}"
                for n, v in steps.items()
            ]
            lines.append(f"  {engine}: " + ", ".join(parts))
    return "\n".join(lines)


def snapshot_size(made: list[tuple[int, int]]) -> str:
    if not made:
        return "no snapshot was made"
    kept, memory = made[-1]
    return (
        f"snapshot kept: {kept / 1e6:.1f} MB in Cache Storage for {memory / 1e6:.1f} MB of"
        f" Python's memory (its empty pages left out; {len(made)} made)"
    )


if __name__ == "__main__":
    main()
