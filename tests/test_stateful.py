"""Random taps, undos and redos over random deals, with the engine's invariants
checked after every step (hypothesis stateful testing)."""

from __future__ import annotations

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from halfmoon import Game
from halfmoon.rules.deal import DEAL_COUNT, format_code
from halfmoon.rules.layout import SLOTS
from tests.invariants import check_invariants
from tests.positions import observable
from tests.solver import legal_moves


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
        tops = game.tops()
        moves = legal_moves(tops)
        move = moves[choice % len(moves)]
        score = game.score
        results = [game.tap(s) for s in move]
        assert [r.outcome for r in results[:-1]] == ["select"] * (len(move) - 1)
        assert results[-1].outcome == ("pair" if len(move) == 2 else "trio")
        assert game.score == score + (10 if len(move) == 2 else 15)

    @rule()
    def undo(self) -> None:
        moves, selection = self.game.moves, self.game.selection
        changed = self.game.undo()
        assert self.game.moves == moves - (1 if changed else 0)
        assert self.game.selection == (() if changed else selection)

    @rule()
    def redo(self) -> None:
        moves, selection = self.game.moves, self.game.selection
        changed = self.game.redo()
        assert self.game.moves == moves + (1 if changed else 0)
        assert self.game.selection == (() if changed else selection)

    @invariant()
    def invariants_hold(self) -> None:
        if hasattr(self, "game"):
            check_invariants(self.game)


RandomPlay.TestCase.settings = settings(max_examples=60, stateful_step_count=80, deadline=None)
TestRandomPlay = RandomPlay.TestCase
