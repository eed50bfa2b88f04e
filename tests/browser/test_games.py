"""The deal of the day (a fixed clock, several time zones), your games (the history
dialog, kept over a reload), a result shared (clipboard and Web Share), the replay of a
game you played, and the statistics' chart — all by real taps on the built site."""

from __future__ import annotations

import re
from datetime import UTC, date, datetime
from pathlib import Path

from playwright.sync_api import Browser, BrowserContext, Page, Playwright, expect

from halfmoon import Game
from halfmoon.host.examples import IMPASSE, WON, Example
from halfmoon.records.daily import daily_code
from tests.browser.axe import axe_violations
from tests.browser.conftest import DESKTOP, open_game, wait_ready
from tests.browser.table import Table
from tests.solver import legal_moves
from tools.chromium import launch_options

DEC_1 = "HM1-N-QJQDQQX"  # docs/deal-codes.md
DEC_2 = "HM1-N-BLULOBI"
DEC_3 = "HM1-N-FCIFUNU"
DEC_4 = daily_code(date(2026, 12, 4))


def at(browser: Browser, instant: datetime, zone: str) -> BrowserContext:
    """A player whose clock says ``instant`` in time zone ``zone``."""
    context = browser.new_context(locale="pt-PT", viewport=DESKTOP, timezone_id=zone)
    context.clock.set_fixed_time(instant)
    return context


def test_the_deal_of_the_day_is_the_players_calendar_date(browser: Browser, base_url: str) -> None:
    # Lisbon at 00:30 and Honolulu at 23:30 on 1 December: one date, one deal; Tokyo is
    # already on 2 December.
    players = [
        (datetime(2026, 12, 1, 0, 30, tzinfo=UTC), "Europe/Lisbon", DEC_1, "1"),
        (datetime(2026, 12, 2, 9, 30, tzinfo=UTC), "Pacific/Honolulu", DEC_1, "1"),
        (datetime(2026, 12, 1, 20, 0, tzinfo=UTC), "Asia/Tokyo", DEC_2, "2"),
    ]
    for instant, zone, code, day in players:
        context = at(browser, instant, zone)
        table = Table(open_game(context, base_url, "#HM1-N-AAAAAAB"))
        badge = table.page.locator('[data-stat="daily"]')
        expect(badge).to_be_hidden()
        button = table.page.locator('[data-action="daily"]')
        expect(button.locator('[data-role="today"]')).to_have_text(day)
        button.click()
        expect(table.page.locator('[data-stat="code"]')).to_have_text(code)
        expect(badge).to_be_visible()
        expect(badge).to_have_text("Partida do dia")
        assert table.page.evaluate("location.hash") == "#" + code
        message = table.page.locator('[data-role="message"]').text_content() or ""
        assert message.startswith(f"Partida do dia, {day} de dezembro de 2026: {code}"), zone
        context.close()


def test_a_tab_left_open_overnight_turns_to_the_new_day(browser: Browser, base_url: str) -> None:
    context = at(browser, datetime(2026, 12, 1, 23, 59, 50, tzinfo=UTC), "Europe/Lisbon")
    page = open_game(context, base_url, "#" + DEC_1)
    badge = page.locator('[data-stat="daily"]')
    expect(badge).to_have_text("Partida do dia")
    today = page.locator('[data-action="daily"] [data-role="today"]')
    expect(today).to_have_text("1")
    context.clock.set_fixed_time(datetime(2026, 12, 2, 0, 0, 10, tzinfo=UTC))
    expect(today).to_have_text("2")  # within the next half second
    expect(badge).to_have_text("Partida do dia 1 dez.")  # yesterday's deal, still in play
    page.locator('[data-action="daily"]').click()
    expect(page.locator('[data-stat="code"]')).to_have_text(DEC_2)
    context.close()


def test_the_daily_link_deals_todays_deal(browser: Browser, base_url: str) -> None:
    context = at(browser, datetime(2026, 12, 1, 15, tzinfo=UTC), "America/Sao_Paulo")
    page = open_game(context, base_url, "#daily")
    expect(page.locator('[data-stat="code"]')).to_have_text(DEC_1)
    assert page.evaluate("location.hash") == "#" + DEC_1
    context.close()


def open_stats(page: Page) -> None:
    page.locator('[data-action="stats"]').click()
    expect(page.locator("#dialog-stats")).to_be_visible()


def play_and_share(context: BrowserContext, base_url: str, example: Example) -> Table:
    """Play an example game to its end and press Share in the end window."""
    table = Table(open_game(context, base_url, "#" + example.code))
    table.play(example.moves)
    end = table.page.locator("#dialog-end")
    expect(end).to_be_visible()
    end.locator('[data-action="share"]').click()
    return table


def test_a_won_game_shared_kept_and_replayed(desktop: BrowserContext, base_url: str) -> None:
    desktop.grant_permissions(["clipboard-read", "clipboard-write"])
    table = play_and_share(desktop, base_url, WON)
    page = table.page
    end = page.locator("#dialog-end")
    status = end.locator('[data-role="dialog-status"]')
    expect(status).to_contain_text("Resultado copiado")
    shared = page.evaluate("navigator.clipboard.readText()")
    pattern = (
        rf"Half Moon · {WON.code}: ganha · \d+:\d\d · 48 jogadas\n{re.escape(base_url)}/#{WON.code}"
    )
    assert re.fullmatch(pattern, shared), shared
    assert shared.splitlines()[0] in (status.text_content() or "")
    end.locator('[data-dialog-action="new"]').click()

    page.reload()  # the history is kept
    page.wait_for_function("document.documentElement.dataset.app === 'ready'")
    open_stats(page)
    page.locator('#dialog-stats [data-action="history"]').click()
    history = page.locator("#dialog-history")
    expect(history).to_be_visible()
    expect(page.locator("#dialog-stats")).to_be_hidden()  # one window at a time
    row = history.locator("li.game").first
    expect(row.locator('[data-role="code"]')).to_have_text(WON.code)
    expect(row.locator('[data-role="result"]')).to_have_text("Ganha")
    assert re.fullmatch(r"Hoje, \d\d:\d\d", row.locator('[data-role="when"]').text_content() or "")
    assert " · 48 jogadas" in (row.locator('[data-role="summary"]').text_content() or "")
    assert axe_violations(page) == [], "history"

    row.locator('[data-action="replay"]').click()
    replay = page.locator("#dialog-replay")
    expect(replay).to_be_visible()
    expect(history).to_be_hidden()
    position = replay.locator('[data-role="position"]')
    caption = replay.locator('[data-role="caption"]')
    cards = replay.locator("[data-place] .card")
    expect(position).to_have_text("Jogada 1 de 48")
    expect(caption).to_contain_text("Jogada 1: 5♠ do monte 1 e 6♦ do monte 8")
    assert cards.count() == 20
    assert replay.locator('[data-place="P1"] .card').get_attribute("data-mark") == "move"
    assert replay.locator('[data-place="P1"]').get_attribute("data-count") == "8"
    assert axe_violations(page) == [], "replay"
    page.keyboard.press("ArrowRight")
    expect(position).to_have_text("Jogada 2 de 48")
    assert replay.locator('[data-place="P1"]').get_attribute("data-count") == "7"
    page.keyboard.press("End")
    expect(position).to_have_text("Fim da partida")
    expect(caption).to_contain_text("Partida ganha")
    assert cards.count() == 0
    page.keyboard.press("Home")
    expect(position).to_have_text("Jogada 1 de 48")
    replay.locator('[data-step-action="next"]').click()
    replay.locator('[data-step-action="next"]').click()
    expect(position).to_have_text("Jogada 3 de 48")
    slider = replay.locator('[data-role="slider"]')
    slider.fill("10")
    expect(position).to_have_text("Jogada 11 de 48")
    play = replay.locator('[data-step-action="play"]')
    play.click()
    expect(play).to_have_attribute("aria-pressed", "true")
    expect(position).to_have_text("Jogada 12 de 48", timeout=5000)  # it plays on its own
    play.click()
    expect(play).to_have_attribute("aria-pressed", "false")

    replay.locator('[data-action="again"]').click()  # the deal from its start
    expect(replay).to_be_hidden()
    expect(page.locator('[data-stat="code"]')).to_have_text(WON.code)
    assert (table.stat("moves"), table.stat("score")) == ("0", "0")


def test_a_stuck_game_shared_by_the_browsers_share_sheet(
    desktop: BrowserContext, base_url: str
) -> None:
    desktop.add_init_script("navigator.share = async (data) => { window.sharedData = data; };")
    page = play_and_share(desktop, base_url, IMPASSE).page
    end = page.locator("#dialog-end")
    expect(end.locator('[data-role="dialog-status"]')).to_have_text("Resultado partilhado.")
    text = page.evaluate("window.sharedData.text")
    assert text.startswith(f"Half Moon · {IMPASSE.code}: sem saída com ")
    assert f"· {len(IMPASSE.moves)} jogadas\n" in text and text.endswith("#" + IMPASSE.code)
    end.locator('[data-dialog-action="new"]').click()
    open_stats(page)
    chart = page.locator('[data-role="chart"] rect.bar')
    expect(chart).to_have_count(1)
    assert float(chart.first.get_attribute("width") or 0) > 30  # a bar, not a sliver
    assert "won" not in (chart.first.get_attribute("class") or "")
    words = page.locator('[data-role="chart-words"]').text_content() or ""
    assert words.startswith("Cartas retiradas na última partida: ") and "Ganhas: 0" in words


def test_games_left_for_another_are_listed_and_resumed(
    desktop: BrowserContext, base_url: str
) -> None:
    table = Table(open_game(desktop, base_url, "#" + WON.code))
    page = table.page
    table.play(WON.moves[:3])
    table.press("new")  # the game is left (kept, and listed), once the player says so
    confirm = page.locator('[data-role="confirm"]')
    expect(confirm).to_contain_text("Fica em «As suas partidas»")
    confirm.locator('[data-answer="yes"]').click()
    expect(page.locator('[data-stat="moves"]')).to_have_text("0")
    open_stats(page)
    page.locator('#dialog-stats [data-action="history"]').click()
    row = page.locator("#dialog-history li.game").first
    expect(row.locator('[data-role="result"]')).to_have_text("Deixada")
    left = Game.new(WON.code)
    for move in WON.moves[:3]:
        for slot in move:
            left.tap(slot)
    expect(row.locator('[data-role="summary"]')).to_contain_text(
        f"{left.cards_left} cartas na mesa"
    )
    again = row.locator('[data-action="again"]')
    expect(again).to_have_text("Retomar")  # its moves kept: not "Jogar de novo"
    assert again.get_attribute("aria-label") == f"Retomar {WON.code}"
    again.click()  # its play, resumed where it was left (the table had no moves: no question)
    expect(confirm).to_be_hidden()
    expect(page.locator('[data-stat="code"]')).to_have_text(WON.code)
    expect(page.locator('[data-stat="moves"]')).to_have_text("3")


def test_a_damaged_history_is_kept_aside_and_said(desktop: BrowserContext, base_url: str) -> None:
    page = open_game(desktop, base_url)
    damaged = '{"v":2,"games":[{"code":"<b>x</b>"}]}'
    page.evaluate("(value) => localStorage.setItem('halfmoon.v2.history', value)", damaged)
    open_stats(page)
    status = page.locator('#dialog-stats [data-role="dialog-status"]')
    expect(status).to_contain_text("A lista das suas partidas estava danificada")
    page.locator('#dialog-stats [data-action="history"]').click()
    history = page.locator("#dialog-history")
    expect(history.locator('[data-role="empty"]')).to_be_visible()
    kept = page.evaluate(
        "Object.keys(localStorage).filter(k => k.startsWith('halfmoon.v2.aside.')"
        " && k.endsWith('halfmoon.v2.history'))"
    )
    assert len(kept) == 1  # kept as it was, under a key of its own
    assert page.evaluate("(key) => localStorage.getItem(key)", kept[0]) == damaged


def test_the_streak_of_days_survives_closing_the_browser(
    playwright: Playwright, base_url: str, tmp_path: Path
) -> None:
    """Three days running, as a player would: open the deal of the day by its link, play
    a pair, close the browser.  Each day counts, however the page is opened next: by the
    link, by the address alone (yesterday's deal resumes), by the button."""
    profile = str(tmp_path / "profile")
    days = [(1, DEC_1), (2, DEC_2), (3, DEC_3)]

    def visit(day: int, hour: int, fragment: str) -> tuple[BrowserContext, Page]:
        context = playwright.chromium.launch_persistent_context(
            profile,
            **launch_options(),
            locale="pt-PT",
            viewport=DESKTOP,
            timezone_id="Europe/Lisbon",
        )
        context.clock.set_fixed_time(datetime(2026, 12, day, hour, tzinfo=UTC))
        page = context.pages[0] if context.pages else context.new_page()
        page.goto(f"{base_url}/?snapshot=off{fragment}")
        wait_ready(page)
        return context, page

    def streak(page: Page) -> str:
        open_stats(page)
        value = page.locator('[data-stats="daily-streak"]').text_content() or ""
        page.keyboard.press("Escape")
        return value

    for day, code in days:
        context, page = visit(day, 20, "#daily")
        expect(page.locator('[data-stat="code"]')).to_have_text(code)
        Table(page).play([legal_moves(Game.new(code).tops())[0]])
        expect(page.locator('[data-stat="moves"]')).to_have_text("1")
        assert streak(page) == str(day)
        context.close()
    # The next morning, by the address alone: yesterday's deal resumes and still counts.
    context, page = visit(4, 9, "")
    expect(page.locator('[data-stat="code"]')).to_have_text(DEC_3)
    assert streak(page) == "3"
    page.locator('[data-action="daily"]').click()  # today's, by the button
    confirm = page.locator('[data-role="confirm"]')  # yesterday's has a move: asked first
    expect(confirm.locator('[data-answer="yes"]')).to_have_text("Deixar a partida")
    confirm.locator('[data-answer="yes"]').click()
    expect(page.locator('[data-stat="code"]')).to_have_text(DEC_4)
    Table(page).play([legal_moves(Game.new(DEC_4).tops())[0]])
    assert streak(page) == "4"
    page.locator('[data-action="stats"]').click()
    page.locator('#dialog-stats [data-action="history"]').click()
    history = page.locator("#dialog-history")
    expect(history.locator('.game[data-ending="left"]')).to_have_count(3)  # each day's, left
    context.close()
