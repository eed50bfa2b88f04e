"""Whole games and the things around them: win and impasse by real taps, new game,
the code dialog, #code links, reload, and the engine inside Pyodide."""

from __future__ import annotations

import functools
import random

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from halfmoon import Game
from halfmoon.rules.deal import DEAL_COUNT, format_code
from halfmoon.words.i18n import text
from tests.browser.conftest import open_game, wait_ready
from tests.browser.table import Table, engine_tops
from tests.solver import Move, legal_moves, solve_code


@functools.cache
def impasse_line() -> tuple[str, tuple[Move, ...]]:
    """A deal and a line of play that ends in impasse (always the last legal move)."""
    for number in range(100):
        code = format_code(number)
        game, line = Game.new(code), []
        while game.status == "playing":
            tops = game.tops()
            move = legal_moves(tops)[-1]
            for s in move:
                game.tap(s)
            line.append(move)
        if game.status == "impasse":
            return code, tuple(line)
    raise AssertionError("no impasse found")


@pytest.mark.motion
def test_a_complete_won_game_by_real_taps(desktop: BrowserContext, base_url: str) -> None:
    code = "HM1-N-AAAAAAA"
    line = solve_code(code)
    assert line is not None
    table = Table(open_game(desktop, base_url, "#" + code))
    table.play(line)
    expect(table.page.locator("html")).to_have_attribute("data-game", "won")
    assert (table.stat("moves"), table.stat("score")) == ("48", "520")
    assert all(v is None for v in table.tops().values())
    dialog = table.page.locator("#dialog-end")
    expect(dialog).to_be_visible()
    assert dialog.locator("h2").text_content() == text("pt", "end.won.title")
    body = dialog.locator("#end-text").text_content() or ""
    assert "520" in body and "48" in body
    # no window outlives its game: a link to another deal closes the end window…
    page = table.page
    page.evaluate("location.hash = '#HM1-N-AAAAAAC'")
    expect(page.locator('[data-stat="code"]')).to_have_text("HM1-N-AAAAAAC")
    expect(dialog).to_be_hidden()
    assert table.stat("moves") == "0"
    page.go_back()  # …and Back to the won deal brings its end with it
    expect(page.locator('[data-stat="code"]')).to_have_text(code)
    expect(dialog).to_be_visible()
    dialog.locator('[data-dialog-action="new"]').click()
    expect(table.page.locator("html")).to_have_attribute("data-game", "playing")
    assert table.stat("code") != code and table.stat("score") == "0"


@pytest.mark.motion
def test_an_impasse_by_real_taps_and_its_dialog(desktop: BrowserContext, base_url: str) -> None:
    code, line = impasse_line()
    table = Table(open_game(desktop, base_url, "#" + code))
    table.play(line)
    expect(table.page.locator("html")).to_have_attribute("data-game", "impasse")
    dialog = table.page.locator("#dialog-end")
    expect(dialog).to_be_visible()
    assert dialog.locator("h2").text_content() == "Sem jogadas possíveis"
    assert str(len(line)) == table.stat("moves")
    dialog.locator('[data-dialog-action="undo"]').click()
    expect(dialog).to_be_hidden()
    expect(table.page.locator("html")).to_have_attribute("data-game", "playing")
    assert table.stat("moves") == str(len(line) - 1)
    table.play(line[-1:])
    expect(dialog).to_be_visible()
    dialog.locator('[data-dialog-action="restart"]').click()  # it undoes moves: asked first
    confirm = table.page.locator('[data-role="confirm"]')
    expect(confirm.locator('[data-answer="no"]')).to_have_text("Cancelar")
    table.page.keyboard.press("Escape")  # declined: the end window as it was
    expect(confirm).to_be_hidden()
    expect(dialog).to_be_visible()
    dialog.locator('[data-dialog-action="new"]').click()
    expect(table.page.locator("html")).to_have_attribute("data-game", "playing")
    assert table.stat("moves") == "0" and table.stat("code") != code


def test_new_game_deals_a_fresh_code_and_shows_it_in_the_address(
    desktop: BrowserContext, base_url: str
) -> None:
    table = Table(open_game(desktop, base_url, "#HM1-N-AAAAAAB"))
    table.tap("P5"), table.tap("P6")
    table.press("new")
    table.page.locator('[data-role="confirm"] [data-answer="yes"]').click()  # a game left
    expect(table.page.locator('[data-stat="moves"]')).to_have_text("0")
    code = table.stat("code")
    assert code != "HM1-N-AAAAAAB"
    assert table.page.evaluate("location.hash") == "#" + code
    assert table.tops() == engine_tops(Game.new(code))
    assert table.stat("score") == "0" and table.stat("time") == "0:00"


def _play_code(page: Page, code: str) -> None:
    page.locator('[data-action="code"]').click()
    page.locator("#code-input").fill(code)
    page.locator("#code-input").press("Enter")


def test_code_dialog_valid_code_in_any_case(desktop: BrowserContext, base_url: str) -> None:
    table = Table(open_game(desktop, base_url))
    _play_code(table.page, "  hm1-n-aaaaaab ")
    expect(table.page.locator('[data-stat="code"]')).to_have_text("HM1-N-AAAAAAB")
    expect(table.page.locator("#dialog-code")).to_be_hidden()
    assert table.tops() == engine_tops(Game.new("HM1-N-AAAAAAB"))
    assert table.page.evaluate("location.hash") == "#HM1-N-AAAAAAB"


def test_code_dialog_invalid_code_is_explained_and_nothing_changes(
    desktop: BrowserContext, base_url: str
) -> None:
    table = Table(open_game(desktop, base_url, "#HM1-N-AAAAAAB"))
    table.tap("P5"), table.tap("P6")
    before = (table.tops(), table.stat("score"), table.stat("code"))
    for bad, reason in (
        ("HM1-N-AAAAAA", "length"),
        ("HM2-N-AAAAAAB", "version"),
        ("<img src=x onerror=alert(1)>", "format"),
        ("HM1-N-AAAAAAΒ", "characters"),
        ("", "empty"),
    ):
        _play_code(table.page, bad)
        error = table.page.locator("#code-error")
        expect(error).to_have_text(text("pt", f"code.error.{reason}"))
        expect(table.page.locator("#dialog-code")).to_be_visible()
        assert table.page.locator("#code-input").get_attribute("aria-invalid") == "true"
        table.page.keyboard.press("Escape")
        assert (table.tops(), table.stat("score"), table.stat("code")) == before
    assert table.page.locator("img").count() == 0
    # a valid code would leave the game under way: asked first; "no" keeps the table and
    # brings back the code window with the code as typed
    _play_code(table.page, "hm1-n-aaaaaac")
    table.page.locator('[data-role="confirm"] [data-answer="no"]').click()
    expect(table.page.locator("#dialog-code")).to_be_visible()
    expect(table.page.locator("#code-input")).to_have_value("hm1-n-aaaaaac")
    assert (table.tops(), table.stat("score"), table.stat("code")) == before


def test_reload_resumes_the_game(desktop: BrowserContext, base_url: str) -> None:
    table = Table(open_game(desktop, base_url, "#HM1-N-AAAAAAB"))
    table.tap("P5"), table.tap("P6")
    table.tap("R1")  # leave a selection too
    before = table.tops()
    table.page.reload()
    wait_ready(table.page)
    assert table.tops() == before
    assert (table.stat("score"), table.stat("moves")) == ("10", "1")
    assert table.selected() == ["R1"]
    table.press("undo")
    expect(table.page.locator('[data-stat="moves"]')).to_have_text("0")


def test_links_resume_start_or_are_refused(desktop: BrowserContext, base_url: str) -> None:
    page = open_game(desktop, base_url, "#HM1-N-AAAAAAB")
    table = Table(page)
    table.tap("P5"), table.tap("P6")
    # A link to the deal in progress resumes it.
    page2 = open_game(desktop, base_url, "#hm1-n-aaaaaab")
    assert Table(page2).stat("moves") == "1"
    assert page2.evaluate("location.hash") == "#HM1-N-AAAAAAB"
    page2.close()
    # An invalid link is explained, and the game in progress stays.
    page.goto(f"{base_url}/#HM1-N-AAAA%3Cb%3E")
    expect(page.locator('[data-role="message"]')).to_contain_text(
        "A ligação aberta não tem um código de partida válido"
    )
    assert table.stat("moves") == "1" and table.stat("code") == "HM1-N-AAAAAAB"
    expect(page).to_have_url(f"{base_url}/#HM1-N-AAAAAAB")
    # A link to another deal starts that deal (in page, and on a fresh load).
    page.goto(f"{base_url}/#HM1-N-AAAAAAC")
    expect(page.locator('[data-stat="code"]')).to_have_text("HM1-N-AAAAAAC")
    assert table.stat("moves") == "0"
    assert table.tops() == engine_tops(Game.new("HM1-N-AAAAAAC"))
    page3 = open_game(desktop, base_url, "#HM1-N-AAAAAAD")
    assert Table(page3).tops() == engine_tops(Game.new("HM1-N-AAAAAAD"))


def test_the_engine_in_pyodide_deals_what_cpython_deals(
    desktop: BrowserContext, base_url: str
) -> None:
    rng = random.Random(314)
    codes = ["HM1-N-AAAAAAA", "HM1-N-ZZZZZZZ"] + [
        format_code(rng.randrange(DEAL_COUNT)) for _ in range(18)
    ]
    table = Table(open_game(desktop, base_url))
    for code in codes:
        _play_code(table.page, code)
        expect(table.page.locator('[data-stat="code"]')).to_have_text(code)
        assert table.tops() == engine_tops(Game.new(code)), code
        counts = table.page.evaluate(
            "() => [...document.querySelectorAll('[data-slot]')].map(p => p.dataset.count)"
        )
        assert counts == ["8"] * 12 + ["1"] * 8
