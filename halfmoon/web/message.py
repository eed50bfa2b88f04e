"""The message line: what the game said last, in the page's language."""

from __future__ import annotations

from ..i18n import Phrase, say, text
from .render import Renderer
from .storage import Storage
from .welcome import Welcome


class MessageLine:
    """The message line under the table (``data-role="message"``, a live region): what
    the game just said and the damaged values found since, written in the page's
    language and written again when the language changes.  The first visit's welcome
    hears each change (another line puts it away)."""

    def __init__(self, render: Renderer, storage: Storage, welcome: Welcome) -> None:
        self.render, self.storage, self.welcome = render, storage, welcome
        self.said: tuple[Phrase, ...] = ()  # what the line holds, to say again
        self.reading = False  # the line holds the table read aloud

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
        self.render.say(words, shown=shown)
