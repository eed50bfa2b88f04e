"""A win is a fact (issue 41, item 1), by real taps on the built site: a won game
undone and redone says the same time in the end window, the share text, your games and
the statistics, however long the player looked back; and a won game undone is neither
left (New game asks nothing of a streak) nor offered to resume.  The same across two
tabs, and for an impasse, is tested in CPython (tests/test_ending.py)."""

from __future__ import annotations

import json
import re
import time

from playwright.sync_api import BrowserContext, Page, expect

from halfmoon import Game
from halfmoon.host.examples import WON
from halfmoon.keeping.saved import KEYS, Play, game_key, write_play
from tests.browser.conftest import open_game
from tests.browser.table import Table

END_TEXT = re.compile(r"Retirou as 104 cartas: 520 pontos em 48 jogadas e (\d+:\d\d)\.")


def one_move_from_winning(context: BrowserContext) -> None:
    """The example deal kept 47 moves along its winning line, 10 seconds in: what a
    first visit resumes (the store seeded once, before the page's scripts run)."""
    game = Game.new(WON.code)
    for move in WON.moves[:47]:
        for slot in move:
            game.tap(slot, now=0.0)
    game.pause(10_000.0)
    wall = time.time() * 1000
    play = Play(game, "near", begun=wall, saved=wall, rev=1, played=True)
    keys = {game_key(WON.code): write_play(play, wall), KEYS["last"]: WON.code}
    context.add_init_script(
        f"""if (location.protocol === "http:" && !localStorage.getItem({json.dumps(KEYS["last"])})) {{
            for (const [key, value] of Object.entries({json.dumps(keys)}))
                localStorage.setItem(key, value);
        }}"""
    )


def win(context: BrowserContext, base_url: str) -> tuple[Table, str]:
    """The last move made, on a clock the test can move on: the table and the win's time."""
    context.clock.install()
    table = Table(open_game(context, base_url))
    page = table.page
    expect(page.locator('[data-stat="moves"]')).to_have_text("47")
    table.play(WON.moves[47:])
    end = page.locator("#dialog-end")
    expect(end).to_be_visible()
    said = end.locator("#end-text").text_content() or ""
    found = END_TEXT.fullmatch(said)
    assert found is not None, said
    return table, found.group(1)


def undo_after_the_win(table: Table) -> None:
    page = table.page
    page.keyboard.press("Escape")  # the end window closed
    expect(page.locator("#dialog-end")).to_be_hidden()
    table.press("undo")
    expect(page.locator('[data-stat="moves"]')).to_have_text("47")


def stats_and_games(page: Page) -> tuple[str, str, str, str]:
    """The statistics' played, won, streak and best time; then your games' only row."""
    page.locator('[data-action="stats"]').click()
    stats = page.locator("#dialog-stats")
    expect(stats).to_be_visible()
    figures = [stats.locator(f'[data-stats="{name}"]') for name in ("played", "won", "streak")]
    best = stats.locator('[data-stats="best-time"]').text_content() or ""
    said = "/".join(figure.text_content() or "" for figure in figures)
    stats.locator('[data-action="history"]').click()
    rows = page.locator("#dialog-history li.game")
    expect(rows).to_have_count(1)
    row = rows.first
    summary = row.locator('[data-role="summary"]').text_content() or ""
    again = row.locator('[data-action="again"]').text_content() or ""
    page.keyboard.press("Escape")
    expect(page.locator("dialog[open]")).to_have_count(0)
    return said, best, summary, again


def test_a_win_stays_as_it_was_through_undo_redo_and_a_new_game(
    desktop: BrowserContext, base_url: str
) -> None:
    """Issue 41's two cases on one page, as a player meets them: the winning move undone
    and redone, seconds apart, keeps the win's time in the end window, the share text,
    your games and the statistics; then undone again, New game asks nothing of a streak
    and counts nothing, and your games offers to play the deal again, not to resume it."""
    desktop.grant_permissions(["clipboard-read", "clipboard-write"])
    one_move_from_winning(desktop)
    table, won_in = win(desktop, base_url)
    page, end = table.page, table.page.locator("#dialog-end")
    first_win = f"A sua primeira vitória: {won_in} é o tempo a bater."
    expect(end.locator("#end-record")).to_have_text(first_win)
    for _ in range(2):  # each undo and redo used to add the seconds looked back
        undo_after_the_win(table)
        page.clock.run_for(4000)
        table.press("redo")
        expect(end).to_be_visible()
        expect(end.locator("#end-text")).to_have_text(
            f"Retirou as 104 cartas: 520 pontos em 48 jogadas e {won_in}."
        )
        expect(end.locator("#end-record")).to_have_text(first_win)
    expect(page.locator('[data-stat="time"]')).to_have_text(won_in)  # the bar: the win's too
    end.locator('[data-action="share"]').click()
    expect(end.locator('[data-role="dialog-status"]')).to_contain_text("Resultado copiado")
    shared = page.evaluate("navigator.clipboard.readText()")
    assert shared.startswith(f"Half Moon · {WON.code}: ganha · {won_in} · 48 jogadas\n")
    undo_after_the_win(table)
    table.press("new")  # nothing asked: the game was won, and stays won
    expect(page.locator('[data-stat="moves"]')).to_have_text("0")
    expect(page.locator('[data-role="confirm"]')).to_be_hidden()
    said, best, summary, again = stats_and_games(page)
    assert (said, best) == ("1/1/1", won_in)  # played, won, streak; the best time
    assert (summary, again) == (f"{won_in} · 48 jogadas", "Jogar de novo")
