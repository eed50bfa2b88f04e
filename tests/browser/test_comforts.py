"""A table of one's own, as a player meets it: a card dragged onto another with a real
mouse and with touches, the pause and every window stopping the clock, sound only when
turned on (and apart in a frame), full screen, the felts drawn at the first paint with
every word readable, and a win with its record and a short celebration."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from halfmoon import Game
from halfmoon.keeping.prefs import FELTS
from halfmoon.keeping.saved import KEYS, Play, game_key, write_play, write_stats
from halfmoon.records.stats import Stats
from tests.browser.axe import axe_violations
from tests.browser.conftest import BOOT_TIMEOUT, DESKTOP, open_game, other_origin, wait_ready
from tests.browser.table import Table
from tests.browser.test_offline_embed import HOST as OTHER_HOST
from tests.solver import solve_code

CODE = "HM1-N-AAAAAAB"  # tops: P1 8S, P2 QC, P3 KS, P4 9H, P5 6H, P6 5H, R3 JH
DRAGGED = "document.querySelector('.drag-copy') !== null"
DROP = "document.querySelector('#table [data-drop]')?.parentElement.dataset.slot ?? null"
# Every tone the page hands the audio graph, counted in each frame.
TONES = """window.__tones = 0;
const start = AudioScheduledSourceNode.prototype.start;
AudioScheduledSourceNode.prototype.start = function (...args) {
  window.__tones += 1;
  return start.apply(this, args);
};"""


def centre(page: Page, slot: str) -> tuple[float, float]:
    box = Table(page).card(slot).bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def selected(page: Page) -> list[str]:
    return Table(page).selected()


def moves(page: Page) -> str:
    return Table(page).stat("moves")


def extras_ready(page: Page) -> None:
    """The modules the game loads once it is ready (motion, drag, sound) are there."""
    page.wait_for_function("window.halfmoonMotion && window.halfmoonSound")


# ----------------------------------------------------------------------- dragging
@pytest.mark.motion
def test_a_card_dragged_with_the_mouse_plays_as_two_taps_and_a_tap_stays_a_tap(
    desktop: BrowserContext, base_url: str
) -> None:
    page = open_game(desktop, base_url, "#" + CODE)
    extras_ready(page)
    mouse = page.mouse
    # A press that wobbles a few pixels is a tap: the card is selected, nothing follows.
    x, y = centre(page, "P5")
    mouse.move(x, y), mouse.down(), mouse.move(x + 3, y + 2), mouse.up()
    assert selected(page) == ["P5"] and page.locator(".drag-copy").count() == 0
    Table(page).tap("P5")  # let go
    # Dragged over a card that does not fit (6 and 8) and one that does (6 and 5): each
    # is marked alike as the drop target; a drop beside the table puts the card back.
    mouse.move(x, y), mouse.down(), mouse.move(x + 30, y + 10, steps=3)
    assert page.evaluate(DRAGGED) and Table(page).card("P5").get_attribute("class")
    for slot in ("P1", "P6"):
        mouse.move(*centre(page, slot), steps=4)
        assert page.evaluate(DROP) == slot
    mouse.move(5, 700, steps=4)  # the felt, far from every card
    assert page.evaluate(DROP) is None
    mouse.up()
    assert not page.evaluate(DRAGGED) and moves(page) == "0" and selected(page) == []
    # Dragged away and back onto itself: no drop, and the click that follows is no tap.
    mouse.move(x, y), mouse.down(), mouse.move(x + 60, y, steps=3), mouse.move(x, y, steps=3)
    mouse.up()
    assert selected(page) == [] and moves(page) == "0"
    # The 6 dropped on the 5: the pair leaves.
    mouse.move(x, y), mouse.down(), mouse.move(*centre(page, "P6"), steps=6), mouse.up()
    expect(page.locator('[data-stat="moves"]')).to_have_text("1")
    # Q dragged onto K: both selected; J dragged onto the selected K completes the trio.
    mouse.move(*centre(page, "P2")), mouse.down(), mouse.move(*centre(page, "P3"), steps=6)
    mouse.up()
    assert sorted(selected(page)) == ["P2", "P3"]
    mouse.move(*centre(page, "R3")), mouse.down(), mouse.move(*centre(page, "P3"), steps=6)
    mouse.up()
    expect(page.locator('[data-stat="moves"]')).to_have_text("2")
    assert Table(page).stat("score") == "25" and selected(page) == []


@pytest.mark.motion
def test_a_card_dragged_by_touch_plays_and_a_touch_tap_stays_a_tap(
    phone: BrowserContext, base_url: str
) -> None:
    page = open_game(phone, base_url, "#" + CODE)
    extras_ready(page)
    cdp = phone.new_cdp_session(page)

    def touch(kind: str, x: float = 0, y: float = 0) -> None:
        points = [] if kind == "touchEnd" else [{"x": x, "y": y, "id": 1}]
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    def swipe(start: tuple[float, float], end: tuple[float, float], steps: int = 8) -> None:
        touch("touchStart", *start)
        for i in range(1, steps + 1):
            touch("touchMove", *(a + (b - a) * i / steps for a, b in zip(start, end)))

    Table(page, touch=True).tap("P4")  # a tap is still a tap
    assert selected(page) == ["P4"]
    Table(page, touch=True).tap("P4")
    top = page.evaluate("document.scrollingElement.scrollTop")
    swipe(centre(page, "P5"), centre(page, "P6"))
    assert page.evaluate(DRAGGED) and page.evaluate(DROP) == "P6"
    touch("touchEnd")
    expect(page.locator('[data-stat="moves"]')).to_have_text("1")
    assert page.evaluate("document.scrollingElement.scrollTop") == top  # the page stayed
    swipe(centre(page, "P2"), (centre(page, "P2")[0], 830))  # dropped under the table
    touch("touchEnd")
    assert not page.evaluate(DRAGGED) and selected(page) == [] and moves(page) == "1"


# ------------------------------------------------------------------ the clock held
def test_the_pause_and_every_window_stop_the_clock_and_a_reload_shows_the_table(
    desktop: BrowserContext, base_url: str
) -> None:
    desktop.clock.install()  # the page's clock, moved on by the test
    page = open_game(desktop, base_url, "#" + CODE)
    clock = page.clock
    clock.pause_at(page.evaluate("Date.now()") + 1000)  # time moves only when told
    table = Table(page)
    table.tap("P4")
    clock.run_for(1100)
    assert table.stat("time") == "0:01"
    for name in ("rules", "options", "stats"):  # each window over the table
        table.press(name)
        expect(page.locator("dialog[open]")).to_have_count(1)
        clock.run_for(5000)
        assert table.stat("time") == "0:01", name
        page.keyboard.press("Escape")
        expect(page.locator("dialog[open]")).to_have_count(0)
    clock.run_for(1000)
    assert table.stat("time") == "0:02"
    page.keyboard.press("p")  # paused: the cards hidden, the clock stopped, said
    cover = page.locator('[data-role="paused"]')
    expect(cover).to_be_visible()
    expect(table.card("P1")).to_be_hidden()
    expect(page.locator('[data-action="pause"]')).to_have_attribute("aria-pressed", "true")
    expect(page.locator('[data-role="message"]')).to_contain_text("Em pausa")
    assert selected(page) == ["P4"]  # the game is as it was under the cover
    clock.run_for(10_000)
    assert table.stat("time") == "0:02"
    page.keyboard.press("x")  # any key goes on, and does nothing else
    expect(cover).to_be_hidden()
    assert selected(page) == ["P4"]
    clock.run_for(1000)
    assert table.stat("time") == "0:03"
    table.press("pause")
    expect(cover).to_be_visible()
    clock.run_for(4000)
    cover.click()  # a tap on the covered table goes on, and taps no card
    expect(cover).to_be_hidden()
    assert selected(page) == ["P4"] and table.stat("time") == "0:03"
    table.play([("P4",), ("P5", "P6")])  # let go, and a pair: a move Undo would take back
    expect(page.locator('[data-stat="moves"]')).to_have_text("1")
    for name in ("undo", "new", "stats", "copy"):  # the bar's and the actions' buttons
        table.press("pause")
        expect(cover).to_be_visible()
        table.press(name)  # the first tap only goes on: nothing done unseen
        expect(cover).to_be_hidden()
        assert (moves(page), table.stat("code")) == ("1", CODE), name
        assert page.locator("dialog[open]").count() == 0, name
        expect(page.locator('[data-role="message"]')).to_have_text("De volta ao jogo.")
    page.keyboard.press("p")
    clock.resume()  # time flows again, for the page to start
    page.reload()  # never saved as paused: a reload shows the table, its time kept
    wait_ready(page)
    expect(cover).to_be_hidden()
    expect(table.card("P1")).to_be_visible()
    assert table.stat("time") in ("0:03", "0:04")  # going on from where it stopped


# ------------------------------------------------------------------------- sound
HOST = """<!doctype html><html><head><meta charset="utf-8"><title>host</title>
<link rel="icon" href="data:,"></head><body style="margin:0">
<iframe id="game" src="{src}" width="420" height="600" style="border:0" {attrs}></iframe>
</body></html>"""


@pytest.fixture
def hosted(base_url: str) -> Callable[[Page], str]:
    """A host page on the game's own origin (its storage is the game's) embedding it."""

    def route(page: Page) -> str:
        address = f"{base_url}/host.html"
        body = HOST.format(src=f"{base_url}/#{CODE}", attrs="")
        page.route(address, lambda r: r.fulfill(body=body, content_type="text/html"))
        return address

    return route


def test_sound_plays_only_when_on_never_hidden_and_in_a_frame_only_if_on_there(
    browser: Browser, base_url: str, hosted: Callable[..., str]
) -> None:
    # no offline copy: the host page, made up by the test, must not be served from it
    context = browser.new_context(locale="en-GB", viewport=DESKTOP, service_workers="block")
    context.add_init_script(TONES)
    page = open_game(context, base_url, "#" + CODE)
    extras_ready(page)
    table = Table(page)
    table.tap("P5"), table.tap("P6"), table.tap("P4"), table.tap("P1")  # a pair, a refusal
    expect(page.locator('[data-stat="moves"]')).to_have_text("1")
    assert page.evaluate("window.__tones") == 0  # off at first
    table.set_option("sound", True)
    table.tap("P4")
    assert page.evaluate("window.__tones") > 0
    heard = page.evaluate("window.__tones")
    page.evaluate("Object.defineProperty(document, 'hidden', {get: () => true})")
    table.press("undo")  # the page hidden: silent
    expect(page.locator('[data-stat="moves"]')).to_have_text("0")
    assert page.evaluate("window.__tones") == heard
    # The same game in another page's frame, its options the same storage's: silent
    # until sound is turned on in the frame.
    embedding = context.new_page()
    embedding.goto(hosted(embedding))
    frame = embedding.frame_locator("#game")
    frame.locator("html[data-app='ready']").wait_for(state="attached", timeout=BOOT_TIMEOUT)
    inner = embedding.frames[1]
    inner.wait_for_function("window.halfmoonSound")
    frame.locator('[data-slot="P4"] button[data-card]').click()
    frame.locator('[data-slot="P4"] button[data-card]').click()
    assert inner.evaluate("window.__tones") == 0
    frame.locator('[data-action="options"]').click()
    box = frame.locator('[data-option="sound"]')
    assert not box.is_checked()
    box.click()
    inner.press("body", "Escape")
    frame.locator('[data-slot="P4"] button[data-card]').click()
    assert inner.evaluate("window.__tones") > 0
    context.close()


# ------------------------------------------------------------------- full screen
@pytest.fixture
def elsewhere(host_page: Callable[[str], str], base_url: str) -> Callable[[str], str]:
    """Serves a page of another site (127.0.0.1, the game on localhost) that embeds the
    game with the frame's ``attrs``, and gives its address."""

    def serve(attrs: str) -> str:
        src = f"{other_origin(base_url)}/#{CODE}"
        return host_page(OTHER_HOST.format(src=src, w=420, h=600, attrs=attrs))

    return serve


def test_full_screen_by_button_and_key_and_in_a_frame_only_where_the_host_allows_it(
    browser: Browser, base_url: str, elsewhere: Callable[[str], str]
) -> None:
    context = browser.new_context(locale="pt-PT", viewport=DESKTOP, service_workers="block")
    page = open_game(context, base_url, "#" + CODE)
    button = page.locator('[data-action="fullscreen"]')
    button.click()
    page.wait_for_function("document.fullscreenElement === document.documentElement")
    expect(button).to_have_attribute("aria-pressed", "true")
    page.keyboard.press("f")
    page.wait_for_function("document.fullscreenElement === null")
    expect(button).to_have_attribute("aria-pressed", "false")
    for attrs, shown in (("", False), ('allow="fullscreen"', True)):  # another site's page
        other = context.new_page()
        other.goto(elsewhere(attrs))
        frame = other.frame_locator("#game")
        frame.locator("html[data-felt]").wait_for(state="attached")  # its start has run
        expect(frame.locator('[data-action="fullscreen"]')).to_be_visible(visible=shown)
        other.close()
    context.close()


# --------------------------------------------------------------------- the felts
FIRST_FRAME = """window.__firstFrame = null;
requestAnimationFrame(() => {
  const root = document.documentElement;
  window.__firstFrame = [root.dataset.felt, getComputedStyle(document.body).backgroundImage];
});"""


def test_the_felt_is_drawn_at_the_first_paint_and_every_felt_passes_axe(
    browser: Browser, base_url: str
) -> None:
    context = browser.new_context(locale="pt-PT", viewport=DESKTOP)
    context.add_init_script(FIRST_FRAME)
    page = context.new_page()
    page.goto(f"{base_url}/rules.html")
    page.evaluate(
        "([k, v]) => localStorage.setItem(k, v)", [KEYS["prefs"], json.dumps({"felt": "blue"})]
    )
    page.goto(f"{base_url}/#{CODE}")
    page.wait_for_function("window.__firstFrame !== null")
    felt, background = page.evaluate("window.__firstFrame")
    assert felt == "blue" and "rgb(22, 80, 126)" in background  # no green first
    wait_ready(page)
    table = Table(page)
    table.tap("P5"), table.tap("P6"), table.tap("P2")  # a move, a message and a selection
    greens = page.evaluate("getComputedStyle(document.body).backgroundImage")
    assert greens == background
    seen = set()
    for theme in ("light", "dark"):
        for name in FELTS:
            table.press("options")
            page.locator('[data-option="felt"]').select_option(name)
            page.locator('[data-option="theme"]').select_option(theme)
            page.keyboard.press("Escape")
            expect(page.locator("html")).to_have_attribute("data-felt", name)
            seen.add(page.evaluate("getComputedStyle(document.body).backgroundImage"))
            assert axe_violations(page) == [], (theme, name)
    assert len(seen) == 2 * len(FELTS)  # each felt its own colour, in each theme
    table.press("pause")
    expect(page.locator('[data-role="paused"]')).to_be_visible()
    assert axe_violations(page) == [], "paused"
    context.close()


# ------------------------------------------------------------------------- a win
def one_move_from_a_win(code: str, elapsed_ms: float) -> tuple[str, list[str]]:
    """A stored play of ``code`` one move from a win (``elapsed_ms`` played), and the
    places of the last move."""
    line = solve_code(code)
    assert line is not None
    game = Game.new(code)
    for move in line[:-1]:
        for slot in move:
            game.tap(slot, now=0.0)
    game.pause(elapsed_ms)
    play = Play(game, "near", begun=1.7e12, saved=1.7e12, rev=1, played=True)
    return write_play(play, 1.7e12), list(line[-1])


@pytest.fixture
def won(browser: Browser, base_url: str) -> Iterator[Callable[..., tuple[Page, list[str]]]]:
    contexts: list[BrowserContext] = []

    def open_near_a_win(stats: Stats | None) -> tuple[Page, list[str]]:
        context = browser.new_context(locale="en-GB", viewport=DESKTOP)
        contexts.append(context)
        stored, last = one_move_from_a_win("HM1-N-AAAAAAA", 600_000)
        items = {game_key("HM1-N-AAAAAAA"): stored, KEYS["last"]: "HM1-N-AAAAAAA"}
        if stats is not None:
            items[KEYS["stats"]] = write_stats(stats)
        page = context.new_page()
        page.goto(f"{base_url}/rules.html")
        page.evaluate("i => { for (const k in i) localStorage.setItem(k, i[k]); }", items)
        page = open_game(context, base_url)
        extras_ready(page)
        return page, last

    yield open_near_a_win
    for context in contexts:
        context.close()


@pytest.mark.motion
def test_a_win_shows_its_time_against_the_best_its_streak_and_a_short_celebration(
    won: Callable[..., tuple[Page, list[str]]],
) -> None:
    page, last = won(Stats(played=4, won=2, best_time_ms=900_000, streak=1, best_streak=2))
    Table(page).play([last])
    dialog = page.locator("#dialog-end")
    expect(dialog).to_be_visible()
    assert page.locator(".celebration .spark").count() > 0  # at once: nothing waits for it
    record = page.locator("#dialog-end[data-best] #end-record li")  # 10 min against 15
    expect(record).to_have_text([re.compile(r"10:0\d: a new best time!"), "2 wins in a row."])
    expect(dialog.locator('[data-dialog-action="undo"]')).to_be_hidden()  # not after a win
    page.wait_for_function("document.querySelector('.celebration') === null")  # and gone
    page.keyboard.press("Escape")
    Table(page).set_option("reduce-motion", True)  # won again, motion reduced: no burst
    page.keyboard.press("u"), page.keyboard.press("r")
    expect(dialog).to_be_visible()
    assert page.locator(".celebration").count() == 0
