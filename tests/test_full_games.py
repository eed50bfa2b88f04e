"""Complete games played through ``tap`` only: wins found by the test-only search
helper, and a game driven into impasse."""

from __future__ import annotations

import pytest

from halfmoon import Game
from halfmoon.deal import format_code
from tests.solver import legal_moves, solve_code

WINNABLE = ["HM1-N-AAAAAAA", "HM1-N-AAAAAAB", "HM1-N-AAAAAAC", "HM1-N-HALFMON"]


@pytest.mark.parametrize("code", WINNABLE)
def test_a_complete_won_game_through_taps(code: str) -> None:
    line = solve_code(code)
    assert line is not None, f"the search found no win for {code}"
    game = Game.new(code)
    now = 0.0
    for move in line:
        results = [game.tap(s, now=(now := now + 700)) for s in move]
        assert results[-1].outcome in ("pair", "trio")
    assert (game.moves, game.score, game.status) == (48, 520, "won")
    assert sum(1 for r in game.history if r.kind == "pair") == 40
    assert sum(1 for r in game.history if r.kind == "trio") == 8
    assert game.cards_left == 0 and not game.clock_running
    assert game.elapsed(now + 10**6) == pytest.approx(now - 700)


def test_a_game_driven_into_impasse() -> None:
    """Always play the first legal move (by place order) until the game stops; on
    these deals that greedy line ends in impasse, which the engine must report."""
    found = 0
    for number in range(40):
        game = Game.new(format_code(number))
        while game.status == "playing":
            tops = game.tops()
            move = legal_moves(tops)[-1]
            for s in move:
                game.tap(s)
        if game.status == "impasse":
            found += 1
            assert game.cards_left > 0
            assert game.tap(game.playable()[0]).outcome == "ignored"
            assert game.undo() and game.status == "playing"
    assert found >= 1
