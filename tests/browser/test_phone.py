"""A phone: with the CPU slowed four times (Lighthouse's mid-range phone), a player
coming back taps the painted table while Python starts; each tap is answered — the card
shows selected in the frame drawn after it — long before the start is over, and the pair
tapped then is played once the game is ready.

What the test asserts about time is relative to what the same visit measures, so that a
slow machine cannot fail it and a frozen start still does: the slowest tap's wait (the
browser's Event Timing duration, touch → the frame drawn after its handlers) against the
length of that visit's own start, from the saved table painted to ready.  A start that
freezes (one long task) holds a tap for about half of it; a start that gives way between
its steps answers within a fifth; the test allows a third (``SHARE``).  The figures in
milliseconds (every tap within 200 ms, a median within 100; none beyond INP's "poor",
500 ms) are ``make bench``'s phone row (bench/bench_phone.py), on a quiet machine.

It runs alone, after the parallel suite (the Makefile): a second browser busy on the same
two cores slows a throttled page unevenly, its start and its taps apart.  A shared
machine's noise now and then holds one frame longer still, so a player's visit is tried
up to three times on a fresh profile and the share must hold in one of them; what every
visit shows and plays is asserted in each.  A start that freezes again fails all three.
(docs/performance.md, "A phone".)"""

from __future__ import annotations

import tempfile

import pytest
from playwright.sync_api import Page, Playwright, expect

from halfmoon import Game
from tests.browser.conftest import PHONE_CONTEXT, snapshot_made, wait_ready
from tests.solver import legal_moves
from tools.chromium import launch_options

pytestmark = [
    pytest.mark.snapshot,  # its contexts make the snapshot (conftest.py)
    pytest.mark.offline,  # and keep the offline copy: a return visit is served from it
    pytest.mark.alone,  # run by itself, after the parallel suite (the Makefile)
]

CODE = "HM1-N-AAAAAAB"
RATE = 4  # the CPU slowed four times
# The slowest tap's wait, as a share of the start it fell in (paint → ready): a frozen
# start gives about a half, one that gives way between its steps under a fifth.
SHARE = 1 / 3
# Each tap on a card (its place, and whether the game was still starting when the page
# handled it), and the Event Timing entries of the page's input (the browser's own
# measure: from the touch to the frame drawn after its handlers; only those of 16 ms or
# more are reported), and the page's long tasks, watched from the document's first moment.
EVENTS = """window.__taps = []; window.__timing = [];
addEventListener("click", (e) => {
  const card = e.target.closest?.("button.card[data-card]");
  if (!card) return;
  const tap = [card.parentElement.dataset.slot, document.documentElement.dataset.app,
               card.getAttribute("aria-pressed"), null];
  window.__taps.push(tap);
  // what the card shows in the next frame drawn: the tap's answer
  requestAnimationFrame(() => { tap[3] = card.getAttribute("aria-pressed"); });
}, {capture: true, passive: true});
new PerformanceObserver((list) => {
  for (const e of list.getEntries())
    window.__timing.push([e.name, e.duration, e.startTime]);
}).observe({type: "event", buffered: true, durationThreshold: 16});
window.__long = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__long.push([e.startTime, e.duration]);
}).observe({type: "longtask", buffered: true});"""


def center(page: Page, slot: str) -> tuple[float, float]:
    box = page.locator(f'[data-slot="{slot}"] button[data-card]').bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def visit(playwright: Playwright, base_url: str) -> tuple[float, tuple[object, ...]]:
    """A player's first visit and their return on a slow phone, tapping the painted
    table until the game is ready, on a profile of their own: the slowest answer to a
    tap between the first paint and ready as a share of that time, and what the page
    measured."""
    url = f"{base_url}/#{CODE}"
    game = Game.new(CODE)
    first, second = next(move for move in legal_moves(game.tops()) if len(move) == 2)
    own = tempfile.TemporaryDirectory(prefix="halfmoon-phone-", ignore_cleanup_errors=True)
    with own as profile:
        # a first visit: the deal saved, the snapshot made for the next
        context = playwright.chromium.launch_persistent_context(
            profile, **launch_options(), locale="pt-PT", **PHONE_CONTEXT
        )
        context.clock.install()  # snapshot_made() moves the page's clock past the settling in
        page = context.pages[0] if context.pages else context.new_page()
        page.goto(url)
        wait_ready(page)
        places = {slot: center(page, slot) for slot in (first, second)}  # where they are drawn
        snapshot_made(page)
        context.close()

        # the player comes back, on a slow phone, and taps the pair over and over — each
        # touch sent as a finger would, the next one once the page has had the last — until
        # the game is ready
        context = playwright.chromium.launch_persistent_context(
            profile, **launch_options(), locale="pt-PT", **PHONE_CONTEXT
        )
        context.add_init_script(EVENTS)
        page = context.pages[0] if context.pages else context.new_page()
        cdp = context.new_cdp_session(page)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": RATE})
        page.goto(url, wait_until="commit")
        for n in range(200):
            x, y = places[(first, second)[n % 2]]
            point = {"x": x, "y": y, "id": 1}
            cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [point]})
            cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
            if page.evaluate("document.documentElement.dataset.app") != "loading":
                break
        wait_ready(page)
        # Python started from the snapshot, its wasm compiled by a worker, its table
        # functions wrapped in one module, PyScript's two texts run quickly (static/boot/*.js)
        root = page.evaluate("({...document.documentElement.dataset})")
        started = (root.get("snapshot"), root.get("compiled"), root.get("quickRuns"))
        assert started == ("restored", "worker", "2"), root
        assert int(root.get("wrapped", 0)) > 200, root

        # taps fell on the painted table while Python started
        taps = page.evaluate("window.__taps")
        early = [tap for tap in taps if tap[1] == "loading"]
        assert len(early) >= 2, taps
        # each showed its answer in the frame drawn after it: selected, or let go when
        # tapped again
        for _, _, before, after in early:
            assert after == ("false" if before == "true" else "true"), taps
        # and every one of them was played, in order, as the engine plays them
        for slot, *_ in taps:
            if game.top(slot) is not None:
                game.tap(slot)
        expect(page.locator('[data-stat="moves"]')).to_have_text(str(game.moves))
        expect(page.locator('[data-stat="score"]')).to_have_text(str(game.score))
        for slot, top in game.tops().items():
            card = page.locator(f'[data-slot="{slot}"] button[data-card]')
            expect(card).to_have_attribute("data-card", top.code)
            pressed = "true" if slot in game.selection else "false"
            expect(card).to_have_attribute("aria-pressed", pressed)

        # how long the slowest of them waited for its answer (the browser's own measure)
        painted, ready = page.evaluate(
            "[performance.getEntriesByName('first-contentful-paint')[0].startTime,"
            " performance.getEntriesByName('halfmoon-ready')[0].startTime]"
        )
        timing = page.evaluate("window.__timing")
        during = [(name, ms) for name, ms, start in timing if painted <= start <= ready]
        slowest = max((ms for _, ms in during), default=0)
        start = ready - painted
        long_tasks = page.evaluate("window.__long")
        seen = (f"slowest tap {slowest:.0f} ms of a {start:.0f} ms start", during, long_tasks)
        context.close()
    return slowest / start, seen


def test_a_phone_answers_taps_while_python_starts_and_plays_them(
    playwright: Playwright, base_url: str
) -> None:
    tries = []
    for _ in range(3):
        share, seen = visit(playwright, base_url)
        tries.append((round(share, 3), seen))
        if share <= SHARE:
            break
    # each tap answered within a third of the start, in one of three visits at most
    shares = [(share, seen[0]) for share, seen in tries]
    print("the slowest tap's share of its start, by visit:", shares)
    assert min(share for share, _ in tries) <= SHARE, tries
