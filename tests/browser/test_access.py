"""Every player: axe-core, keyboard-only play, screen-reader words, themes, statistics,
200 % zoom."""

from __future__ import annotations

import re
from collections import deque

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from halfmoon import Game
from halfmoon.page.keys import neighbour
from halfmoon.words.i18n import text
from tests.browser.axe import axe_violations
from tests.browser.conftest import open_game, wait_ready
from tests.browser.table import Table, corners
from tests.solver import solve_code

CODE = "HM1-N-AAAAAAB"
DIALOGS = {
    "options": '[data-action="options"]',
    "code": '[data-action="code"]',
    "rules": '[data-action="rules"]',
    "stats": '[data-action="stats"]',
    "restart": '[data-action="restart"]',  # after a move: the confirmation (data-role="confirm")
}


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_axe_finds_nothing_on_the_table_and_in_each_dialog(
    browser: Browser, base_url: str, lang: str
) -> None:
    context = browser.new_context(locale="pt-PT", color_scheme="light")
    page = open_game(context, base_url, "#" + CODE, f"?lang={lang}")
    table = Table(page)
    table.tap("P5"), table.tap("P6")  # a move, so undo is enabled and a message shows
    table.tap("P2")  # and a selection
    day = felt(page)
    for theme in ("light", "dark"):  # the system's theme, changed while the page is open
        page.emulate_media(color_scheme=theme)  # type: ignore[arg-type]
        assert (felt(page) == day) == (theme == "light")  # the table follows it at once
        assert axe_violations(page) == [], f"table, {theme}"
        for name, opener in DIALOGS.items():
            page.locator(opener).click()
            expect(page.locator("dialog[open]")).to_have_count(1)
            assert axe_violations(page) == [], f"{name}, {theme}"
            page.keyboard.press("Escape")
    context.close()


def test_the_end_dialog_passes_axe(desktop: BrowserContext, base_url: str) -> None:
    page = open_game(desktop, base_url, "#HM1-N-AAAAAAA")
    table = Table(page)
    line = solve_code("HM1-N-AAAAAAA")
    assert line is not None
    table.play(line)
    expect(page.locator("#dialog-end")).to_be_visible()
    assert axe_violations(page) == []


# ---------------------------------------------------------------- keyboard only
def key_path(start: str, goal: str, occupied: set[str]) -> list[str]:
    """The arrow keys that take the focus from one card to another."""
    keys = {"left": "ArrowLeft", "right": "ArrowRight", "up": "ArrowUp", "down": "ArrowDown"}
    seen, todo = {start: []}, deque([start])  # type: ignore[var-annotated]
    while todo:
        here = todo.popleft()
        if here == goal:
            return seen[here]  # type: ignore[no-any-return]
        for direction, key in keys.items():
            there = neighbour(here, direction, occupied)  # type: ignore[arg-type]
            if there is not None and there not in seen:
                seen[there] = [*seen[here], key]
                todo.append(there)
    raise AssertionError(f"no way from {start} to {goal}")


def focused_slot(page: Page) -> str | None:
    return page.evaluate("document.activeElement?.closest?.('[data-slot]')?.dataset.slot ?? null")


def test_a_whole_won_game_by_keyboard_only(desktop: BrowserContext, base_url: str) -> None:
    code = "HM1-N-AAAAAAA"
    line = solve_code(code)
    assert line is not None
    page = open_game(desktop, base_url, "#" + code)
    for _ in range(12):  # Tab into the table: it is one stop in the tab order
        page.keyboard.press("Tab")
        if focused_slot(page):
            break
    assert focused_slot(page) == "P1"
    game = Game.new(code)
    for move in line:
        for slot in move:
            here = focused_slot(page)
            assert here is not None
            for key in key_path(here, slot, set(game.playable())):
                page.keyboard.press(key)
            assert focused_slot(page) == slot
            page.keyboard.press("Enter" if len(game.selection) % 2 == 0 else "Space")
            game.tap(slot)
        expect(page.locator('[data-stat="moves"]')).to_have_text(str(game.moves))
        if game.status == "playing":
            assert focused_slot(page) is not None  # focus never falls off the table
    assert (Table(page).stat("moves"), Table(page).stat("score")) == ("48", "520")
    dialog = page.locator("#dialog-end")
    expect(dialog).to_be_visible()
    for _ in range(4):
        if page.evaluate("document.activeElement?.dataset?.dialogAction") == "new":
            break
        page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    expect(page.locator("html")).to_have_attribute("data-game", "playing")
    assert Table(page).stat("moves") == "0"


def test_shortcuts_undo_redo_and_new(desktop: BrowserContext, base_url: str) -> None:
    page = open_game(desktop, base_url, "#" + CODE)
    table = Table(page)
    table.tap("P5"), table.tap("P6")
    moves = page.locator('[data-stat="moves"]')
    page.keyboard.press("u")
    expect(moves).to_have_text("0")
    page.keyboard.press("r")
    expect(moves).to_have_text("1")
    page.keyboard.press("Control+z")
    expect(moves).to_have_text("0")
    page.keyboard.press("Control+Shift+Z")
    expect(moves).to_have_text("1")
    page.keyboard.press("Control+z")
    page.keyboard.press("Control+y")
    expect(moves).to_have_text("1")
    page.locator('[data-action="code"]').click()  # typing in a field is not a shortcut
    page.keyboard.type("nun")
    assert page.locator("#code-input").input_value() == "nun"
    page.keyboard.press("Escape")
    assert table.stat("moves") == "1" and table.stat("code") == CODE
    page.keyboard.press("n")  # a game under way: asked first, by keyboard alone
    confirm = page.locator('[data-role="confirm"]')
    expect(confirm.locator('[data-answer="no"]')).to_be_focused()
    page.keyboard.press("Tab")
    expect(confirm.locator('[data-answer="yes"]')).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator('[data-stat="code"]')).not_to_have_text(CODE)


def test_dialogs_trap_and_return_focus(desktop: BrowserContext, base_url: str) -> None:
    page = open_game(desktop, base_url)
    options = page.locator('[data-action="options"]')
    options.focus()
    page.keyboard.press("Enter")
    expect(page.locator("#dialog-options")).to_be_visible()
    for _ in range(15):  # Tab never leaves the open dialog
        page.keyboard.press("Tab")
        inside = page.evaluate(
            "document.getElementById('dialog-options').contains(document.activeElement)"
        )
        assert inside
    page.keyboard.press("Escape")
    expect(page.locator("#dialog-options")).to_be_hidden()
    assert page.evaluate("document.activeElement.dataset.action") == "options"


def test_a_visible_focus_ring_on_cards(desktop: BrowserContext, base_url: str) -> None:
    """Tab reaches the table's card, and that card wears a ring a player can see: a
    solid outline at least 2 px wide, of a colour that stands out from the felt."""
    page = open_game(desktop, base_url, "#" + CODE)
    table = Table(page)
    for _ in range(12):
        page.keyboard.press("Tab")
        if focused_slot(page):
            break
    assert focused_slot(page) == "P1"
    assert page.evaluate(
        "document.activeElement === document.querySelector('[data-slot=P1] button[data-card]')"
    )
    style, width, colour = table.card("P1").evaluate(
        "b => { const s = getComputedStyle(b); return [s.outlineStyle, parseFloat(s.outlineWidth), s.outlineColor]; }"
    )
    assert style == "solid" and width >= 2 and colour != felt(page)
    unfocused = table.card("P2").evaluate("b => getComputedStyle(b).outlineStyle")
    assert unfocused == "none"  # the ring says which card has the focus, and only that one


def test_t_reads_the_whole_table_aloud_and_again(phone: BrowserContext, base_url: str) -> None:
    page = open_game(phone, base_url, "#" + CODE)
    table = Table(page, touch=True)
    table.tap("P5"), table.tap("P6")
    live = page.locator('[data-role="message"]')
    expect(live).to_contain_text("Par retirado: Seis de Copas e Cinco de Copas: +10 pontos")
    page.keyboard.press("t")
    heard = live.locator(".sr-only")  # what the screen reader is given: all of it
    expect(heard).to_contain_text("Monte 1: Oito de Espadas, 8 cartas. Monte 2: Dama de Paus")
    said = (heard.text_content() or "").strip()
    assert "Monte 5: Ás de Paus, 7 cartas. Monte 6: " in said  # what the pair uncovered
    ending = (
        r"Reserva 8: Sete de Paus\. Tempo \d:\d\d\. 10 pontos\. 1 jogada\. Partida HM1-N-AAAAAAB\."
    )
    assert re.search(ending + "$", said), said
    # what the eye is given: a short line of its own, whole (no paragraph cut with "…")
    shown = live.locator('[aria-hidden="true"]')
    expect(shown).to_have_text("Mesa lida ao leitor de ecrã (tecla T).")
    assert live.evaluate("e => e.scrollHeight <= e.clientHeight + 1")  # nothing hidden
    first = heard.text_content()
    page.keyboard.press("t")  # said again: the live region changes, the words do not
    page.wait_for_function(
        "(first) => document.querySelector('[data-role=message] .sr-only').textContent !== first",
        arg=first,
    )
    assert re.search(ending + "$", (heard.text_content() or "").strip())
    box, cards = live.bounding_box(), table.card("P1").bounding_box()
    assert box is not None and cards is not None
    assert box["y"] >= cards["y"] - 1 and box["height"] <= 3 * 16 * 1.3
    table.tap("P1")  # the next message replaces the reading, drawn as any other
    table.tap("P1")
    expect(live.locator(".sr-only")).to_have_count(0)
    page.locator('[data-action="rules"]').click()
    expect(page.locator("#rules-text")).to_contain_text("T: ler a mesa em voz alta")


# ------------------------------------------------------------ screen-reader words
def test_names_and_announcements_for_pair_trio_error_and_end(
    browser: Browser, base_url: str
) -> None:
    context = browser.new_context(locale="pt-PT")
    page = open_game(context, base_url, "#" + CODE)
    table = Table(page)
    assert table.card("P2").get_attribute("aria-label") == "D♣ Dama de Paus, monte 2, 8 cartas"
    assert table.card("R3").get_attribute("aria-label") == "V♥ Valete de Copas, reserva 3, 1 carta"
    assert page.get_by_role("button", name="R♠ Rei de Espadas, monte 3, 8 cartas").count() == 1
    live = page.locator('[data-role="message"]')
    assert live.get_attribute("aria-live") == "polite" and live.get_attribute("role") == "status"
    table.tap("P5"), table.tap("P6")
    # what the move scored, then the score
    expect(live).to_have_text("Par retirado: Seis de Copas e Cinco de Copas: +10 pontos; total 10.")
    assert table.card("P5").get_attribute("aria-label", timeout=1000).endswith("monte 5, 7 cartas")
    table.tap("P2"), table.tap("P3"), table.tap("R3")
    expect(live).to_have_text(
        "Trio retirado: Dama de Paus, Rei de Espadas e Valete de Copas: +15 pontos; total 25."
    )
    table.set_option("errors", True)
    table.tap("P1"), table.tap("P4")
    expect(live).to_have_text(
        "A soma tem de ser igual a 11"
    )  # the rules' own words (docs/design.md, "Tapping")
    table.press("undo")  # what came back
    expect(live).to_have_text(
        "Jogada anulada: Dama de Paus, Rei de Espadas e Valete de Copas voltaram à mesa; total 10."
    )
    assert page.evaluate("document.documentElement.lang") == "pt-PT"
    context.close()
    context = browser.new_context(locale="en-GB")
    page = open_game(context, base_url, "#HM1-N-AAAAAAA")
    table = Table(page)
    line = solve_code("HM1-N-AAAAAAA")
    assert line is not None
    table.play(line)
    expect(page.locator('[data-role="message"]')).to_contain_text("+10 points; score 520. You won!")
    assert page.evaluate("document.documentElement.lang") == "en"
    context.close()


# -------------------------------------------------------------- themes, colours
def felt(page: Page) -> str:
    """The colour of the felt as the page draws it now."""
    return page.evaluate(
        "(() => { const s = document.createElement('span'); s.style.color = 'var(--felt)';"
        " document.body.append(s); const c = getComputedStyle(s).color; s.remove(); return c })()"
    )


def test_dark_theme_follows_the_system_and_can_be_chosen(browser: Browser, base_url: str) -> None:
    dark = browser.new_context(color_scheme="dark", locale="pt-PT")
    light = browser.new_context(color_scheme="light", locale="pt-PT")
    dark_page, light_page = open_game(dark, base_url), open_game(light, base_url)
    assert felt(dark_page) != felt(light_page)
    night = felt(dark_page)
    table = Table(light_page)
    table.press("options")
    light_page.locator('[data-option="theme"]').select_option("dark")
    light_page.keyboard.press("Escape")
    assert felt(light_page) == night
    light_page.reload()
    wait_ready(light_page)
    assert felt(light_page) == night  # remembered
    table.press("options")
    light_page.locator('[data-option="theme"]').select_option("light")
    assert felt(light_page) != night
    dark.close(), light.close()


def test_four_colour_deck(desktop: BrowserContext, base_url: str) -> None:
    page = open_game(desktop, base_url, "#" + CODE)  # P7 = 2♦, P11 = 10♣, P4 = 9♥
    table = Table(page)

    def colour(slot: str) -> str:
        return table.card(slot).evaluate("b => getComputedStyle(b).color")

    hearts, diamonds, clubs = colour("P4"), colour("P7"), colour("P11")
    assert hearts == diamonds and clubs != diamonds
    table.set_option("four-colour", True)
    assert colour("P7") not in (hearts, clubs) and colour("P11") != colour("P1")  # P1 = 8♠


LARGE_INDEX_VIEWPORTS = [(320, 480), (390, 844), (844, 390), (1366, 768), (1920, 1080)]


def settle(page: Page) -> None:
    """Two frames: the board's size observer has written the new card size."""
    page.evaluate("new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")


def test_the_large_index_draws_the_rank_at_a_third_of_the_card(
    desktop: BrowserContext, base_url: str
) -> None:
    page = open_game(desktop, base_url, "#" + CODE)
    table = Table(page)
    before = {c["card"]: c for c in corners(page)}
    assert max(c["inked"] for c in before.values()) < 0.35  # the usual corner is small
    table.set_option("large-index", True)
    for width, height in LARGE_INDEX_VIEWPORTS:
        page.set_viewport_size({"width": width, "height": height})
        settle(page)
        seen = corners(page)
        assert len(seen) == 20
        for c in seen:
            where = (width, height, c["card"])
            assert c["inked"] >= 0.35, where  # the rank's glyphs, measured as drawn
            card, rank, suit = c["box"], c["r"], c["s"]
            assert card["left"] <= rank["left"] and rank["right"] <= card["right"] + 0.5, where
            assert card["top"] <= rank["top"], where
            assert suit["left"] >= rank["right"] - 1 and suit["top"] < rank["bottom"], where
            assert c["suitSize"] < c["rankSize"], where  # the suit smaller, beside it
            if c["figure"] is not None:  # a court card keeps its figure, smaller
                figure = c["figure"]
                shown = min(figure["bottom"], card["bottom"]) - max(figure["top"], card["top"])
                assert shown >= 0.3 * card["height"], where
                assert figure["top"] >= rank["top"] + 0.3 * card["height"], where
    page.set_viewport_size({"width": 1366, "height": 768})
    settle(page)
    for c in corners(page):
        if c["figure"] is not None:
            assert c["figure"]["width"] < before[c["card"]]["figure"]["width"]
    page.reload()
    wait_ready(page)
    assert min(c["inked"] for c in corners(page)) >= 0.35  # remembered
    table.press("options")
    expect(page.locator('[data-option="large-index"]')).to_be_checked()


def test_the_large_index_keeps_the_four_colours_in_both_themes(
    desktop: BrowserContext, base_url: str
) -> None:
    page = open_game(desktop, base_url, "#" + CODE)  # P7 = 2♦, P11 = 10♣, P4 = 9♥, P1 = 8♠
    table = Table(page)
    table.set_option("large-index", True)
    table.set_option("four-colour", True)

    def ink(slot: str) -> str:
        return table.card(slot).locator(".idx .r").first.evaluate("e => getComputedStyle(e).color")

    for theme in ("light", "dark"):
        table.press("options")
        page.locator('[data-option="theme"]').select_option(theme)
        page.keyboard.press("Escape")
        colours = {slot: ink(slot) for slot in ("P7", "P11", "P4", "P1")}
        assert len(set(colours.values())) == 4, (theme, colours)  # four suits, four inks
        assert min(c["inked"] for c in corners(page)) >= 0.35, theme


@pytest.mark.motion
def test_reduce_motion_option_removes_the_animation(desktop: BrowserContext, base_url: str) -> None:
    page = open_game(desktop, base_url, "#" + CODE)
    table = Table(page)
    table.set_option("reduce-motion", True)
    table.tap("P5"), table.tap("P6")
    assert page.locator(".ghost").count() == 0
    assert table.card("P5").evaluate("b => getComputedStyle(b).transitionDuration") == "0s"


def test_card_text_stays_readable_at_200_percent_zoom(browser: Browser, base_url: str) -> None:
    context = browser.new_context(viewport={"width": 683, "height": 384}, locale="pt-PT")
    page = open_game(context, base_url, "#" + CODE)
    size = page.locator('[data-slot="P1"] .idx').first.evaluate(
        "e => parseFloat(getComputedStyle(e).fontSize)"
    )
    assert size >= 12
    assert page.evaluate("document.scrollingElement.scrollHeight <= innerHeight")
    context.close()


# ------------------------------------------------------------------ statistics
def stats_values(page: Page) -> dict[str, str]:
    page.locator('[data-action="stats"]').click()
    values = page.evaluate(
        "Object.fromEntries([...document.querySelectorAll('[data-stats]')]"
        ".map(e => [e.dataset.stats, e.textContent]))"
    )
    page.keyboard.press("Escape")
    return values


def test_statistics_count_by_the_rules(desktop: BrowserContext, base_url: str) -> None:
    page = open_game(desktop, base_url, "#HM1-N-AAAAAAA")
    table = Table(page)
    assert stats_values(page)["played"] == "0"
    line = solve_code("HM1-N-AAAAAAA")
    assert line is not None
    table.play(line)
    expect(page.locator("#dialog-end")).to_be_visible()
    page.keyboard.press("Escape")
    table.press("undo")  # undo after the win, and win again: counted once
    table.press("redo")
    page.keyboard.press("Escape")
    values = stats_values(page)
    assert {k: values[k] for k in ("played", "won", "rate", "streak", "best-streak")} == {
        "played": "1",
        "won": "1",
        "rate": "100 %",
        "streak": "1",
        "best-streak": "1",
    }
    assert values["best-time"] != "—"
    page.goto(base_url + "/#" + CODE)  # a new deal, played once, then reloaded mid-game
    expect(page.locator('[data-stat="code"]')).to_have_text(CODE)
    table.tap("P5"), table.tap("P6")
    page.reload()
    wait_ready(page)
    table.tap("P2"), table.tap("P3"), table.tap("R3")
    assert stats_values(page)["played"] == "2"
    table.press("new")  # left unwon, once the player says so: the streak ends
    page.locator('[data-role="confirm"] [data-answer="yes"]').click()
    values = stats_values(page)
    assert (values["played"], values["won"], values["streak"], values["rate"]) == (
        "2",
        "1",
        "0",
        "50 %",
    )
    page.locator('[data-action="stats"]').click()  # reset asks first
    page.locator('[data-dialog-action="reset"]').click()
    expect(page.locator("#stats-confirm")).to_be_visible()
    assert page.locator('[data-stats="played"]').text_content() == "2"
    page.locator('[data-dialog-action="reset-cancel"]').click()
    assert page.locator('[data-stats="played"]').text_content() == "2"
    page.locator('[data-dialog-action="reset"]').click()
    page.locator('[data-dialog-action="reset-yes"]').click()
    expect(page.locator('[data-stats="played"]')).to_have_text("0")
    assert page.locator('[data-stats="best-time"]').text_content() == text("pt", "stats.none")
    page.keyboard.press("Escape")
    page.reload()
    wait_ready(page)
    assert stats_values(page)["played"] == "0"


def test_the_tab_stop_follows_the_card_last_used(desktop: BrowserContext, base_url: str) -> None:
    page = open_game(desktop, base_url, "#" + CODE)
    Table(page).tap("R2")  # a click focuses the card and makes it the table's tab stop
    assert focused_slot(page) == "R2"
    page.keyboard.press("Tab")
    assert focused_slot(page) is None  # out of the table, to the next control
    page.keyboard.press("Shift+Tab")
    assert focused_slot(page) == "R2"
    assert page.locator('#table button[tabindex="0"]').count() == 1
