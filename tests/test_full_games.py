"""Complete games played through ``tap`` only: wins found by the test-only search
helper, and a game driven into impasse."""

from __future__ import annotations

import pytest

from halfmoon import Game
from halfmoon.rules.deal import format_code
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
    """Always play the first legal move (by place order) until the game stops: the
    engine says impasse exactly when no pair nor trio is left among the cards shown,
    and won exactly when no card is left; on these deals that greedy line ends in
    impasse at least once, and an impasse can be undone."""
    ends: dict[str, int] = {"won": 0, "impasse": 0}
    for number in range(40):
        game = Game.new(format_code(number))
        for _ in range(48):  # a game ends within 48 moves
            moves = legal_moves(game.tops())
            if not moves:
                break
            assert game.status == "playing"
            for s in moves[0]:
                game.tap(s)
        assert game.status == ("won" if game.cards_left == 0 else "impasse"), game.code
        assert legal_moves(game.tops()) == []
        ends[game.status] += 1
        if game.status == "impasse":
            assert game.tap(game.playable()[0]).outcome == "ignored"
            assert game.undo() and game.status == "playing"
    assert ends["impasse"] >= 1
