"""A mid-range phone: Half Moon's start with the CPU slowed four times, against the bare
Pyodide page in the same conditions (part of ``make bench``; ``make bench-phone`` alone).

Chromium with CDP ``Emulation.setCPUThrottlingRate`` 4 (Lighthouse's mid-range phone) and
a 390x844 touch viewport.  Rows:

- a return visit (the browser quit and started again on its profile, the snapshot made):
  the saved table painted, ready, the longest main-thread task and the total blocking
  time from the first paint to ready (``PerformanceObserver`` ``longtask``), and real taps
  on the painted table (CDP touch events, sent on a schedule without waiting for the page)
  at several moments between paint and ready, a tap at a time: each tap's Event Timing
  duration (the longest entry of its interaction: touch → handlers → next paint);
- a first visit (a fresh profile): ready, the longest task, the blocking time, and the
  longest gap between two frames drawn (the progress bar moves only when frames are);
- the bare Pyodide page, cold and coming back, in the same conditions.

Figures are in the page's own clock (navigation = 0).  Prints a table and returns the
figures (bench/bench_web.py writes them into bench/results.json).
"""

from __future__ import annotations

import asyncio
import itertools
import json
import os
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

from playwright.async_api import BrowserContext, CDPSession, Page, Playwright, async_playwright

from tools.chromium import launch_options
from tools.serve import serve_in_background

from .common import ROOT, median_range, prepare_site

RUNS = int(os.environ.get("RUNS", "5"))
# A tap's wait that INP calls poor: the suite's phone test asserts taps relative to the
# start they fall in (tests/browser/test_phone.py); the milliseconds are this row's.
POOR_MS = 500
RATE = 4  # CPU slowdown
PHONE = {
    "viewport": {"width": 390, "height": 844},
    "has_touch": True,
    "is_mobile": True,
    "device_scale_factor": 2,
    "locale": "pt-PT",
}
TIMEOUT = 120_000
TAP_PAUSE_S = 0.15  # between a tap's end and the next tap
HOLD_S = 0.06  # a finger stays on the glass this long
PAGES = {"bare": "/bench-baseline.html", "game": "/#HM1-N-AAAAAAB"}
# Watched from the document's first moment: long tasks, input events (Event Timing),
# frames, and every pointerdown's time stamp (a tap whose interaction took under 16 ms
# has no Event Timing entry).
PROBE = """
(() => {
  const seen = (window.__phone = { long: [], events: [], downs: [], frames: [] });
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) seen.long.push([e.startTime, e.duration]);
    }).observe({ type: "longtask", buffered: true });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        seen.events.push([e.name, e.startTime, e.duration, e.processingStart, e.processingEnd,
          e.interactionId]);
    }).observe({ type: "event", buffered: true, durationThreshold: 16 });
  } catch (_) { /* no such entries here */ }
  const options = { capture: true, passive: true };
  addEventListener("pointerdown", (e) => seen.downs.push(e.timeStamp), options);
  const frame = (t) => {
    seen.frames.push(t);
    if (seen.frames.length < 5000) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})();
"""
READY = "document.documentElement.dataset.app === 'ready'"
RESULT = """(() => {
  const root = document.documentElement;
  const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null;
  const ready = performance.getEntriesByName('halfmoon-ready')[0]?.startTime ?? null;
  return { ...window.__phone, fcp, ready, painted: root.dataset.painted === 'true',
           snapshot: root.dataset.snapshot ?? null };
})()"""


async def open_profile(p: Playwright, profile: str) -> tuple[BrowserContext, Page, CDPSession]:
    context = await p.chromium.launch_persistent_context(profile, **launch_options(), **PHONE)
    await context.add_init_script(PROBE)
    page = context.pages[0] if context.pages else await context.new_page()
    cdp = await context.new_cdp_session(page)
    return context, page, cdp


async def throttle(cdp: CDPSession, rate: float) -> None:
    await cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})


async def touch(cdp: CDPSession, x: float, y: float) -> None:
    """A finger on the glass and off again: the browser's own input pipeline, as a phone's
    touch screen feeds it (the page sees touch and pointer events, then a click).  Each
    call returns once the page has had the event, as a finger's next touch waits for
    the last one to be over."""
    point = {"x": x, "y": y, "radiusX": 4, "radiusY": 4, "force": 1, "id": 1}
    await cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [point]})
    await asyncio.sleep(HOLD_S)
    await cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


async def tap_until_ready(page: Page, cdp: CDPSession, spot: tuple[float, float]) -> None:
    """Tap ``spot`` from the first moments until the page is ready, a tap at a time with
    a short pause between them, as a player taps a table that does not seem to answer:
    wherever a tap lands, in a long task or between two, it is measured."""
    ready = asyncio.create_task(page.wait_for_function(READY, timeout=TIMEOUT, polling=50))
    while not ready.done():
        await touch(cdp, *spot)
        await asyncio.wait([ready], timeout=TAP_PAUSE_S)
    await ready


def taps(seen: dict[str, Any], start: float, end: float) -> list[float]:
    """Each tap (a pointerdown) made between ``start`` and ``end``: the longest Event
    Timing duration among its interaction's entries (16 ms when it has none: the browser
    reports only entries of 16 ms or more)."""
    durations = []
    for down in seen["downs"]:
        if not start <= down <= end:
            continue
        entries = [e for e in seen["events"] if abs(e[1] - down) < 0.5 and e[0] == "pointerdown"]
        ids = {e[5] for e in entries if e[5]}
        related = [e for e in seen["events"] if e[5] in ids] + entries
        durations.append(max([e[2] for e in related], default=16.0))
    return durations


def blocking(seen: dict[str, Any], start: float, end: float) -> tuple[float, float]:
    """The longest main-thread task and the total blocking time (each task's time over
    50 ms) among the tasks that began between ``start`` and ``end``."""
    tasks = [d for t, d in seen["long"] if start <= t <= end]
    return max(tasks, default=0.0), sum(max(0.0, d - 50) for d in tasks)


def frame_gap(seen: dict[str, Any], end: float) -> float:
    """The longest time between two frames drawn before ``end``."""
    frames = [t for t in seen["frames"] if t <= end]
    return max((b - a for a, b in itertools.pairwise(frames)), default=0.0)


async def first_visit(p: Playwright, profile: str, url: str, game: bool) -> dict[str, Any]:
    """A first visit at 4x; then, at full speed, what a return visit needs: the offline
    copy, a move saved (the table to paint) and the snapshot.  Where to tap comes back."""
    context, page, cdp = await open_profile(p, profile)
    try:
        await throttle(cdp, RATE)
        await page.goto(url)
        await page.wait_for_function(READY, timeout=TIMEOUT, polling=100)
        seen = await page.evaluate(RESULT)
        longest, tbt = blocking(seen, 0, seen["ready"])
        found = {
            "ready": seen["ready"],
            "longest": longest,
            "tbt": tbt,
            "frame_gap": frame_gap(seen, seen["ready"]),
        }
        await throttle(cdp, 1)
        if game:
            await page.wait_for_function("!!navigator.serviceWorker.controller", timeout=TIMEOUT)
            card = page.locator('[data-slot="R1"] button[data-card]')
            box = await card.bounding_box()
            assert box is not None
            found["spot"] = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
            await card.tap()  # selected, and saved so: the table a return visit paints
            await page.wait_for_function("document.documentElement.dataset.saved === 'done'")
            await page.wait_for_function(
                "document.documentElement.dataset.snapshotMade", timeout=TIMEOUT
            )
        return found
    finally:
        await context.close()


async def return_visit(
    p: Playwright, profile: str, url: str, spot: tuple[float, float] | None
) -> dict[str, Any]:
    """The browser started again on its profile, at 4x; the game's painted table tapped
    until ready."""
    context, page, cdp = await open_profile(p, profile)
    try:
        await throttle(cdp, RATE)
        if spot is None:
            await page.goto(url)
            await page.wait_for_function(READY, timeout=TIMEOUT, polling=100)
        else:
            await page.goto(url, wait_until="commit")
            await tap_until_ready(page, cdp, spot)
            await asyncio.sleep(1.0)  # the last taps' frames
        seen = await page.evaluate(RESULT)
        ready = seen["ready"]
        paint = seen["fcp"] if seen["painted"] else None
        longest, tbt = blocking(seen, paint or 0, ready)
        found = {
            "ready": ready,
            "painted": paint,
            "longest": longest,
            "tbt": tbt,
            "longest_any": blocking(seen, 0, ready)[0],
            "snapshot": seen["snapshot"],
        }
        if paint is not None:
            found["taps"] = taps(seen, paint, ready)
            found["events"] = [e for e in seen["events"] if paint <= e[1] <= ready + 1000]
            found["long"] = [t for t in seen["long"] if paint <= t[0] <= ready]
        return found
    finally:
        await context.close()


async def measure(base: str, runs: int) -> dict[str, list[dict[str, Any]]]:
    found: dict[str, list[dict[str, Any]]] = {
        "game_cold": [],
        "bare_cold": [],
        "game_return": [],
        "bare_return": [],
    }
    async with async_playwright() as p:
        for run in range(runs):
            order = list(PAGES) if run % 2 == 0 else list(reversed(PAGES))
            for name in order:
                with tempfile.TemporaryDirectory(prefix="bench-phone-") as profile:
                    cold = await first_visit(p, profile, base + PAGES[name], name == "game")
                    found[f"{name}_cold"].append(cold)
                    back = await return_visit(p, profile, base + PAGES[name], cold.get("spot"))
                    found[f"{name}_return"].append(back)
            print(f"  phone run {run + 1}/{runs}", file=sys.stderr)
    return found


def summary(found: dict[str, list[dict[str, Any]]]) -> dict[str, Any]:
    def column(rows: str, key: str) -> list[float]:
        return [r[key] for r in found[rows] if r.get(key) is not None]

    game_taps = [t for r in found["game_return"] for t in r.get("taps", [])]
    ratios = [
        g["ready"] / b["ready"]
        for g, b in zip(found["game_return"], found["bare_return"], strict=True)
    ]
    return {
        "return": {
            k: median_range(column("game_return", k))
            for k in ("painted", "ready", "longest", "tbt", "longest_any")
        },
        "return_taps": {
            "count": len(game_taps),
            "median": statistics.median(game_taps) if game_taps else None,
            "max": max(game_taps, default=None),
            "all": game_taps,
        },
        "return_ratio": statistics.median(ratios),
        "bare_return": {
            k: median_range(column("bare_return", k)) for k in ("ready", "longest", "tbt")
        },
        "cold": {
            k: median_range(column("game_cold", k))
            for k in ("ready", "longest", "tbt", "frame_gap")
        },
        "bare_cold": {
            k: median_range(column("bare_cold", k))
            for k in ("ready", "longest", "tbt", "frame_gap")
        },
        "starts": [r["snapshot"] for r in found["game_return"]],
    }


def report(s: dict[str, Any], runs: int) -> None:
    def cell(m: dict[str, float]) -> str:
        return f"{m['median']:>7,.0f} ({m['min']:,.0f}–{m['max']:,.0f})"

    def row(label: str, mine: dict[str, float], other: str = "") -> None:
        print(f"{label:36} {cell(mine):>22}   {other}")

    print(f"\nA phone: CPU slowed {RATE}x, 390x844 touch — {runs} alternating runs (ms)\n")
    r, b, c, bc = s["return"], s["bare_return"], s["cold"], s["bare_cold"]
    ratio = s["return_ratio"]
    row("return visit: saved table painted", r["painted"])
    ok = "ok" if ratio <= 0.30 else "MISSED"
    against = f"bare {cell(b['ready'])}, ratio {ratio:.2f} (≤ 0.30) {ok}"
    row("return visit: ready", r["ready"], against)
    ok = "ok" if r["longest"]["max"] <= 200 else "MISSED"
    row("  longest task, painted → ready", r["longest"], f"(≤ 200) {ok}")
    row("  longest task, navigation → ready", r["longest_any"], f"bare {cell(b['longest'])}")
    row("  total blocking, painted → ready", r["tbt"], f"bare, navigation → ready {cell(b['tbt'])}")
    t = s["return_taps"]
    if t["count"]:
        ok = "ok" if t["median"] <= 100 and t["max"] <= 200 else "MISSED"
        poor = "none" if t["max"] <= POOR_MS else "SOME"
        print(
            f"  taps on the painted table ({t['count']}): median {t['median']:.0f},"
            f" worst {t['max']:.0f} (median ≤ 100, worst ≤ 200) {ok};"
            f" beyond {POOR_MS} (INP's poor): {poor}"
        )
    row("first visit: ready", c["ready"], f"bare {cell(bc['ready'])}")
    row("  longest task", c["longest"], f"bare {cell(bc['longest'])}")
    row("  total blocking", c["tbt"], f"bare {cell(bc['tbt'])}")
    row("  longest gap between frames", c["frame_gap"], f"bare {cell(bc['frame_gap'])}")
    print(f"how the return visits' Python started: {s['starts']}")


def run(runs: int = RUNS, site: Path | None = None) -> dict[str, Any]:
    """Measure (``site``: a prepared site, else one is prepared from site/) and print."""
    with tempfile.TemporaryDirectory() as tmp:
        site = site or prepare_site(Path(tmp))
        server, base = serve_in_background(site)
        try:
            found = asyncio.run(measure(base, runs))
        finally:
            server.shutdown()
    s = summary(found)
    report(s, runs)
    s["runs"] = found
    return s


def main() -> None:
    if not (ROOT / "site" / "index.html").exists():
        sys.exit("build the site first: make site")
    result = run()
    out = ROOT / "bench" / "phone.json"
    out.write_text(json.dumps(result, indent=1) + "\n")
    print(f"\nwrote {out.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
