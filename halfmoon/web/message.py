"""The message line: what the game said last, in the page's language."""

from __future__ import annotations

from typing import Any

from ..words.i18n import Phrase, say, text
from .dom import absent, write_codes
from .storage import Storage
from .welcome import Welcome


class MessageLine:
    """The message line under the table (``data-role="message"``, a live region): what
    the game just said and the damaged values found since, written in the page's
    language and written again when the language changes.  The first visit's welcome
    hears each change (another line puts it away)."""

    def __init__(self, document: Any, storage: Storage, welcome: Welcome) -> None:
        self.doc, self.storage, self.welcome = document, storage, welcome
        self.line = document.querySelector('[data-role="message"]')
        self.said: tuple[Phrase, ...] = ()  # what the line holds, to say again
        self.reading = False  # the line holds the table read aloud
        self._written_reading = False  # the line, as written, holds a reading

    def say(self, said: tuple[Phrase, ...], lang: str, *, again: bool = False) -> None:
        """Say ``said``, and the damaged values found since (``again``: said anew even
        if it is what the line holds)."""
        self.said = (*said, *self.storage.take_said())
        self.reading = again
        self.say_again(lang)
        self.welcome.heard(self.said)

    def say_again(self, lang: str) -> None:
        """What the line holds, in ``lang``: the table read aloud (T) whole for screen
        readers, a short line for the eye."""
        words = say(self.said, lang)
        shown = text(lang, "announce.reading") if self.reading and words else ""
        self._write(words, shown=shown)

    def _write(self, message: str, *, shown: str = "") -> None:
        """The line, a polite live region: errors, moves, the end, each deal code in one
        piece (:func:`.dom.write_codes`).  ``shown``: the table read aloud — ``message``,
        all of it, for screen readers, and ``shown``, a short line, for the eye (no
        paragraph cut short on the table); said anew even when it is the same reading (a
        trailing no-break space comes and goes, so that the region changes)."""
        line = self.line
        if not shown:
            if self._written_reading:
                self._written_reading = False
                line.removeAttribute("data-reading")
                line.textContent = ""
            write_codes(line, message)
            return
        heard = line.querySelector(".sr-only") if self._written_reading else None
        before = "" if heard is None or absent(heard) else str(heard.textContent)
        if before.rstrip("\u00a0") == message:
            message += "" if before.endswith("\u00a0") else "\u00a0"
        self._written_reading = True
        line.setAttribute("data-reading", "")
        whole, short = self.doc.createElement("span"), self.doc.createElement("span")
        whole.className = "sr-only"
        whole.textContent = message
        short.setAttribute("aria-hidden", "true")
        short.textContent = shown
        line.replaceChildren(whole, short)
