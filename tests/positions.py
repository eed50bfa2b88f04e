"""Building small positions for tests."""

from __future__ import annotations

from halfmoon import Game
from halfmoon.rules.layout import PILES, RESERVE


def position(under: dict[str, list[str]] | None = None, **tops: str) -> Game:
    """A game whose places hold the given top cards (``P1="5S"``); ``under`` adds cards
    below a pile's top (bottom → top).  Unnamed places are empty."""
    under = under or {}
    piles = [[*under.get(p, []), tops[p]] if p in tops else list(under.get(p, [])) for p in PILES]
    reserve = [tops.get(r) for r in RESERVE]
    return Game.from_layout(piles, reserve)


def observable(game: Game) -> tuple[object, ...]:
    """Everything a player can see of a game except the clock."""
    return (
        [[c.code for c in pile] for pile in game.piles],
        [c.code if c else None for c in game.reserve],
        game.selection,
        game.score,
        game.moves,
        game.status,
    )
