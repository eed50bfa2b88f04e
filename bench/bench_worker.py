"""make bench-worker: the worker prototype of issue 54 (bench/worker/: MicroPython
handlers on the page, the unmodified engine in Pyodide in a worker) against the game and
the bare Pyodide page, in one run, the pages alternating (each first in turn).

    python -m bench.bench_worker [--parts lighthouse,phone,desktop,bytes,taps]

The prototype is built beside the bench's copy of the site (bench/common.py's, with the
bare pages), never into ``site/``.  Each part reuses its bench's own machinery:

- ``lighthouse``: bench/bench_lighthouse.py, mobile, a first visit: performance, total
  blocking time, first and largest contentful paint (the game and the prototype at
  their new-player address, no deal in it);
- ``phone``: bench/bench_phone.py at 4x CPU, touch: a first visit, then the browser
  started again on its profile, the painted table tapped until ready: the longest task
  from paint to ready, the taps' Event Timing, ready against the bare page's return;
- ``desktop``: a return visit's ready and the saved table painted, as
  bench/bench_browsers.py measures them, against the bare page;
- ``bytes``: a first visit's bytes on the wire (bench/bench_web.py; the game's offline
  copy included, as its row in docs/performance.md counts it);
- ``taps``: a tap's round trip unthrottled, clicked as a person does (bench_web.press):
  the click's time stamp to the DOM updated (``halfmoon-tap``: the game's own measure,
  and the prototype's after the worker's answer is drawn).

RUNS (3 unless the environment says otherwise) runs of each; prints a table and writes
bench/worker.json.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from playwright.async_api import Playwright as AsyncPlaywright
from playwright.async_api import async_playwright
from playwright.sync_api import Browser, Playwright, sync_playwright

from halfmoon import Game
from tests.solver import legal_moves
from tools.chromium import launch_options
from tools.serve import serve_in_background

from . import bench_browsers, bench_lighthouse, bench_phone, bench_web
from .common import ROOT, median_range, prepare_site
from .worker import add_prototype

RUNS = int(os.environ.get("RUNS", "3"))
PARTS = ("lighthouse", "phone", "desktop", "bytes", "taps")
CODE = "HM1-N-AAAAAAB"
PAGES = {"game": f"/#{CODE}", "proto": f"/bench-worker/#{CODE}", "bare": "/bench-baseline.html"}
NEW_PLAYER = {"game": "/", "proto": "/bench-worker/", "bare": "/bench-baseline.html"}
TAPS = 120
TIMEOUT = 120_000
SNAPSHOT_MADE = "document.documentElement.dataset.snapshotMade"


def rotated(run: int, names: list[str]) -> list[str]:
    """The pages in this run's order: each first in turn."""
    k = run % len(names)
    return names[k:] + names[:k]


# ---------------------------------------------------------------- Lighthouse
def lighthouse(base: str, runs: int) -> dict[str, list[dict[str, Any]]]:
    found: dict[str, list[dict[str, Any]]] = {name: [] for name in NEW_PLAYER}
    with tempfile.TemporaryDirectory() as folder:
        for run in range(runs):
            for name in rotated(run, list(NEW_PLAYER)):
                report = Path(folder) / f"{name}{run}.json"
                figures = bench_lighthouse.figures(
                    bench_lighthouse.run(base + NEW_PLAYER[name], report, desktop=False)
                )
                found[name].append(figures)
                print(f"  lighthouse {name}: {bench_lighthouse.line(figures)}", file=sys.stderr)
    return found


# ---------------------------------------------------------------- the phone
async def proto_first_visit(p: AsyncPlaywright, profile: str, url: str) -> dict[str, Any]:
    """bench_phone.first_visit for the prototype: a first visit at 4x; then, at full
    speed, the snapshot made and a card selected (the table a return visit paints)."""
    context, page, cdp = await bench_phone.open_profile(p, profile)
    try:
        await bench_phone.throttle(cdp, bench_phone.RATE)
        await page.goto(url)
        await page.wait_for_function(bench_phone.READY, timeout=TIMEOUT, polling=100)
        seen = await page.evaluate(bench_phone.RESULT)
        longest, tbt = bench_phone.blocking(seen, 0, seen["ready"])
        found: dict[str, Any] = {
            "ready": seen["ready"],
            "longest": longest,
            "tbt": tbt,
            "frame_gap": bench_phone.frame_gap(seen, seen["ready"]),
            "worker": worker_span(await page.evaluate(bench_browsers.MARKS)),
        }
        await bench_phone.throttle(cdp, 1)
        await page.wait_for_function(SNAPSHOT_MADE, timeout=TIMEOUT)
        card = page.locator('[data-slot="R1"] button[data-card]')
        box = await card.bounding_box()
        assert box is not None
        found["spot"] = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        await card.tap()
        await page.wait_for_function(
            "document.querySelector('[data-slot=\"R1\"] button').ariaPressed === 'true'"
        )
        return found
    finally:
        await context.close()


def worker_span(marks: dict[str, float]) -> float | None:
    """The prototype's worker, from its start to Python ready with the engine (its own
    marks, bench/worker/engine.js): CDP's CPU throttling slows the page's main thread
    only, not a dedicated worker, so at "4x" this span ran at full speed."""
    begun, python = marks.get("halfmoon-worker-begun"), marks.get("halfmoon-worker-python")
    return python - begun if begun is not None and python is not None else None


AFTER_S = 2.0  # a return visit's table is tapped on for this long after ready


async def return_visit(
    p: AsyncPlaywright, profile: str, url: str, spot: tuple[float, float] | None
) -> dict[str, Any]:
    """bench_phone.return_visit, the table tapped on for AFTER_S more once ready (the
    prototype is ready soon after its paint; its taps then go to the worker and back):
    the taps from paint to ready and from ready on, and the longest task from paint to
    the end."""
    if spot is None:
        return await bench_phone.return_visit(p, profile, url, spot)
    context, page, cdp = await bench_phone.open_profile(p, profile)
    try:
        await bench_phone.throttle(cdp, bench_phone.RATE)
        await page.goto(url, wait_until="commit")
        await bench_phone.tap_until_ready(page, cdp, spot)
        end = time.monotonic() + AFTER_S
        while time.monotonic() < end:
            await bench_phone.touch(cdp, *spot)
            await asyncio.sleep(bench_phone.TAP_PAUSE_S)
        await asyncio.sleep(1.0)  # the last taps' frames
        seen = await page.evaluate(bench_phone.RESULT)
        ready, paint = seen["ready"], seen["fcp"] if seen["painted"] else None
        last = max(seen["downs"], default=ready) + 1000
        found: dict[str, Any] = {
            "ready": ready,
            "painted": paint,
            "snapshot": seen["snapshot"],
            "longest_any": bench_phone.blocking(seen, 0, ready)[0],
            "worker": worker_span(await page.evaluate(bench_browsers.MARKS)),
        }
        if paint is not None:
            found["longest"], found["tbt"] = bench_phone.blocking(seen, paint, ready)
            found["longest_after"] = bench_phone.blocking(seen, paint, last)[0]
            found["taps"] = bench_phone.taps(seen, paint, ready)
            found["taps_after"] = bench_phone.taps(seen, ready, last)
        return found
    finally:
        await context.close()


async def phone(base: str, runs: int) -> dict[str, dict[str, list[dict[str, Any]]]]:
    found: dict[str, dict[str, list[dict[str, Any]]]] = {
        name: {"cold": [], "return": []} for name in PAGES
    }
    async with async_playwright() as p:
        for run in range(runs):
            for name in rotated(run, list(PAGES)):
                url = base + PAGES[name]
                with tempfile.TemporaryDirectory(prefix="bench-worker-") as profile:
                    if name == "proto":
                        cold = await proto_first_visit(p, profile, url)
                    else:
                        cold = await bench_phone.first_visit(p, profile, url, name == "game")
                    back = await return_visit(p, profile, url, cold.get("spot"))
                found[name]["cold"].append(cold)
                found[name]["return"].append(back)
            print(f"  phone run {run + 1}/{runs}", file=sys.stderr)
    return found


# ---------------------------------------------------------------- the desktop
def desktop(p: Playwright, base: str, runs: int) -> dict[str, dict[str, list[float]]]:
    """A first visit, then the browser started again on its profile: ready and the
    saved table painted (bench_browsers.ready_ms, PAINTED)."""
    found: dict[str, dict[str, list[float]]] = {
        name: {"cold": [], "return": [], "painted": []} for name in PAGES
    }
    for run in range(runs):
        for name in rotated(run, list(PAGES)):
            url = base + PAGES[name]
            with tempfile.TemporaryDirectory(prefix="bench-worker-") as profile:
                driver = bench_browsers.Chromium(p, profile)
                try:
                    found[name]["cold"].append(bench_browsers.ready_ms(driver, url, "cold"))
                    if name == "game":
                        driver.wait("!!navigator.serviceWorker.controller", 120)
                    if name != "bare":
                        driver.wait(SNAPSHOT_MADE, 120)
                finally:
                    driver.close()
                driver = bench_browsers.Chromium(p, profile)
                try:
                    found[name]["return"].append(bench_browsers.ready_ms(driver, url, "return"))
                    painted = driver.js(bench_browsers.PAINTED)
                    if isinstance(painted, int | float):
                        found[name]["painted"].append(float(painted))
                finally:
                    driver.close()
        print(f"  desktop run {run + 1}/{runs}", file=sys.stderr)
    return found


# ---------------------------------------------------------------- taps
def round_trips(browser: Browser, url: str, count: int) -> dict[str, float]:
    """``count`` taps of real play (legal moves and stray taps, bench_web.tap_latency's
    mix) clicked as a person does; each tap's ``halfmoon-tap`` (the click's time stamp
    to the DOM updated) and ``halfmoon-tap-work`` (the handler's start to the same)."""
    context = browser.new_context(locale="pt-PT", viewport={"width": 1366, "height": 768})
    page = context.new_page()
    page.goto(url)
    page.wait_for_function(bench_phone.READY, timeout=TIMEOUT)
    rng = random.Random(5)
    game = Game.new(CODE)
    taps = 0
    while taps < count:
        if game.status != "playing":
            shown = page.locator('[data-stat="code"]').text_content() or ""
            page.keyboard.press("Escape")
            page.locator('[data-action="new"]').click()
            page.wait_for_function(
                f"document.querySelector('[data-stat=\"code\"]').textContent !== {shown!r}"
            )
            game = Game.new(page.locator('[data-stat="code"]').text_content() or "")
            continue
        if rng.random() < 0.2:
            plan: tuple[str, ...] = (rng.choice(game.playable()),)
        else:
            plan = (*game.selection, *rng.choice(legal_moves(game.tops())))
        for slot in plan:
            if game.top(slot) is None or game.status != "playing":
                break
            card = page.locator(f'[data-slot="{slot}"] button[data-card]')
            bench_web.press(page, card, person=True)
            game.tap(slot)
            taps += 1
            page.wait_for_function(f"performance.getEntriesByName('halfmoon-tap').length >= {taps}")
    durations = page.evaluate("performance.getEntriesByName('halfmoon-tap').map(e => e.duration)")
    work = page.evaluate("performance.getEntriesByName('halfmoon-tap-work').map(e => e.duration)")
    context.close()
    return {
        "count": len(durations),
        "median": statistics.median(durations),
        "p95": bench_web.p95(durations),
        "max": max(durations),
        "work_median": statistics.median(work),
        "work_p95": bench_web.p95(work),
    }


# ---------------------------------------------------------------- the run
def measure(parts: tuple[str, ...], runs: int) -> dict[str, Any]:
    results: dict[str, Any] = {
        "runs": runs,
        "when": time.strftime("%Y-%m-%d %H:%M"),
        "load": os.getloadavg(),
    }
    with tempfile.TemporaryDirectory() as tmp:
        site = prepare_site(Path(tmp))
        add_prototype(site)
        sizes: list[tuple[str, int, int]] = []
        server, base = serve_in_background(site, sizes=sizes)
        try:
            if "lighthouse" in parts:
                results["lighthouse"] = lighthouse(base, runs)
            if "phone" in parts:
                results["phone"] = asyncio.run(phone(base, runs))
            if {"desktop", "bytes", "taps"} & set(parts):
                with sync_playwright() as p:
                    if "desktop" in parts:
                        results["desktop"] = desktop(p, base, runs)
                    if "bytes" in parts:
                        results["bytes"] = {}
                        for name in rotated(0, list(PAGES)):
                            sizes.clear()
                            results["bytes"][name] = bench_web.first_visit_bytes(
                                p, base + PAGES[name], sizes, worker=name == "game"
                            )
                    if "taps" in parts:
                        browser = p.chromium.launch(**launch_options())
                        results["taps"] = {
                            name: round_trips(browser, base + PAGES[name], TAPS)
                            for name in ("game", "proto")
                        }
                        browser.close()
        finally:
            server.shutdown()
    return results


def worker_slowed(visits: list[dict[str, Any]]) -> tuple[float, float] | None:
    """The prototype's worker span (start → Python ready, median) and the ready those
    visits would have had were the worker slowed 4x as the page is, or None."""
    spans = [v["worker"] for v in visits if v.get("worker") is not None]
    if not spans:
        return None
    span = statistics.median(spans)
    ready = [v["ready"] for v in visits if v.get("ready") is not None]
    return span, statistics.median(ready) + 3 * span


def report(r: dict[str, Any]) -> None:
    def cell(values: list[float]) -> str:
        if not values:
            return "—"
        m = median_range(values)
        return f"{m['median']:,.0f} ({m['min']:,.0f}–{m['max']:,.0f})"

    load = ", ".join(f"{x:.2f}" for x in r["load"])
    print(f"\nThe worker prototype (issue 54) — {r['runs']} runs, {r['when']}, load {load}\n")
    names = ("game", "proto", "bare")
    print(f"{'measure':44} " + " ".join(f"{n:>24}" for n in names))

    def row(label: str, values: dict[str, str]) -> None:
        print(f"{label:44} " + " ".join(f"{values.get(n, '—'):>24}" for n in names))

    if "lighthouse" in r:
        lh = r["lighthouse"]
        row(
            "Lighthouse mobile: performance",
            {n: ", ".join(str(f["scores"]["performance"]) for f in lh[n]) for n in names},
        )
        for short in ("TBT", "FCP", "LCP"):
            row(
                f"  {short} (ms)",
                {n: cell([f["metrics"][short] for f in lh[n]]) for n in names},
            )
    if "phone" in r:
        ph = r["phone"]

        def ret(name: str, key: str) -> list[float]:
            return [v[key] for v in ph[name]["return"] if v.get(key) is not None]

        row("phone 4x return: painted (ms)", {n: cell(ret(n, "painted")) for n in names})
        row("  ready (ms)", {n: cell(ret(n, "ready")) for n in names})
        ratios = {
            n: statistics.median(
                a["ready"] / b["ready"]
                for a, b in zip(ph[n]["return"], ph["bare"]["return"], strict=True)
            )
            for n in names
        }
        row("  ready / bare return (paired median)", {n: f"{ratios[n]:.2f}" for n in names})
        row("  longest task, paint → ready (ms)", {n: cell(ret(n, "longest")) for n in names})
        row(
            f"  longest task, paint → ready + {AFTER_S:.0f} s",
            {n: cell(ret(n, "longest_after")) for n in names},
        )
        row("  longest task, navigation → ready", {n: cell(ret(n, "longest_any")) for n in names})
        row("  blocking time, paint → ready (ms)", {n: cell(ret(n, "tbt")) for n in names})
        for key, label in (
            ("taps", "paint → ready"),
            ("taps_after", f"ready → + {AFTER_S:.0f} s"),
        ):
            taps = {n: [t for v in ph[n]["return"] for t in v.get(key, [])] for n in names}
            row(
                f"  taps {label}: n, median, worst",
                {
                    n: f"{len(t)}, {statistics.median(t):.0f}, {max(t):.0f}"
                    for n, t in taps.items()
                    if t
                },
            )
            row(
                "    of them over 100 ms",
                {n: str(sum(x > 100 for x in t)) for n, t in taps.items() if t},
            )
        slowed = worker_slowed(ph["proto"]["return"])
        if slowed is not None:
            span, ready = slowed
            print(
                f"  the prototype's worker (not slowed by CDP): start → Python ready {span:,.0f} ms"
                f" median; were it 4x slower, ready ≈ {ready:,.0f} ms"
                f" ({ready / statistics.median(ret('bare', 'ready')):.2f}x the bare return)"
            )
        starts = {n: ",".join(str(v.get("snapshot")) for v in ph[n]["return"]) for n in names}
        row("  how Python started", starts)

        def cold(name: str, key: str) -> list[float]:
            return [v[key] for v in ph[name]["cold"]]

        row("phone 4x first visit: ready (ms)", {n: cell(cold(n, "ready")) for n in names})
        row("  longest task (ms)", {n: cell(cold(n, "longest")) for n in names})
        row("  blocking time (ms)", {n: cell(cold(n, "tbt")) for n in names})
        slowed = worker_slowed(ph["proto"]["cold"])
        if slowed is not None:
            print(
                f"  the prototype's worker, first visit: start → Python ready {slowed[0]:,.0f} ms;"
                f" were it 4x slower, ready ≈ {slowed[1]:,.0f} ms"
            )
    if "desktop" in r:
        d = r["desktop"]
        row("desktop first visit: ready (ms)", {n: cell(d[n]["cold"]) for n in names})
        row("desktop return: painted (ms)", {n: cell(d[n]["painted"]) for n in names})
        row("desktop return: ready (ms)", {n: cell(d[n]["return"]) for n in names})
        row(
            "  ready / bare return (paired median)",
            {
                n: "{:.2f}".format(
                    statistics.median(
                        a / b for a, b in zip(d[n]["return"], d["bare"]["return"], strict=True)
                    )
                )
                for n in names
            },
        )
    if "bytes" in r:
        b = r["bytes"]
        row("first-visit bytes (game: offline copy incl.)", {n: f"{b[n]:,.0f}" for n in b})
        row("  against bare", {n: f"{b[n] / b['bare']:.3f}" for n in b})
    if "taps" in r:
        t = r["taps"]
        row(
            "tap round trip, desktop: median / p95 (ms)",
            {n: f"{t[n]['median']:.1f} / {t[n]['p95']:.1f}" for n in t},
        )
        row(
            "  handler → DOM: median / p95 (ms)",
            {n: f"{t[n]['work_median']:.1f} / {t[n]['work_p95']:.1f}" for n in t},
        )
        row("  taps, worst (ms)", {n: f"{t[n]['count']}, {t[n]['max']:.1f}" for n in t})


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--parts", default=",".join(PARTS))
    args = parser.parse_args()
    parts = tuple(part for part in args.parts.split(",") if part)
    if unknown := set(parts) - set(PARTS):
        sys.exit(f"no such part: {', '.join(sorted(unknown))} (parts: {', '.join(PARTS)})")
    if not (ROOT / "site" / "index.html").exists():
        sys.exit("build the site first: make site")
    results = measure(parts, RUNS)
    report(results)
    out = ROOT / "bench" / f"worker-{'-'.join(parts)}.json"
    out.write_text(json.dumps(results, indent=1) + "\n")
    print(f"\nwrote {out.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
