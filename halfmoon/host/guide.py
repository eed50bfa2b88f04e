"""What the rules and examples pages show, computed by the engine so that the pages can
never disagree with the game: positions, move captions, what a move uncovers and why a
position is an impasse.

Pure and browser-free; the site build turns it into HTML (``tools/build_pages.py``).
"""

from __future__ import annotations

from ..page.replay import (
    Frame,
    frames,
    from_place,
    impasse_reason,
    move_caption,
    move_words,
    position_text,
    score_line,
    uncovered_note,
)
from ..rules.game import Game, play_move
from .examples import Example

__all__ = [
    "Frame",
    "from_place",
    "impasse_reason",
    "move_caption",
    "move_words",
    "position",
    "position_text",
    "replay",
    "score_line",
    "uncovered_note",
]


def position(example: Example, moves: int) -> Game:
    """The example's game after its first ``moves`` moves (every move checked)."""
    game = Game.new(example.code)
    for move in example.moves[:moves]:
        play_move(game, move)
    return game


def replay(example: Example, lang: str) -> list[Frame]:
    """The example drawn move by move (:func:`halfmoon.page.replay.frames`); it must end."""
    out = frames(example.code, example.moves, lang)
    game = position(example, len(example.moves))
    if game.status == "playing":
        raise ValueError(f"{example.code}: the stored game does not end")
    return out
