"""What the session hands back after each action (:class:`Feedback`): what to say, what
to show beyond the new state, what to count and keep.  The page's two rooms take it
apart: the one that shows (halfmoon/web/show.py) and the one that keeps
(halfmoon/web/keep.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ..keeping.saved import Play
from ..records.history import Entry
from ..records.stats import Count
from ..rules.deal import CodeError
from ..words.i18n import DEFAULT_LANGUAGE, Phrase, phrase, say

Dialog = Literal["won", "impasse"]
EventType = Literal["ready", "move", "undo", "won", "impasse", "new"]
Sound = Literal["select", "pair", "trio", "refused", "undo", "win"]


@dataclass(frozen=True)
class Feedback:
    """What the page should do after an action, beyond showing the new state: say
    something (:attr:`said`, in the page's language: :attr:`message`), open the end
    dialog, tell an embedding page, count in the statistics, save, and (``deal``) show
    another deal in the address.  A frozen value, built once at the end of the action
    (its parts gathered first, or an earlier answer copied with ``dataclasses.replace``)."""

    said: tuple[Phrase, ...] = ()
    lang: str = DEFAULT_LANGUAGE
    dialog: Dialog | None = None
    events: tuple[EventType, ...] = ()
    removed: tuple[str, ...] = ()  # places whose card left (a move, a redo)
    returned: tuple[str, ...] = ()  # places whose card came back (an undo)
    save: bool = False
    counts: tuple[Count, ...] = ()
    deal: bool = False
    left: Play | None = None  # the play just left for another deal, to save as it is
    recorded: tuple[Entry, ...] = ()  # for the history of games
    ended: bool = False  # a game just ended (won or stuck) by a move made here, recorded
    reading: bool = False  # the table read aloud: said again even if unchanged
    sound: Sound | None = None  # what the player's own action sounds like (the option)
    refused: tuple[str, ...] = ()  # places whose cards a tap refused together (a brief sign)
    renewed: tuple[str, ...] = ()  # a court that took over the selection (a new selection)

    @property
    def message(self) -> str:
        return say(self.said, self.lang)


def code_error(error: CodeError) -> Phrase:
    """What is wrong with a deal code, in words for the player."""
    return phrase(f"code.error.{error.reason}")


def code_error_text(error: CodeError, lang: str) -> str:
    return code_error(error).text(lang)
