"""Your games: one entry per play that ended (won or stuck) or was left for another deal,
newest first, kept in the browser with the rest of the saved data.

An entry holds what the history dialog shows (code, dates, result, cards left, time,
moves) and the removals, so that the game can be replayed move by move
(:mod:`halfmoon.page.replay`).  Like every stored value it is untrusted: :func:`read_history`
checks each field's type and range and refuses the whole value when anything is wrong;
the removals are checked again, on the deal, before a replay is drawn.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import date
from typing import Final, Literal

from ..rules.cards import DOUBLE_DECK
from ..rules.clock import MAX_ELAPSED_MS
from ..rules.deal import CodeError, canonical_code
from ..rules.game import Game
from ..rules.layout import SLOT_INDEX
from . import safejson as sj
from .ending import End

Result = Literal["won", "stuck", "left"]
RESULTS: Final[tuple[Result, ...]] = ("won", "stuck", "left")
KEEP: Final = 200
"""How many games the history keeps (the dialog promises at least 100)."""
RECENT: Final = 100
"""The newest games are all kept; older than these, a deal of the day is kept before
other games, so a streak of days outlives a busy week (``results.daily_streak``)."""
MAX_CHARS: Final = 120_000
"""The largest history there can be, KEEP won deals of the day, is about 102,000
characters (``tests/test_history.py``)."""
MAX_MOVES: Final = len(DOUBLE_DECK) // 2


@dataclass(frozen=True, slots=True)
class Entry:
    """One play in the history.  ``id`` is the play's (a restart is a new play);
    ``begun`` and ``ended`` are wall-clock milliseconds; ``daily`` is the date whose deal
    of the day this was, if it was one, and ``late`` whether it was begun on a later
    date (a day made up from the calendar: it counts in the month, not in the streak of
    days); ``removals`` are the places of each move; ``seen``, that it ended after the
    player had seen a challenger's moves (its result is not compared with theirs)."""

    id: str
    code: str
    begun: float
    ended: float
    result: Result
    left: int
    time_ms: float
    moves: int
    daily: date | None = None
    removals: tuple[tuple[str, ...], ...] = ()
    late: bool = False
    seen: bool = False

    @property
    def cleared(self) -> int:
        """How many cards left the table."""
        return len(DOUBLE_DECK) - self.left

    @property
    def replayable(self) -> bool:
        """Whether its moves were kept: not where a frame keeps only a short record
        (:mod:`halfmoon.keeping.cookies`), which leaves them out."""
        return len(self.removals) == self.moves


def result_of(game: Game) -> Result:
    """How a game stands, as the history says it."""
    if game.status == "won":
        return "won"
    return "stuck" if game.status == "impasse" else "left"


def entry_of(
    game: Game,
    play_id: str,
    begun: float,
    ended: float,
    now: float,
    daily: date | None,
    late: bool = False,
    end: End | None = None,
    seen: bool = False,
) -> Entry:
    """The history's entry for a play of ``game`` (``now`` on the game's clock), or,
    for a play that ended, its ``end`` as it was (the game on the table at that end)."""
    assert game.code is not None
    entry = Entry(
        id=play_id,
        code=game.code,
        begun=begun,
        ended=ended,
        result=result_of(game),
        left=game.cards_left,
        time_ms=round(game.elapsed(now)),
        moves=game.moves,
        daily=daily,
        removals=tuple(r.slots for r in game.history),
        late=late and daily is not None,
        seen=seen,
    )
    if end is None or end.moves != game.moves:  # not the game at its end: as it is
        return entry
    result: Result = "won" if end.won else "stuck"
    return replace(
        entry,
        ended=end.when,
        result=result,
        left=end.left,
        time_ms=end.elapsed_ms,
        moves=end.moves,
    )


def record(entries: Sequence[Entry], new: Iterable[Entry], keep: int = KEEP) -> list[Entry]:
    """``entries`` with ``new`` recorded: one entry per play (a later record of the same
    play replaces it, but a win is never replaced: the statistics keep it too), newest
    first, at most ``keep``: the RECENT newest, then the deals of the day before the
    others."""
    by_id = {entry.id: entry for entry in entries}
    for entry in new:
        old = by_id.get(entry.id)
        if old is not None and old.result == "won" and entry.result != "won":
            continue
        by_id[entry.id] = entry
    return trim(by_id.values(), keep)


def trim(entries: Iterable[Entry], keep: int = KEEP) -> list[Entry]:
    """``entries`` (one per play) newest first, at most ``keep``: the RECENT newest, then
    the deals of the day before the others."""
    ordered = sorted(entries, key=lambda e: (e.ended, e.id), reverse=True)
    if len(ordered) <= keep:
        return ordered
    newest = min(RECENT, keep)
    recent, older = ordered[:newest], ordered[newest:]
    kept = {e.id for e in sorted(older, key=lambda e: e.daily is None)[: keep - newest]}
    return recent + [e for e in older if e.id in kept]


# ----------------------------------------------------------------- the stored form
def write_removals(removals: Sequence[Sequence[str]]) -> str:
    """``P1-P8,P8-P5-P3``: the removals, short enough to keep hundreds of games."""
    return ",".join("-".join(move) for move in removals)


def read_removals(raw: str) -> tuple[tuple[str, ...], ...]:
    """The removals written by :func:`write_removals`; their form is checked here,
    whether they are legal on the deal is checked by the replay."""
    if not raw:
        return ()
    moves = []
    for part in raw.split(","):
        move = tuple(part.split("-"))
        if len(move) not in (2, 3) or any(slot not in SLOT_INDEX for slot in move):
            raise sj.Invalid("a move of the history is not two or three places")
        if len(set(move)) != len(move):
            raise sj.Invalid("a move of the history uses a place twice")
        moves.append(move)
    if len(moves) > MAX_MOVES:
        raise sj.Invalid("a game of the history has too many moves")
    return tuple(moves)


def write_history(entries: Sequence[Entry]) -> str:
    return json.dumps({"v": 2, "games": [_stored(e) for e in entries]}, separators=(",", ":"))


def _stored(e: Entry) -> dict[str, object]:
    item: dict[str, object] = {
        "id": e.id,
        "code": e.code,
        "begun": round(e.begun),
        "ended": round(e.ended),
        "result": e.result,
        "left": e.left,
        "time": round(e.time_ms),
        "moves": e.moves,
        "daily": e.daily.isoformat() if e.daily is not None else None,
    }
    if e.replayable:  # (left out: its moves were not kept)
        item["removals"] = write_removals(e.removals)
    if e.late:  # only then (a version that does not know it reads the rest as ever)
        item["late"] = True
    if e.seen:  # likewise
        item["seen"] = True
    return item


def read_history(raw: str) -> list[Entry]:
    """A stored history, checked whole; :class:`~halfmoon.records.safejson.Invalid` when any
    field of any entry is out of its range, an entry contradicts itself or a play is
    listed twice.  A backup's history is read by this very function, so that what one
    accepts the other does; nothing the game writes is refused, whatever its clock did
    (an entry may end before it began: the clock was set back during the game).

    A game of one pair, left after a minute of play, kept and read back:

    >>> game = Game.new("HM1-N-AAAAAAA")
    >>> [game.tap(slot, now=1_000.0).outcome for slot in ("P4", "P5")]
    ['select', 'pair']
    >>> entry = entry_of(game, "a1", 1_796_083_200_000, 1_796_083_261_000, 61_000.0, None)
    >>> entry.result, entry.left, entry.time_ms, entry.removals
    ('left', 102, 60000, (('P4', 'P5'),))
    >>> stored = write_history([entry])
    >>> read_history(stored) == [entry]
    True
    >>> read_history(stored.replace('"left":102', '"left":100'))
    Traceback (most recent call last):
      ...
    halfmoon.records.safejson.Invalid: a game of the history contradicts its moves
    """
    data = sj.obj(sj.parse(raw, max_chars=MAX_CHARS, max_depth=3), "the history")
    if data.get("v") != 2 or isinstance(data.get("v"), bool):
        raise sj.Invalid("a history of another version")
    games = data.get("games")
    if not isinstance(games, list) or len(games) > KEEP:
        raise sj.Invalid(f"the history must be a list of at most {KEEP} games")
    entries = [_entry(sj.obj(item, "a game of the history")) for item in games]
    if len({entry.id for entry in entries}) != len(entries):  # record() keeps one a play
        raise sj.Invalid("a game is twice in the history")
    return entries


def _entry(item: dict[str, object]) -> Entry:
    try:
        code = canonical_code(sj.text(item.get("code"), "code", 13))
    except CodeError as exc:
        raise sj.Invalid(str(exc)) from None
    result = item.get("result")
    if result not in RESULTS:
        raise sj.Invalid("a result must be won, stuck or left")
    kept = "removals" in item  # (left out of a short record: the moves not kept)
    removals = read_removals(sj.text(item.get("removals"), "removals", 500)) if kept else ()
    entry = Entry(
        id=sj.text(item.get("id"), "id", 40),
        code=code,
        begun=sj.moment(item.get("begun"), "begun"),
        ended=sj.moment(item.get("ended"), "ended"),
        result=result,
        left=sj.integer(item.get("left"), "cards left", 0, len(DOUBLE_DECK)),
        time_ms=float(sj.integer(item.get("time"), "time", 0, round(MAX_ELAPSED_MS))),
        moves=sj.integer(item.get("moves"), "moves", 0, MAX_MOVES),
        daily=sj.optional(sj.day, item.get("daily"), "daily"),
        removals=removals,
        late=sj.flag(item.get("late", False), "late"),
        seen=sj.flag(item.get("seen", False), "seen"),
    )
    taken = sum(len(move) for move in removals)
    if kept and (entry.moves != len(removals) or entry.left != len(DOUBLE_DECK) - taken):
        raise sj.Invalid("a game of the history contradicts its moves")
    if (entry.result == "won") != (entry.left == 0):
        raise sj.Invalid("a won game of the history has cards left")
    if entry.late and entry.daily is None:
        raise sj.Invalid("a game of the history made up for a day names no day")
    return entry


def find(entries: Sequence[Entry], entry_id: str) -> Entry | None:
    return next((e for e in entries if e.id == entry_id), None)
