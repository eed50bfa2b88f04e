"""One player's session: the game, the options, the language, and what to tell them.

This is the game manager of the web page, with no browser in it: the DOM glue turns
clicks into calls here and copies the resulting state and :class:`Feedback` onto the
page.  Time is always passed in (``now``, in milliseconds).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Literal
from urllib.parse import unquote

from .clock import format_time
from .deal import CodeError
from .game import Game, Status
from .i18n import DEFAULT_LANGUAGE, normalise_language, text

GAME_KEY = "halfmoon.game.v1"
PREFS_KEY = "halfmoon.prefs.v1"
UNREADABLE_KEY = "halfmoon.game.unreadable"
"""Where a save that could not be loaded is kept aside, rather than overwritten."""

Dialog = Literal["won", "impasse"]
EventType = Literal["ready", "move", "undo", "won", "impasse", "new"]


@dataclass
class Prefs:
    """The player's remembered choices.  All options are off at first."""

    errors: bool = False
    placement_help: bool = False
    pile_numbers: bool = False
    lang: str | None = None  # an explicit choice; None = follow the browser

    def to_json(self) -> str:
        return json.dumps(
            {
                "errors": self.errors,
                "placement_help": self.placement_help,
                "pile_numbers": self.pile_numbers,
                "lang": self.lang,
            }
        )

    @classmethod
    def from_json(cls, raw: str | None) -> Prefs:
        """Read stored choices, keeping whatever is valid and ignoring the rest."""
        prefs = cls()
        if not raw:
            return prefs
        try:
            data = json.loads(raw)
        except ValueError:
            return prefs
        if not isinstance(data, dict):
            return prefs
        for name in ("errors", "placement_help", "pile_numbers"):
            if isinstance(data.get(name), bool):
                setattr(prefs, name, data[name])
        prefs.lang = normalise_language(data.get("lang"))
        return prefs


@dataclass
class Feedback:
    """What the page should do after an action, beyond showing the new state."""

    message: str = ""
    dialog: Dialog | None = None
    events: list[EventType] = field(default_factory=list)
    removed: tuple[str, ...] = ()
    save: bool = False


def code_from_hash(fragment: str) -> str:
    """The text of a ``#…`` URL fragment, percent-decoded (it may still be invalid)."""
    raw = fragment[1:] if fragment.startswith("#") else fragment
    return unquote(raw, errors="replace")


def code_error_text(error: CodeError, lang: str) -> str:
    return text(lang, f"code.error.{error.reason}")


class Session:
    """The game in progress plus the player's options and language."""

    def __init__(self, game: Game, prefs: Prefs, lang: str = DEFAULT_LANGUAGE) -> None:
        self.game = game
        self.prefs = prefs
        self.lang = lang
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
    ) -> tuple[Session, str]:
        """The session a page opens with, and a notice for the player ('' if none).

        A link to the saved deal resumes it; a link to another deal starts that deal;
        an invalid link is explained and the saved game (or a new one) goes on.
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
        game = saved
        wanted = code_from_hash(fragment).strip()
        if wanted:
            try:
                linked = Game.new(wanted)
            except CodeError as exc:
                notices.append(text(lang, "code.link-invalid", reason=code_error_text(exc, lang)))
            else:
                if saved is None or saved.code != linked.code:
                    game = linked
        session = cls(game or Game.new(), prefs, lang)
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
            self._ending(before, feedback, now)
        return feedback

    def undo(self, now: float) -> Feedback:
        if not self.game.undo(now):
            return Feedback()
        return Feedback(events=["undo"], save=True)

    def redo(self, now: float) -> Feedback:
        before = self.game.status
        if not self.game.redo(now):
            return Feedback()
        feedback = Feedback(events=["move"], save=True)
        self._ending(before, feedback, now)
        return feedback

    def new_game(self, now: float, code: str | None = None) -> Feedback:
        """Start a deal (random when ``code`` is None).  An invalid code raises
        :class:`~halfmoon.deal.CodeError` and leaves the game as it was."""
        game = Game.new(code)
        self.game = game
        feedback = Feedback(events=["new"], save=True)
        if game.status == "impasse":
            feedback.dialog = "impasse"
            feedback.events.append("impasse")
        return feedback

    def _ending(self, before: Status, feedback: Feedback, now: float) -> None:
        status = self.game.status
        if status != before and status in ("won", "impasse"):
            feedback.dialog = "won" if status == "won" else "impasse"
            feedback.events.append(status)

    # -------------------------------------------------------------- presentation
    def time_text(self, now: float) -> str:
        return format_time(self.game.elapsed(now))

    def end_text(self, now: float) -> str:
        game = self.game
        if game.status == "won":
            return text(
                self.lang,
                "end.won.text",
                score=game.score,
                moves=game.moves,
                time=self.time_text(now),
            )
        return text(self.lang, "end.impasse.text")

    def event(self, kind: EventType, now: float) -> dict[str, Any]:
        """The message posted to a parent window (SPEC §9)."""
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
