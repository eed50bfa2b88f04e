"""What may leave the table together: pairs that make 11 and Jack–Queen–King trios, and
which cards could still complete a selection (what placement help dims).

Pure functions over cards; no state.  The tap state machine lives in :mod:`.game`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Final

from .cards import DOUBLE_DECK, FACES, Card

PAIR_SUM: Final = 11
PAIR_POINTS: Final = 10
TRIO_POINTS: Final = 15
UNDO_REACH: Final = 100
"""How many of the last removals a player may take back (the rules promise it; a game
never has more than :data:`WON_MOVES`, so every one can be undone)."""
CARDS: Final = len(DOUBLE_DECK)
FACE_CARDS: Final = sum(1 for c in DOUBLE_DECK if c.is_face)
NUMBER_CARDS: Final = CARDS - FACE_CARDS
WON_PAIRS: Final = NUMBER_CARDS // 2
WON_TRIOS: Final = FACE_CARDS // 3
WON_MOVES: Final = WON_PAIRS + WON_TRIOS
WON_POINTS: Final = WON_PAIRS * PAIR_POINTS + WON_TRIOS * TRIO_POINTS
"""What every won game is: numbers leave only in pairs and faces only in trios, so the
same pairs, trios, moves and points (the rules' prose says these numbers from here)."""
_ALL_FACES: Final = frozenset(FACES)
_FACE_BITS: Final = sum(1 << rank for rank in FACES)


def is_pair(a: Card, b: Card) -> bool:
    """Two number cards whose values add up to 11 (suits never matter).

    >>> from halfmoon.rules.cards import card
    >>> is_pair(card("AS"), card("10H")), is_pair(card("5S"), card("5H"))
    (True, False)
    >>> is_trio([card("JC"), card("QH"), card("KH")]), is_trio([card("JC"), card("QH")])
    (True, False)
    """
    return not a.is_face and not b.is_face and a.rank + b.rank == PAIR_SUM


def is_trio(cards: Iterable[Card]) -> bool:
    """Exactly a Jack, a Queen and a King, of any suits."""
    ranks = [c.rank for c in cards]
    return len(ranks) == 3 and set(ranks) == _ALL_FACES


def partner(rank: int) -> int:
    """The value that makes 11 with a number card's value (A = 1 ↔ 10, 2 ↔ 9 …)."""
    return PAIR_SUM - rank


def has_move(cards: Iterable[Card | None]) -> bool:
    """Whether any pair or trio can be made from these (playable) cards."""
    seen = 0
    for c in cards:
        if c is not None:
            seen |= 1 << c.rank
    # A pair: some value v present together with its partner (the five pairs A+10 … 5+6).
    for low in range(1, PAIR_SUM // 2 + 1):
        if seen >> low & 1 and seen >> partner(low) & 1:
            return True
    return seen & _FACE_BITS == _FACE_BITS


def cannot_complete(chosen: Sequence[Card], others: Mapping[str, Card]) -> frozenset[str]:
    """The places among ``others`` (playable, not selected) whose card could not go on to
    complete a pair or trio with the ``chosen`` cards; nothing when nothing is chosen.

    A chosen number needs its partner.  With two faces chosen, only the missing rank
    helps.  With one face chosen, a face of another rank helps only if the third rank is
    also in play somewhere else, or the trio could never be finished."""
    if not chosen:
        return frozenset()
    if not chosen[0].is_face:
        want = partner(chosen[0].rank)
        return frozenset(s for s, c in others.items() if c.is_face or c.rank != want)
    missing = _ALL_FACES - {c.rank for c in chosen}
    if len(missing) == 1:
        return frozenset(s for s, c in others.items() if c.rank not in missing)
    in_play = {c.rank for c in others.values()}
    useful = {rank for rank in missing if missing - {rank} <= in_play}
    return frozenset(s for s, c in others.items() if c.rank not in useful)
