"""The calendar of the deals of the day, by real taps and keys on the built site, on a
fixed clock: a month of days with their results, today marked, days to come disabled,
the month before, a month all won, a past day played (its badge, the same code every
time, kept over a reload), the date grid by keyboard, axe in both languages and themes
on a phone (portrait and landscape) and a desktop."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest
from playwright.sync_api import Browser, BrowserContext, Locator, Page, expect

from halfmoon import Game
from halfmoon.host.examples import WON
from halfmoon.records.daily import daily_code
from halfmoon.records.history import Entry, write_history
from halfmoon.rules.layout import SLOTS
from tests.browser.axe import axe_violations
from tests.browser.conftest import DESKTOP, PHONE, wait_ready
from tests.browser.table import Table
from tests.solver import legal_moves

NOW = datetime(2026, 12, 17, 18, tzinfo=UTC)  # 17 December 2026, 18:00 in Lisbon
TODAY = date(2026, 12, 17)
WON_DAYS = (1, 3, 5, 8)
TRIED_DAYS = (2, 6)


def played(day: date, won: bool, id: str) -> Entry:
    """A game of ``day``'s deal as the history keeps it, played on its day."""
    moves = WON.moves if won else WON.moves[:6]
    left = 104 - sum(len(m) for m in moves)
    ended = datetime(day.year, day.month, day.day, 20, tzinfo=UTC).timestamp() * 1000
    result = "won" if won else "stuck"
    return Entry(
        id, daily_code(day), ended - 60_000, ended, result, left, 60_000, len(moves), day, moves
    )


def history(november: bool = True) -> str:
    """A history: some days of December won or tried, and (``november``) every day of
    November won."""
    entries = [played(date(2026, 12, n), True, f"w{n}") for n in WON_DAYS]
    entries += [played(date(2026, 12, n), False, f"t{n}") for n in TRIED_DAYS]
    if november:
        entries += [played(date(2026, 11, n), True, f"n{n}") for n in range(1, 31)]
    return write_history(sorted(entries, key=lambda e: e.ended, reverse=True))


def on_the_clock(
    browser: Browser, viewport: dict[str, int] | None = None, **options: object
) -> BrowserContext:
    context = browser.new_context(
        locale="pt-PT", viewport=viewport or DESKTOP, timezone_id="Europe/Lisbon", **options
    )  # type: ignore[arg-type]
    context.clock.set_fixed_time(NOW)
    return context


def with_history(context: BrowserContext, base_url: str, stored: str, query: str = "") -> Page:
    """The game opened on a deal with ``stored`` as the list of games played here
    (written from a page of the site that keeps nothing itself, the rules page)."""
    page = context.new_page()
    page.goto(f"{base_url}/rules.html")
    page.evaluate("(value) => localStorage.setItem('halfmoon.v2.history', value)", stored)
    page.goto(f"{base_url}/{query}#HM1-N-AAAAAAB")
    wait_ready(page)
    return page


def open_calendar(page: Page) -> None:
    page.locator('[data-action="calendar"]').click()
    expect(page.locator("#dialog-calendar")).to_be_visible()


def day(page: Page, n: int, month: int = 12) -> Locator:
    return page.locator(f'#dialog-calendar [data-day="2026-{month:02d}-{n:02d}"]')


def test_the_month_shows_each_days_result_today_and_the_days_to_come(
    browser: Browser, base_url: str
) -> None:
    context = on_the_clock(browser)
    page = with_history(context, base_url, history())
    calendar = page.locator("#dialog-calendar")
    open_calendar(page)
    expect(calendar.locator('[data-role="month"]')).to_have_text("Dezembro de 2026")
    days = calendar.locator("button[data-day]")
    expect(days).to_have_count(31)
    results = {
        int((b.get_attribute("data-day") or "")[-2:]): b.get_attribute("data-result")
        for b in days.all()
    }
    assert {n for n, r in results.items() if r == "won"} == set(WON_DAYS)
    assert {n for n, r in results.items() if r == "tried"} == set(TRIED_DAYS)
    expect(calendar.locator('[aria-current="date"]')).to_have_attribute("data-day", "2026-12-17")
    expect(calendar.locator('[aria-current="date"]')).to_be_focused()  # today, at once
    disabled = calendar.locator("button[data-day]:disabled")
    expect(disabled).to_have_count(14)  # the 18th to the 31st
    expect(disabled.first).to_have_attribute("data-day", "2026-12-18")
    expect(day(page, 3)).to_have_attribute("aria-label", "3 de dezembro, ganha")
    expect(day(page, 2)).to_have_attribute("aria-label", "2 de dezembro, jogada, por ganhar")
    expect(day(page, 17)).to_have_attribute("aria-label", "17 de dezembro, hoje, por jogar")
    expect(calendar.locator('[data-role="tally"]')).to_have_text(
        "4 de 17 dias ganhos até hoje"
    )  # no day to come
    expect(calendar.locator('[data-role="complete"]')).to_be_hidden()
    next_month = calendar.locator('[data-action="next-month"]')
    expect(next_month).to_have_attribute("aria-disabled", "true")
    next_month.click(force=True)  # a person can still tap it: nothing beyond this month
    expect(calendar.locator('[data-role="month"]')).to_have_text("Dezembro de 2026")

    calendar.locator('[data-action="previous-month"]').click()
    expect(calendar.locator('[data-role="month"]')).to_have_text("Novembro de 2026")
    expect(calendar.locator("button[data-day]")).to_have_count(30)
    expect(calendar.locator('button[data-result="won"]')).to_have_count(30)
    expect(calendar.locator('[data-role="tally"]')).to_have_text("30 de 30 dias ganhos")
    expect(calendar.locator('[data-role="complete"]')).to_be_visible()
    expect(calendar.locator('[data-role="complete"]')).to_have_text("★ Mês completo")
    # the history remembers nothing older: November is as far back as it goes
    expect(calendar.locator('[data-action="previous-month"]')).to_have_attribute(
        "aria-disabled", "true"
    )
    calendar.locator('[data-action="next-month"]').click()
    expect(calendar.locator('[data-role="month"]')).to_have_text("Dezembro de 2026")
    context.close()


def test_a_past_day_is_played_with_its_badge_and_the_same_deal_every_time(
    browser: Browser, base_url: str
) -> None:
    context = on_the_clock(browser, PHONE, has_touch=True, is_mobile=True, device_scale_factor=2)
    page = with_history(context, base_url, history(november=False))
    table = Table(page, touch=True)
    open_calendar(page)
    day(page, 4).tap()
    expect(page.locator("#dialog-calendar")).to_be_hidden()
    code = daily_code(date(2026, 12, 4))
    expect(page.locator('[data-stat="code"]')).to_have_text(code)
    expect(page.locator('[data-stat="daily"]')).to_have_text("Partida do dia 4 dez.")
    assert page.evaluate("location.hash") == "#" + code
    expect(page.locator('[data-role="message"]')).to_have_text(
        f"Partida do dia, 4 de dezembro de 2026: {code}."
    )
    game = Game.new(code)  # the day's deal, card for card
    assert table.tops() == {s: (c.code if (c := game.top(s)) else None) for s in SLOTS}
    for slot in legal_moves(game.tops())[0]:
        table.tap(slot)
    expect(page.locator('[data-stat="moves"]')).to_have_text("1")
    page.reload()  # the day stays the day's
    wait_ready(page)
    expect(page.locator('[data-stat="daily"]')).to_have_text("Partida do dia 4 dez.")
    open_calendar(page)
    expect(day(page, 4)).to_have_attribute("data-result", "tried")
    page.keyboard.press("Escape")
    # the statistics: today's deal not played, and no day in a row from a day made up
    page.locator('[data-action="stats"]').tap()
    expect(page.locator('[data-stats="daily"]')).to_have_text("Por jogar")
    expect(page.locator('[data-stats="daily-streak"]')).to_have_text("0")
    page.keyboard.press("Escape")
    # today from the calendar: today's deal, as the deal of the day's button deals it
    # (the 4th's game has a move: asked first, and "no" keeps it on the table)
    open_calendar(page)
    day(page, 17).tap()
    confirm = page.locator('[data-role="confirm"]')
    expect(confirm).to_contain_text("Deixar esta partida?")
    expect(confirm.locator(".deal-code")).to_have_text(code)
    confirm.locator('[data-answer="no"]').tap()
    expect(confirm).to_be_hidden()
    expect(page.locator('[data-stat="code"]')).to_have_text(code)
    assert table.stat("moves") == "1"
    open_calendar(page)
    day(page, 17).tap()
    confirm.locator('[data-answer="yes"]').tap()
    expect(page.locator('[data-stat="code"]')).to_have_text(daily_code(TODAY))
    expect(page.locator('[data-stat="daily"]')).to_have_text("Partida do dia")
    # and the 4th again: its play in progress, with its move
    open_calendar(page)
    day(page, 4).tap()
    expect(page.locator('[data-stat="code"]')).to_have_text(code)
    expect(page.locator('[data-stat="moves"]')).to_have_text("1")
    context.close()


def focused_day(page: Page) -> str:
    return str(page.evaluate("document.activeElement?.dataset?.day ?? ''"))


def test_the_month_is_a_date_grid_by_keyboard(browser: Browser, base_url: str) -> None:
    context = on_the_clock(browser)
    page = with_history(context, base_url, history())
    title = page.locator('#dialog-calendar [data-role="month"]')
    button = page.locator('[data-action="calendar"]')
    button.focus()
    page.keyboard.press("Enter")
    assert focused_day(page) == "2026-12-17"
    steps = [
        ("ArrowLeft", "2026-12-16"),
        ("ArrowUp", "2026-12-09"),
        ("Home", "2026-12-07"),  # Monday
        ("End", "2026-12-13"),  # Sunday
        ("ArrowDown", "2026-12-17"),  # a week on would be the 20th: no further than today
        ("ArrowRight", "2026-12-17"),
        ("PageUp", "2026-11-17"),
        ("PageUp", "2026-11-01"),  # as far back as the calendar goes
        ("ArrowLeft", "2026-11-01"),
        ("ArrowDown", "2026-11-08"),
        ("PageDown", "2026-12-08"),
        ("ArrowUp", "2026-12-01"),
        ("ArrowLeft", "2026-11-30"),  # into the month before
    ]
    for key, expected in steps:
        page.keyboard.press(key)
        assert focused_day(page) == expected, key
    expect(title).to_have_text("Novembro de 2026")
    # one day of the grid in the tab order: the one with the focus
    stops = page.locator('#dialog-calendar button[data-day][tabindex="0"]')
    expect(stops).to_have_count(1)
    page.keyboard.press("ArrowRight")
    expect(title).to_have_text("Dezembro de 2026")
    page.keyboard.press("ArrowRight")
    assert focused_day(page) == "2026-12-02"
    page.keyboard.press("Shift+Tab")  # out of the grid, and back into it on its day
    page.keyboard.press("Tab")
    assert focused_day(page) == "2026-12-02"
    page.keyboard.press("Enter")  # plays it
    expect(page.locator("#dialog-calendar")).to_be_hidden()
    expect(page.locator('[data-stat="code"]')).to_have_text(daily_code(date(2026, 12, 2)))
    expect(page.locator('[data-stat="daily"]')).to_have_text("Partida do dia 2 dez.")
    context.close()


@pytest.mark.parametrize(
    ("viewport", "theme", "lang"),
    [
        (PHONE, "dark", "pt"),
        (PHONE, "light", "en"),
        ({"width": 844, "height": 390}, "light", "pt"),
        ({"width": 844, "height": 390}, "dark", "en"),
        (DESKTOP, "dark", "en"),
        (DESKTOP, "light", "pt"),
    ],
)
def test_the_calendar_passes_axe_and_fits(
    browser: Browser,
    base_url: str,
    viewport: dict[str, int],
    theme: str,
    lang: str,
) -> None:
    mobile = viewport["width"] < 900
    context = on_the_clock(
        browser, viewport, color_scheme=theme, has_touch=mobile, is_mobile=mobile
    )
    page = with_history(context, base_url, history(), f"?lang={lang}")
    open_calendar(page)
    title = {"pt": "Dezembro de 2026", "en": "December 2026"}[lang]
    expect(page.locator('#dialog-calendar [data-role="month"]')).to_have_text(title)
    label = {"pt": "3 de dezembro, ganha", "en": "December 3, won"}[lang]
    expect(day(page, 3)).to_have_attribute("aria-label", label)
    assert axe_violations(page) == []
    # every day of the month and the window's buttons are in view, none under 40 px
    boxes = page.evaluate(
        """() => [...document.querySelectorAll('#dialog-calendar button')].map(b => {
            const r = b.getBoundingClientRect();
            return [r.left, r.top, r.right, r.bottom, r.width, r.height]; })"""
    )
    assert all(
        min(left, top) >= 0 and right <= viewport["width"] and bottom <= viewport["height"]
        for left, top, right, bottom, _, _ in boxes
    ), boxes
    assert min(min(w, h) for *_, w, h in boxes) >= 40, boxes
    page.locator('#dialog-calendar [data-action="previous-month"]').click()
    assert axe_violations(page) == [], "a month all won"
    context.close()


def test_the_day_turns_in_an_open_calendar(browser: Browser, base_url: str) -> None:
    context = on_the_clock(browser)
    page = with_history(context, base_url, history())
    context.clock.set_fixed_time(datetime(2026, 12, 17, 23, 59, 50, tzinfo=UTC))
    open_calendar(page)
    expect(page.locator('[aria-current="date"]')).to_have_attribute("data-day", "2026-12-17")
    context.clock.set_fixed_time(datetime(2026, 12, 18, 0, 0, 10, tzinfo=UTC))
    expect(page.locator('[aria-current="date"]')).to_have_attribute("data-day", "2026-12-18")
    expect(day(page, 18)).to_be_enabled()
    expect(day(page, 18)).to_have_attribute("aria-label", "18 de dezembro, hoje, por jogar")
    context.close()
