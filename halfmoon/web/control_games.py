"""Your games' controller: the history window, the replay of a kept game, sharing a
result, and playing a game of the history again (handed to the table's controller)."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ..keeping.saved import KEYS
from ..page.replay import frames
from ..page.results import again_words, resumable, rows, share_text, when
from ..records.history import Entry, find
from ..session.feedback import Feedback
from ..words.i18n import say, text
from .clock import now, player_time
from .control import Controller
from .dialogs import Dialogs
from .games import Games
from .links import Links
from .persistence import Persistence
from .storage import Storage


class GamesControl:
    """Runs your games: the history window, a replay, sharing, playing again."""

    def __init__(
        self,
        control: Controller,
        *,
        saves: Persistence,
        storage: Storage,
        games: Games,
        links: Links,
        dialogs: Dialogs,
    ) -> None:
        self.control, self.session = control, control.session
        self.saves, self.storage = saves, storage
        self.games, self.links, self.dialogs = games, links, dialogs

    @property
    def lang(self) -> str:
        return self.session.lang

    @property
    def commands(self) -> dict[str, Callable[[str], None]]:
        """The history's buttons and those of its rows (``data-action``, with the
        row's ``data-entry``)."""
        return {
            "history": lambda entry: self.open(),
            "replay": self.replay,
            "share": self.share,
            "again": self.again,
        }

    def open(self) -> None:
        history = self.saves.history()
        kept = self._resumable(entry.code for entry in history)
        self.games.show_history(
            rows(history, self.session.books.today(), player_time, self.lang, kept), self.lang
        )
        self.games.status(say(self.storage.take_said(), self.lang))

    def _resumable(self, codes: Iterable[str]) -> frozenset[str]:
        """The deals whose again button resumes a play in progress."""
        return resumable(codes, self.saves.find, self.session.play)

    def _entry(self, entry_id: str) -> Entry | None:
        """A game of the history, or (no id) the play in progress as it would be kept."""
        if not entry_id:
            played = self.session.books.entry(self.session.play, now())
            return played[0] if played else None
        return find(self.saves.history(), entry_id)

    def replay(self, entry_id: str) -> None:
        entry = self._entry(entry_id)
        if entry is None:
            return
        try:
            drawn = frames(entry.code, entry.removals, self.lang)
        except ValueError:  # stored moves that are not legal on the deal
            self.games.status(text(self.lang, "history.broken"))
            return
        title = text(self.lang, "replay.title", code=entry.code)
        ended = when(player_time(entry.ended), self.session.books.today(), self.lang)
        again = again_words(entry.code, self._resumable([entry.code]), self.lang)
        calm = self.session.prefs.calm
        self.games.show_replay(
            title, ended, drawn, self.lang, entry.id, again, entry.code, calm=calm
        )

    def share(self, entry_id: str) -> None:
        entry = self._entry(entry_id)
        if entry is not None:
            link, calm = self.links.link(entry.code), self.session.prefs.calm
            words = share_text(entry, link, self.lang, calm=calm)
            self.links.share(words, lambda how: self.shared(how, words))

    def shared(self, how: str, words: str) -> None:
        """Say how a share went, in the window it was asked from."""
        said = {"shared": "share.shared", "copied": "share.copied", "failed": "share.failed"}
        key = said.get(how)
        self.games.status(text(self.lang, key, text=words) if key else "")

    def again(self, entry_id: str) -> None:
        """Play a game of the history again (its play in progress, if it has one)."""
        entry = self._entry(entry_id)
        if entry is None:
            return
        for name in ("history", "replay"):
            if self.dialogs.is_open(name):
                self.dialogs.dialog(name).close()
        code, day = entry.code, entry.daily

        def play_again(t: float) -> Feedback:
            return self.session.again(code, t, day)

        self.control.leave("again", lambda: self.control.now_do(play_again), code=code)

    def heard(self, key: str) -> None:
        """Another tab changed a key: an open history shows its games."""
        if key == KEYS["history"] and self.dialogs.is_open("history"):
            self.open()
