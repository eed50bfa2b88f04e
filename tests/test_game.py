"""Score, status, undo/redo, the clock, placement help and layouts."""

from __future__ import annotations

import pytest

from halfmoon import Game
from halfmoon.rules.clock import Clock, format_time
from tests.positions import observable, position
from tests.solver import solve_code


def two_pairs() -> Game:
    return position(under={"P1": ["3S"]}, P1="5S", P2="6D", P3="8H", P4="3C")


# ----------------------------------------------------------------------- status
def test_a_fresh_deal_is_playing_with_nothing_selected() -> None:
    game = Game.new("HM1-N-AAAAAAB")
    assert (game.status, game.score, game.moves, game.selection) == ("playing", 0, 0, ())
    assert len(game.playable()) == 20 and game.cards_left == 104


def test_impasse_at_deal_time() -> None:
    game = position(P1="5S", P2="5D", P3="KH", P4="KS")
    assert game.status == "impasse"
    assert game.tap("P1").outcome == "ignored"


def test_impasse_right_after_a_move_and_undo_reopens_it() -> None:
    game = position(under={"P1": ["KS"], "P2": ["KH"]}, P1="5S", P2="6D")
    game.tap("P1")
    result = game.tap("P2")
    assert result.status == game.status == "impasse"
    assert game.undo()
    assert game.status == "playing"


def test_won_when_the_last_cards_go() -> None:
    game = position(P1="JS", R4="QS", P12="KS")
    for s in ("P1", "R4", "P12"):
        game.tap(s)
    assert (game.status, game.cards_left, game.score) == ("won", 0, 15)
    assert game.tap("P1").outcome == "ignored"


def test_an_empty_layout_is_won() -> None:
    assert Game.from_layout([[]] * 12, [None] * 8).status == "won"


# -------------------------------------------------------------------- undo/redo
def test_undo_puts_cards_back_in_their_exact_places() -> None:
    game = two_pairs()
    before = observable(game)
    game.tap("P1")
    game.tap("P2")
    assert game.top("P1").code == "3S"  # type: ignore[union-attr]
    assert game.undo()
    assert observable(game) == before
    assert (game.score, game.moves) == (0, 0)


def test_undo_and_redo_of_a_trio() -> None:
    game = position(P1="JS", P2="QH", R1="KD", P3="5S", P4="6S")
    game.tap("R1")
    game.tap("P1")
    game.tap("P2")
    after = observable(game)
    assert game.score == 15
    assert game.undo() and game.score == 0
    assert [game.top(s).code for s in ("R1", "P1", "P2")] == ["KD", "JS", "QH"]  # type: ignore[union-attr]
    assert game.redo()
    assert observable(game) == after


def test_redo_until_a_new_removal_is_made() -> None:
    game = two_pairs()
    game.tap("P1"), game.tap("P2")
    game.tap("P3"), game.tap("P4")
    assert game.undo() and game.undo()
    assert (game.moves, game.can_redo) == (0, True)
    assert game.redo()
    assert game.moves == 1
    game.tap("P3"), game.tap("P4")
    assert not game.can_redo and not game.redo()


def test_undo_and_redo_clear_the_selection() -> None:
    game = two_pairs()
    game.tap("P1"), game.tap("P2")
    game.tap("P3")
    assert game.undo() and game.selection == ()
    game.tap("P3")
    assert game.redo() and game.selection == ()


def test_nothing_to_undo_or_redo_changes_nothing() -> None:
    game = two_pairs()
    game.tap("P1")
    assert not game.undo() and not game.redo()
    assert game.selection == ("P1",)
    fresh = two_pairs()
    fresh.tap("P1")
    assert observable(game) == observable(fresh)


def test_every_removal_of_a_won_game_can_be_undone() -> None:
    # The rules allow undoing the last 100 removals; a game has at most 48, so undo
    # reaches back to the deal as it was dealt.
    code = "HM1-N-AAAAAAA"
    line = solve_code(code)
    assert line is not None
    game, dealt = Game.new(code), Game.new(code)
    for move in line:
        for slot in move:
            game.tap(slot)
    assert game.status == "won" and game.moves == 48
    undone = 0
    while game.undo():
        undone += 1
    assert undone == 48 and observable(game) == observable(dealt)


def test_score_never_below_zero() -> None:
    game = two_pairs()
    for _ in range(3):
        game.undo()
    assert game.score == 0


# ------------------------------------------------------------------------ clock
def test_clock_starts_at_the_first_tap() -> None:
    game = two_pairs()
    assert game.elapsed(5_000) == 0 and not game.clock_running
    game.tap("P1", now=1_000)
    assert game.clock_running and game.elapsed(4_500) == 3_500


def test_clock_pauses_while_hidden_and_stops_at_the_end() -> None:
    game = position(P1="4S", P2="7S")
    game.tap("P1", now=0)
    game.pause(10_000)
    game.resume(70_000)
    game.tap("P2", now=75_000)  # the last pair: won
    assert game.status == "won" and not game.clock_running
    assert game.elapsed(999_999) == 15_000


def test_clock_runs_again_when_undo_reopens_the_game() -> None:
    game = position(P1="4S", P2="7S")
    game.tap("P1", now=0)
    game.tap("P2", now=2_000)
    game.undo(now=10_000)
    assert game.clock_running and game.elapsed(13_000) == 5_000
    game.redo(now=14_000)
    assert not game.clock_running and game.elapsed(20_000) == 6_000


def test_resume_before_the_first_tap_does_not_start_the_clock() -> None:
    game = two_pairs()
    game.resume(100)
    assert not game.clock_running


def test_clock_refuses_nonsense() -> None:
    for bad in (-1.0, float("nan"), float("inf")):
        with pytest.raises(ValueError):
            Clock(bad)


@pytest.mark.parametrize(
    ("ms", "shown"),
    [
        (0, "0:00"),
        (999, "0:00"),
        (61_000, "1:01"),
        (3_599_999, "59:59"),
        (3_600_000, "1:00:00"),
        (36_061_000, "10:01:01"),
    ],
)
def test_time_format(ms: int, shown: str) -> None:
    assert format_time(ms) == shown


# ----------------------------------------------------------------- placement help
def placement_table() -> Game:
    return position(
        P1="5S",
        P2="6D",
        R1="6H",
        P3="AH",
        P4="KH",
        P5="QH",
        P6="JC",
        R2="KS",
        P7="QC",
    )


def test_nothing_dimmed_without_selection() -> None:
    assert placement_table().dimmed() == frozenset()


def test_number_selected_dims_all_but_its_complements() -> None:
    game = placement_table()
    game.tap("P1")
    assert game.dimmed() == {"P3", "P4", "P5", "P6", "R2", "P7"}


def test_face_selected_dims_numbers_and_its_own_rank() -> None:
    game = placement_table()
    game.tap("P4")  # R♥: Queens and Jacks can complete, the other King cannot
    assert game.dimmed() == {"P1", "P2", "R1", "P3", "R2"}


def test_two_faces_selected_leave_only_the_third_rank() -> None:
    game = placement_table()
    game.tap("P4"), game.tap("P5")
    assert game.dimmed() == {"P1", "P2", "R1", "P3", "R2", "P7"}


def test_a_face_whose_trio_cannot_be_completed_dims_everything_else() -> None:
    game = position(P1="KH", P2="QH", P3="4S", P4="7S")  # no Jack on the table
    game.tap("P1")
    assert game.dimmed() == {"P2", "P3", "P4"}


# ---------------------------------------------------------------------- layouts
def test_from_layout_keeps_the_given_cards() -> None:
    piles = [["AS", "2H"]] + [[] for _ in range(11)]
    game = Game.from_layout(piles, ["9S", None, None, None, None, None, None, "QD"])
    assert game.code is None
    assert [c.code for c in game.piles[0]] == ["AS", "2H"]
    assert game.top("R8").code == "QD" and game.top("R2") is None  # type: ignore[union-attr]
    assert game.count("P1") == 2 and game.count("P2") == 0


@pytest.mark.parametrize(
    ("piles", "reserve"),
    [
        ([[]] * 11, [None] * 8),  # 11 piles
        ([[]] * 13, [None] * 8),
        ([[]] * 12, [None] * 7),
        ([[]] * 12, [None] * 9),
        ([["ZZ"]] + [[]] * 11, [None] * 8),  # unknown code
        ([["1S"]] + [[]] * 11, [None] * 8),
        ([["AS", "AS", "AS"]] + [[]] * 11, [None] * 8),  # a card three times
        ([["AS", "AS"]] + [[]] * 11, ["AS"] + [None] * 7),
        ([[5]] + [[]] * 11, [None] * 8),  # not text
        (["ASKS"] + [[]] * 11, [None] * 8),  # a pile that is a string
        ("P1", [None] * 8),
        ([[]] * 12, "R1"),
        ([[]] * 12, ["<b>"] + [None] * 7),
    ],
)
def test_from_layout_refuses_impossible_input(piles: object, reserve: object) -> None:
    with pytest.raises(ValueError) as info:
        Game.from_layout(piles, reserve)  # type: ignore[arg-type]
    assert str(info.value)


def test_piles_and_reserve_are_copies() -> None:
    game = Game.new("HM1-N-AAAAAAA")
    game.piles[0].clear()
    game.reserve[0] = None
    assert game.count("P1") == 8 and game.top("R1") is not None
