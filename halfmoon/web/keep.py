"""What is kept of the session: the one room that keeps the session's answers
(:class:`~halfmoon.session.feedback.Feedback`) — the counts and games queued, the play
saved just after the event (:mod:`.autosave`), the browser asked to keep them when a
game ends (:mod:`.keeping`), the options stored.  What is shown of the same answers is
:mod:`.show`'s."""

from __future__ import annotations

import js  # type: ignore[import-not-found]

from ..session.feedback import Feedback
from ..session.session import Session
from .autosave import AutoSave
from .keeping import Keeping
from .opening import address_options
from .persistence import Persistence


class Keep:
    """Keeps what the session's answers ask to keep, and the options."""

    def __init__(
        self,
        session: Session,
        *,
        saves: Persistence,
        autosave: AutoSave,
        keeping: Keeping,
    ) -> None:
        self.session, self.saves, self.autosave, self.keeping = session, saves, autosave, keeping

    @property
    def build(self) -> str:
        """The deploy, written into the record of the table."""
        return self.autosave.build

    @property
    def pending(self) -> bool:
        """A save is due just after the event being handled."""
        return self.autosave.pending

    def take(self, feedback: Feedback) -> None:
        """An action's answer: counts and games queued, the play saved once the event is
        handled; a finished game is the moment to ask the browser to keep them."""
        due = self.saves.take(feedback)
        if feedback.ended:
            self.keeping.ask()
        if due:
            self.autosave.due()

    def save(self, t: float) -> None:
        """The play saved now (the page hidden or left, a crash, an option changed)."""
        self.autosave.save(t)

    def notice(self) -> None:
        """Under the table: what the storage could not do."""
        self.autosave.notice()

    def store_prefs(self) -> None:
        """The options stored as they are now, but for the address's options where the
        player has not chosen: those are not remembered."""
        prefs = address_options(js.window).kept(self.session.prefs, self.saves.prefs())
        self.saves.save_prefs(prefs)

    def opened(self, t: float) -> None:
        """The start's first save: the play saved last, when a link opened another deal,
        counted as left; a deal not yet saved saved now, so that a reload finds it."""
        opened = self.session.opened
        self.saves.queue(opened.counts, opened.recorded)
        if self.session.play.rev == 0:
            self.autosave.save(t)
        else:
            self.saves.flush()
            self.autosave.notice()
