"""The challenge's controller: *Challenge a friend* (a link shared from the end window or
a row of your games, with the name the player gives, remembered), *Give up and see
their game* (asked first) and *Watch their game* — the challenger's moves drawn in the
replay window only once the player's game has ended or been given up (docs/design.md,
"Challenges").  The challenge's line and comparison are :mod:`.challenge_line`'s."""

from __future__ import annotations

from collections.abc import Callable

from ..challenges.challenge import ChallengeError, of_entry, share_words, who
from ..challenges.challenge_link import clean_name
from ..keeping.saved import KEYS
from ..page.challenge_view import revealed
from ..page.replay import frames
from ..records.history import Entry, find
from ..session.leaving import Question
from ..words.i18n import phrase, text
from .challenge import Challenges
from .clock import now
from .control import Controller
from .games import Games
from .links import Links
from .persistence import Persistence
from .show import Show
from .storage import Storage

NAME_KEY = KEYS["name"]


class ChallengeControl:
    """Runs the challenge: making one, giving it up, watching it."""

    def __init__(
        self,
        control: Controller,
        show: Show,
        *,
        room: Challenges,
        saves: Persistence,
        storage: Storage,
        games: Games,
        links: Links,
    ) -> None:
        self.control, self.session, self.show = control, control.session, show
        self.room, self.saves, self.storage = room, saves, storage
        self.games, self.links = games, links

    @property
    def lang(self) -> str:
        return self.session.lang

    @property
    def commands(self) -> dict[str, Callable[[str], None]]:
        """*Challenge a friend* (the end window's, or a row's with its ``data-entry``),
        *Give up and see their game*, *Watch their game*."""
        return {
            "challenge": self.challenge,
            "see-theirs": lambda entry: self.ask_see(),
            "watch": lambda entry: self.watch(),
        }

    # ------------------------------------------------------------ making one
    def _entry(self, entry_id: str) -> Entry | None:
        """A game of the history, or (no id) the play on the table as it would be kept."""
        if not entry_id:
            played = self.session.books.entry(self.session.play, now())
            return played[0] if played else None
        return find(self.saves.history(), entry_id)

    def challenge(self, entry_id: str) -> None:
        """Ask the name (the last one given, offered again), then share the link."""
        entry = self._entry(entry_id)
        if entry is None:
            return
        remembered = self.storage.get(NAME_KEY) or ""

        def send(name: str) -> None:
            name = clean_name(name)
            if name != remembered:
                self.storage.set(NAME_KEY, name)
            try:
                challenge = of_entry(entry, name)
            except ChallengeError:  # stored moves that are not legal on the deal
                self.games.status(text(self.lang, "history.broken"))
                return
            link = self.links.link(challenge.link_text())
            words = share_words(challenge, link, self.lang, calm=self.session.prefs.calm)
            self.links.share(words, lambda how: self.shared(how, words))

        self.room.ask_name(clean_name(remembered), send)

    def shared(self, how: str, words: str) -> None:
        """Say how the share went, in the window it was asked from."""
        keys = {"shared": "challenge.shared", "copied": "challenge.copied"}
        key = keys.get(how, "challenge.failed" if how == "failed" else "")
        self.games.status(text(self.lang, key, text=words) if key else "")

    # ------------------------------------------------- giving up, watching
    def ask_see(self) -> None:
        """*Give up and see their game*, once confirmed: the attempt ends, their game
        is shown."""
        challenge = self.session.play.challenge
        if challenge is None:
            return
        question = Question(
            title=phrase("challenge.see.title"),
            text=phrase("challenge.see.text", who=who(challenge, start=False)),
            yes=phrase("challenge.see.yes"),
            no=phrase("challenge.see.no"),
        )
        self.show.ask(question, self.see)

    def see(self) -> None:
        t = now()
        self.control.apply(self.session.see_theirs(t), t, clear=False)
        self.watch()

    def watch(self) -> None:
        """The challenger's game in the replay window — only once it may be seen; seen,
        the attempt is over (:meth:`~halfmoon.session.session.Session.see_theirs`)."""
        play = self.session.play
        challenge = play.challenge
        if challenge is None or not revealed(play):
            return
        if not play.seen:
            t = now()
            self.control.apply(self.session.see_theirs(t), t, clear=False)
        lang, calm = self.lang, self.session.prefs.calm
        drawn = frames(challenge.code, challenge.removals, lang)
        name = who(challenge)
        title = text(
            lang,
            "challenge.watch.title",
            who=name if isinstance(name, str) else name.text(lang),
            code=challenge.code,
        )
        self.games.show_replay(
            title,
            challenge.result.words(lang, calm=calm),
            drawn,
            lang,
            "",
            code=challenge.code,
            own=False,
            calm=calm,
        )
