"""The calendar of the deals of the day: a month as a date grid.

It shows the :class:`halfmoon.records.month.Month` it is given — one button per day
(``data-day``, ``data-result``, the day's words as its name, today marked, days to come
disabled), the month's name and tally, and whether an earlier or later month can be
shown — and reports what the player does: a day chosen (a click, Enter or Space), a key
that moves between days (where it lands is decided by :func:`halfmoon.records.month.move`), and
the previous or next month (the ``data-action`` buttons, which the input room hands to
the controller).  One day button is in the tab order: the one with the focus.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import Any

from ..records.month import KEYS, Month
from ..words.i18n import weekdays
from .dom import Handlers, absent, close_windows


class Calendar:
    """Draws the calendar's month and reports the day chosen or the key pressed."""

    def __init__(self, document: Any, handlers: Handlers) -> None:
        self.doc = document
        self.dialog = document.getElementById("dialog-calendar")
        self.weeks = self.dialog.querySelector('[data-role="weeks"]')
        self.weekdays = self.dialog.querySelector('[data-role="weekdays"]')
        self.title = self.dialog.querySelector('[data-role="month"]')
        self.tally = self.dialog.querySelector('[data-role="tally"]')
        self.complete = self.dialog.querySelector('[data-role="complete"]')
        self.earlier = self.dialog.querySelector('[data-action="previous-month"]')
        self.later = self.dialog.querySelector('[data-action="next-month"]')
        self.buttons: dict[date, Any] = {}
        self.focused: date | None = None
        self._lang = ""  # the language the weekdays are written in
        self._play: Callable[[date], None] = _ignore
        self._key: Callable[[str, bool], None] = _ignore
        handlers.on(self.weeks, "click", self._clicked)
        handlers.on(self.weeks, "keydown", self._pressed)

    def connect(self, *, play: Callable[[date], None], key: Callable[[str, bool], None]) -> None:
        """Who hears a day chosen, and a key that moves between days (with Shift)."""
        self._play, self._key = play, key

    @property
    def open(self) -> bool:
        return bool(self.dialog.open)

    def show(self, month: Month, focused: date, lang: str, *, focus: bool = True) -> None:
        """Draw ``month`` with the day ``focused`` in the tab order (and, ``focus``, the
        keyboard focus on it), opening the window if it is not open."""
        if self._lang != lang:
            self._weekdays(lang)
        self.title.textContent = month.title
        self.tally.textContent = month.tally
        self.complete.hidden = not month.complete
        self.dialog.dataset.complete = "true" if month.complete else "false"
        for button, can in ((self.earlier, month.earlier), (self.later, month.later)):
            if can:
                button.removeAttribute("aria-disabled")
            else:
                button.setAttribute("aria-disabled", "true")
        self.buttons = {}
        rows = []
        for week in month.weeks:
            row = self.doc.createElement("tr")
            for day in week:
                cell = self.doc.createElement("td")
                if day is not None:
                    cell.appendChild(self._button(day, day.day == focused))
                row.appendChild(cell)
            rows.append(row)
        self.weeks.replaceChildren(*rows)
        self.focused = focused
        if not self.dialog.open:
            close_windows(self.doc)
            self.dialog.showModal()
        if focus and focused in self.buttons:
            self.buttons[focused].focus()

    def move_focus(self, day: date) -> None:
        """Move the focus (and the tab stop) to another day of the month shown."""
        old = self.buttons.get(self.focused) if self.focused is not None else None
        if old is not None:
            old.tabIndex = -1
        button = self.buttons[day]
        button.tabIndex = 0
        button.focus()
        self.focused = day

    def _button(self, day: Any, focused: bool) -> Any:
        button = self.doc.createElement("button")
        button.type = "button"
        button.className = "day"
        button.textContent = str(day.day.day)
        button.dataset.day = day.day.isoformat()
        button.dataset.result = day.result
        button.setAttribute("aria-label", day.label)
        button.tabIndex = 0 if focused else -1
        if day.today:
            button.setAttribute("aria-current", "date")
        if day.future:
            button.disabled = True
        self.buttons[day.day] = button
        return button

    def _weekdays(self, lang: str) -> None:
        """The columns' heads, Monday first: short names, each with its full name."""
        short = weekdays(lang, short=True)
        full = weekdays(lang)
        heads = []
        for name, whole in zip(short, full, strict=True):
            head = self.doc.createElement("th")
            head.scope = "col"
            abbr = self.doc.createElement("abbr")
            abbr.title = whole
            abbr.textContent = name
            head.appendChild(abbr)
            heads.append(head)
        self.weekdays.replaceChildren(*heads)
        self._lang = lang

    def close(self) -> None:
        if self.dialog.open:
            self.dialog.close()

    def _clicked(self, event: Any) -> None:
        button = event.target.closest("button[data-day]")
        if absent(button) or button.disabled:
            return
        self._play(date.fromisoformat(str(button.dataset.day)))

    def _pressed(self, event: Any) -> None:
        key = str(event.key)
        if key not in KEYS or event.altKey or event.ctrlKey or event.metaKey:
            return
        event.preventDefault()
        self._key(key, bool(event.shiftKey))


def _ignore(*_: Any) -> None:
    """What the room does before the controller is connected: nothing."""
