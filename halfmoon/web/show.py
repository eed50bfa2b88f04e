"""What the page shows of the session: the one room that writes the session's answers
(:class:`~halfmoon.session.feedback.Feedback`) onto the page — the table, the bar, the
message line, the windows, the sound, the address and the embedding page's events.
What is kept of the same answers is :mod:`.keep`'s; what the player does is
:mod:`.control`'s."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

import js  # type: ignore[import-not-found]

from ..records.history import Entry
from ..records.stats import Stats
from ..session.feedback import EventType, Feedback
from ..session.leaving import Question
from ..session.presenter import Presenter
from ..session.session import Session
from ..words.i18n import Phrase, phrase, text
from .rooms import Rooms


class Follower(Protocol):
    """A room that follows the table and the end window (the challenge's line)."""

    def table(self, t: float) -> None:
        """The table changed at ``t``."""

    def end(self, t: float) -> None:
        """The end window is opening at ``t``."""


class Record(Protocol):
    """The statistics and the games kept (:class:`~halfmoon.keeping.saving.Saver`)."""

    def stats(self) -> Stats:
        """The statistics as kept."""

    def history(self) -> list[Entry]:
        """The games kept, the latest first."""


class Show:
    """Shows the session's answers, and whatever the page shows of the session."""

    def __init__(
        self,
        session: Session,
        shown: Presenter,
        rooms: Rooms,
        record: Record,
        followers: tuple[Follower, ...] = (),
    ) -> None:
        self.session, self.shown, self.rooms = session, shown, rooms
        self.record = record  # the statistics and games kept, for a win's end window
        self.followers = followers
        self.question: Question | None = None  # what the confirmation window asks
        self.on_table = (session.play.code, session.play.id)  # the play the windows are about

    @property
    def lang(self) -> str:
        return self.session.lang

    # ------------------------------------------------------- the table
    def show(self, t: float, feedback: Feedback | None = None) -> None:
        """The table, the bar and who follows them, as the session is at ``t``."""
        self.rooms.render.show(self.shown.table(), self.session.prefs, feedback)
        self.rooms.bar.show(self.shown.counters(t))
        for follower in self.followers:
            follower.table(t)

    def apply(
        self,
        feedback: Feedback,
        t: float,
        *,
        clear: bool = True,
        push: bool = True,
        sound: bool = True,
    ) -> None:
        """An action's answer on the page: the table, the windows that follow it, the
        signs, the line (``clear``: emptied when there is nothing to say), the embedding
        page's events, the sound (unless ``sound`` is off for this one), the address
        (``push``: a new entry of the history) and the end window."""
        rooms = self.rooms
        self.show(t, feedback)
        self.follow_windows()
        if feedback.refused or feedback.renewed:
            rooms.render.sign(feedback.refused, feedback.renewed)
        if feedback.said or clear:
            self.say(feedback.said, again=feedback.reading)
        for kind in feedback.events:
            self.post(kind, t)
        framed = bool(rooms.embed.embedded)
        if feedback.sound and sound and self.session.prefs.switch("sound", framed=framed):
            rooms.sound.play(feedback.sound)
        if feedback.ended and self.session.game.status == "won":
            rooms.render.celebrate()
        if feedback.deal:
            rooms.links.show(self.session.game.code, push=push)
        if feedback.dialog is not None:
            self.end_dialog(t)

    def paused(self) -> None:
        """The table covered while the player has paused, or shown again."""
        self.rooms.render.paused(self.session.paused)

    def address(self) -> None:
        """The address shows the game on the table (without a new history entry)."""
        self.rooms.links.show(self.session.game.code)

    def say(self, said: tuple[Phrase, ...], *, again: bool = False) -> None:
        """The message line (:mod:`.message`): ``said``, in the page's language
        (``again``: said anew even if it is what the line holds)."""
        self.rooms.line.say(said, self.lang, again=again)

    def post(self, kind: EventType, t: float) -> None:
        """Tell the embedding page (:mod:`.embed`)."""
        self.rooms.embed.post(self.shown.event(kind, t))

    # ------------------------------------------------------- the windows
    def ask(
        self,
        question: Question | None,
        go: Callable[[], None],
        no: Callable[[], None] | None = None,
    ) -> None:
        """``go`` at once when there is nothing to ask, else once confirmed."""
        self.question = question
        if question is None:
            go()
        else:
            self.rooms.dialogs.confirm(question.words(self.lang), go, no)

    def decline(self) -> None:
        """An open question answered No (the address changed under it: Back, Forward)."""
        self.rooms.dialogs.decline()

    def follow_windows(self) -> None:
        """No window outlives its game: when the play on the table changes (a new deal,
        Back, a link, another tab, a restore), the question and a replay of either deal
        close; the end window closes unless the game now on the table has ended too."""
        dialogs = self.rooms.dialogs
        play, before = self.session.play, self.on_table[0]
        changed = (play.code, play.id) != self.on_table
        self.on_table = (play.code, play.id)
        if changed:
            dialogs.close_confirm()
            self.rooms.games.follow((before, play.code))
        if not (changed or dialogs.covering):
            return  # the tap's path: nothing open to follow
        ended = self.session.game.status != "playing"
        if dialogs.is_open("end") and (changed or not ended):
            dialogs.dialog("end").close()

    def end_dialog(self, t: float) -> None:
        """The end window, if the game on the table has ended (a win's with its record:
        the statistics and the games kept)."""
        shown, record = self.shown, self.record
        won = self.session.game.status == "won"
        end = shown.end(t, record.stats(), record.history()) if won else shown.end(t)
        if end is not None:
            self.rooms.games.status("")
            for follower in self.followers:
                follower.end(t)
            self.rooms.dialogs.show_end(end)

    def options(self, t: float, spoken: str | None = None) -> None:
        """The options as they are now; ``spoken``: the page's new language, its words
        at hand (the page, the line, an open question and the end window in it)."""
        dialogs = self.rooms.dialogs
        if spoken is not None:
            dialogs.language_note("")
            self.rooms.render.words(spoken)
            self.rooms.render.invalidate()
            self.rooms.line.say_again(spoken)
            if self.question is not None and dialogs.is_open("confirm"):
                dialogs.show_confirm(self.question.words(spoken))
            if dialogs.is_open("end"):  # its words, and a challenge's comparison
                self.end_dialog(t)
        dialogs.show_options(self.session.prefs, self.lang)
        self.show(t)

    def language_note(self, note: Phrase) -> None:
        """Under the language in the options: why it is not the one chosen."""
        self.rooms.dialogs.language_note(note.text(self.lang))

    def code_window(self, typed: str) -> None:
        """The code's window again, with what was typed in it."""
        self.rooms.dialogs.open_code(typed)

    def copied(self, ok: bool, link: str) -> None:
        """How copying the deal's link went."""
        self.say((phrase("code.copied" if ok else "code.copy-failed", link=link),))

    def refocus(self) -> None:
        """A window closed and the focus has nowhere to go back to (the card that
        opened it has left the table): the table's card, else New game."""
        if not self.rooms.render.focus_table():
            js.document.querySelector('[data-action="new"]').focus()

    def crash(self) -> None:
        """A handler failed: say so, with a way out (reload)."""
        lang = self.lang
        self.rooms.dialogs.crash(text(lang, "app.crash.title"), text(lang, "app.crash"))
