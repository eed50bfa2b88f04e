"""Places on the table, their names and where they stand in the arch.

Twelve piles ``P1`` … ``P12`` run clockwise along an arch open at the bottom, from its
lower-left end; eight reserve places ``R1`` … ``R8`` sit in two rows of four inside it.
The positions below are used by the text diagram and by the web table alike.
"""

from __future__ import annotations

from typing import Final

PILE_COUNT: Final = 12
RESERVE_COUNT: Final = 8
PILE_DEPTH: Final = 8

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


def is_reserve(slot: str) -> bool:
    return slot_index(slot) >= PILE_COUNT


def place_caption(slot: str, count: int) -> str:
    """The caption under a place, as the rules site's diagrams show it: its name
    (``1`` … ``12`` for piles, ``R1`` … ``R8`` for the reserve) and its card count,
    e.g. ``1 (8)`` or ``R3 (0)``."""
    name = slot[1:] if slot_index(slot) < PILE_COUNT else slot
    return f"{name} ({count})"
