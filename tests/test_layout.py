"""The places' vocabulary: kinds, numbers, labels, captions and spots in the arch."""

from __future__ import annotations

import pytest

from halfmoon import Game
from halfmoon.rules.layout import (
    PILES,
    POSITIONS,
    RESERVE,
    SLOTS,
    grid_area,
    is_pile,
    is_reserve,
    place_caption,
    place_label,
    place_number,
)


def test_kinds_numbers_and_labels() -> None:
    assert [place_number(s) for s in PILES] == list(range(1, 13))
    assert [place_number(s) for s in RESERVE] == list(range(1, 9))
    assert all(is_pile(s) and not is_reserve(s) for s in PILES)
    assert all(is_reserve(s) and not is_pile(s) for s in RESERVE)
    assert (place_label("P12"), place_label("R3")) == ("12", "R3")
    assert (place_caption("P1", 8), place_caption("R3", 0)) == ("1 (8)", "R3 (0)")


@pytest.mark.parametrize("bad", ["P0", "P13", "R9", "p1", "", None, 3])
def test_anything_else_is_not_a_place(bad: object) -> None:
    with pytest.raises(ValueError, match="is not a place"):
        is_pile(bad)  # type: ignore[arg-type]


def test_grid_areas_draw_the_arch() -> None:
    """Every place covers two of the 14 half-columns; the top row is full, the sides
    hold the corners' columns, and the reserve sits centred between columns."""
    cells: dict[tuple[int, int], str] = {}
    for slot in SLOTS:
        row, start, end_row, end = (int(n) for n in grid_area(slot).split(" / "))
        assert (end_row, end) == (row + 1, start + 2)
        for column in (start, start + 1):
            assert (row, column) not in cells, (slot, cells.get((row, column)))
            cells[(row, column)] = slot
    assert [cells[(1, c)] for c in range(1, 15, 2)] == ["P4", "P5", "P6", "P7", "P8", "P9", "P10"]
    assert [cells[(r, 1)] for r in (1, 2, 3, 4)] == ["P4", "P3", "P2", "P1"]
    assert [cells[(r, 13)] for r in (1, 2, 3)] == ["P10", "P11", "P12"]
    assert [cells[(2, c)] for c in (4, 6, 8, 10)] == ["R1", "R2", "R3", "R4"]
    assert [cells[(3, c)] for c in (4, 6, 8, 10)] == ["R5", "R6", "R7", "R8"]
    assert set(POSITIONS) == set(SLOTS)


def test_tops_are_the_playable_cards_by_place() -> None:
    game = Game.new("HM1-N-AAAAAAB")
    game.tap("P5"), game.tap("P6")  # a pair: both piles show their next card
    tops = game.tops()
    assert list(tops) == list(game.playable()) == list(SLOTS)
    assert {s: c.code for s, c in tops.items()} == {
        s: c.code for s in SLOTS if (c := game.top(s)) is not None
    }
    game.tap("P2"), game.tap("P3"), game.tap("R3")  # a trio empties R3
    assert "R3" not in game.tops()
