"""The month of deals: the calendar of the deals of the day.

Every date has its deal (:func:`halfmoon.records.daily.daily_code`); the calendar shows a month
of them, each day marked with what the player made of its deal — won, tried (played and
not won, or in play now) or not played — read from the history of games and the play in
progress.  A day can be played on a later date (a day made up): it counts in the month's
tally, never in the streak of days, which counts the days played on the day
(:func:`halfmoon.page.results.daily_streak`).

Everything the calendar window shows and every move of its keys is decided here: the
weeks of a month (Monday first), each day's result and words, the tally, how far back
the calendar goes, and where an arrow, Home, End or Page Up/Down takes the focus (the
date-grid pattern of date pickers).  The page only copies it out
(``halfmoon/web/month.py``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Final, Literal

from ..words.i18n import month as month_name
from ..words.i18n import text
from .daily import daily_code
from .history import Entry

Result = Literal["won", "tried", ""]


@dataclass(frozen=True, slots=True)
class Day:
    """One day of the month: its date, its deal and what became of it, and its words
    (``3 de dezembro, ganha``)."""

    day: date
    code: str
    result: Result
    today: bool
    future: bool  # not yet come: shown, not playable
    label: str


@dataclass(frozen=True, slots=True)
class Month:
    """A month as the calendar window shows it."""

    first: date  # its first day
    title: str  # ``Dezembro de 2026``
    weeks: tuple[tuple[Day | None, ...], ...]  # rows of 7, Monday first; None: another month
    won: int  # days whose deal was won
    days: int  # days in the month
    tally: str  # ``9 de 30 dias ganhos``
    complete: bool  # every day of the month won
    earlier: bool  # an earlier month can be shown
    later: bool  # a later month can be shown

    def find(self, day: date) -> Day | None:
        """The day of this month at ``day``, or None."""
        days = (d for week in self.weeks for d in week if d is not None)
        return next((d for d in days if d.day == day), None)


# ------------------------------------------------------------------- dates
def first_of(day: date) -> date:
    """The first day of ``day``'s month."""
    return day.replace(day=1)


def add_months(day: date, n: int) -> date:
    """The same day ``n`` months later (earlier, for a negative ``n``), or the last day
    of that month when it is shorter (31 January + 1 month = 28 or 29 February)."""
    index = day.year * 12 + day.month - 1 + n
    year, month = divmod(index, 12)
    return date(year, month + 1, min(day.day, days_in(year, month + 1)))


def days_in(year: int, month: int) -> int:
    """How many days the month has (leap years included)."""
    after = date(year + month // 12, month % 12 + 1, 1)
    return (after - date(year, month, 1)).days


def earliest(entries: Iterable[Entry], today: date) -> date:
    """The first day the calendar can show: the first of last month, or earlier, the
    first of the oldest month whose deal of the day the history remembers."""
    first = add_months(first_of(today), -1)
    for entry in entries:
        if entry.daily is not None and entry.daily < first:
            first = first_of(entry.daily)
    return first


# ---------------------------------------------------------------- results
_RANK: Final[dict[Result, int]] = {"": 0, "tried": 1, "won": 2}


def results(entries: Iterable[Entry], playing: str | None = None) -> dict[str | date, Result]:
    """What became of each deal the history remembers, by its code and by the date of
    its deal of the day: ``won`` if any play of it was won, else ``tried``.  ``playing``
    is the code of the play in progress when it has moves (it counts as tried)."""
    found: dict[str | date, Result] = {}

    def mark(key: str | date, result: Result) -> None:
        if _RANK[result] > _RANK[found.get(key, "")]:
            found[key] = result

    for entry in entries:
        result: Result = "won" if entry.result == "won" else "tried"
        mark(entry.code, result)
        if entry.daily is not None:
            mark(entry.daily, result)
    if playing is not None:
        mark(playing, "tried")
    return found


def result_of(day: date, code: str, found: dict[str | date, Result]) -> Result:
    """A day's result: the better of what its date and its deal's code say (a deal of a
    day can also be reached by its code, from a link)."""
    by_date, by_code = found.get(day, ""), found.get(code, "")
    return by_date if _RANK[by_date] >= _RANK[by_code] else by_code


# ---------------------------------------------------------------- the month
def day_words(day: date, result: Result, *, today: bool, future: bool, lang: str) -> str:
    """A day's name as a screen reader says it: ``3 de dezembro, ganha``, ``1 de
    dezembro, hoje, por jogar``; a day to come by its date alone (it is disabled)."""
    words = text(lang, "calendar.day", d=day.day, month=month_name(day, lang))
    if future:
        return words
    if today:
        words = text(lang, "calendar.today", day=words)
    return text(lang, f"calendar.result.{result or 'none'}", day=words)


def month_view(
    shown: date,
    entries: Sequence[Entry],
    today: date,
    lang: str,
    *,
    playing: str | None = None,
) -> Month:
    """The month of ``shown`` (any of its days): its weeks, each day's result and words,
    the tally of days won, and whether an earlier or a later month can be shown (from
    :func:`earliest` to today's month)."""
    first = first_of(shown)
    count = days_in(first.year, first.month)
    found = results(entries, playing)
    cells: list[Day | None] = [None] * first.weekday()  # Monday is 0
    won = 0
    for n in range(count):
        day = first + timedelta(days=n)
        code = daily_code(day)
        future = day > today
        result: Result = "" if future else result_of(day, code, found)
        won += result == "won"
        label = day_words(day, result, today=day == today, future=future, lang=lang)
        cells.append(Day(day, code, result, day == today, future, label))
    cells += [None] * (-len(cells) % 7)
    weeks = tuple(tuple(cells[i : i + 7]) for i in range(0, len(cells), 7))
    title = text(lang, "calendar.month", month=month_name(first, lang), y=first.year)
    return Month(
        first=first,
        title=title[:1].upper() + title[1:],
        weeks=weeks,
        won=won,
        days=count,
        tally=_tally(first, today, won, count, lang),
        complete=won == count,
        earlier=first > earliest(entries, today),
        later=first < first_of(today),
    )


def _tally(first: date, today: date, won: int, count: int, lang: str) -> str:
    """``9 de 30 dias ganhos``; in the month of today, only the days come so far
    (``2 de 17 dias ganhos até hoje``): a day to come cannot be won yet."""
    if first_of(today) == first:
        return text(lang, "calendar.tally.so-far", won=won, days=today.day)
    return text(lang, "calendar.tally", won=won, days=count)


# ------------------------------------------------------------------- keys
KEYS: Final = frozenset(
    ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End", "PageUp", "PageDown"]
)
"""The keys that move the focus between days."""


def move(day: date, key: str, *, shift: bool, first: date, last: date) -> date:
    """Where ``key`` takes the focus from ``day``, kept between ``first`` and ``last``
    (the earliest day the calendar shows, and today): ←/→ a day, ↑/↓ a week, Home/End
    the week's Monday/Sunday, Page Up/Down a month (with Shift, a year), to the same day
    or the month's last.  Any other key stays."""
    steps = {"ArrowLeft": -1, "ArrowRight": 1, "ArrowUp": -7, "ArrowDown": 7}
    if key in steps:
        goal = day + timedelta(days=steps[key])
    elif key == "Home":
        goal = day - timedelta(days=day.weekday())
    elif key == "End":
        goal = day + timedelta(days=6 - day.weekday())
    elif key in ("PageUp", "PageDown"):
        goal = add_months(day, (12 if shift else 1) * (-1 if key == "PageUp" else 1))
    else:
        goal = day
    return max(first, min(last, goal))
