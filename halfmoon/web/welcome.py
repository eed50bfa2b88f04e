"""The first visit's welcome on the page (the decision and its words are
:mod:`halfmoon.page.welcome`'s): the message line says it, and under it two buttons, the way
to the rules and a way to put it away.  No window: inside a frame it stays a line of the
table and asks nothing of the host page.  Built here, only on a first visit, so that a
returning player's page is the same as ever; gone with the first thing said after it
(the first tap)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..words.i18n import Phrase, text
from .dom import Handlers


class Welcome:
    """Shows the first visit's two buttons under the message line, and puts them away."""

    def __init__(self, document: Any, handlers: Handlers) -> None:
        self.doc, self.handlers = document, handlers
        self.row: Any = None
        self.said: tuple[Phrase, ...] = ()

    def show(
        self,
        said: tuple[Phrase, ...],
        lang: str,
        *,
        rules: Callable[[], None],
        close: Callable[[], None],
    ) -> None:
        """The two buttons under the message line, which now says ``said``."""
        self.said = said
        row = self.doc.createElement("p")
        row.className = "welcome"
        row.dataset.role = "welcome"
        chosen_by: dict[str, Callable[[], None]] = {"rules": rules, "close": close}
        for name, chosen in chosen_by.items():
            key = f"welcome.{name}"
            button = self.doc.createElement("button")
            button.type = "button"
            button.className = "button tool"
            button.dataset.welcome = name
            button.dataset.i18n = key  # written again on a change of language
            button.textContent = text(lang, key)
            self.handlers.on(button, "click", _heard(chosen))
            row.appendChild(button)
        self.doc.querySelector('[data-role="message"]').after(row)
        self.row = row
        self.doc.documentElement.dataset.welcome = "shown"

    def heard(self, said: tuple[Phrase, ...]) -> None:
        """The message line says ``said`` now: anything else puts the welcome away."""
        if self.row is not None and said[: len(self.said)] != self.said:
            self.row.remove()
            self.row = None
            del self.doc.documentElement.dataset.welcome


def _heard(chosen: Callable[[], None]) -> Callable[[Any], None]:
    """A button's click handler: ``chosen``, whatever the event."""
    return lambda event: chosen()
