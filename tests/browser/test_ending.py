"""A win is a fact (issue 41, item 1), by real taps on the built site: a won game
undone and redone says the same time in the end window, the share text, your games and
the statistics, however long the player looked back; and a won game undone is neither
left (New game asks nothing of a streak, in this tab or another) nor offered to resume."""

from __future__ import annotations

import json
import re
import time

from playwright.sync_api import BrowserContext, Page, expect

from halfmoon import Game
from halfmoon.host.examples import WON
from halfmoon.saved import KEYS, Play, game_key, write_play
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
        f"""if (!localStorage.getItem({json.dumps(KEYS["last"])})) {{
            for (const [key, value] of Object.entries({json.dumps(keys)}))
                localStorage.setItem(key, value);
        }}"""
    )


def win(context: BrowserContext, base_url: str) -> tuple[Table, str]:
    """The last move made, on a clock the test moves: the table and the win's time."""
    context.clock.install()
    table = Table(open_game(context, base_url))
    page = table.page
    page.clock.pause_at(page.evaluate("Date.now()") + 1000)  # time moves only when told
    expect(page.locator('[data-stat="moves"]')).to_have_text("47")
    table.play(WON.moves[47:])
    end = page.locator("#dialog-end")
    expect(end).to_be_visible()
    found = END_TEXT.fullmatch(end.locator("#end-text").text_content() or "")
    assert found is not None
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


def test_a_win_undone_and_redone_keeps_its_time_everywhere(
    desktop: BrowserContext, base_url: str
) -> None:
    desktop.grant_permissions(["clipboard-read", "clipboard-write"])
    one_move_from_winning(desktop)
    table, won_in = win(desktop, base_url)
    page, end = table.page, table.page.locator("#dialog-end")
    expect(end.locator("#end-record")).to_have_text(
        f"A sua primeira vitória: {won_in} é o tempo a bater."
    )
    for _ in range(2):  # each undo and redo used to add the seconds looked back
        undo_after_the_win(table)
        page.clock.run_for(4000)
        table.press("redo")
        expect(end).to_be_visible()
        expect(end.locator("#end-text")).to_have_text(
            f"Retirou as 104 cartas: 520 pontos em 48 jogadas e {won_in}."
        )
        expect(end.locator("#end-record")).to_have_text(
            f"A sua primeira vitória: {won_in} é o tempo a bater."
        )
    assert table.stat("time") != won_in  # the table's clock ran while the player looked back
    end.locator('[data-action="share"]').click()
    expect(end.locator('[data-role="dialog-status"]')).to_contain_text("Resultado copiado")
    shared = page.evaluate("navigator.clipboard.readText()")
    assert shared.startswith(f"Half Moon · {WON.code}: ganha · {won_in} · 48 jogadas\n")
    page.keyboard.press("Escape")
    said, best, summary, again = stats_and_games(page)
    assert (said, best, summary, again) == (
        "1/1/1",
        won_in,
        f"{won_in} · 48 jogadas",
        "Jogar de novo",
    )


def test_a_win_undone_is_neither_left_nor_resumed(desktop: BrowserContext, base_url: str) -> None:
    one_move_from_winning(desktop)
    table, won_in = win(desktop, base_url)
    page = table.page
    undo_after_the_win(table)
    page.clock.resume()  # time flows again, for another tab to start
    other = Table(open_game(desktop, base_url))  # another tab, on the same undone win
    expect(other.page.locator('[data-stat="moves"]')).to_have_text("47")
    for tab in (other, table):
        tab.press("new")  # nothing asked: the game was won, and stays won
        expect(tab.page.locator('[data-stat="moves"]')).to_have_text("0")
        expect(tab.page.locator('[data-role="confirm"]')).to_be_hidden()
    said, best, summary, again = stats_and_games(page)
    assert (said, best, summary, again) == (
        "1/1/1",
        won_in,
        f"{won_in} · 48 jogadas",
        "Jogar de novo",
    )
