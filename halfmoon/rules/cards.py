"""Cards of the two-deck Half Moon set.

A card is a small immutable value: a rank (1 = Ace … 10, 11 = Jack, 12 = Queen,
13 = King) and a suit letter (``S``, ``H``, ``D``, ``C``).  Its machine form, the
*card code*, is the rank (``A``, ``2`` … ``10``, ``J``, ``Q``, ``K``) followed by the
suit letter: ``"10H"``, ``"QS"``, ``"AC"``.

There are only 52 distinct cards; :func:`card` always returns the same instance for
the same code, so the two copies of a card in the 104-card set compare (and hash)
equal, which is exactly what the rules want: suits and copies never matter to a move.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

SUITS: Final = ("S", "H", "D", "C")
"""Suit letters in canonical deck order: spades, hearts, diamonds, clubs."""

RANK_CODES: Final = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
"""Rank codes, index 0 = Ace (rank 1) … index 12 = King (rank 13)."""

JACK: Final = 11
QUEEN: Final = 12
KING: Final = 13
FACES: Final = (JACK, QUEEN, KING)


@dataclass(frozen=True, slots=True)
class Card:
    """One playing card.  Use :func:`card` or :func:`parse_card` to get one."""

    rank: int
    suit: str

    @property
    def code(self) -> str:
        """The machine form, e.g. ``"10H"`` or ``"QS"``."""
        return RANK_CODES[self.rank - 1] + self.suit

    @property
    def is_face(self) -> bool:
        """Jack, Queen or King: cards that only ever leave in a trio."""
        return self.rank >= JACK

    @property
    def is_red(self) -> bool:
        return self.suit in ("H", "D")

    def __repr__(self) -> str:
        return f"Card({self.code!r})"

    def __str__(self) -> str:
        return self.code


_BY_CODE: Final[dict[str, Card]] = {}
for _suit in SUITS:
    for _index, _rank_code in enumerate(RANK_CODES):
        _c = Card(_index + 1, _suit)
        _BY_CODE[_rank_code + _suit] = _c

DECK: Final[tuple[Card, ...]] = tuple(_BY_CODE.values())
"""One 52-card deck in canonical order: ♠ ♥ ♦ ♣, each A 2 … 10 J Q K."""

DOUBLE_DECK: Final[tuple[Card, ...]] = DECK + DECK
"""The 104-card set in canonical order: copy 1, then copy 2 (indices 0 … 103)."""


def card(code: str) -> Card:
    """The card for a canonical code; ``KeyError`` if there is none."""
    return _BY_CODE[code]


def parse_card(text: str) -> Card:
    """Parse a card code, leniently about case and surrounding spaces.

    Raises ``ValueError`` with a clear message for anything that is not a card.

    >>> parse_card(" qs "), parse_card("10h"), parse_card("10h") is card("10H")
    (Card('QS'), Card('10H'), True)
    >>> parse_card("1H")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
      ...
    ValueError: '1H' is not a card code (expected a rank A, 2…10, J, Q, K followed by a suit ...
    """
    if not isinstance(text, str):
        raise ValueError(f"a card code must be text, not {type(text).__name__}")
    cleaned = text.strip().upper()
    found = _BY_CODE.get(cleaned) if cleaned.isascii() else None
    if found is None:
        shown = text if len(text) <= 12 else text[:12] + "…"
        raise ValueError(
            f"{shown!r} is not a card code (expected a rank A, 2…10, J, Q, K "
            "followed by a suit S, H, D or C, e.g. 10H or QS)"
        )
    return found
