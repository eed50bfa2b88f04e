"""The player's clock and calendar: the one place local time is worked out.

The page gives wall-clock milliseconds since 1970 in UTC (``Date.now()``) and the
minutes its clock is ahead of UTC at that moment (``-Date.getTimezoneOffset()``: the
time zone and summer time, as the browser knows them; ``halfmoon/web/clock.py`` asks);
nothing here reads a clock, so CPython tests give any instant and any offset.
"""

from __future__ import annotations

from datetime import date, datetime, timedelta
from typing import Final

UNIX_EPOCH: Final = datetime(1970, 1, 1)


def local_time(wall_ms: float, offset_minutes: float) -> datetime:
    """The time on the player's clock at ``wall_ms``, ``offset_minutes`` ahead of UTC."""
    return UNIX_EPOCH + timedelta(milliseconds=wall_ms + offset_minutes * 60_000)


def local_day(wall_ms: float, offset_minutes: float) -> date:
    """The date on the player's calendar at ``wall_ms``.

    Midnight in UTC on 1 December 2026 is still 30 November an hour behind UTC:

    >>> local_day(1_796_083_200_000, 0), local_day(1_796_083_200_000, -60)
    (datetime.date(2026, 12, 1), datetime.date(2026, 11, 30))
    """
    return local_time(wall_ms, offset_minutes).date()


def utc_day(wall_ms: float) -> date:
    """The date in UTC: a session's calendar until the page gives the player's own."""
    return local_day(wall_ms, 0)
