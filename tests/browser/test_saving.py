"""Nothing is lost, whatever the browser does: several tabs, Back and Forward, new games,
full, failing or blocked storage, hostile stored values, and a save written by the
previous version (docs/reliability.md)."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from halfmoon import Game, card
from halfmoon.keeping.saved import KEYS, LEGACY, Play, game_key, write_play
from halfmoon.words.i18n import text
from tests.browser.conftest import open_game, wait_ready, wait_saved
from tests.browser.table import Table
from tests.solver import legal_moves, solve_code

X, Y, Z = "HM1-N-AAAAAAB", "HM1-N-AAAAAAA", "HM1-N-AAAAAAC"
V1 = json.loads((Path(__file__).parents[1] / "fixtures" / "v1-storage.json").read_text())


# ------------------------------------------------------------------- helpers
def kept(code: str, moves: int, *, won_line: bool = False, saved: float = 1.7e12) -> str:
    """A stored play of ``code`` with ``moves`` moves made (along a winning line), saved
    at ``saved`` (wall-clock milliseconds), counted as played (but not in any stored
    statistics: seed those too where it matters)."""
    game = Game.new(code)
    line = solve_code(code) if won_line else None
    for i in range(moves):
        move = line[i] if line else legal_moves(game.tops())[0]
        for slot in move:
            game.tap(slot, now=1000.0 * i)
    play = Play(game, f"seed{moves}", begun=saved, saved=saved, rev=1, played=moves > 0)
    return write_play(play, saved)


def seed(page: Page, base_url: str, items: dict[str, str]) -> None:
    """Write ``items`` into the site's storage from a page of the site that keeps
    nothing itself (the rules page), before the game is opened."""
    page.goto(f"{base_url}/rules.html")
    page.evaluate(
        "items => { for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }",
        items,
    )


def close(page: Page) -> None:
    """Close a tab once it has loaded everything (its icon comes last)."""
    page.wait_for_load_state("networkidle")
    page.close()


def stored(page: Page) -> dict[str, str]:
    return page.evaluate(
        "Object.fromEntries(Object.keys(localStorage).map(k => [k, localStorage.getItem(k)]))"
    )


def stats_shown(page: Page) -> dict[str, str]:
    page.locator('[data-action="stats"]').click()
    values = page.evaluate(
        "Object.fromEntries([...document.querySelectorAll('[data-stats]')]"
        ".map(e => [e.dataset.stats, e.textContent]))"
    )
    page.keyboard.press("Escape")
    return values


def play_first_move(table: Table) -> None:
    """Tap the first legal move among the cards the page shows now."""
    moves_before = table.stat("moves")
    tops = {slot: card(code) for slot, code in table.tops().items() if code is not None}
    for slot in legal_moves(tops)[0]:
        table.tap(slot)
    expect(table.page.locator('[data-stat="moves"]')).not_to_have_text(moves_before)


def moves(page: Page) -> str:
    return Table(page).stat("moves")


# --------------------------------------------------------------- many tabs
def test_two_tabs_count_both_games_and_never_erase_a_win(
    desktop: BrowserContext, base_url: str
) -> None:
    """Tab A plays a move on one deal; tab B wins another; B closes; A undoes: both
    games stay counted, and the win stays a win after a reload."""
    a = desktop.new_page()
    one_played = json.dumps(
        {**STATS, "played": 1, "won": 0, "streak": 0, "best_streak": 0, "best_time_ms": None}
    )
    seed(a, base_url, {game_key(Y): kept(Y, 47, won_line=True), KEYS["stats"]: one_played})
    a.goto(f"{base_url}/#{X}")
    wait_ready(a)
    Table(a).tap("P5"), Table(a).tap("P6")
    expect(a.locator('[data-stat="moves"]')).to_have_text("1")
    b = open_game(desktop, base_url, f"#{Y}")
    line = solve_code(Y)
    assert line is not None
    Table(b).play([line[47]])
    expect(b.locator("html")).to_have_attribute("data-game", "won")
    # a third tab opens the won deal, its end window with it; B undoes the last move:
    # the third tab follows, and its end window, about a game no longer over, closes
    c = open_game(desktop, base_url, f"#{Y}")
    expect(c.locator("#dialog-end")).to_be_visible()
    b.keyboard.press("Escape")
    Table(b).press("undo")
    expect(c.locator('[data-stat="moves"]')).to_have_text("47")
    expect(c.locator("#dialog-end")).to_be_hidden()
    close(c)
    close(b)
    Table(a).press("undo")
    expect(a.locator('[data-stat="moves"]')).to_have_text("0")
    wait_saved(a)
    assert (stats_shown(a)["played"], stats_shown(a)["won"]) == ("2", "1")
    a.reload()
    wait_ready(a)
    shown = stats_shown(a)
    assert (shown["played"], shown["won"], shown["streak"]) == ("2", "1", "1")


def test_a_tab_left_open_never_writes_over_what_another_tab_played(
    desktop: BrowserContext, base_url: str
) -> None:
    """Tab A shows deal X, untouched; tab B plays 3 moves on X and closes; A closes
    afterwards; X opened again shows the 3 moves.  Meanwhile A showed B's moves."""
    a = open_game(desktop, base_url, f"#{X}")
    b = open_game(desktop, base_url, f"#{X}")
    for _ in range(3):
        play_first_move(Table(b))
    expect(b.locator('[data-stat="moves"]')).to_have_text("3")
    expect(a.locator('[data-stat="moves"]')).to_have_text("3")  # A follows B
    expect(a.locator('[data-role="message"]')).to_have_text(text("pt", "announce.elsewhere"))
    close(b)
    close(a)
    again = open_game(desktop, base_url, f"#{X}")
    assert moves(again) == "3"


def test_a_stale_tab_that_plays_on_shows_the_newer_game_instead_of_writing_over_it(
    desktop: BrowserContext, base_url: str
) -> None:
    a = open_game(desktop, base_url, f"#{X}")
    # another tab saves a newer game of X without this tab hearing of it (no event)
    newer = kept(X, 2, saved=time.time() * 1000 + 60_000)
    a.evaluate("([k, v]) => localStorage.setItem(k, v)", [game_key(X), newer])
    Table(a).tap("P5")  # a tap on the old position, saved: the newer game is found
    expect(a.locator('[data-role="message"]')).to_have_text(text("pt", "announce.elsewhere"))
    assert moves(a) == "2" and Table(a).selected() == []
    assert json.loads(stored(a)[game_key(X)])["id"] == "seed2"  # not overwritten


def test_a_second_tab_and_your_games_show_the_time_another_tab_played(
    desktop: BrowserContext, base_url: str
) -> None:
    """Tab B plays X for a minute, its clock running; tab A opened then shows that time,
    not 0:00, and so does the game in your games once A leaves it."""
    desktop.clock.install()  # time runs as usual; the test moves it on a minute
    b = open_game(desktop, base_url, f"#{X}")
    play_first_move(Table(b))  # the clock runs from here
    b.clock.fast_forward(65_000)
    play_first_move(Table(b))  # saved with its clock as it reads now
    wait_saved(b)
    a = open_game(desktop, base_url, f"#{X}")
    assert Table(a).stat("time").startswith("1:0")
    Table(a).press("new")  # X left for a new deal, once confirmed
    a.locator('#dialog-confirm [data-answer="yes"]').click()
    expect(a.locator('[data-stat="code"]')).not_to_have_text(X)
    Table(a).press("stats")
    a.locator('#dialog-stats [data-action="history"]').click()
    row = a.locator('#dialog-history li.game[data-ending="left"]')
    expect(row.locator('[data-role="summary"]')).to_contain_text(" · 1:0")


# ------------------------------------------------------- links, Back, N
def test_back_forward_and_links_resume_each_deal(desktop: BrowserContext, base_url: str) -> None:
    page = open_game(desktop, base_url, f"#{X}")
    table = Table(page)
    play_first_move(table)
    page.goto(f"{base_url}/#{Z}")  # a link to another deal, followed in the page
    expect(page.locator('[data-stat="code"]')).to_have_text(Z)
    play_first_move(table)
    expect(page.locator('[data-stat="moves"]')).to_have_text("1")
    page.go_back()
    expect(page.locator('[data-stat="code"]')).to_have_text(X)
    assert moves(page) == "1" and table.message() == f"Partida retomada: {X}."
    page.go_forward()
    expect(page.locator('[data-stat="code"]')).to_have_text(Z)
    assert moves(page) == "1"


def test_a_new_game_keeps_the_one_left_and_needs_a_press_of_its_own(
    desktop: BrowserContext, base_url: str
) -> None:
    page = open_game(desktop, base_url, f"#{X}")
    table = Table(page)
    play_first_move(table)
    page.locator("body").focus()
    page.keyboard.down("n")  # held down: the key repeats
    for _ in range(5):
        page.keyboard.down("n")
    page.keyboard.up("n")
    confirm = page.locator('[data-role="confirm"]')  # asked once, whatever the repeats
    confirm.locator('[data-answer="yes"]').click()
    expect(confirm).to_be_hidden()
    fresh = table.stat("code")
    assert fresh != X and moves(page) == "0"
    page.go_back()  # only one new deal was dealt: Back is the game left
    expect(page.locator('[data-stat="code"]')).to_have_text(X)
    assert moves(page) == "1"
    table.press("code")
    page.locator("#code-input").fill(X.lower())
    page.keyboard.press("Enter")
    expect(table.page.locator('[data-role="message"]')).to_have_text(
        f"Já está a jogar a partida {X}."
    )
    assert moves(page) == "1"


# ------------------------------------------------------------ storage faults
FILL = """() => {
  const chunk = 'x'.repeat(256 * 1024);
  for (let i = 0; ; i++) {
    try { localStorage.setItem('filler' + i, chunk); } catch (_) { break; }
  }
  for (let size = 65536; size >= 1; size = Math.floor(size / 2)) {
    for (let i = 0; ; i++) {
      try { localStorage.setItem(`small${size}.${i}`, 'y'.repeat(size)); } catch (_) { break; }
    }
  }
}"""


def test_a_full_storage_still_resumes_and_says_saving_fails_until_it_works(
    browser: Browser, base_url: str
) -> None:
    context = browser.new_context(locale="en-GB")
    page = context.new_page()
    seed(page, base_url, {game_key(X): kept(X, 2), KEYS["last"]: X})
    page.evaluate(FILL)
    page.goto(f"{base_url}/")
    wait_ready(page)
    assert (Table(page).stat("code"), moves(page)) == (X, "2")  # read and resumed
    play_first_move(Table(page))
    notice = page.locator('[data-role="notice"]')
    expect(notice).to_have_text(text("en", "save.failed"))
    page.evaluate(
        "Object.keys(localStorage).filter(k => k.startsWith('filler')).forEach(k => localStorage.removeItem(k))"
    )
    play_first_move(Table(page))
    expect(notice).to_be_hidden()
    expect(notice).to_have_text("")
    page.reload()
    wait_ready(page)
    assert moves(page) == "4"
    context.close()


def test_a_failed_read_never_leads_to_writing_over_what_could_not_be_read(
    browser: Browser, base_url: str
) -> None:
    context = browser.new_context(locale="en-GB")
    page = context.new_page()
    seed(page, base_url, {game_key(X): kept(X, 2), KEYS["last"]: X})
    before = stored(page)
    context.add_init_script(
        "window.__getItem = Storage.prototype.getItem;"
        "Storage.prototype.getItem = function () { throw new DOMException('no', 'UnknownError'); };"
    )
    page.goto(f"{base_url}/#{X}")
    wait_ready(page)
    expect(page.locator('[data-role="notice"]')).to_have_text(text("en", "save.unreadable"))
    play_first_move(Table(page))
    expect(page.locator('[data-stat="moves"]')).to_have_text("1")
    wait_saved(page)
    after = page.evaluate(
        "Object.fromEntries(Object.keys(localStorage).map(k => [k, window.__getItem.call(localStorage, k)]))"
    )
    assert after == before  # nothing written over what could not be read
    context.close()


# a browser that blocks the site's data: storage refused, and cookies (a browser that
# refuses them reads none and keeps none)
BLOCKED = (
    "Object.defineProperty(window, 'localStorage', { get() {"
    " throw new DOMException('blocked', 'SecurityError'); } });"
    "Object.defineProperty(window, 'indexedDB', { get() {"
    " throw new DOMException('blocked', 'SecurityError'); } });"
)
NO_COOKIES = (
    "Object.defineProperty(Document.prototype, 'cookie', { get() { return ''; }, set() {} });"
)


def test_storage_blocked_in_a_page_of_its_own_is_said(browser: Browser, base_url: str) -> None:
    context = browser.new_context(locale="en-GB")
    context.add_init_script(BLOCKED + NO_COOKIES)
    page = open_game(context, base_url, f"#{X}")
    expect(page.locator('[data-role="notice"]')).to_have_text(text("en", "save.blocked"))
    play_first_move(Table(page))
    expect(page.locator('[data-stat="moves"]')).to_have_text("1")
    assert stats_shown(page)["played"] == "1"  # counted for the visit
    context.close()


def test_storage_blocked_but_cookies_kept_keeps_a_short_record(
    browser: Browser, base_url: str
) -> None:
    """Where only the storage is refused, the game keeps its game, options and figures
    in cookies, as a frame does where its storage is blocked (docs/embedding.md), and
    says nothing is lost where nothing is."""
    context = browser.new_context(locale="en-GB")
    context.add_init_script(BLOCKED)
    page = open_game(context, base_url, f"#{X}")
    play_first_move(Table(page))
    expect(page.locator('[data-stat="moves"]')).to_have_text("1")
    page.reload()
    wait_ready(page)
    expect(page.locator('[data-stat="moves"]')).to_have_text("1")
    expect(page.locator('[data-role="notice"]')).to_have_text("")
    assert stats_shown(page)["played"] == "1"
    context.close()


def test_storage_cleared_mid_game_loses_nothing_after(
    desktop: BrowserContext, base_url: str
) -> None:
    page = open_game(desktop, base_url, f"#{X}")
    table = Table(page)
    table.tap("P5"), table.tap("P6")
    page.evaluate("localStorage.clear()")
    table.tap("P2"), table.tap("P3"), table.tap("R3")
    expect(page.locator('[data-stat="moves"]')).to_have_text("2")
    page.reload()
    wait_ready(page)
    assert (table.stat("moves"), table.stat("score")) == ("2", "25")


# ------------------------------------------------------ hostile stored values
DEEP = "[" * 10_000 + "]" * 10_000
STATS = {"v": 2, "played": 3, "won": 1, "best_time_ms": 90000, "streak": 1, "best_streak": 1}


def _game(**fields: Any) -> str:
    data = json.loads(kept(X, 2))
    data.update(fields)
    return json.dumps(data)


def _clock(raw: str) -> str:
    """A stored game whose clock holds ``raw``, written as is into the JSON."""
    data = json.loads(kept(X, 2))
    data["game"]["clock"]["elapsed_ms"] = "ELAPSED"
    return json.dumps(data).replace('"ELAPSED"', raw)


HOSTILE: dict[str, tuple[str, str, str, str]] = {
    # name: (key, value, what the message names, what becomes of it: kept aside, or lost
    # when there is no room for a copy beside it — 3 MB twice is more than this
    # browser's 5 M characters of localStorage)
    "game 10,000 deep": (game_key(X), DEEP, "game", "aside"),
    "game with a 400-digit rev": (game_key(X), _game(rev=10**400), "game", "aside"),
    "game with a 400-digit clock": (game_key(X), _clock("9" * 400), "game", "aside"),
    "game with a 1e300 clock": (game_key(X), _clock("1e300"), "game", "aside"),
    "game of 3 MB": (game_key(X), _game(id="x" * 3_000_000), "game", "lost"),
    "options 10,000 deep": (KEYS["prefs"], DEEP, "prefs", "aside"),
    "statistics with a 400-digit count": (
        KEYS["stats"],
        json.dumps(STATS).replace('"played": 3', '"played": ' + "9" * 400),
        "stats",
        "aside",
    ),
    "statistics 10,000 deep": (KEYS["stats"], DEEP, "stats", "aside"),
    "statistics that contradict": (
        KEYS["stats"],
        json.dumps({**STATS, "won": 7}),
        "stats",
        "aside",
    ),
}


@pytest.mark.parametrize("name", HOSTILE)
def test_hostile_stored_values_are_kept_aside_said_and_the_game_starts(
    browser: Browser, base_url: str, name: str
) -> None:
    key, value, what, becomes = HOSTILE[name]
    context = browser.new_context(locale="en-GB")
    page = context.new_page()
    seed(page, base_url, {key: value, KEYS["last"]: X})
    page.goto(f"{base_url}/")
    wait_ready(page)  # the game starts: never an error page, never a fatal error
    message = Table(page).message()
    aside = {k: v for k, v in stored(page).items() if k.startswith(KEYS["aside"])}
    if becomes == "aside":  # the message says what happened, truthfully
        assert message.startswith(text("en", f"save.damaged.{what}")), message
        [(aside_key, aside_value)] = aside.items()
        assert aside_value == value and aside_key.endswith("." + key)
        assert key not in stored(page) or stored(page)[key] != value  # moved, not copied
    else:
        assert aside == {}
        assert text("en", f"save.damaged.{what}.lost") in message, message
    assert Table(page).stat("time") in ("0:00", "0:01")  # no 300-digit clock
    if becomes == "aside":  # moved aside once: the next visit finds nothing damaged to tell
        page.reload()
        wait_ready(page)
        assert text("en", f"save.damaged.{what}") not in Table(page).message()
        assert len([k for k in stored(page) if k.startswith(KEYS["aside"])]) == 1
    play_first_move(Table(page))
    expect(page.locator('[data-stat="moves"]')).to_have_text("1")
    if what == "stats":
        wait_saved(page)
        assert stats_shown(page)["played"] == "1"  # counting starts again
    context.close()


# ------------------------------------------------------------------ the upgrade
def test_a_save_written_by_the_previous_build_is_resumed(browser: Browser, base_url: str) -> None:
    """tests/fixtures/v1-storage.json: what build a1166bded4b0c340 kept after a won game
    and three moves on another deal, with the options changed."""
    context = browser.new_context(locale="pt-PT")
    page = context.new_page()
    seed(page, base_url, V1["storage"])
    page.goto(f"{base_url}/")
    wait_ready(page)
    table = Table(page)
    assert (table.stat("code"), table.stat("moves"), table.stat("score")) == (X, "3", "35")
    assert page.evaluate("document.documentElement.lang") == "en"
    assert page.evaluate("document.documentElement.dataset.theme") == "dark"
    assert page.evaluate("document.documentElement.classList.contains('pile-numbers')")
    shown = stats_shown(page)
    assert (shown["played"], shown["won"], shown["streak"], shown["best-time"]) == (
        "2",
        "1",
        "1",
        "0:12",
    )
    keys = stored(page)
    assert not set(LEGACY.values()) & set(keys)  # version 1's copies are gone
    assert {KEYS["prefs"], KEYS["stats"], game_key(X)} <= set(keys)
    table.press("undo")  # the game goes on, and is not counted again
    play_first_move(table)
    wait_saved(page)
    assert stats_shown(page)["played"] == "2"
    context.close()


# ------------------------------------------------------------ small promises
def test_a_change_of_language_says_the_message_again(
    desktop: BrowserContext, base_url: str
) -> None:
    page = open_game(desktop, base_url, f"#{X}")
    table = Table(page)
    table.set_option("errors", True)
    table.tap("P1"), table.tap("P4")  # 8 + 9: not 11
    expect(page.locator('[data-role="message"]')).to_have_text("A soma tem de ser igual a 11")
    table.press("options")
    page.locator('[data-option="language"]').select_option("en")
    page.keyboard.press("Escape")
    expect(page.locator('[data-role="message"]')).to_have_text("The sum must be 11")


def test_closing_the_win_dialog_with_escape_keeps_the_focus_on_the_page(
    desktop: BrowserContext, base_url: str
) -> None:
    page = desktop.new_page()
    seed(page, base_url, {game_key(Y): kept(Y, 47, won_line=True)})
    page.goto(f"{base_url}/#{Y}")
    wait_ready(page)
    line = solve_code(Y)
    assert line is not None
    for slot in line[47]:
        Table(page).card(slot).focus()
        page.keyboard.press("Enter")
    expect(page.locator("#dialog-end")).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.locator("#dialog-end")).to_be_hidden()
    expect(page.locator(":focus")).to_have_attribute("data-action", "new")
