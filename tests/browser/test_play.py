"""Playing by real taps: pairs, trios, selection, errors, placement help, undo/redo.

Deal HM1-N-AAAAAAB (docs/deal-codes.md): tops P1…P12 = 8S QC KS 9H 6H 5H 2D 7S QD QS 10C 8H,
reserve R1…R8 = 10H KH JH 10S JH AS 4D 7C.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import BrowserContext, expect

from halfmoon import Game
from tests.browser.conftest import open_game
from tests.browser.table import Table, engine_tops

CODE = "#HM1-N-AAAAAAB"
MESSAGES = {
    ("pt", "sum"): "A soma tem de ser igual a 11",
    ("pt", "trio"): "É necessário um Valete, uma Dama e um Rei",
    ("en", "sum"): "The sum must be 11",
    ("en", "trio"): "You need a Jack, a Queen and a King",
}


def start(context: BrowserContext, base_url: str, query: str = "") -> Table:
    """The deal open in ``context``; a touch context is played with touch taps."""
    page = open_game(context, base_url, CODE, query)
    return Table(page, touch=bool(page.evaluate("navigator.maxTouchPoints > 0")))


def test_select_a_pair_a_trio_then_undo_and_redo_them(
    any_context: BrowserContext, base_url: str
) -> None:
    """A player's first moves, in one visit: a card taken and let go, a pair that
    uncovers the next cards, a trio on its third tap, both undone and redone."""
    table = start(any_context, base_url)
    engine = Game.new(CODE[1:])
    before = table.tops()
    assert before == engine_tops(engine)
    table.tap("R1")  # taken and let go: nothing else changes
    assert table.selected() == ["R1"]
    table.tap("R1")
    expect(table.card("R1")).to_have_attribute("aria-pressed", "false")
    assert table.selected() == [] and table.stat("moves") == "0"
    table.tap("P4")  # 9♥
    expect(table.card("P4")).to_have_attribute("aria-pressed", "true")
    table.tap("P7")  # 2♦
    engine.tap("P4"), engine.tap("P7")
    expect(table.page.locator('[data-stat="moves"]')).to_have_text("1")
    assert table.stat("score") == "10"
    assert table.shown("P4") == engine.top("P4").code  # type: ignore[union-attr]
    assert table.shown("P7") == engine.top("P7").code  # type: ignore[union-attr]
    assert table.tops() == engine_tops(engine)
    assert table.selected() == []
    table.tap("P2")  # Q♣
    table.tap("P3")  # K♠
    assert sorted(table.selected()) == ["P2", "P3"]
    assert table.stat("moves") == "1"
    table.tap("R3")  # J♥
    expect(table.page.locator('[data-stat="score"]')).to_have_text("25")
    assert table.stat("moves") == "2"
    assert table.shown("R3") is None
    assert table.page.locator('[data-slot="R3"] button').count() == 0
    for s in ("P2", "P3", "R3"):
        engine.tap(s)
    after = table.tops()
    assert after == engine_tops(engine)
    table.press("undo")
    expect(table.page.locator('[data-stat="score"]')).to_have_text("10")
    assert [table.shown(s) for s in ("P2", "P3", "R3")] == ["QC", "KS", "JH"]
    table.press("undo")
    expect(table.page.locator('[data-stat="moves"]')).to_have_text("0")
    assert table.tops() == before
    assert table.page.locator('[data-action="undo"]').is_disabled()
    table.press("redo")
    table.press("redo")
    expect(table.page.locator('[data-stat="score"]')).to_have_text("25")
    assert table.tops() == after
    assert table.stat("moves") == "2"
    assert table.page.locator('[data-action="redo"]').is_disabled()


def test_touch_taps_need_no_delay_and_never_zoom(phone: BrowserContext, base_url: str) -> None:
    table = Table(open_game(phone, base_url, CODE), touch=True)
    # no panning nor double-tap zoom on a card (a finger's drag moves it), pinching kept
    assert table.card("P1").evaluate("b => getComputedStyle(b).touchAction") == "pinch-zoom"
    table.tap("P1")
    table.tap("P1")  # a quick double tap: select, deselect, no zoom
    assert table.selected() == []
    assert table.page.evaluate("visualViewport.scale") == 1


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_every_error_message_with_the_option_on(
    desktop: BrowserContext, base_url: str, lang: str
) -> None:
    table = Table(open_game(desktop, base_url, CODE, f"?lang={lang}"))
    table.set_option("errors", True)
    table.tap("P1"), table.tap("P4")  # 8 + 9: wrong pair
    expect(table.page.locator('[data-role="message"]')).to_have_text(MESSAGES[lang, "sum"])
    assert table.selected() == []
    table.tap("P5"), table.tap("P5")  # select/deselect clears the message
    assert table.message() == ""
    table.tap("P1"), table.tap("P2")  # number then face
    assert table.message() == MESSAGES[lang, "sum"]
    table.tap("P2"), table.tap("P1")  # face then number
    assert table.message() == MESSAGES[lang, "trio"]
    table.tap("P2"), table.tap("P9")  # Q♣ then Q♦: the new one is selected
    assert table.message() == MESSAGES[lang, "trio"]
    assert table.selected() == ["P9"]
    table.tap("P3")  # Q♦ K♠
    table.tap("P2")  # another Queen replaces Q♦
    assert table.message() == MESSAGES[lang, "trio"]
    assert sorted(table.selected()) == ["P2", "P3"]
    table.tap("P1")  # two faces then a number
    assert table.message() == MESSAGES[lang, "trio"]
    assert table.selected() == [] and table.stat("moves") == "0"


@pytest.mark.motion
def test_errors_are_silent_with_the_option_off(desktop: BrowserContext, base_url: str) -> None:
    table = Table(open_game(desktop, base_url, CODE))
    assert not table.page.locator('[data-option="errors"]').is_checked()
    page = table.page
    table.tap("P1"), table.tap("P4")  # 8 + 9: refused, felt without a word
    # both cards at once, while the sign is on them: marked, and the shake drawn
    signs = page.evaluate(
        """["P1", "P4"].map((slot) => {
          const b = document.querySelector(`[data-slot="${slot}"] button[data-card]`);
          return [b.dataset.sign, getComputedStyle(b).animationName];
        })"""
    )
    assert signs == [["refused", "refused"]] * 2
    expect(table.card("P4")).not_to_have_attribute("data-sign", "refused", timeout=1500)
    assert table.card("P1").get_attribute("data-sign") is None
    table.tap("P1"), table.tap("P2")
    table.tap("P2"), table.tap("P1")
    assert table.message() == ""
    assert table.selected() == [] and table.stat("moves") == "0"
    table.tap("P2"), table.tap("P9")  # Q♣ then Q♦: visibly a new selection
    expect(table.card("P9")).to_have_attribute("data-sign", "renewed")
    assert table.card("P2").get_attribute("data-sign") is None and table.selected() == ["P9"]
    table.tap("P9")
    expect(table.card("P9")).not_to_have_attribute("data-sign", "renewed")  # brief
    table.set_option("reduce-motion", True)  # no motion: a brief flash instead
    table.tap("P1"), table.tap("P4")
    expect(table.card("P4")).to_have_attribute("data-sign", "refused")
    assert table.card("P4").evaluate("b => getComputedStyle(b).animationName") == "flash"
    assert page.locator("[data-sign]").count() == 2 and table.message() == ""


def test_placement_help_dims_exactly_the_cards_that_cannot_complete(
    desktop: BrowserContext, base_url: str
) -> None:
    table = Table(open_game(desktop, base_url, CODE))
    table.tap("P1")
    assert table.dimmed() == set()  # off by default
    table.tap("P1")
    table.set_option("placement-help", True)
    engine = Game.new(CODE[1:])
    for first in ("P4", "P2", "R6"):
        table.tap(first)
        engine.tap(first)
        assert table.dimmed() == set(engine.dimmed()), first
        assert table.dimmed()  # something is dimmed for each of these
        table.tap(first)
        engine.tap(first)
        assert table.dimmed() == set()
    table.tap("P2"), table.tap("P3")  # Q + K: only Jacks stay bright
    engine.tap("P2"), engine.tap("P3")
    assert table.dimmed() == set(engine.dimmed())
    bright = set(engine.playable()) - table.dimmed() - {"P2", "P3"}
    assert {engine.top(s).code[0] for s in bright} == {"J"}  # type: ignore[union-attr]


def test_taps_between_cards_and_on_empty_places_do_nothing(
    desktop: BrowserContext, base_url: str
) -> None:
    table = Table(open_game(desktop, base_url, CODE))
    table.tap("R6"), table.tap("R1")  # A♠ + 10♥ leave two empty reserve places
    table.tap("P1")
    before = (table.tops(), table.selected(), table.stat("moves"))
    table.page.locator('[data-slot="R1"]').click()  # an empty place
    table.page.locator("#table").click(position={"x": 3, "y": 3})  # the felt between cards
    table.page.locator("main.felt").click(position={"x": 5, "y": 5})
    assert (table.tops(), table.selected(), table.stat("moves")) == before
    assert not table.page.locator("#dialog-crash").is_visible()
