"""The engine's invariants, checked after every step by the stateful test and the soak."""

from __future__ import annotations

import json
from collections import Counter

from halfmoon import Game
from halfmoon.rules.cards import DOUBLE_DECK
from tests.positions import observable


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
