"""A challenge on the page: its line on the table (``data-role="challenge"``), the two
results side by side in the end window, and the window that asks the challenger's name
before a challenge is shared.  Every word is written as text, never as markup: a name
comes from a link anyone can write."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..challenges.challenge_link import MAX_NAME
from ..page.challenge_view import ChallengeLine, Versus
from .dom import Handlers


class Challenges:
    """Shows a challenge's line and comparison, and asks for a name."""

    def __init__(self, document: Any, handlers: Handlers) -> None:
        self.doc = document
        self.line = document.querySelector('[data-role="challenge"]')
        self.words = self.line.querySelector('[data-role="challenge-words"]')
        self.see = self.line.querySelector('[data-action="see-theirs"]')
        self.watch = self.line.querySelector('[data-action="watch"]')
        end = document.getElementById("dialog-end")
        self.versus = end.querySelector('[data-role="versus"]')
        self.end_watch = end.querySelector('[data-action="watch"]')
        self.window = document.getElementById("dialog-challenge")
        self.name = document.getElementById("challenge-name")
        self.name.maxLength = MAX_NAME  # the engine's bound (clean_name cuts it anyway)
        self._send: Callable[[str], None] = _ignore
        self.shown: ChallengeLine | None = None
        handlers.on(document.getElementById("challenge-form"), "submit", self._submit)
        cancel = self.window.querySelector('[data-dialog-action="challenge-cancel"]')
        handlers.on(cancel, "click", lambda e: self.window.close())

    def show_line(self, line: ChallengeLine | None) -> None:
        """The table's line as it is now (None: no challenge), written when it changed."""
        if line == self.shown:
            return
        self.shown = line
        self.line.hidden = line is None
        if line is None:
            return
        self.words.textContent = line.words
        self.see.hidden = not line.see
        self.watch.hidden = not line.watch

    def show_versus(self, versus: Versus | None) -> None:
        """The end window's comparison (None: the game had no challenge)."""
        self.versus.replaceChildren()
        self.versus.hidden = versus is None
        self.end_watch.hidden = versus is None
        if versus is None:
            return
        table = self.doc.createElement("table")
        head = table.createTHead().insertRow()
        head.appendChild(self._cell("td", ""))
        for name in versus.heads:
            head.appendChild(self._cell("th", name, scope="col"))
        body = table.createTBody()
        for label, theirs, mine in versus.rows:
            row = body.insertRow()
            row.appendChild(self._cell("th", label, scope="row"))
            row.appendChild(self._cell("td", theirs))
            row.appendChild(self._cell("td", mine))
        verdict = self.doc.createElement("p")
        verdict.className = "verdict"
        verdict.textContent = versus.verdict
        self.versus.append(table, verdict)

    def _cell(self, tag: str, words: str, scope: str = "") -> Any:
        cell = self.doc.createElement(tag)
        cell.textContent = words
        if scope:
            cell.setAttribute("scope", scope)
        return cell

    def ask_name(self, remembered: str, send: Callable[[str], None]) -> None:
        """Open the window that asks the challenger's name (``remembered``: the one given
        last time); ``send`` is told the name once the player shares."""
        self._send = send
        self.name.value = remembered
        if not self.window.open:
            self.window.showModal()
        self.name.focus()  # the name first: Enter shares (the title and words describe it)

    def _submit(self, event: Any) -> None:
        event.preventDefault()
        self.window.close()
        self._send(str(self.name.value))


def _ignore(name: str) -> None:
    pass
