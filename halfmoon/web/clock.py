"""The page's clocks: the monotonic one the game clock runs on, and the player's wall
clock and calendar (their time zone and summer time, as the browser knows them)."""

from __future__ import annotations

from datetime import date, datetime

import js  # type: ignore[import-not-found]

from ..records.localtime import local_day, local_time


def now() -> float:
    """Milliseconds on the page's monotonic clock (``performance.now()``)."""
    return float(js.performance.now())


def utc_offset(wall_ms: float) -> float:
    """Minutes the player's clock was ahead of UTC at ``wall_ms`` (its time zone and
    summer time, as the browser knows them)."""
    return -float(js.Date.new(wall_ms).getTimezoneOffset())


def player_time(wall_ms: float) -> datetime:
    """The time on the player's clock at ``wall_ms``."""
    return local_time(wall_ms, utc_offset(wall_ms))


def player_day(wall_ms: float) -> date:
    """The date on the player's calendar at ``wall_ms`` (the session's ``day_of``)."""
    return local_day(wall_ms, utc_offset(wall_ms))
