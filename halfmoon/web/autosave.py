"""Saving the play on the table: once, just after the event that changed it, with the
record of what the table shows for the next visit's first paint (:mod:`halfmoon.page.painted`);
a newer play of the deal that another tab saved meanwhile handed back instead of being
written over (:meth:`halfmoon.keeping.saving.Saver.save` decides that); the storage's notice
(blocked, full, damaged values kept aside) said under the table."""

from __future__ import annotations

from collections.abc import Callable

import js  # type: ignore[import-not-found]

from ..keeping.saved import Play
from ..page.painted import write
from ..session.presenter import Presenter
from ..session.session import Session
from ..words.i18n import text
from . import start_script
from .clock import now
from .dom import Handlers
from .persistence import Persistence
from .render import Renderer
from .storage import Storage


class AutoSave:
    """Saves the play in progress when it is due, and says what the storage allows."""

    def __init__(
        self,
        session: Session,
        shown: Presenter,
        handlers: Handlers,
        *,
        saves: Persistence,
        storage: Storage,
        render: Renderer,
        build: str,
    ) -> None:
        self.session, self.shown = session, shown
        self.saves, self.storage, self.render = saves, storage, render
        self.build = build  # the deploy, written into the record of the table
        self.pending = False  # a save is due just after the event being handled
        self._later = handlers.proxy(lambda event: self.save(now()))
        self._adopt: Callable[[Play, float], None] = lambda play, t: None

    def connect(self, *, adopt: Callable[[Play, float], None]) -> None:
        """Who shows a newer play of this deal that another tab saved meanwhile."""
        self._adopt = adopt

    def due(self) -> None:
        """The play changed: saved just after the event being handled (once, however many
        changes it made)."""
        if self.pending:
            return
        self.pending = True
        self.render.saving(True)
        js.setTimeout(self._later, 0)

    def save(self, t: float) -> None:
        """Save the play in progress now, and with it what the table shows — unless
        another tab has saved a newer play of this deal meanwhile: that one is shown
        instead."""
        self.pending = False
        shown = self.shown
        newer = self.saves.save(
            self.session.play, lambda: write(shown.painted(t, self.build)), at=t
        )
        if self.saves.written is not None:  # a durable copy beside (a killed browser)
            start_script.keep_copy(*self.saves.written)
            self.saves.written = None
        if newer is not None:  # another tab went on with this deal meanwhile
            self._adopt(newer, t)
        else:  # the play as written: what the next save compares another tab's with
            self.session.saved_as(self.saves.stamped(self.session.play))
        self.notice()
        self.render.saving(self.pending)

    def notice(self) -> None:
        """Under the table: what the storage could not do, in the page's language."""
        key = self.storage.notice()
        self.render.notice(text(self.session.lang, key) if key else "")
