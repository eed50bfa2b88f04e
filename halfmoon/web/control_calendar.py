"""The calendar's controller: the month shown and the day with the focus, carried from
the calendar window (:mod:`.month`) to what the engine decides (:mod:`halfmoon.records.month`),
and a day chosen there carried to the table's controller as its deal."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date

from ..keeping.saved import KEYS
from ..records.history import Entry
from ..records.month import add_months, earliest, first_of, move
from ..session.feedback import Feedback
from ..session.presenter import Presenter
from ..words.i18n import say
from .control import Controller
from .games import Games
from .month import Calendar
from .persistence import Persistence
from .storage import Storage


class CalendarControl:
    """Carries the calendar window to the engine's months and a chosen day to the table."""

    def __init__(
        self,
        control: Controller,
        shown: Presenter,
        *,
        saves: Persistence,
        storage: Storage,
        calendar: Calendar,
        games: Games,
    ) -> None:
        self.control, self.shown = control, shown
        self.saves, self.storage = saves, storage
        self.calendar, self.games = calendar, games
        self.month_day = shown.day  # the calendar's day with the focus
        self.month_entries: list[Entry] = []  # the history, read when the calendar opened

    @property
    def commands(self) -> dict[str, Callable[[str], None]]:
        """The calendar's buttons (``data-action``)."""
        return {
            "calendar": lambda entry: self.open(),
            "previous-month": lambda entry: self.turn_month(-1),
            "next-month": lambda entry: self.turn_month(1),
        }

    def open(self) -> None:
        """The month of today, today's day in focus."""
        self.month_entries = self.saves.history()
        self.month_day = self.shown.day
        self.show_month()
        self.games.status(say(self.storage.take_said(), self.shown.session.lang))

    def show_month(self, *, focus: bool = True) -> None:
        month = self.shown.month(self.month_entries, self.month_day)
        self.calendar.show(month, self.month_day, self.shown.session.lang, focus=focus)

    def turn_month(self, step: int) -> None:
        """The previous or next month (buttons): the same day there, or its last; the
        focus stays on the button."""
        today, entries = self.shown.day, self.month_entries
        goal = add_months(self.month_day, step)
        goal = max(earliest(entries, today), min(today, goal))
        if first_of(goal) != first_of(self.month_day):
            self.month_day = goal
            self.show_month(focus=False)

    def month_key(self, key: str, shift: bool) -> None:
        """A key in the grid of days: the focus moves (to another month if need be)."""
        today, entries = self.shown.day, self.month_entries
        goal = move(self.month_day, key, shift=shift, first=earliest(entries, today), last=today)
        turned = first_of(goal) != first_of(self.month_day)
        self.month_day = goal
        if turned:
            self.show_month()
        else:
            self.calendar.move_focus(goal)

    def play_day(self, day: date) -> None:
        """A day chosen in the calendar: its deal."""
        self.calendar.close()
        session = self.control.session

        def play(t: float) -> Feedback:
            return session.play_day(day, t)

        self.control.leave("day", lambda: self.control.now_do(play), day=day)

    def turned(self) -> None:
        """Past midnight: an open calendar marks the new today."""
        if self.calendar.open:
            self.show_month(focus=False)

    def heard(self, key: str) -> None:
        """Another tab changed a key: an open calendar shows its history."""
        if key == KEYS["history"] and self.calendar.open:
            self.month_entries = self.saves.history()
            self.show_month(focus=False)
