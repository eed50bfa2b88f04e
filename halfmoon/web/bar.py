"""The bar: the game's counters, the deal of the day's badge and button, and the undo
and redo buttons, as the game on the table has them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..page.view import Counters


class Bar:
    """Copies the bar's counters (:class:`~halfmoon.page.view.Counters`) onto the page: the
    time, score and moves (each left out on a calm table), the deal code, the deal of
    the day's badge, whether undo and redo can be used, the game's status (``<html
    data-game>``), and today's date on the deal of the day's button.  Each is written
    only when it changes: every write crosses from Python into JavaScript, and the tap
    path is hot."""

    def __init__(self, document: Any) -> None:
        self.doc, self.root = document, document.documentElement
        self.counters = {
            name: document.querySelector(f'[data-stat="{name}"]')
            for name in ("time", "score", "moves", "code", "daily")
        }
        self.buttons = {
            name: document.querySelector(f'[data-action="{name}"]') for name in ("undo", "redo")
        }
        self.shown: dict[str, object] = {}  # what the bar shows now, by name

    def show(self, counters: Counters) -> None:
        self.time(counters.time)
        for name in ("score", "moves", "code"):
            self._set(name, getattr(counters, name), self._counter(name))
        self._set("daily", counters.daily, self._badge)
        self._set("undo", not counters.can_undo, self._disable("undo"))
        self._set("redo", not counters.can_redo, self._disable("redo"))
        self._set("status", counters.status, self._status)
        self._set("hidden", counters.hidden, self._hide)

    def time(self, value: str) -> None:
        self._set("time", value, self._counter("time"))

    def today(self, day: int) -> None:
        """The day of the month on the deal of the day's button."""
        self.doc.querySelector('[data-role="today"]').textContent = str(day)

    def _set(self, name: str, value: object, write: Callable[[Any], None]) -> None:
        if self.shown.get(name, self) != value:
            self.shown[name] = value
            write(value)

    def _counter(self, name: str) -> Callable[[Any], None]:
        element = self.counters[name]

        def write(value: Any) -> None:
            element.textContent = value

        return write

    def _badge(self, words: str) -> None:
        """The deal of the day's badge beside the code (hidden for any other deal)."""
        badge = self.counters["daily"]
        badge.textContent = words
        badge.hidden = not words

    def _hide(self, hidden: tuple[str, ...]) -> None:
        """The figures a calm table leaves out, each with its name (its ``<div>``)."""
        for name in ("time", "score", "moves"):
            self.counters[name].parentElement.hidden = name in hidden

    def _disable(self, name: str) -> Callable[[Any], None]:
        button = self.buttons[name]

        def write(value: Any) -> None:
            button.disabled = value

        return write

    def _status(self, status: Any) -> None:
        self.root.dataset.game = status
