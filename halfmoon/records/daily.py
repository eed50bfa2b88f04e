"""The deal of the day: one deal code per calendar date, the same for every player.

The mapping is frozen, like the dealing algorithm (docs/deal-codes.md, "The deal of the
day", gives known answers that tests/test_daily.py checks): the date's day number
counted from :data:`EPOCH` (negative before it) is added to :data:`SEED`, and the deal
number is one draw of :class:`~halfmoon.rules.deal.SplitMix64` seeded with that sum, below
:data:`~halfmoon.rules.deal.DEAL_COUNT`.  It needs no server and no network.

What matters is the player's own calendar date, not an instant: two players whose
clocks both say 1 December play the same deal, whatever their time zones' offsets.  The
page finds the local date (:func:`halfmoon.records.localtime.local_day`); nothing here reads a
clock.
"""

from __future__ import annotations

from datetime import date
from typing import Final

from ..rules.deal import DEAL_COUNT, SplitMix64, format_code

EPOCH: Final = date(2026, 1, 1)
"""Day 0 of the deal of the day."""
SEED: Final = int.from_bytes(b"HALFMOON", "big")
"""Added to the day number before the draw (0x48414C464D4F4F4E)."""


def day_number(day: date) -> int:
    """Days from :data:`EPOCH` to ``day`` (negative before it)."""
    return (day - EPOCH).days


def daily_number(day: date) -> int:
    """The deal number of ``day``'s deal."""
    return SplitMix64(SEED + day_number(day)).below(DEAL_COUNT)


def daily_code(day: date) -> str:
    """The deal code of ``day``'s deal, e.g. ``HM1-N-QJQDQQX`` for 1 December 2026.

    >>> daily_code(date(2026, 12, 1)), daily_code(date(2026, 12, 2))
    ('HM1-N-QJQDQQX', 'HM1-N-BLULOBI')
    """
    return format_code(daily_number(day))


def deal_day(code: str | None, chosen: date | None, begun: date) -> tuple[date | None, bool]:
    """The date whose deal of the day a play of ``code`` is — the day ``chosen`` for it
    in the calendar, else the day it was ``begun`` — or None; and whether it is a day
    made up (begun after that date), which counts in the month but not in the streak.

    1 December's deal begun that day, then begun on 3 December from the calendar:

    >>> deal_day("HM1-N-QJQDQQX", None, date(2026, 12, 1))
    (datetime.date(2026, 12, 1), False)
    >>> deal_day("HM1-N-QJQDQQX", date(2026, 12, 1), date(2026, 12, 3))
    (datetime.date(2026, 12, 1), True)
    >>> deal_day("HM1-N-AAAAAAA", None, date(2026, 12, 1))
    (None, False)
    """
    day = chosen or begun
    daily = day if code is not None and code == daily_code(day) else None
    return daily, daily is not None and begun > daily


def parse_day(text: str) -> date:
    """A date written ``YYYY-MM-DD``; ValueError otherwise."""
    return date.fromisoformat(text)
