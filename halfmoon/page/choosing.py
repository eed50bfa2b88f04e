"""Which deal an action puts on the table.

New game, the deal of the day, a typed code, a day of the calendar and Play again
each put a deal on the table; this module alone decides which.  The session plays it
(:mod:`halfmoon.session.session`) and the question before leaving a game in progress asks
about it (:mod:`halfmoon.session.leaving`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from typing import Literal

from ..records.daily import daily_code
from ..rules.deal import canonical_code

Action = Literal["new", "daily", "code", "day", "again"]


@dataclass(frozen=True, slots=True)
class Chosen:
    """The deal an action puts on the table: its code in canonical form (None: a new
    random deal), and the date whose deal of the day it is (None: not one, or not
    asked), which a new play of it keeps for its badge."""

    code: str | None
    day: date | None = None


def chosen_deal(
    action: Action,
    *,
    today: Callable[[], date],
    code: str | None = None,
    day: date | None = None,
) -> Chosen | None:
    """The deal ``action`` puts on the table, or None when it puts none (a day to come,
    no code given).  An invalid ``code`` raises :class:`~halfmoon.rules.deal.CodeError`.

    ``action``: ``"new"`` (a new random deal: the button, the N key), ``"daily"``
    (today's deal of the day), ``"code"`` (a typed ``code``), ``"day"`` (the deal of a
    calendar ``day``), ``"again"`` (a game of your games: its ``code``, and its ``day``
    when it was that day's deal of the day)."""
    if action == "new":
        return Chosen(None)
    if action == "daily":
        now = today()
        return Chosen(daily_code(now), now)
    if action == "day":
        if day is None or day > today():
            return None
        return Chosen(daily_code(day), day)
    if code is None:
        return None
    canonical = canonical_code(code)
    if action == "again" and day is not None and daily_code(day) == canonical:
        return Chosen(canonical, day)
    return Chosen(canonical)
