"""The windows over the table: options, a deal code, statistics, the end of a game, the
confirmation asked before a game in progress is left or restarted, and the crash
dialog.  Each shows what it is given and reports what the player chose; the decisions
stay with the controller (:mod:`.control`) and the session.  Whether any window
covers the table (every ``<dialog>`` of the page, whoever opens it) is heard here too:
the clock stops meanwhile.  A click on the backdrop, outside a window, closes it as
Escape does (the crash dialog aside: its Reload is the way out)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..keeping.prefs import SWITCHES, Prefs
from ..page.view import EndView
from .dom import Handlers, absent, at_top, close_windows, js_object, write_codes


class Dialogs:
    """Shows the windows over the table and reports what the player chose in them."""

    def __init__(self, document: Any, handlers: Handlers) -> None:
        self.doc = document
        self._option: Callable[[str, str | bool], None] = _ignore
        self._code: Callable[[str], str | None] = _ignore
        self._end: Callable[[str], None] = _ignore
        self._reset_stats: Callable[[], dict[str, str]] = dict
        self._answer: Callable[[], None] | None = None  # what "yes" does in the confirmation
        self._declined: Callable[[], None] | None = None  # what no or Escape does (if anything)
        self.asked: tuple[str, ...] = ()  # the confirmation's words: title, text, yes, no
        self._closed: Callable[[], None] = _ignore
        self._covered: Callable[[bool], None] = _ignore
        self.covering = False  # a window is open over the table
        self.framed = document.documentElement.getAttribute("data-embedded") == "true"
        handlers.observe(document.body, "open", lambda e: self._windows())
        self._pressed_outside = False  # the pointer went down on a window's backdrop
        for dialog in document.querySelectorAll("dialog"):
            handlers.on(dialog, "close", self._after_close)
            if dialog.id != "dialog-crash":
                handlers.on(dialog, "pointerdown", self._pointer_down)
                handlers.on(dialog, "click", self._backdrop_click)
        confirm = self.dialog("confirm")
        handlers.on(confirm.querySelector('[data-answer="yes"]'), "click", self._yes)
        handlers.on(confirm, "close", self._confirm_closed)
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
        covered: Callable[[bool], None],
    ) -> None:
        """Who hears an option changed (its name and value), a code typed (answering
        what is wrong with it, or None), the end dialog's choice ("undo", "restart" or
        "new"), a confirmed reset of the statistics (answering the values to show), a
        window closed with the focus left nowhere, and the table covered by a window or
        uncovered."""
        self._option, self._code, self._end = option, code, end
        self._reset_stats, self._closed = reset_stats, closed
        self._covered = covered

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

    def language_note(self, note: str) -> None:
        """The line under the options' language (empty: none)."""
        line = self.doc.getElementById("language-note")
        line.textContent = note
        line.hidden = not note
        if note:  # where a small screen's window scrolls, in sight
            line.scrollIntoView(js_object({"block": "nearest", "behavior": "instant"}))

    def _changed(self, event: Any) -> None:
        control = event.target
        name = str(control.dataset.option)
        chosen = name in ("language", "theme", "felt")  # a select; the others are checkboxes
        value = str(control.value) if chosen else bool(control.checked)
        self._option(name, value)

    # -------------------------------------------------------------- deal codes
    def open_code(self, typed: str = "") -> None:
        """The code window, empty, or with the code the player typed (kept when they
        answered no to leaving the game on the table for it)."""
        self.field.value = typed
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
            write_codes(self.code_error, error)

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
        write_codes(self.doc.getElementById("end-title"), view.title)
        write_codes(self.doc.getElementById("end-text"), view.text)
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

    # ----------------------------------------------------------- confirmation
    def confirm(
        self,
        words: tuple[str, ...],
        yes: Callable[[], None],
        no: Callable[[], None] | None = None,
    ) -> None:
        """Ask before a game in progress is left or restarted (one window,
        ``data-role="confirm"``): ``words`` are its title, text, and its yes and no
        buttons' words (:class:`halfmoon.session.leaving.Question`); ``yes`` is what the yes
        button does.  No, Escape or a click outside leave everything as it was (``no``:
        what puts back what was there, such as the end window); the focus starts on no."""
        dialog = self.dialog("confirm")
        self.show_confirm(words)
        self._answer, self._declined = yes, no
        if not dialog.open:
            self.open("confirm")
        dialog.querySelector('[data-answer="no"]').focus()

    def show_confirm(self, words: tuple[str, ...]) -> None:
        """The confirmation's words (again in another language, while it is open)."""
        title, text, yes, no = words
        self.asked = words
        dialog = self.dialog("confirm")
        write_codes(self.doc.getElementById("confirm-title"), title)
        write_codes(self.doc.getElementById("confirm-text"), text)
        dialog.querySelector('[data-answer="yes"]').textContent = yes
        dialog.querySelector('[data-answer="no"]').textContent = no

    def close_confirm(self) -> None:
        """The question no longer holds (the deal on the table changed): closed, and
        its yes forgotten."""
        self._forget()
        if self.is_open("confirm"):
            self.dialog("confirm").close()

    def decline(self) -> None:
        """The question answered No by the player's leaving it (Back or Forward while it
        is open): closed, and what was there put back, at once."""
        if not self.is_open("confirm"):
            return
        declined = self._declined if self._answer is not None else None
        self._forget()
        self.dialog("confirm").close()
        if declined is not None:
            declined()

    def _forget(self) -> None:
        self._answer = self._declined = None

    def _confirm_closed(self, event: Any) -> None:
        """Closed without a yes (no, Escape, a click outside): what was there comes back.
        (A close heard once the window is open again, with another question, is past.)"""
        if self.is_open("confirm"):
            return
        declined = self._declined if self._answer is not None else None
        self._forget()
        if declined is not None:
            declined()

    def _yes(self, event: Any) -> None:
        answer = self._answer
        self._answer = None
        self.dialog("confirm").close()
        if answer is not None:
            answer()

    # ----------------------------------------------------------------- backdrop
    def _pointer_down(self, event: Any) -> None:
        self._pressed_outside = _outside(event)

    def _backdrop_click(self, event: Any) -> None:
        """A click that went down and up on the backdrop closes the window, as Escape
        does; a press inside that ends outside (selecting text) does not."""
        pressed, self._pressed_outside = self._pressed_outside, False
        if pressed and _outside(event):
            event.currentTarget.close()

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


def _outside(event: Any) -> bool:
    """Whether a pointer event on a window fell outside its box: on its backdrop."""
    dialog = event.currentTarget
    if event.target != dialog:
        return False
    box = dialog.getBoundingClientRect()
    x, y = float(event.clientX), float(event.clientY)
    return not (box.left <= x <= box.right and box.top <= y <= box.bottom)


def _ignore(*_: Any) -> None:
    """What a room does before the controller is connected: nothing."""
