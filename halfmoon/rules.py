"""What may leave the table together: pairs that make 11 and Jack–Queen–King trios.

Pure functions over cards; no state.  The tap state machine lives in :mod:`.game`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from .cards import FACES, Card

PAIR_SUM: Final = 11
PAIR_POINTS: Final = 10
TRIO_POINTS: Final = 15
_ALL_FACES: Final = frozenset(FACES)


def is_pair(a: Card, b: Card) -> bool:
    """Two number cards whose values add up to 11 (suits never matter)."""
    return not a.is_face and not b.is_face and a.rank + b.rank == PAIR_SUM


def is_trio(cards: Iterable[Card]) -> bool:
    """Exactly a Jack, a Queen and a King, of any suits."""
    ranks = [c.rank for c in cards]
    return len(ranks) == 3 and set(ranks) == _ALL_FACES


def has_move(cards: Iterable[Card | None]) -> bool:
    """Whether any pair or trio can be made from these (playable) cards."""
    seen = 0
    for c in cards:
        if c is not None:
            seen |= 1 << c.rank
    # A pair: some value v present together with 11 − v (the five pairs A+10 … 5+6).
    for low in range(1, 6):
        if seen >> low & 1 and seen >> (PAIR_SUM - low) & 1:
            return True
    face_bits = (1 << 11) | (1 << 12) | (1 << 13)
    return seen & face_bits == face_bits
