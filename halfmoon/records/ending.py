"""A play's end, as it was at the moment the game ended: a fact that undo and redo never
rewrite.

When a move ends a game (all cards gone, or no pair or trio left), its figures are fixed
in an :class:`End`: the time, moves, score, cards left and when.  The game itself can
still be undone and redone (the player looks back, or plays on from an impasse, as the
rules invite), but what the end window, your games, the share text, the statistics and
the events posted to a host page say of the end is this value, never the table's clock
at a later moment.  A later end replaces it only when it goes further
(:func:`standing`): a win replaces an impasse (an impasse undone and then won is a
win), an impasse with fewer cards left replaces one with more, and nothing replaces a
win.  A play with an end is over for the records: it is not left unwon when the player
goes to another deal, and it is not resumed as a game in progress (docs/design.md,
"Your games").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from ..rules.cards import DOUBLE_DECK
from ..rules.clock import MAX_ELAPSED_MS
from ..rules.game import Game
from ..rules.rules import WON_MOVES, WON_POINTS
from . import safejson as sj

EndStatus = Literal["won", "impasse"]
MAX_MOVES: Final = len(DOUBLE_DECK) // 2


@dataclass(frozen=True, slots=True)
class End:
    """How a play ended: ``status`` (won or impasse), ``elapsed_ms`` of play (whole
    milliseconds), ``moves``, ``score`` and ``left`` (cards on the table) at that moment,
    and ``when`` (wall-clock milliseconds)."""

    status: EndStatus
    elapsed_ms: int
    moves: int
    score: int
    left: int
    when: float

    @property
    def won(self) -> bool:
        return self.status == "won"


def end_of(game: Game, now: float | None, when: float) -> End | None:
    """The end ``game`` is at (``now`` on its clock, ``when`` on the wall clock), or
    None while it goes on."""
    status = game.status
    if status == "playing":
        return None
    return End(
        status,
        round(game.elapsed(now)),
        game.moves,
        game.score,
        game.cards_left,
        when,
    )


def standing(old: End | None, new: End | None) -> End | None:
    """The end that stands of two ends of one play: the one that went further (a win, or
    fewer cards left); of two that went as far, the earlier (``old`` when as early)."""
    if old is None or new is None:
        return old or new
    if _reach(new) != _reach(old):
        return new if _reach(new) > _reach(old) else old
    return new if new.when < old.when else old


def _reach(end: End) -> tuple[bool, int]:
    return end.won, -end.left


def write_end(end: End) -> dict[str, object]:
    return {
        "status": end.status,
        "time": end.elapsed_ms,
        "moves": end.moves,
        "score": end.score,
        "left": end.left,
        "when": round(end.when),
    }


def read_end(value: object) -> End:
    """A stored end, checked: ranges, and a win's figures those of every win.  Raises
    :class:`~halfmoon.records.safejson.Invalid`."""
    data = sj.obj(value, "the end")
    status = data.get("status")
    if status not in ("won", "impasse"):
        raise sj.Invalid("an end must be won or impasse")
    end = End(
        "won" if status == "won" else "impasse",
        sj.integer(data.get("time"), "the end's time", 0, round(MAX_ELAPSED_MS)),
        sj.integer(data.get("moves"), "the end's moves", 0, MAX_MOVES),
        sj.integer(data.get("score"), "the end's score", 0, WON_POINTS),
        sj.integer(data.get("left"), "the end's cards left", 0, len(DOUBLE_DECK)),
        sj.moment(data.get("when"), "the end's moment"),
    )
    if end.won != (end.left == 0):
        raise sj.Invalid("an end with cards left is no win")
    if end.won and (end.moves, end.score) != (WON_MOVES, WON_POINTS):
        raise sj.Invalid(f"a win takes {WON_MOVES} moves and scores {WON_POINTS}")
    return end


def former_end(game: Game, won: bool, when: float) -> End | None:
    """The end of a play saved before ends were kept: the game's own, if it is over;
    a win counted and since undone, with the figures every win has and the game's clock
    (the closest to its time that was kept)."""
    end = end_of(game, game.elapsed(), when)
    if end is not None or not won:
        return end
    return End("won", round(game.elapsed()), WON_MOVES, WON_POINTS, 0, when)
