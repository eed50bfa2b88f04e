"""Random taps, undos and redos over random deals, with the engine's invariants
checked after every step (hypothesis stateful testing)."""

from __future__ import annotations

import json
from collections import Counter

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from halfmoon import Game
from halfmoon.cards import DOUBLE_DECK
from halfmoon.deal import DEAL_COUNT, format_code
from halfmoon.layout import SLOTS
from tests.positions import observable
from tests.solver import legal_moves


def brute_force_has_move(game: Game) -> bool:
    tops = [game.top(s) for s in game.playable()]
    for i, a in enumerate(tops):
        for b in tops[i + 1 :]:
            assert a is not None and b is not None
            if not a.is_face and not b.is_face and a.rank + b.rank == 11:
                return True
    return {c.rank for c in tops if c is not None} >= {11, 12, 13}


def check_invariants(game: Game) -> None:
    removed = [c for r in game.history for c in r.cards]
    table = [c for pile in game.piles for c in pile] + [c for c in game.reserve if c]
    assert Counter(table + removed) == Counter(DOUBLE_DECK)
    pairs = sum(1 for r in game.history if len(r.slots) == 2)
    trios = sum(1 for r in game.history if len(r.slots) == 3)
    assert game.score == 10 * pairs + 15 * trios
    assert game.moves == pairs + trios
    assert set(game.selection) <= set(game.playable())
    assert len(set(game.selection)) == len(game.selection) <= 2
    assert (game.status == "won") == (not table)
    assert (game.status == "impasse") == (bool(table) and not brute_force_has_move(game))
    assert game.dimmed() <= set(game.playable()) - set(game.selection)
    back = Game.from_dict(json.loads(json.dumps(game.to_dict())))
    assert observable(back) == observable(game)
    assert back.to_dict() == game.to_dict()


class RandomPlay(RuleBasedStateMachine):
    game: Game

    @initialize(number=st.integers(0, DEAL_COUNT - 1))
    def deal(self, number: int) -> None:
        self.game = Game.new(format_code(number))

    @rule(slot=st.sampled_from(SLOTS))
    def tap(self, slot: str) -> None:
        game = self.game
        before = observable(game)
        result = game.tap(slot)
        if result.removal is not None:
            after = observable(game)
            assert game.undo()
            # Undo restores what was on screen before the move (less the selection,
            # which undo clears), and redo brings the move back exactly.
            assert observable(game)[:2] + observable(game)[3:] == before[:2] + before[3:]
            assert game.redo()
            assert observable(game) == after

    @precondition(lambda self: self.game.status == "playing")
    @rule(choice=st.integers(0, 10_000))
    def play_a_legal_move(self, choice: int) -> None:
        """Taps the cards of one legal move, to reach deep positions."""
        game = self.game
        for s in game.selection:
            game.tap(s)
        tops = {s: c for s in game.playable() if (c := game.top(s)) is not None}
        moves = legal_moves(tops)
        move = moves[choice % len(moves)]
        score = game.score
        results = [game.tap(s) for s in move]
        assert [r.outcome for r in results[:-1]] == ["select"] * (len(move) - 1)
        assert results[-1].outcome == ("pair" if len(move) == 2 else "trio")
        assert game.score == score + (10 if len(move) == 2 else 15)

    @rule()
    def undo(self) -> None:
        moves = self.game.moves
        changed = self.game.undo()
        assert self.game.moves == moves - (1 if changed else 0)
        assert self.game.selection == ()

    @rule()
    def redo(self) -> None:
        moves = self.game.moves
        changed = self.game.redo()
        assert self.game.moves == moves + (1 if changed else 0)
        assert self.game.selection == ()

    @invariant()
    def invariants_hold(self) -> None:
        if hasattr(self, "game"):
            check_invariants(self.game)


RandomPlay.TestCase.settings = settings(max_examples=60, stateful_step_count=80, deadline=None)
TestRandomPlay = RandomPlay.TestCase
