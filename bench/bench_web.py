"""make bench: Half Moon's start-up, tap latency, bytes and memory, measured in one run
against a bare page that loads the same vendored Pyodide and runs ``import sys``.

Runs of the pages alternate (RUNS of each, 7 unless the environment says otherwise).
Start-up is measured cold (a fresh profile), on a quick reload (before the snapshot of
the next visit is made), on a reload once it is made, and on a return visit (the browser
quits and starts again on its profile: bench/bench_browsers.py's Chromium run); a new
player's first visit (no link) is timed to the new deal painted, on the loopback and
over a 20 Mbit/s link.
Taps are clicks on the cards as a person makes them (the pointer rests on the card, the
button is held a moment); the same taps as Playwright's instant clicks are measured for
reference.  Then a mid-range phone (bench/bench_phone.py): the CPU slowed four times, a
return visit tapped while it starts, a first visit, and the bare page in the same
conditions.  Prints medians with min–max and the ratios to the baseline, and writes
bench/results.json.  It needs the built site (make site).
"""

from __future__ import annotations

import json
import os
import random
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

from playwright.sync_api import (
    Browser,
    BrowserContext,
    Locator,
    Page,
    Playwright,
    sync_playwright,
)

from halfmoon import Game
from halfmoon.words.i18n import LANGUAGES
from tests.solver import legal_moves
from tools.chromium import launch_options
from tools.serve import serve_in_background

from . import bench_browsers, bench_phone
from .common import ROOT, median_range, prepare_site

RUNS = int(os.environ.get("RUNS", "7"))  # make bench RUNS=15: a tighter median
TAPS = 240
REST_MS = 100  # a pointer rests on its target before the press
HOLD_MS = 80  # and a click holds the button down this long
TIMEOUT = 90_000
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


def worker_in_charge(page: Page) -> None:
    """Wait until the game's service worker has installed its offline copy and controls
    the page."""
    page.evaluate("navigator.serviceWorker.ready")
    page.wait_for_function("Boolean(navigator.serviceWorker.controller)")


def first_visit_bytes(
    p: Playwright, url: str, sizes: list[tuple[str, int, int]], *, worker: bool = False
) -> float:
    """Bytes a first visit downloads in an ordinary browser profile (one with a disk
    cache), including, with a service worker, all that it keeps for offline play."""
    with tempfile.TemporaryDirectory() as profile:
        context = p.chromium.launch_persistent_context(profile, locale="pt-PT", **launch_options())
        context.add_init_script(READY_PROBE)
        page = context.new_page()
        load(page, url)
        if worker:
            worker_in_charge(page)
        page.wait_for_timeout(500)
        context.close()
    return float(sum(n for _, status, n in sizes if status == 200))


THROTTLE = {  # a first visit over a 20 Mbit/s link with 40 ms of latency
    "offline": False,
    "latency": 40,
    "downloadThroughput": 20_000_000 / 8,
    "uploadThroughput": 20_000_000 / 8,
}


def throttled_first_visit(browser: Browser, url: str) -> float:
    """A first visit over THROTTLE (the browser's own network throttling; the files
    served compressed, as a static host sends them): ready, in the page's own clock."""
    context = browser.new_context(locale="pt-PT")
    context.add_init_script(READY_PROBE)
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", THROTTLE)
    ready = load(page, url)
    context.close()
    return ready


def new_player_painted(browser: Browser, url: str, *, throttled: bool) -> float:
    """A new player's first visit (no link, nothing stored): when the new deal the page
    holds is painted (its first contentful paint: the table is in the first frame), in
    the page's own clock; ``throttled``: over THROTTLE."""
    context = browser.new_context(locale="pt-PT")
    page = context.new_page()
    if throttled:
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send("Network.emulateNetworkConditions", THROTTLE)
    page.goto(url, wait_until="commit")
    page.wait_for_function(
        "document.documentElement?.dataset.painted === 'new'"
        " && performance.getEntriesByName('first-contentful-paint').length > 0",
        timeout=TIMEOUT,
    )
    painted = paint(page)
    context.close()
    return painted


def twice(sizes: list[tuple[str, int, int]]) -> list[str]:
    """The files downloaded (200) more than once."""
    seen = Counter(path.split("?")[0] for path, status, _ in sizes if status == 200)
    return sorted(path for path, n in seen.items() if n > 1)


WASM_TRACE = ["disabled-by-default-devtools.timeline", "v8.wasm"]


def wasm_from_cache(p: Playwright, url: str) -> dict[str, Any]:
    """Whether Chromium takes the compiled wasm from its cache on a return visit (the
    browser started again on its profile): the trace of that start, read for V8's
    events of a compile consumed from the cache, and the compile's own time."""
    with tempfile.TemporaryDirectory() as profile:
        context = p.chromium.launch_persistent_context(profile, locale="pt-PT", **launch_options())
        page = context.pages[0] if context.pages else context.new_page()
        page.goto(url)
        page.wait_for_function("document.documentElement.dataset.snapshotMade", timeout=TIMEOUT)
        worker_in_charge(page)
        context.close()
        context = p.chromium.launch_persistent_context(profile, locale="pt-PT", **launch_options())
        page = context.pages[0] if context.pages else context.new_page()
        cdp = context.new_cdp_session(page)
        events: list[dict[str, Any]] = []
        done: list[bool] = []
        cdp.on("Tracing.dataCollected", lambda e: events.extend(e["value"]))
        cdp.on("Tracing.tracingComplete", lambda e: done.append(True))
        cdp.send("Tracing.start", {"traceConfig": {"includedCategories": WASM_TRACE}})
        page.goto(url)
        page.wait_for_function("document.documentElement.dataset.app === 'ready'", timeout=TIMEOUT)
        cdp.send("Tracing.end")
        while not done:
            page.wait_for_timeout(100)
        context.close()
    names = Counter(e.get("name") for e in events)
    streams = [e for e in events if e.get("name") == "wasm.FinishStreaming"]
    start = [e for e in events if e.get("name") == "wasm.StartStreamingCompilation"]
    compile_ms = (
        (streams[-1]["ts"] + streams[-1].get("dur", 0) - start[-1]["ts"]) / 1000
        if streams and start
        else 0.0
    )
    return {
        "consumed": names.get("v8.wasm.compileConsume", 0) > 0,
        "events": {k: v for k, v in names.items() if k and "wasm" in k.lower()},
        "compile_ms": compile_ms,
    }


def p95(values: list[float]) -> float:
    return sorted(values)[int(0.95 * (len(values) - 1))]


def press(page: Page, card: Locator, *, person: bool) -> None:
    """Click a card.  As a person: the pointer travels to the card, rests on it while the
    eye confirms the aim, and the button is held down for a moment before it is released.
    As a machine (Playwright's own click): move, press and release within a millisecond."""
    if not person:
        card.click()
        return
    box = card.bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2, steps=4)
    page.wait_for_timeout(REST_MS)
    page.mouse.down()
    page.wait_for_timeout(HOLD_MS)
    page.mouse.up()


FRAMES = """
window.__frames = []; window.__inputs = [];
let last = performance.now();
const tick = (t) => {
  window.__frames.push([last, t - last]);
  last = t;
  requestAnimationFrame(tick);
};
requestAnimationFrame(tick);
for (const type of ["click", "keydown"])
  document.addEventListener(type, (e) => window.__inputs.push(e.timeStamp), true);
"""
INPUT_WINDOW_MS = 60  # a frame starting this soon after a tap or key draws that input's work


def animation_frames(browser: Browser, url: str) -> dict[str, float]:
    """Frame intervals while the cards move: deals (20 copies flying), removals (two or
    three copies to the score) and undos (copies flying back), each left to finish."""
    context = browser.new_context(locale="pt-PT", viewport={"width": 1366, "height": 768})
    page = context.new_page()
    page.goto(url)
    page.wait_for_function("document.documentElement.dataset.app === 'ready'", timeout=TIMEOUT)
    page.wait_for_timeout(500)
    page.evaluate(FRAMES)
    rng = random.Random(7)
    for _ in range(6):
        page.keyboard.press("Escape")  # an end dialog, if a random line got stuck
        page.locator('[data-action="new"]').click()
        confirm = page.locator('[data-role="confirm"]')  # a game under way: asked first
        if confirm.is_visible():
            confirm.locator('[data-answer="yes"]').click()
        page.wait_for_timeout(800)
        code = page.locator('[data-stat="code"]').text_content() or ""
        game = Game.new(code)
        for _ in range(4):
            moves = legal_moves(game.tops())
            if not moves or game.status != "playing":
                break
            for slot in rng.choice(moves):
                page.locator(f'[data-slot="{slot}"] button[data-card]').click()
                game.tap(slot)
            page.wait_for_timeout(450)
        page.keyboard.press("Escape")
        page.locator('[data-action="undo"]').click()
        page.wait_for_timeout(450)
    recorded = page.evaluate("window.__frames.slice(1)")
    inputs = page.evaluate("window.__inputs")
    context.close()

    def after_input(start: float) -> bool:
        return any(0 <= start - t <= INPUT_WINDOW_MS for t in inputs)

    moving = [d for start, d in recorded if not after_input(start)]
    answering = [d for start, d in recorded if after_input(start)]
    return {
        "count": len(moving),
        "median": statistics.median(moving),
        "p95": p95(moving),
        "max": max(moving),
        "over_16ms": sum(d > 17.5 for d in moving),  # a frame missed: ≥ 2 vsyncs
        "input_frames": len(answering),
        "input_max": max(answering),
        "input_median": statistics.median(answering),
    }


def tap_latency(browser: Browser, url: str, *, person: bool) -> dict[str, float]:
    """Play TAPS taps of real play (legal moves and stray taps) by clicking the cards on
    the page, and read the game's own performance measures back."""
    context = browser.new_context(locale="pt-PT", viewport={"width": 1366, "height": 768})
    context.add_init_script(
        "window.__inputDelay = []; document.addEventListener('click',"
        " e => window.__inputDelay.push(performance.now() - e.timeStamp), true);"
    )
    page = context.new_page()
    page.goto(url)
    page.wait_for_function("document.documentElement.dataset.app === 'ready'", timeout=TIMEOUT)
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
            tops = game.tops()
            plan = (*game.selection, *rng.choice(legal_moves(tops)))
        for slot in plan:
            if game.top(slot) is None or game.status != "playing":
                break
            press(page, page.locator(f'[data-slot="{slot}"] button[data-card]'), person=person)
            game.tap(slot)
            taps += 1
    taps_seen = page.evaluate(
        "performance.getEntriesByName('halfmoon-tap').map(e => [e.startTime, e.duration])"
    )
    durations = [duration for _, duration in taps_seen]
    # the taps made while a worker made the snapshot for the next visit
    build = page.evaluate(
        "performance.getEntriesByName('halfmoon-snapshot').map(e => [e.startTime, e.duration])"
    )
    during = [d for t, d in taps_seen for s, n in build if s <= t <= s + n]
    work = page.evaluate("performance.getEntriesByName('halfmoon-tap-work').map(e => e.duration)")
    # The browser's own input delay, seen by a plain JavaScript listener.
    input_delay = page.evaluate("window.__inputDelay")
    context.close()
    return {
        "count": len(durations),
        "median": statistics.median(durations),
        "p95": p95(durations),
        "max": max(durations),
        "work_median": statistics.median(work),
        "work_p95": p95(work),
        "input_delay_median": statistics.median(input_delay),
        "input_delay_p95": p95(input_delay),
        "snapshot_ms": build[0][1] if build else 0.0,
        "during_snapshot_count": len(during),
        "during_snapshot_median": statistics.median(during) if during else 0.0,
        "during_snapshot_p95": p95(during) if during else 0.0,
    }


def main() -> None:
    if not (ROOT / "site" / "index.html").exists():
        sys.exit("build the site first: make site")
    results: dict[str, Any] = {"runs": RUNS, "when": time.strftime("%Y-%m-%d %H:%M")}
    samples: dict[str, list[float]] = {
        k: []
        for k in (
            "baseline_cold",
            "game_cold",
            "baseline_warm",
            "game_warm",
            "paint_cold",
            "paint_warm",
            "baseline_bytes",
            "game_bytes",
            "baseline_bytes_private",
            "game_bytes_private",
            "baseline_memory",
            "game_memory",
            "repeat_requests",
            "pyscript_cold",
            "pyscript_warm",
            "pyscript_bytes_private",
            "pyscript_memory",
            "baseline_slow",
            "game_slow",
            "new_painted",
            "new_painted_slow",
        )
    }
    doubled: set[str] = set()  # files the game's first visit downloaded twice before ready
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
                    if name == "game":
                        doubled.update(twice(list(sizes)))
                        samples["paint_cold"].append(paint(page))
                        # The first visit also downloads what the service worker keeps
                        # for offline play: count it all, once the worker is in charge.
                        worker_in_charge(page)
                    samples[f"{name}_bytes_private"].append(
                        sum(n for _, status, n in sizes if status == 200)
                    )
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
            # The same every time: once is enough; the game's in each language (a first
            # visit downloads the words and pages of its own), the largest counted.
            sizes.clear()
            samples["baseline_bytes"].append(first_visit_bytes(p, pages["baseline"], sizes))
            by_language = {}
            for code in LANGUAGES:
                sizes.clear()
                by_language[code] = first_visit_bytes(
                    p, f"{url}/?lang={code}#HM1-N-AAAAAAB", sizes, worker=True
                )
            samples["game_bytes"].append(max(by_language.values()))
            results["bytes_by_language"] = by_language
            for run in range(RUNS):  # a first visit over a modest link
                for name in ("baseline", "game") if run % 2 == 0 else ("game", "baseline"):
                    samples[f"{name}_slow"].append(throttled_first_visit(browser, pages[name]))
            for _ in range(RUNS):  # a new player: the new deal painted, at once and slowly
                for slow in (False, True):
                    samples["new_painted_slow" if slow else "new_painted"].append(
                        new_player_painted(browser, url + "/", throttled=slow)
                    )
            results["doubled"] = sorted(doubled)
            results["wasm"] = wasm_from_cache(p, pages["game"])
            # A player coming back: the browser quits and starts again on its profile.

            visits = bench_browsers.measure(
                "chromium", lambda profile: bench_browsers.Chromium(p, profile or ""), url, RUNS
            )
            for name, page_name in (("game", "game"), ("baseline", "bare")):
                samples[f"{name}_return"] = visits[page_name]["return"]
                samples[f"{name}_snapshot_reload"] = visits[page_name]["reload"]
            samples["game_painted"] = visits["game"]["painted"]
            samples["game_shift"] = visits["game"]["shift"]
            results["steps"] = bench_browsers.steps_text(bench_browsers.STEPS_SEEN)
            results["snapshot"] = bench_browsers.snapshot_size(bench_browsers.SNAPSHOTS)
            taps = {
                "person": tap_latency(browser, pages["game"], person=True),
                "machine": tap_latency(browser, pages["game"], person=False),
                "frames": animation_frames(browser, pages["game"]),
            }
            browser.close()
        server.shutdown()
        # A mid-range phone: the CPU slowed four times (bench/bench_phone.py prints its rows)
        results["phone"] = bench_phone.run(RUNS, site)
    report(samples, taps, repeat_paths, results)


def report(
    samples: dict[str, list[float]],
    taps: dict[str, dict[str, float]],
    repeat_paths: list[str],
    results: dict[str, Any],
) -> None:
    def ratio(a: str, b: str) -> float:
        """Median of the paired ratios a[i] / b[i] (runs alternate, so pairs are fair);
        the ratio of the medians where a visit gave no sample of one of them."""
        if len(samples[a]) != len(samples[b]):
            return statistics.median(samples[a]) / statistics.median(samples[b])
        return statistics.median(x / y for x, y in zip(samples[a], samples[b], strict=True))

    rows = [
        ("cold start (ms)", "game_cold", "baseline_cold", 1.10),
        ("warm start (ms)", "game_warm", "baseline_warm", 1.05),
        ("reload, snapshot made (ms)", "game_snapshot_reload", "baseline_snapshot_reload", None),
        ("return visit: ready", "game_return", "baseline_return", 0.30),
        ("return visit: saved table painted", "game_painted", "baseline_return", 0.10),
        ("first visit: new deal painted", "new_painted", "baseline_cold", 0.10),
        ("  over 20 Mbit/s 40 ms", "new_painted_slow", "baseline_slow", 0.10),
        ("first paint, cold (ms)", "paint_cold", "baseline_warm", 0.25),
        ("first paint, warm (ms)", "paint_warm", "baseline_warm", 0.25),
        ("first visit, 20 Mbit/s 40 ms", "game_slow", "baseline_slow", 0.90),
        ("first-visit bytes, largest language", "game_bytes", "baseline_bytes", 0.80),
        ("  in a private window", "game_bytes_private", "baseline_bytes_private", 0.80),
        ("memory after boot (bytes)", "game_memory", "baseline_memory", 1.15),
    ]
    print(f"Half Moon vs bare Pyodide — {results['runs']} alternating runs each\n")
    head = ("measure", "Half Moon median (min–max)", "baseline median", "ratio", "target")
    print(f"{head[0]:32} {head[1]:>34} {head[2]:>16} {head[3]:>7} {head[4]:>7}")
    table = []
    for label, mine, base, target in rows:
        m, b = median_range(samples[mine]), median_range(samples[base])
        r = ratio(mine, base)
        ok = "" if target is None else "ok" if r <= target else "MISSED"
        print(
            f"{label:32} {m['median']:>14,.0f} ({m['min']:,.0f}–{m['max']:,.0f}) "
            f"{b['median']:>16,.0f} {r:>7.3f} {'' if target is None else '≤' + str(target):>7} {ok}"
        )
        table.append({"measure": label, "game": m, "baseline": b, "ratio": r, "target": target})
    print(
        "  first-visit bytes by language: "
        + ", ".join(f"{code} {n:,.0f}" for code, n in results["bytes_by_language"].items())
    )
    for kind in ("cold", "warm"):
        m = median_range(samples[f"pyscript_{kind}"])
        print(
            f"{'  for reference: bare PyScript, ' + kind:32} {m['median']:>14,.0f}"
            f" ({m['min']:,.0f}–{m['max']:,.0f}) {'':>16}"
            f" {ratio(f'pyscript_{kind}', f'baseline_{kind}'):>7.3f}"
            "   (the floor of any PyScript page)"
        )
    person, machine = taps["person"], taps["machine"]
    ok = "ok" if person["median"] <= 4 and person["p95"] <= 16 else "MISSED"
    print(
        f"\ntap, input event → DOM updated, clicking as a person does (pointer rests {REST_MS} ms"
        f" on the card, button held {HOLD_MS} ms): median {person['median']:.2f} ms,"
        f" p95 {person['p95']:.2f} ms, max {person['max']:.2f} ms over {person['count']} taps"
        f" (targets: median ≤ 4, p95 ≤ 16) {ok}"
    )
    for label, tap in (("as a person", person), ("as a machine", machine)):
        print(
            f"  {label}: input delay before any handler runs (a plain JS listener) median"
            f" {tap['input_delay_median']:.2f} ms, p95 {tap['input_delay_p95']:.2f} ms;"
            f" the game's own work, handler start → DOM updated: median"
            f" {tap['work_median']:.2f} ms, p95 {tap['work_p95']:.2f} ms"
        )
    print(
        f"  for reference, Playwright's own click (move, press, release within a millisecond):"
        f" median {machine['median']:.2f} ms, p95 {machine['p95']:.2f} ms — the press lands while"
        " the browser is still drawing the card's hover lift, which no hand is fast enough to do"
    )
    ok = "ok" if person["during_snapshot_p95"] <= 16 else "MISSED"
    print(
        f"  while a worker made the snapshot ({person['snapshot_ms']:,.0f} ms):"
        f" {person['during_snapshot_count']} taps, median {person['during_snapshot_median']:.2f}"
        f" ms, p95 {person['during_snapshot_p95']:.2f} ms (target: p95 ≤ 16) {ok}"
    )
    print(results.get("snapshot", ""))
    print(results.get("steps", ""))
    shift = samples.get("game_shift") or [0.0]
    print(
        f"layout shift of a return visit, first paint to ready: largest {max(shift):.4f}"
        f" (target ≤ 0.01) {'ok' if max(shift) <= 0.01 else 'MISSED'}"
    )
    wasm = results.get("wasm", {})
    print(
        f"compiled wasm taken from Chromium's cache on a return visit: "
        f"{'yes' if wasm.get('consumed') else 'NO'} (compile {wasm.get('compile_ms', 0):.0f} ms;"
        f" V8's events: {wasm.get('events')})"
    )
    doubled = results.get("doubled", [])
    print(f"files the game's first visit downloaded twice before ready: {doubled or 'none'}")
    frames = taps["frames"]
    ok = "ok" if frames["over_16ms"] == 0 else "MISSED"
    print(
        f"frames while cards fly (deals, removals, undos; {frames['count']:.0f} frames): median"
        f" {frames['median']:.1f} ms, p95 {frames['p95']:.1f} ms, longest {frames['max']:.1f} ms,"
        f" {frames['over_16ms']:.0f} missed (target: none) {ok}"
    )
    print(
        f"  the frames that draw a tap or key's own work ({frames['input_frames']:.0f}): median"
        f" {frames['input_median']:.1f} ms, longest {frames['input_max']:.1f} ms"
    )
    print(
        f"repeat visit: {statistics.median(samples['repeat_requests']):.0f} requests reached "
        f"the server: {', '.join(repeat_paths) or 'none'}"
    )
    results.update(
        {"rows": table, "tap_ms": taps, "repeat_requests": repeat_paths, "samples": samples}
    )
    out = ROOT / "bench" / "results.json"
    out.write_text(json.dumps(results, indent=2))
    print(f"\nwrote {out.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
