"""One player's session: the game, the options, the language, and what to tell them.

This is the game manager of the web page, with no browser in it: the DOM glue turns
clicks into calls here and copies the resulting state and :class:`Feedback` onto the
page.  Time is always passed in (``now``, in milliseconds).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Literal

from .clock import format_time
from .deal import CodeError
from .game import Game, Removal, Status
from .i18n import DEFAULT_LANGUAGE, card_name, normalise_language, text
from .stats import Stats

GAME_KEY = "halfmoon.game.v1"
PREFS_KEY = "halfmoon.prefs.v1"
STATS_KEY = "halfmoon.stats.v1"
UNREADABLE_KEY = "halfmoon.game.unreadable"
"""Where a save that could not be loaded is kept aside, rather than overwritten."""

Dialog = Literal["won", "impasse"]
Theme = Literal["auto", "light", "dark"]
THEMES: tuple[Theme, ...] = ("auto", "light", "dark")
EventType = Literal["ready", "move", "undo", "won", "impasse", "new"]


@dataclass
class Prefs:
    """The player's remembered choices.  All options are off at first."""

    errors: bool = False
    placement_help: bool = False
    pile_numbers: bool = False
    four_colour: bool = False
    reduce_motion: bool = False
    theme: Theme = "auto"  # auto follows the system's light or dark preference
    lang: str | None = None  # an explicit choice; None = follow the browser

    def to_json(self) -> str:
        return json.dumps(
            {
                "errors": self.errors,
                "placement_help": self.placement_help,
                "pile_numbers": self.pile_numbers,
                "four_colour": self.four_colour,
                "reduce_motion": self.reduce_motion,
                "theme": self.theme,
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
        for name in ("errors", "placement_help", "pile_numbers", "four_colour", "reduce_motion"):
            if isinstance(data.get(name), bool):
                setattr(prefs, name, data[name])
        if data.get("theme") in THEMES:
            prefs.theme = data["theme"]
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


def percent_decode(text: str) -> str:
    """Decode ``%XX`` escapes as UTF-8 (invalid bytes become U+FFFD; a ``%`` not
    followed by two hex digits stays as it is).  Written here because importing
    urllib.parse costs about 90 ms at start-up in Pyodide."""
    if "%" not in text:
        return text
    out: list[str] = []
    pending = bytearray()
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch == "%" and i + 2 < n and _is_hex(text[i + 1 : i + 3]):
            pending.append(int(text[i + 1 : i + 3], 16))
            i += 3
            continue
        if pending:
            out.append(pending.decode("utf-8", errors="replace"))
            pending.clear()
        out.append(ch)
        i += 1
    if pending:
        out.append(pending.decode("utf-8", errors="replace"))
    return "".join(out)


def _is_hex(pair: str) -> bool:
    return len(pair) == 2 and all(c in "0123456789abcdefABCDEF" for c in pair)


def code_from_hash(fragment: str) -> str:
    """The text of a ``#…`` URL fragment, percent-decoded (it may still be invalid)."""
    raw = fragment[1:] if fragment.startswith("#") else fragment
    return percent_decode(raw)


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
        session = cls(game or Game.new(), prefs, lang, stats)
        if game is None or game is not saved:
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
            self._ending(before, feedback, now)
        return feedback

    def _removed_text(self, removal: Removal) -> str:
        names = [card_name(c, self.lang) for c in removal.cards]
        if len(names) == 2:
            return text(self.lang, "announce.pair", a=names[0], b=names[1], score=self.game.score)
        return text(
            self.lang,
            "announce.trio",
            a=names[0],
            b=names[1],
            c=names[2],
            score=self.game.score,
        )

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
        self._ending(before, feedback, now)
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

    def _ending(self, before: Status, feedback: Feedback, now: float) -> None:
        status = self.game.status
        if status != before and status in ("won", "impasse"):
            feedback.dialog = "won" if status == "won" else "impasse"
            feedback.events.append(status)
            title = text(self.lang, f"end.{status}.title")
            feedback.message = f"{feedback.message} {title}".strip()

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
