"""The windows over the table: options, a deal code, statistics, the end of a game and
the crash dialog.  Each shows what it is given and reports what the player chose; the
decisions stay with the controller (:mod:`.control`) and the session.  Whether any window
covers the table (every ``<dialog>`` of the page, whoever opens it) is heard here too:
the clock stops meanwhile."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..prefs import SWITCHES, Prefs
from ..view import EndView
from .dom import Handlers, absent, at_top, close_windows, js_object


class Dialogs:
    def __init__(self, document: Any, handlers: Handlers) -> None:
        self.doc = document
        self._option: Callable[[str, str | bool], None] = _ignore
        self._code: Callable[[str], str | None] = _ignore
        self._end: Callable[[str], None] = _ignore
        self._reset_stats: Callable[[], dict[str, str]] = dict
        self._restarted: Callable[[], None] = _ignore
        self._closed: Callable[[], None] = _ignore
        self._covered: Callable[[bool], None] = _ignore
        self.covering = False  # a window is open over the table
        self.framed = document.documentElement.getAttribute("data-embedded") == "true"
        handlers.observe(document.body, "open", lambda e: self._windows())
        for dialog in document.querySelectorAll("dialog"):
            handlers.on(dialog, "close", self._after_close)
        self.field = document.getElementById("code-input")
        self.code_error = document.getElementById("code-error")
        for box in document.querySelectorAll("[data-option]"):
            handlers.on(box, "change", self._changed)
        handlers.on(document.getElementById("code-form"), "submit", self._submit_code)
        for name, handler in (
            ("cancel", lambda e: self.dialog("code").close()),
            ("undo", lambda e: self._finish("undo")),
            ("new", lambda e: self._finish("new")),
            ("restart", lambda e: self._finish("restart")),
            ("restart-yes", self._restart),
            ("reset", lambda e: self._confirm_reset(True)),
            ("reset-cancel", lambda e: self._confirm_reset(False)),
            ("reset-yes", self._reset),
            ("to-backup", self._to_backup),
        ):
            for button in document.querySelectorAll(f'[data-dialog-action="{name}"]'):
                handlers.on(button, "click", handler)

    def connect(
        self,
        *,
        option: Callable[[str, str | bool], None],
        code: Callable[[str], str | None],
        end: Callable[[str], None],
        reset_stats: Callable[[], dict[str, str]],
        closed: Callable[[], None],
        restart: Callable[[], None],
        covered: Callable[[bool], None],
    ) -> None:
        """Who hears an option changed (its name and value), a code typed (answering
        what is wrong with it, or None), the end dialog's choice ("undo", "restart" or
        "new"), a confirmed reset of the statistics (answering the values to show), a
        window closed with the focus left nowhere, a confirmed restart, and the table
        covered by a window or uncovered."""
        self._option, self._code, self._end = option, code, end
        self._reset_stats, self._closed = reset_stats, closed
        self._restarted, self._covered = restart, covered

    def dialog(self, name: str) -> Any:
        return self.doc.getElementById(f"dialog-{name}")

    def open(self, name: str) -> None:
        dialog = self.dialog(name)
        dialog.showModal()
        at_top(dialog)

    def is_open(self, name: str) -> bool:
        return bool(self.dialog(name).open)

    def _windows(self) -> None:
        """A window opened or closed: whether any still covers the table."""
        covering = not absent(self.doc.querySelector("dialog[open]"))
        if covering != self.covering:
            self.covering = covering
            self._covered(covering)

    def _after_close(self, event: Any) -> None:
        """A closed window gives the focus back to what opened it; when that is gone (a
        card that left the table) the focus stays in the hidden window, and then falls
        to the page itself."""
        active = self.doc.activeElement
        if absent(active) or str(active.tagName) == "BODY" or event.target.contains(active):
            self._closed()

    # ----------------------------------------------------------------- options
    def show_options(self, prefs: Prefs, lang: str) -> None:
        """Set every control of the options window to the player's choices."""
        for name in SWITCHES:
            on = prefs.switch(name, framed=self.framed)
            self.doc.querySelector(f'[data-option="{name}"]').checked = on
        self.doc.querySelector('[data-option="language"]').value = lang
        self.doc.querySelector('[data-option="theme"]').value = prefs.theme
        self.doc.querySelector('[data-option="felt"]').value = prefs.felt

    def _changed(self, event: Any) -> None:
        control = event.target
        name = str(control.dataset.option)
        chosen = name in ("language", "theme", "felt")  # a select; the others are checkboxes
        value = str(control.value) if chosen else bool(control.checked)
        self._option(name, value)

    # -------------------------------------------------------------- deal codes
    def open_code(self) -> None:
        self.field.value = ""
        self.field.removeAttribute("aria-invalid")
        self.code_error.textContent = ""
        self.open("code")
        self.field.focus()

    def _submit_code(self, event: Any) -> None:
        event.preventDefault()
        error = self._code(str(self.field.value))
        if error is None:
            self.dialog("code").close()
        else:
            self.field.setAttribute("aria-invalid", "true")
            self.code_error.textContent = error

    # -------------------------------------------------------------- statistics
    def open_stats(self, values: dict[str, str]) -> None:
        self.show_stats(values)
        self._confirm_reset(False)
        self.open("stats")

    def show_stats(self, values: dict[str, str]) -> None:
        for name, value in values.items():
            self.doc.querySelector(f'[data-stats="{name}"]').textContent = value

    def show_keeping(self, words: str, key: str) -> None:
        """Whether this browser keeps the games (``key``: the catalogue's, for the look)."""
        line = self.doc.querySelector('[data-role="keeping"]')
        line.textContent = words
        line.dataset.keeping = key.removeprefix("keep.")

    def _confirm_reset(self, asking: bool) -> None:
        self.doc.getElementById("stats-confirm").hidden = not asking
        self.doc.getElementById("stats-buttons").hidden = asking
        target = "reset-cancel" if asking else "reset"
        self.doc.querySelector(f'#dialog-stats [data-dialog-action="{target}"]').focus()

    def _to_backup(self, event: Any) -> None:
        """The statistics' way to the backups, without scrolling: their heading in view,
        with the focus (Tab goes on to their buttons)."""
        heading = self.doc.getElementById("keep-title")
        heading.scrollIntoView(js_object({"block": "start", "behavior": "instant"}))
        heading.focus()

    def _reset(self, event: Any) -> None:
        self.show_stats(self._reset_stats())
        self._confirm_reset(False)

    # ------------------------------------------------------------ end of game
    def show_end(self, view: EndView) -> None:
        dialog = self.dialog("end")
        self.doc.getElementById("end-title").textContent = view.title
        self.doc.getElementById("end-text").textContent = view.text
        record = self.doc.getElementById("end-record")
        record.replaceChildren()
        for line in view.record:
            item = self.doc.createElement("li")
            item.textContent = line
            record.appendChild(item)
        record.hidden = not view.record
        dialog.querySelector('[data-dialog-action="undo"]').hidden = not view.can_undo
        dialog.dataset.end = view.ending
        dialog.toggleAttribute("data-best", view.best)
        if not dialog.open:
            dialog.showModal()

    def _finish(self, choice: str) -> None:
        self.dialog("end").close()
        self._end(choice)

    # ---------------------------------------------------------------- restart
    def confirm_restart(self, words: str) -> None:
        self.doc.getElementById("restart-text").textContent = words
        self.open("restart")
        self.dialog("restart").querySelector('[value="cancel"]').focus()

    def _restart(self, event: Any) -> None:
        self.dialog("restart").close()
        self._restarted()

    # ------------------------------------------------------------------ crash
    def crash(self, title: str, words: str) -> None:
        """Only the crash dialog stays open, with a way out (its Reload button is bound
        in plain JavaScript, so it works even when Python no longer does)."""
        self.doc.getElementById("crash-title").textContent = title
        self.doc.getElementById("crash-text").textContent = words
        close_windows(self.doc)
        crash = self.dialog("crash")
        if not crash.open:
            crash.showModal()


def _ignore(*_: Any) -> None:
    """What a room does before the controller is connected: nothing."""
