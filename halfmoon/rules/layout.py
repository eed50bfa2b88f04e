"""Places on the table: their names, what kind each is, and where it stands in the arch.

Twelve piles ``P1`` … ``P12`` run clockwise along an arch open at the bottom, from its
lower-left end; eight reserve places ``R1`` … ``R8`` sit in two rows of four inside it
(docs/design.md, "The table").  This module is the vocabulary every other part uses to
talk about places: the text diagram, the game's page, the rules pages and the keys.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from .cards import Card, parse_card

PILE_COUNT: Final = 12
RESERVE_COUNT: Final = 8

PILES: Final = tuple(f"P{i}" for i in range(1, PILE_COUNT + 1))
RESERVE: Final = tuple(f"R{i}" for i in range(1, RESERVE_COUNT + 1))
SLOTS: Final = PILES + RESERVE
"""All 20 places: piles first, then reserve, each in number order."""

SLOT_INDEX: Final[dict[str, int]] = {name: i for i, name in enumerate(SLOTS)}

GRID_COLUMNS: Final = 7
GRID_ROWS: Final = 4

# (row, column) on a 7 × 4 grid, 1-based.  Reserve places sit between columns: a
# column of 2.5 means "half-way between columns 2 and 3", which centres the four
# reserve cards under the seven-card top row.
POSITIONS: Final[dict[str, tuple[int, float]]] = {
    "P1": (4, 1),
    "P2": (3, 1),
    "P3": (2, 1),
    "P4": (1, 1),
    "P5": (1, 2),
    "P6": (1, 3),
    "P7": (1, 4),
    "P8": (1, 5),
    "P9": (1, 6),
    "P10": (1, 7),
    "P11": (2, 7),
    "P12": (3, 7),
    "R1": (2, 2.5),
    "R2": (2, 3.5),
    "R3": (2, 4.5),
    "R4": (2, 5.5),
    "R5": (3, 2.5),
    "R6": (3, 3.5),
    "R7": (3, 4.5),
    "R8": (3, 5.5),
}


def slot_index(slot: str) -> int:
    """Index 0 … 19 of a place name; ``ValueError`` for anything else."""
    try:
        return SLOT_INDEX[slot]
    except (KeyError, TypeError):
        raise ValueError(f"{slot!r} is not a place (P1 … P12 or R1 … R8)") from None


def is_pile(slot: str) -> bool:
    """``P1`` … ``P12``: a stack of cards, only its top one in view."""
    return slot_index(slot) < PILE_COUNT


def is_reserve(slot: str) -> bool:
    """``R1`` … ``R8``: a place that holds at most one card."""
    return not is_pile(slot)


def place_number(slot: str) -> int:
    """The number a place has among its kind: 1 … 12 for piles, 1 … 8 for the reserve."""
    index = slot_index(slot)
    return index + 1 if index < PILE_COUNT else index - PILE_COUNT + 1


def place_label(slot: str) -> str:
    """The short name printed under a place: ``1`` … ``12`` for piles, ``R1`` … ``R8``."""
    return str(place_number(slot)) if is_pile(slot) else slot


def place_caption(slot: str, count: int) -> str:
    """The caption under a place, as the rules site's diagrams show it: its label and
    its card count, e.g. ``1 (8)`` or ``R3 (0)``."""
    return f"{place_label(slot)} ({count})"


def grid_area(slot: str) -> str:
    """The place's CSS ``grid-area`` on the table's grid of 14 half-columns × 4 rows
    (every card spans two half-columns, so the reserve can sit between columns)."""
    row, column = POSITIONS[slot]
    start = int(2 * (column - 1)) + 1
    return f"{row} / {start} / {row + 1} / {start + 2}"


def read_layout(piles: Sequence[Sequence[str]], reserve: Sequence[str | None]) -> list[list[Card]]:
    """The 20 places of a position given as card codes: 12 piles bottom → top, then 8
    reserve places (a code or ``None``).  ``ValueError`` for impossible input: wrong
    counts, unknown codes, a card more than twice."""
    if isinstance(piles, (str, bytes)) or not isinstance(piles, Sequence):
        raise ValueError("piles must be a list of 12 lists of card codes")
    if isinstance(reserve, (str, bytes)) or not isinstance(reserve, Sequence):
        raise ValueError("reserve must be a list of 8 card codes or None")
    if len(piles) != PILE_COUNT:
        raise ValueError(f"a layout has {PILE_COUNT} piles, not {len(piles)}")
    if len(reserve) != RESERVE_COUNT:
        raise ValueError(f"a layout has {RESERVE_COUNT} reserve places, not {len(reserve)}")
    places: list[list[Card]] = []
    seen: dict[Card, int] = {}

    def take(code: object, where: str) -> Card:
        if not isinstance(code, str):
            raise ValueError(f"{where}: a card code must be text, not {code!r:.40}")
        try:
            c = parse_card(code)
        except ValueError as exc:
            raise ValueError(f"{where}: {exc}") from None
        seen[c] = seen.get(c, 0) + 1
        if seen[c] > 2:
            raise ValueError(f"{where}: {c.code} appears more than twice")
        return c

    for p, pile in enumerate(piles, start=1):
        if isinstance(pile, (str, bytes)) or not isinstance(pile, Sequence):
            raise ValueError(f"pile P{p} must be a list of card codes")
        places.append([take(code, f"pile P{p}") for code in pile])
    for r, entry in enumerate(reserve, start=1):
        places.append([] if entry is None else [take(entry, f"reserve R{r}")])
    return places
