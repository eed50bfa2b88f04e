"""One player's session: the game, the options, the language, and what to tell them.

This is the game manager of the web page, with no browser in it: the page's rooms turn
clicks into calls here and copy the resulting views and :class:`Feedback` onto the page.
Time is always passed in (``now``, in milliseconds).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Literal

from .clock import format_time
from .deal import CodeError
from .game import Game, Removal, Status
from .i18n import DEFAULT_LANGUAGE, card_name, text
from .links import read_link
from .prefs import Prefs
from .stats import Stats
from .view import Counters, EndView, PlaceView, counters, end_title, end_view, table_view

Dialog = Literal["won", "impasse"]
EventType = Literal["ready", "move", "undo", "won", "impasse", "new"]


@dataclass
class Feedback:
    """What the page should do after an action, beyond showing the new state."""

    message: str = ""
    dialog: Dialog | None = None
    events: list[EventType] = field(default_factory=list)
    removed: tuple[str, ...] = ()
    save: bool = False


def code_error_text(error: CodeError, lang: str) -> str:
    return text(lang, f"code.error.{error.reason}")


class Session:
    """The game in progress plus the player's options and language."""

    def __init__(
        self,
        game: Game,
        prefs: Prefs,
        lang: str = DEFAULT_LANGUAGE,
        stats: Stats | None = None,
    ) -> None:
        self.game = game
        self.prefs = prefs
        self.lang = lang
        self.stats = stats if stats is not None else Stats()
        self.unreadable_save: str | None = None  # a save that could not be loaded

    # ------------------------------------------------------------------ start-up
    @classmethod
    def start(
        cls,
        *,
        saved_game: str | None,
        prefs: Prefs,
        fragment: str,
        lang: str,
        stats: Stats | None = None,
    ) -> tuple[Session, str]:
        """The session a page opens with, and a notice for the player ('' if none).

        The address decides as a link does later (:meth:`follow_link`): a link to the
        saved deal resumes it; a link to another deal starts that deal; an invalid link
        is explained and the saved game (or a new one) goes on.
        """
        notices: list[str] = []
        saved: Game | None = None
        unreadable: str | None = None
        if saved_game:
            try:
                saved = Game.from_dict(json.loads(saved_game))
            except (ValueError, RecursionError):
                notices.append(text(lang, "save.corrupt"))
                unreadable = saved_game
        target = read_link(fragment)
        if isinstance(target, CodeError):
            notices.append(_link_invalid(target, lang))
            target = None
        if target is not None and (saved is None or saved.code != target):
            game = Game.new(target)
        else:
            game = saved or Game.new()
        session = cls(game, prefs, lang, stats)
        if game is not saved:
            session.stats.new_game()
        session.unreadable_save = unreadable
        return session, " ".join(notices)

    # ------------------------------------------------------------------- actions
    def tap(self, slot: str, now: float) -> Feedback:
        before = self.game.status
        result = self.game.tap(slot, now)
        feedback = Feedback()
        if result.outcome == "ignored":
            return feedback
        if result.error is not None and self.prefs.errors:
            feedback.message = text(self.lang, f"error.{result.error}")
        feedback.save = True
        if result.removal is not None:
            feedback.removed = result.removal.slots
            feedback.events.append("move")
            feedback.message = self._removed_text(result.removal)
            self.stats.observe(self.game, self.game.elapsed(now))
            self._ending(before, feedback)
        return feedback

    def _removed_text(self, removal: Removal) -> str:
        names = [card_name(c, self.lang) for c in removal.cards]
        key = "announce.pair" if len(names) == 2 else "announce.trio"
        return text(self.lang, key, score=self.game.score, **dict(zip("abc", names)))

    def undo(self, now: float) -> Feedback:
        if not self.game.undo(now):
            return Feedback()
        message = text(self.lang, "announce.undo", score=self.game.score)
        return Feedback(message=message, events=["undo"], save=True)

    def redo(self, now: float) -> Feedback:
        before = self.game.status
        if not self.game.redo(now):
            return Feedback()
        message = text(self.lang, "announce.redo", score=self.game.score)
        feedback = Feedback(message=message, events=["move"], save=True)
        self.stats.observe(self.game, self.game.elapsed(now))
        self._ending(before, feedback)
        return feedback

    def new_game(self, now: float, code: str | None = None) -> Feedback:
        """Start a deal (random when ``code`` is None).  An invalid code raises
        :class:`~halfmoon.deal.CodeError` and leaves the game as it was."""
        game = Game.new(code)
        self.game = game
        self.stats.new_game()
        message = text(self.lang, "announce.new", code=game.code)
        feedback = Feedback(message=message, events=["new"], save=True)
        if game.status == "impasse":
            feedback.dialog = "impasse"
            feedback.events.append("impasse")
        return feedback

    def follow_link(self, fragment: str, now: float) -> Feedback:
        """The address changed to ``fragment``: a link to another deal starts it, a link
        to the deal in play (in any case or encoding) changes nothing, an invalid one is
        explained and the game goes on."""
        target = read_link(fragment)
        if isinstance(target, CodeError):
            return Feedback(message=_link_invalid(target, self.lang))
        if target is None or target == self.game.code:
            return Feedback()
        return self.new_game(now, target)

    def _ending(self, before: Status, feedback: Feedback) -> None:
        status = self.game.status
        if status != before and status in ("won", "impasse"):
            feedback.dialog = "won" if status == "won" else "impasse"
            feedback.events.append(status)
            title = end_title(feedback.dialog, self.lang)
            feedback.message = f"{feedback.message} {title}".strip()

    # -------------------------------------------------------------- presentation
    def table(self) -> dict[str, PlaceView]:
        return table_view(self.game, self.lang, self.prefs.placement_help)

    def counters(self, now: float) -> Counters:
        return counters(self.game, now)

    def time_text(self, now: float) -> str:
        return format_time(self.game.elapsed(now))

    def end(self, now: float) -> EndView | None:
        return end_view(self.game, self.lang, now)

    def event(self, kind: EventType, now: float) -> dict[str, Any]:
        """The message posted to a parent window (docs/embedding.md)."""
        return {
            "source": "halfmoon",
            "type": kind,
            "code": self.game.code,
            "score": self.game.score,
            "moves": self.game.moves,
            "time": round(self.game.elapsed(now) / 1000),
        }

    def snapshot_json(self, now: float) -> str:
        return json.dumps(self.game.to_dict(now), separators=(",", ":"))


def _link_invalid(error: CodeError, lang: str) -> str:
    return text(lang, "code.link-invalid", reason=code_error_text(error, lang))
