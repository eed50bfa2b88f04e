"""The two games of the examples page, stored as data: a deal code and its moves,
each move the places tapped, in order.

Found once with ``python3 -m tests.find_examples`` (a test-only search; the product has
no solver), and checked by ``tests/test_examples.py``: every move is legal, the first
game is won in 48 moves and 520 points, the second ends in impasse.  The won game is the
one the user's rules text quotes (5♠ from pile 1 with 6♦ from pile 8, then J♣ with Q♥
and K♥; A♥ and both K♥ playable at the start).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final


@dataclass(frozen=True, slots=True)
class Example:
    """A deal and the moves played on it."""

    code: str
    moves: tuple[tuple[str, ...], ...]


WON: Final = Example(
    code="HM1-N-OEUOSQG",
    moves=(
        ("P1", "P8"),
        ("P8", "P5", "P3"),
        ("P5", "P10", "P4"),
        ("P11", "P12"),
        ("P2", "P10"),
        ("P2", "P12", "P9"),
        ("P3", "P6"),
        ("P7", "P11"),
        ("P1", "P9"),
        ("P4", "P6"),
        ("P7", "P12", "R8"),
        ("P1", "P6"),
        ("P2", "P4"),
        ("P2", "P5"),
        ("P3", "P5"),
        ("P3", "P9"),
        ("P11", "P3", "P7"),
        ("P4", "P8"),
        ("P10", "P11"),
        ("P1", "P12"),
        ("P6", "P9"),
        ("P7", "P10"),
        ("P4", "P8"),
        ("P5", "P11"),
        ("P7", "P9"),
        ("P1", "P4"),
        ("P2", "P7"),
        ("P12", "P10", "P2"),
        ("P5", "P8"),
        ("P6", "P10"),
        ("P5", "P9"),
        ("P3", "P9"),
        ("P1", "P5"),
        ("P8", "P9"),
        ("P6", "P8"),
        ("P12", "R2"),
        ("P12", "P4", "P1"),
        ("P1", "P11"),
        ("P2", "R1"),
        ("P3", "R3"),
        ("P6", "R7"),
        ("P10", "R5"),
        ("P10", "P11"),
        ("P7", "P12", "P11"),
        ("P2", "P6"),
        ("P3", "P8"),
        ("P4", "P7"),
        ("R4", "R6"),
    ),
)

IMPASSE: Final = Example(
    code="HM1-N-AAAAABF",
    moves=(
        ("R2", "R3"),
        ("R8", "P12", "P3"),
        ("P5", "P6"),
        ("P5", "P11"),
    ),
)
