"""A text drawing of the table, as the rules site draws its diagrams: the arch of
piles, the reserve in the middle, each place's top card and under it the place's name
(1 … 12, R1 … R8) and how many cards it holds."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..rules.layout import GRID_COLUMNS, GRID_ROWS, POSITIONS, SLOTS, place_caption
from ..words.i18n import card_label

if TYPE_CHECKING:
    from ..rules.game import Game

CELL = 8


def draw(game: Game, lang: str = "pt") -> str:
    """The table as lines of text (no trailing spaces)."""
    width = CELL * GRID_COLUMNS
    lines: list[str] = []
    for row in range(1, GRID_ROWS + 1):
        cards = [" "] * width
        captions = [" "] * width
        for slot in SLOTS:
            r, col = POSITIONS[slot]
            if r != row:
                continue
            start = int((col - 1) * CELL)
            top = game.top(slot)
            label = "··" if top is None else card_label(top, lang)
            caption = place_caption(slot, game.count(slot))
            cards[start : start + CELL] = list(label.center(CELL))
            captions[start : start + CELL] = list(caption.center(CELL))
        lines.append("".join(cards).rstrip())
        lines.append("".join(captions).rstrip())
        lines.append("")
    while lines and not lines[-1]:
        lines.pop()
    return "\n".join(lines)
