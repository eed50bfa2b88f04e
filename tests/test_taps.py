"""Every row of the tap table (docs/design.md, "Tapping"), one test each, with the error messages the
player sees when «Erros de jogada» is on, in European Portuguese and English."""

from __future__ import annotations

import pytest

from halfmoon.words.i18n import text
from tests.positions import position

MESSAGES = {
    ("pt", "sum"): "A soma tem de ser igual a 11",
    ("pt", "trio"): "É necessário um Valete, uma Dama e um Rei",
    ("en", "sum"): "The sum must be 11",
    ("en", "trio"): "You need a Jack, a Queen and a King",
}
LANGS = ["pt", "en"]


def table():  # type: ignore[no-untyped-def]
    """Numbers 5♠ 6♦ A♥ 9♣, faces V♣ D♥ R♥ R♠ D♣ V♦, one per place."""
    return position(
        P1="5S",
        P8="6D",
        P2="AH",
        R1="9C",
        P3="KH",
        P5="QH",
        P9="JC",
        R2="KS",
        R3="QC",
        P12="JD",
    )


def test_row_1_none_then_any_playable_card_selects_it() -> None:
    game = table()
    result = game.tap("P1")
    assert (result.outcome, result.error, game.selection) == ("select", None, ("P1",))
    game2 = table()
    assert game2.tap("R2").outcome == "select" and game2.selection == ("R2",)


def test_row_2_tapping_the_selected_card_again_deselects_it() -> None:
    game = table()
    game.tap("P1")
    result = game.tap("P1")
    assert (result.outcome, result.error, game.selection) == ("deselect", None, ())
    assert game.moves == 0


def test_row_3_number_then_its_complement_removes_the_pair() -> None:
    game = table()
    game.tap("P1")
    result = game.tap("P8")
    assert (result.outcome, result.error, game.selection) == ("pair", None, ())
    assert game.top("P1") is None and game.top("P8") is None
    assert result.removal is not None
    assert [c.code for c in result.removal.cards] == ["5S", "6D"]
    assert (game.score, game.moves) == (10, 1)


@pytest.mark.parametrize("lang", LANGS)
def test_row_4_number_then_number_not_making_11_clears_with_sum_error(lang: str) -> None:
    game = table()
    game.tap("P1")
    result = game.tap("P2")  # 5 + A = 6
    assert (result.outcome, result.error, game.selection) == ("clear", "sum", ())
    assert text(lang, f"error.{result.error}") == MESSAGES[lang, "sum"]
    assert game.top("P1").code == "5S" and game.top("P2").code == "AH"  # type: ignore[union-attr]


@pytest.mark.parametrize("lang", LANGS)
def test_row_5_number_then_face_clears_with_sum_error(lang: str) -> None:
    game = table()
    game.tap("P1")
    result = game.tap("P3")  # 5♠ and R♥, the rules text's own example
    assert (result.outcome, result.error, game.selection) == ("clear", "sum", ())
    assert text(lang, f"error.{result.error}") == MESSAGES[lang, "sum"]


def test_row_6_face_then_face_of_another_rank_selects_both() -> None:
    game = table()
    game.tap("P3")
    result = game.tap("P5")
    assert (result.outcome, result.error, game.selection) == ("select", None, ("P3", "P5"))


@pytest.mark.parametrize("lang", LANGS)
def test_row_7_face_then_same_rank_replaces_with_trio_error(lang: str) -> None:
    game = table()
    game.tap("P3")  # R♥
    result = game.tap("R2")  # R♠
    assert (result.outcome, result.error, game.selection) == ("replace", "trio", ("R2",))
    assert text(lang, f"error.{result.error}") == MESSAGES[lang, "trio"]


@pytest.mark.parametrize("lang", LANGS)
def test_row_8_face_then_number_clears_with_trio_error(lang: str) -> None:
    game = table()
    game.tap("P5")
    result = game.tap("P1")
    assert (result.outcome, result.error, game.selection) == ("clear", "trio", ())
    assert text(lang, f"error.{result.error}") == MESSAGES[lang, "trio"]


def test_row_9_two_faces_then_the_third_rank_removes_the_trio() -> None:
    game = table()
    game.tap("P3")
    game.tap("P5")
    assert game.moves == 0  # never completed before the third tap
    result = game.tap("P9")
    assert (result.outcome, result.error, game.selection) == ("trio", None, ())
    assert [game.top(s) for s in ("P3", "P5", "P9")] == [None, None, None]
    assert (game.score, game.moves) == (15, 1)


@pytest.mark.parametrize(("again", "stays"), [("P3", "P5"), ("P5", "P3")])
def test_row_10_two_faces_then_one_of_them_again_deselects_it(again: str, stays: str) -> None:
    game = table()
    game.tap("P3")
    game.tap("P5")
    result = game.tap(again)
    assert (result.outcome, result.error, game.selection) == ("deselect", None, (stays,))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(
    ("other", "expected"),
    [("R2", ("P5", "R2")), ("R3", ("P3", "R3"))],  # another King; another Queen
)
def test_row_11_two_faces_then_another_of_their_rank_replaces_it(
    lang: str, other: str, expected: tuple[str, ...]
) -> None:
    game = table()
    game.tap("P3")  # R♥
    game.tap("P5")  # D♥
    result = game.tap(other)
    assert (result.outcome, result.error, game.selection) == ("replace", "trio", expected)
    assert text(lang, f"error.{result.error}") == MESSAGES[lang, "trio"]


@pytest.mark.parametrize("lang", LANGS)
def test_row_12_two_faces_then_number_clears_with_trio_error(lang: str) -> None:
    game = table()
    game.tap("P3")
    game.tap("P5")
    result = game.tap("R1")
    assert (result.outcome, result.error, game.selection) == ("clear", "trio", ())
    assert text(lang, f"error.{result.error}") == MESSAGES[lang, "trio"]


def test_an_empty_place_does_not_react() -> None:
    game = table()
    game.tap("P1")
    result = game.tap("P4")
    assert (result.outcome, result.error, game.selection) == ("ignored", None, ("P1",))


def test_unknown_place_names_are_refused() -> None:
    game = table()
    for bad in ("P0", "P13", "R9", "p1", "", "X"):
        with pytest.raises(ValueError):
            game.tap(bad)


@pytest.mark.parametrize(
    "tops",
    [
        {"P1": "4S", "R1": "7H"},  # pile + reserve
        {"R1": "4S", "R8": "7H"},  # two reserve places
        {"P1": "4S", "P12": "7H"},  # two piles
    ],
)
def test_cards_may_come_from_any_mix_of_piles_and_reserve(tops: dict[str, str]) -> None:
    game = position(**tops)
    first, second = tops
    game.tap(first)
    assert game.tap(second).outcome == "pair"
    assert game.status == "won"


def test_the_rules_text_example_plays_as_described() -> None:
    # «o 5♠ do monte 1 e o 6♦ do monte 8 são retirados juntos (5 + 6 = 11). O monte 8
    # revela então um V♣, que é retirado na jogada seguinte com a D♥ do monte 5 e o R♥
    # do monte 3.»
    game = position(under={"P8": ["JC"]}, P1="5S", P8="6D", P5="QH", P3="KH")
    game.tap("P1")
    game.tap("P8")
    assert game.top("P8").code == "JC"  # type: ignore[union-attr]
    game.tap("P8")
    game.tap("P5")
    result = game.tap("P3")
    assert result.outcome == "trio"
    assert (game.score, game.moves, game.status) == (25, 2, "won")
