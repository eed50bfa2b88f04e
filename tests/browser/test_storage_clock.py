"""Storage that refuses, the clock, and sharing the deal."""

from __future__ import annotations

from playwright.sync_api import Browser, BrowserContext, expect

from halfmoon.words.i18n import text
from tests.browser.conftest import open_game
from tests.browser.table import Table

THROWING_STORAGE = """
Storage.prototype.setItem = function () { throw new DOMException('full', 'QuotaExceededError'); };
"""


def test_a_storage_that_refuses_writes_never_stops_play(browser: Browser, base_url: str) -> None:
    context = browser.new_context(locale="pt-PT")
    context.add_init_script(THROWING_STORAGE)
    table = Table(open_game(context, base_url, "#HM1-N-AAAAAAB"))
    table.tap("P5"), table.tap("P6")
    expect(table.page.locator('[data-stat="moves"]')).to_have_text("1")
    table.tap("P2"), table.tap("P3"), table.tap("R3")
    expect(table.page.locator('[data-stat="score"]')).to_have_text("25")
    context.close()


def test_a_storage_that_fails_after_start_is_reported_once(browser: Browser, base_url: str) -> None:
    context = browser.new_context(locale="en-GB")
    table = Table(open_game(context, base_url, "#HM1-N-AAAAAAB"))
    table.page.evaluate(
        "() => { Storage.prototype.setItem = () => { throw new DOMException('x', 'QuotaExceededError'); }; }"
    )
    table.tap("P5"), table.tap("P6")
    notice = table.page.locator('[data-role="notice"]')
    warning = text("en", "save.failed")
    expect(notice).to_have_text(warning)
    assert table.stat("moves") == "1"
    table.tap("P2"), table.tap("P3"), table.tap("R3")  # the notice stays while it is true
    expect(table.page.locator('[data-stat="moves"]')).to_have_text("2")
    assert notice.text_content() == warning
    assert table.message().startswith("Trio removed")  # moves are still announced
    context.close()


def test_the_clock_starts_at_the_first_tap(desktop: BrowserContext, base_url: str) -> None:
    desktop.clock.install()  # the page's clock, moved on by the test
    table = Table(open_game(desktop, base_url, "#HM1-N-AAAAAAB"))
    clock = table.page.clock
    clock.pause_at(table.page.evaluate("Date.now()") + 1000)  # time moves only when told
    clock.run_for(5000)  # six seconds looking at the table: the clock has not started
    assert table.stat("time") == "0:00"
    table.tap("P1")
    clock.run_for(1100)
    assert table.stat("time") == "0:01"
    clock.run_for(1000)
    assert table.stat("time") == "0:02"


def test_the_code_copies_a_share_link(browser: Browser, base_url: str) -> None:
    context = browser.new_context(locale="pt-PT")
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base_url)
    page = open_game(context, base_url, "#HM1-N-AAAAAAB")
    page.locator('[data-stat="code"]').click()
    expect(page.locator('[data-role="message"]')).to_have_text("Ligação da partida copiada.")
    assert page.evaluate("navigator.clipboard.readText()") == f"{base_url}/#HM1-N-AAAAAAB"
    context.close()
