"""Your table at first paint: a player coming back sees the game as they left it before
Python has started (static/boot/paint.js draws the record halfmoon/page/painted.py keeps),
Python takes the table over without a jump, and what the player taps meanwhile is kept
and played once Python is ready.

Python is held back by holding its wasm (the browser never gets it until the test lets
it go); the service worker is blocked so that the request reaches the test."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from datetime import date, datetime
from zoneinfo import ZoneInfo

import pytest
from playwright.sync_api import Browser, BrowserContext, Frame, Page, Route, expect

from halfmoon import Game
from halfmoon.keeping.books import Books
from halfmoon.keeping.prefs import Prefs
from halfmoon.keeping.saved import KEYS, Play, game_key, write_play
from halfmoon.page.painted import write
from halfmoon.records.daily import daily_code
from halfmoon.rules.deal import format_code
from halfmoon.rules.layout import SLOTS
from halfmoon.session.presenter import Presenter
from halfmoon.session.session import Session
from halfmoon.words.i18n import text
from tests.browser.conftest import BOOT_TIMEOUT, DESKTOP, SITE, wait_ready
from tests.browser.table import Table, corners, engine_tops, overlapping
from tests.browser.test_offline_embed import BLOCK_STORAGE_IN_FRAMES, READY
from tests.browser.test_offline_embed import host as host  # the host page's fixture
from tests.solver import legal_moves
from tools.pool import MODULE

X, Y = "HM1-N-AAAAAAB", "HM1-N-AAAAAAC"
BUILD = re.search(
    r'<meta name="halfmoon-build" content="([^"]+)"', (SITE / "index.html").read_text()
)
ZONE = "Europe/Lisbon"
SHIFTS = """window.__shifts = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) if (!e.hadRecentInput) window.__shifts.push(e.value);
}).observe({ type: "layout-shift", buffered: true });"""
# Each place of the table as the page shows it, the bar, the buttons and the look (all but
# the clock, which moves): what a player sees.
SEEN = """(() => {
  const places = [...document.querySelectorAll('#table [data-slot]')].map((place) => {
    const card = place.querySelector('button.card');
    return [place.dataset.slot, place.dataset.count, place.querySelector('.caption')?.textContent ?? null,
      card && [card.dataset.card, card.className, card.getAttribute('aria-label'),
               card.getAttribute('aria-pressed'), card.getAttribute('data-dimmed'), card.tabIndex,
               card.innerHTML]];
  });
  const bar = ['score', 'moves', 'code', 'daily'].map(
    (n) => document.querySelector(`[data-stat="${n}"]`).textContent);
  const root = document.documentElement;
  const buttons = [...document.querySelectorAll('.bar [data-action], .actions [data-action]')].map(
    (b) => [b.dataset.action, b.textContent, b.disabled, b.getAttribute('aria-label')]);
  return {places, bar, buttons, game: root.dataset.game,
          look: [root.dataset.theme, root.className, root.lang]};
})()"""


def build() -> str:
    assert BUILD is not None
    return BUILD.group(1)


def played(code: str, moves: int, *, selecting: bool = False) -> Play:
    """A play of ``code`` with ``moves`` moves made (the first legal one each time), and
    (``selecting``) a card of the next one selected."""
    game = Game.new(code)
    for _ in range(moves):
        for slot in legal_moves(game.tops())[0]:
            game.tap(slot, now=0.0)
    if selecting:
        game.tap(legal_moves(game.tops())[0][0], now=0.0)
    return Play(game, f"p{moves}", begun=1.7e12, saved=1.7e12, rev=1, played=moves > 0)


def record(play: Play, *, lang: str = "pt", day: date | None = None, **options: bool) -> dict:
    """The record the page writes for ``play`` (computed here by the same engine)."""
    today = day or datetime.now(ZoneInfo(ZONE)).date()
    session = Session(play, Prefs(**options), lang, books=Books(day_of=lambda wall: today))
    return Presenter(session).painted(0.0, build())


def keep(play: Play, view: dict | str | None, **more: str) -> dict[str, str]:
    """What the browser keeps for a player who left ``play`` (and the table ``view``)."""
    items = {game_key(play.code): write_play(play, play.saved), KEYS["last"]: play.code, **more}
    if view is not None:
        items[KEYS["view"]] = view if isinstance(view, str) else write(view)
    return items


@pytest.fixture
def context(browser: Browser) -> Iterator[BrowserContext]:
    context = browser.new_context(
        locale="pt-PT", viewport=DESKTOP, service_workers="block", timezone_id=ZONE
    )
    context.add_init_script(SHIFTS)
    yield context
    context.close()


@pytest.fixture
def opened(
    context: BrowserContext, base_url: str
) -> Callable[..., tuple[Page, Callable[[], None]]]:
    """Open the game with ``items`` in storage and Python held back: the page, and the
    function that lets Python start."""

    def open_held(items: dict[str, str], address: str = "/") -> tuple[Page, Callable[[], None]]:
        page = context.new_page()
        page.goto(f"{base_url}/rules.html")  # a page of the site that keeps nothing itself
        page.evaluate(
            "items => { localStorage.clear(); for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }",
            items,
        )
        held: list[Route] = []
        page.route("**/pyodide.asm.wasm", lambda route: held.append(route))
        page.goto(base_url + address)
        page.wait_for_function("document.querySelector('#table .place > *')")

        def release() -> None:
            for route in held:
                route.continue_()
            page.unroute("**/pyodide.asm.wasm")
            wait_ready(page)

        return page, release

    return open_held


def skeleton(page: Page) -> bool:
    return page.evaluate(
        "document.querySelectorAll('#table .back').length === 20"
        " && !document.documentElement.dataset.painted && !document.querySelector('#table button')"
    )


# ------------------------------------------------------------------ the painted table
def test_a_player_coming_back_sees_their_table_before_python_and_python_keeps_it(opened) -> None:
    play = played(X, 2, selecting=True)
    prefs = json.dumps({"placement_help": True, "theme": "light"})
    kept = keep(play, record(play, placement_help=True), **{KEYS["prefs"]: prefs})
    page, release = opened(kept)
    page.wait_for_function("document.documentElement.dataset.painted === 'true'")
    assert page.evaluate("document.documentElement.dataset.app") == "loading"
    table = Table(page)
    assert table.tops() == engine_tops(play.game)
    assert (table.stat("score"), table.stat("moves"), table.stat("code")) == ("20", "2", X)
    assert table.selected() == list(play.game.selection)  # the card the player had selected
    assert table.dimmed()  # placement help's dimming, as the player left it
    assert page.evaluate("document.documentElement.dataset.theme") == "light"
    assert page.locator("#boot-status").is_hidden()  # no loading line over a table in play
    assert not page.locator('[data-action="undo"]').is_disabled()
    painted = page.evaluate(SEEN)
    page.evaluate(
        "document.querySelectorAll('#table button').forEach((b) => { b.__painted = true; })"
    )
    release()
    # Python took the table over as it was: the same cards, the very same elements.
    assert page.evaluate(SEEN) == painted
    assert page.evaluate(
        "[...document.querySelectorAll('#table button')].every((b) => b.__painted)"
    )
    assert sum(page.evaluate("window.__shifts")) <= 0.01
    table.play([legal_moves(play.game.tops())[0][1:]])  # and it plays on: the move completes
    assert table.stat("moves") == "3"


def test_the_deal_of_the_day_link_paints_today_s_deal(opened) -> None:
    today = datetime.now(ZoneInfo(ZONE)).date()
    play = played(daily_code(today), 1)
    page, release = opened(keep(play, record(play)), "/#daily")
    page.wait_for_function("document.documentElement.dataset.painted === 'true'")
    assert Table(page).stat("daily") == "Partida do dia"
    release()
    assert Table(page).stat("moves") == "1"


def test_the_large_index_is_drawn_at_first_paint(opened) -> None:
    play = played(X, 1)
    prefs = json.dumps({"large_index": True, "four_colour": True, "theme": "dark"})
    page, release = opened(
        keep(play, record(play, large_index=True, four_colour=True), **{KEYS["prefs"]: prefs})
    )
    page.wait_for_function("document.documentElement.dataset.painted === 'true'")
    assert page.evaluate("document.documentElement.dataset.app") == "loading"
    painted = corners(page)
    assert len(painted) == 20 and min(c["inked"] for c in painted) >= 0.35
    look = page.evaluate(SEEN)["look"]
    release()
    assert page.evaluate(SEEN)["look"] == look  # Python keeps the look the page painted
    assert corners(page) == painted
    assert sum(page.evaluate("window.__shifts")) <= 0.01


def _bigger(view: dict) -> dict:
    return {**view, "pad": "x" * 20_000}


def _hostile_face(view: dict) -> dict:
    places = dict(view["places"])
    places["P1"] = [*places["P1"][:2], '5S"><img src=x>', *places["P1"][3:]]
    return {**view, "places": places}


def _missing_place(view: dict) -> dict:
    return {**view, "places": {k: v for k, v in view["places"].items() if k != "R8"}}


def _extra_place(view: dict) -> dict:
    return {**view, "places": {**view["places"], "P13": view["places"]["P1"]}}


def _wrong_type(view: dict) -> dict:
    places = dict(view["places"])
    places["P1"] = [str(places["P1"][0]), *places["P1"][1:]]
    return {**view, "places": places}


@pytest.mark.parametrize(
    ("case", "change", "address"),
    [
        ("missing", lambda view: None, "/"),
        ("not JSON", lambda view: "{not json", "/"),
        ("not an object", lambda view: "[1, 2, 3]", "/"),
        ("another build", lambda view: {**view, "build": "0000000000000000"}, "/"),
        ("another version", lambda view: {**view, "v": 2}, "/"),
        ("another deal than the link's", lambda view: view, f"/#{Y}"),
        ("another deal than the one saved last", lambda view: {**view, "code": Y}, "/"),
        (
            "a deal of the day of another day",
            lambda view: {**view, "daily": "1999-01-01"},
            "/#daily",
        ),
        ("another language", lambda view: view, "/?lang=en"),
        ("too long", _bigger, "/"),
        ("a face that is no template", _hostile_face, "/"),
        ("a place missing", _missing_place, "/"),
        ("a place too many", _extra_place, "/"),
        ("a count that is text", _wrong_type, "/"),
        ("a bar missing", lambda view: {k: v for k, v in view.items() if k != "bar"}, "/"),
        ("nested deep", lambda view: "[" * 10_000 + "]" * 10_000, "/"),
    ],
)
def test_a_record_that_is_not_this_page_s_leaves_the_skeleton(
    opened, case, change, address
) -> None:
    play = played(X, 1)
    page, release = opened(keep(play, change(record(play))), address)
    assert skeleton(page), case
    release()
    assert page.locator("#table button[data-card]").count() > 0  # Python drew the table
    assert page.evaluate("document.documentElement.dataset.painted") is None


def test_stored_words_are_shown_as_words_never_read_as_markup(opened) -> None:
    play = played(X, 1)
    view = record(play)
    places = dict(view["places"])
    places["P1"] = [
        places["P1"][0],
        "<b>8</b>",
        places["P1"][2],
        '<img src=x onerror="window.pwned=1">',
        False,
        False,
    ]
    view = {**view, "places": places, "bar": {**view["bar"], "score": "<i>10</i>"}}
    page, release = opened(keep(play, view))
    page.wait_for_function("document.documentElement.dataset.painted === 'true'")
    assert page.locator('[data-slot="P1"] .caption').text_content() == "<b>8</b>"
    assert page.locator('[data-stat="score"]').text_content() == "<i>10</i>"
    assert page.locator("#table img, .bar i, #table .caption b").count() == 0
    release()
    assert page.evaluate("window.pwned") is None
    assert Table(page).stat("score") == "10"  # Python's own table, not the record's words


# ------------------------------------------------------------------ taps kept
def _first_trio() -> str:
    """A deal whose first position has a Jack, a Queen and a King to take."""
    for n in range(2000):
        code = format_code(n)
        if any(len(move) == 3 for move in legal_moves(Game.new(code).tops())):
            return code
    raise AssertionError("no deal with a trio at the start among the first 2000")


@pytest.mark.parametrize("kind", [2, 3])
def test_a_pair_or_a_trio_tapped_before_python_leaves_when_it_arrives(opened, kind: int) -> None:
    code = X if kind == 2 else _first_trio()
    play = played(code, 0)
    move = next(m for m in legal_moves(play.game.tops()) if len(m) == kind)
    page, release = opened(keep(play, record(play)))
    page.wait_for_function("document.documentElement.dataset.painted === 'true'")
    table = Table(page)
    table.play([move])
    assert sorted(table.selected()) == sorted(move)  # shown at once
    release()
    after = Game.new(code)
    for slot in move:
        after.tap(slot)
    assert table.tops() == engine_tops(after)
    assert (table.stat("moves"), table.selected()) == ("1", [])
    assert table.stat("score") == ("10" if kind == 2 else "15")


def test_an_undo_key_before_python_undoes_when_it_arrives(opened) -> None:
    play = played(X, 2)
    page, release = opened(keep(play, record(play)))
    page.wait_for_function("document.documentElement.dataset.painted === 'true'")
    page.keyboard.press("u")
    release()
    assert Table(page).stat("moves") == "1"
    undone = played(X, 1)
    assert Table(page).tops() == engine_tops(undone.game)


def test_taps_on_a_table_another_tab_has_moved_on_from_are_dropped(opened) -> None:
    """The record shows the deal before a move another tab has since saved: what the
    player taps on it is not played on the newer game."""
    older, newer = played(X, 0), played(X, 1)
    page, release = opened(keep(newer, record(older)))
    page.wait_for_function("document.documentElement.dataset.painted === 'true'")
    table = Table(page)
    assert table.tops() == engine_tops(older.game)
    table.play([legal_moves(older.game.tops())[1]])
    release()
    assert table.tops() == engine_tops(newer.game)
    assert (table.stat("moves"), table.selected()) == ("1", [])


# ------------------------------------------------------------------ a new player
POOL = json.loads(  # the new deals the build wrote for the page (tools/pool.py)
    json.loads(
        (SITE / MODULE).read_text(encoding="utf-8").split("export const deals = ")[1].rstrip(";\n")
    )
)


PYTHON_FILES = re.compile(r"/(pyodide\.asm\.|halfmoon-stdlib-|engine\.zip)")  # Python's own


def painted_new(page: Page | Frame) -> str:
    """The code of the new deal a page painted before Python (asserted still loading)."""
    page.wait_for_function("document.documentElement.dataset.painted === 'new'")
    assert page.evaluate("document.documentElement.dataset.app") == "loading"
    return page.locator('[data-stat="code"]').text_content() or ""


@pytest.mark.first_start  # a new player's browser has no snapshot yet
def test_new_players_see_real_deals_of_the_build_before_python_each_drawn_anew(
    browser: Browser, base_url: str
) -> None:
    """Five first visits, each a fresh browser, Python held back: each paints a deal
    the engine dealt, and they are not all one (at least three of five differ: the pool
    holds 32, so all but once in about 2,300 runs).  A link to one of those deals paints
    it; a link to another leaves the skeleton until Python."""
    codes = []
    for visit in range(5):
        context = browser.new_context(locale="pt-PT", service_workers="block")
        context.route(PYTHON_FILES, lambda route: None)  # never answered: no Python
        page = context.new_page()
        page.goto(base_url + "/")
        code = painted_new(page)
        assert Table(page).tops() == engine_tops(Game.new(code))
        assert code in [deal[0] for deal in POOL["deals"]]
        codes.append(code)
        if visit < 4:
            context.close()
    assert len(set(codes)) >= 3, codes
    linked = POOL["deals"][7][0]
    page = context.new_page()
    page.goto(f"{base_url}/#{linked.lower()}")
    assert painted_new(page) == linked
    page = context.new_page()
    page.goto(f"{base_url}/#{X}")
    page.wait_for_function("document.querySelector('#table .back')")
    assert skeleton(page)
    context.close()


COURTS = """() => {
  const at = (name) => performance.getEntriesByName(name)[0]?.startTime ?? null;
  const sprite = performance.getEntriesByType('resource')
    .find((e) => new URL(e.name).pathname.endsWith('/static/courts.svg'));
  const courts = [...document.querySelectorAll('#table button[data-card]')]
    .filter((b) => /^[JQK]/.test(b.dataset.card));
  return {
    painted: at('first-contentful-paint'),
    released: at('halfmoon-courts'),
    asked: sprite ? sprite.startTime : null,
    drawn: courts.every((b) => b.querySelector('svg.figure use')?.getAttribute('href')
      === `static/courts.svg#${b.dataset.card}`),
  };
}"""
# how long the start-up script waits for a paint it is not told of (afterFirstPaint)
_WAIT = re.search(
    r"^const FIRST_PAINT_WAIT_MS = (\d+);$",
    (SITE / "static" / "boot" / "python.js").read_text(encoding="utf-8"),
    re.M,
)
assert _WAIT, "static/boot/python.js names how long it waits for the first paint"
WAIT_FOR_PAINT_MS = int(_WAIT.group(1))


@pytest.mark.first_start  # a new player's browser has no snapshot yet
def test_a_new_player_s_deal_is_python_s_with_the_taps_made_meanwhile(opened) -> None:
    page, release = opened({})
    code = painted_new(page)
    table = Table(page)
    game = Game.new(code)
    # the court figures' sprite is asked for once the first frame is shown, not while
    # that frame's own files still come; the figures are drawn then, before Python
    page.wait_for_function("!document.querySelector('#table use[data-href]')")
    seen = page.evaluate(COURTS)
    assert seen["drawn"], seen
    # released once the first paint was shown (or, on a machine too busy to report
    # one, once the start-up script stops waiting for it), and not asked for before
    assert seen["released"] >= min(seen["painted"] or WAIT_FOR_PAINT_MS, WAIT_FOR_PAINT_MS)
    assert seen["asked"] is None or seen["asked"] >= seen["released"], seen
    assert table.message() == text("pt", "welcome.text")  # the welcome, in the first frame
    bar = page.locator("#boot-progress")
    expect(bar).to_be_visible()  # what is arriving, under the welcome, over no card
    boxes = page.evaluate(
        "[...document.querySelectorAll('#table button.card, .boot')].map((e) => {"
        " const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; })"
    )
    assert overlapping(boxes) == []
    move = legal_moves(game.tops())[0]
    page.evaluate(
        "document.querySelectorAll('#table button').forEach((b) => { b.__painted = true; })"
    )
    table.play([move])
    assert sorted(table.selected()) == sorted(move)  # shown at once
    release()
    assert table.stat("code") == code  # the very deal, taken over
    for slot in move:
        game.tap(slot)
    assert table.tops() == engine_tops(game)  # the pair tapped meanwhile left
    assert (table.stat("moves"), table.selected()) == ("1", [])
    untouched = [slot for slot in SLOTS if slot not in move]
    assert page.evaluate(
        "(slots) => slots.every((s) => document.querySelector("
        "`[data-slot='${s}'] button`).__painted)",
        untouched,
    )
    assert sum(page.evaluate("window.__shifts")) <= 0.01
    assert page.evaluate(f"localStorage.getItem('{KEYS['last']}')") == code  # saved


@pytest.mark.first_start  # a new player's browser has no snapshot yet
def test_a_frame_that_may_keep_nothing_paints_a_new_deal_too(
    browser: Browser, host: Callable[..., str]
) -> None:
    context = browser.new_context(locale="en-GB", service_workers="block")
    context.add_init_script(BLOCK_STORAGE_IN_FRAMES)
    held: list[Route] = []
    context.route("**/pyodide.asm.wasm", lambda route: held.append(route))
    page = context.new_page()
    page.goto(host("", 360, 480))
    frame = page.wait_for_selector("#game").content_frame()
    assert frame is not None
    code = painted_new(frame)
    assert code in [deal[0] for deal in POOL["deals"]]
    move = legal_moves(Game.new(code).tops())[0]
    for slot in move:
        frame.locator(f'[data-slot="{slot}"] button[data-card]').click()
    for route in held:
        route.continue_()
    context.unroute("**/pyodide.asm.wasm")
    frame.wait_for_function(READY, timeout=BOOT_TIMEOUT)
    assert frame.evaluate("document.documentElement.dataset.storage") == "memory"
    assert frame.locator('[data-stat="code"]').text_content() == code
    expect(frame.locator('[data-stat="moves"]')).to_have_text("1")
    context.close()
