"""Backups: everything the game keeps for the player in one file, and how such a file is
merged into what a browser already has (docs/backup.md has the format and its rules).

A backup holds the options, the statistics, the history of games (with the deals of
the day, which make the streak of days) and the games in progress, each in the very
form the browser stores it (:mod:`halfmoon.saved`, :mod:`halfmoon.history`), so that it
is read by the same readers and refused by the same checks.  A file is untrusted: it
is checked whole — size and depth before parsing, every field, every game in progress
replayed on its deal, every game of the history replayed too — before anything is
merged, and refused with a :class:`Refused` that says why in a word the page turns into
the player's language.

Merging never loses anything newer nor counts anything twice, and merging the same file
again changes nothing.  Each stored key is merged on its own (the page reads it, merges
and writes it in one go, so another tab is never overwritten with an older state):

- a game in progress (one per deal): the later save of the same play, or the play of
  the deal saved last; a play that gives way with moves on the table goes into the
  history as left, as when a player leaves it for another deal;
- the history: one entry per play (a win is never replaced), trimmed as the browser
  trims it;
- the statistics: figures, not a list of games, so each takes the larger of the two
  (the best time the smaller) — never a sum, which would count twice what both hold —
  and the current streak comes from the side whose history ended a game last;
- the options: the file's only where this browser has none of its own.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import date
from typing import Final, Literal, TypeVar

from . import safejson as sj
from .daily import deal_day
from .game import Game
from .history import Entry, entry_of, read_history, result_of, trim, write_history
from .i18n import count_text, text, text_for
from .prefs import Prefs
from .replay import play_move
from .saved import (
    KEEP_GAMES,
    Play,
    read_last,
    read_play,
    read_prefs,
    read_stats,
    write_play,
    write_prefs,
    write_stats,
)
from .stats import Stats

FORMAT: Final = "halfmoon-backup"
VERSION: Final = 1
MAX_CHARS: Final = 1_000_000
"""The largest backup there can be — 30 games in progress of 16,000 characters, a full
history of 120,000, options and statistics — is under 620,000 characters."""
MAX_BYTES: Final = 4 * MAX_CHARS
"""A file larger than this is refused by the page before it is read (UTF-8 takes at
most four bytes a character)."""
MAX_DEPTH: Final = 6  # the backup, its list of games, a game, its snapshot, its removals

T = TypeVar("T")
Reason = Literal["format", "version", "size", "damaged"]
Part = Literal["", "prefs", "stats", "history", "game"]


class Refused(sj.Invalid):
    """A file that is not a backup this version can merge: ``reason`` says why (not a
    backup, another version, too large, damaged) and ``part`` which part was damaged."""

    def __init__(self, reason: Reason, detail: str, part: Part = "") -> None:
        super().__init__(detail)
        self.reason: Reason = reason
        self.part: Part = part


@dataclass(frozen=True)
class Backup:
    """What a backup holds (None where it holds nothing of that kind)."""

    made: float  # wall-clock milliseconds
    prefs: Prefs | None = None
    stats: Stats | None = None
    history: tuple[Entry, ...] = ()
    plays: tuple[Play, ...] = ()
    last: str | None = None


def file_name(day: date) -> str:
    """``halfmoon-2026-12-01.json``: the day the backup was made, on the player's
    calendar."""
    return f"halfmoon-{day.isoformat()}.json"


# --------------------------------------------------------------------- writing
def write_backup(backup: Backup) -> str:
    """The file: every part in its stored form, readable by a person (one field a line)."""
    data: dict[str, object] = {
        "format": FORMAT,
        "v": VERSION,
        "made": round(backup.made),
        "options": json.loads(write_prefs(backup.prefs)) if backup.prefs else None,
        "statistics": json.loads(write_stats(backup.stats)) if backup.stats else None,
        "history": json.loads(write_history(backup.history)),
        "games": [json.loads(write_play(p, p.saved)) for p in backup.plays],
        "last": backup.last,
    }
    return json.dumps(data, indent=1, ensure_ascii=False) + "\n"


# --------------------------------------------------------------------- reading
def read_backup(raw: str) -> Backup:
    """A backup file, checked whole before anything is used; :class:`Refused` when it
    is not one, is of another version, is too large or is damaged in any part."""
    if len(raw) > MAX_CHARS:
        raise Refused("size", f"{len(raw):,} characters")
    try:
        data = sj.parse(raw, max_chars=MAX_CHARS, max_depth=MAX_DEPTH)
    except sj.Invalid as exc:
        deep = sj.depth(raw) > MAX_DEPTH
        raise Refused("damaged" if deep else "format", str(exc)) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise Refused("format", "not a Half Moon backup")
    if data.get("v") != VERSION or isinstance(data.get("v"), bool):
        raise Refused("version", f"version {data.get('v')!r}")
    try:
        made = sj.moment(data.get("made"), "made")
    except sj.Invalid as exc:
        raise Refused("damaged", str(exc)) from None
    return Backup(
        made=made,
        prefs=_part("prefs", lambda: _optional(data.get("options"), read_prefs)),
        stats=_part("stats", lambda: _optional(data.get("statistics"), read_stats)),
        history=_part("history", lambda: _history(data.get("history"), made)),
        plays=_part("game", lambda: _plays(data.get("games"), made)),
        last=_part("game", lambda: _last(data.get("last"))),
    )


def _part(part: Part, read: Callable[[], T]) -> T:
    try:
        return read()
    except sj.Invalid as exc:
        raise Refused("damaged", str(exc), part) from None


def _optional(value: object, read: Callable[[str], T]) -> T | None:
    """A part in its stored form, read by the browser's own reader."""
    if value is None:
        return None
    return read(json.dumps(sj.obj(value, "a part of the backup")))


def _history(value: object, made: float) -> tuple[Entry, ...]:
    if value is None:
        return ()
    entries = read_history(json.dumps(sj.obj(value, "the history")))
    seen: set[str] = set()
    for entry in entries:
        if entry.id in seen:
            raise sj.Invalid("a game is twice in the history")
        seen.add(entry.id)
        if entry.ended > made or entry.begun > entry.ended:
            raise sj.Invalid("a game of the history ended after the backup was made")
        replays(entry)
    return tuple(entries)


def replays(entry: Entry) -> None:
    """Replay a game of the history on its deal: Invalid unless every move is legal
    there and the game ends as the entry says (won, stuck, or left with moves to make)."""
    game = Game.new(entry.code)
    try:
        for move in entry.removals:
            play_move(game, move)
    except ValueError:
        raise sj.Invalid(f"a game of {entry.code} has moves that are not legal there") from None
    if result_of(game) != entry.result:
        raise sj.Invalid(f"a game of {entry.code} did not end as it says")


def _plays(value: object, made: float) -> tuple[Play, ...]:
    if value is None:
        return ()
    if not isinstance(value, list) or len(value) > KEEP_GAMES:
        raise sj.Invalid(f"the games in progress must be a list of at most {KEEP_GAMES}")
    plays = [read_play(json.dumps(sj.obj(item, "a game in progress"))) for item in value]
    codes = [play.code for play in plays]
    if len(set(codes)) != len(codes):
        raise sj.Invalid("a deal has two games in progress")
    if any(play.saved > made or play.begun > play.saved for play in plays):
        raise sj.Invalid("a game was saved after the backup was made")
    return tuple(plays)


def _last(value: object) -> str | None:
    return None if value is None else read_last(json.dumps(sj.text(value, "last", 64)))


# --------------------------------------------------------------------- merging
@dataclass(frozen=True)
class PlayMerge:
    """The merge of one deal's game in progress: the play to write (None: keep what is
    stored) and the play that gave way (None: none, or one with no move to keep)."""

    write: Play | None
    dropped: Play | None


def merge_play(here: Play | None, there: Play) -> PlayMerge:
    """One deal's game: the later save of the same play (marked counted where either
    side counted it, so it is never counted twice), or else the play saved last."""
    if here is None:
        return PlayMerge(there, None)
    if here.id == there.id:
        if there.rev <= here.rev:
            return PlayMerge(None, None)
        played, won = here.played or there.played, here.won or there.won
        return PlayMerge(replace(there, played=played, won=won), None)
    if there.saved > here.saved:
        return PlayMerge(there, _kept(here))
    return PlayMerge(None, _kept(there))


def _kept(play: Play) -> Play | None:
    """A play that gives way is kept in the history if it has moves and no end (one
    that ended is in the history already)."""
    game = play.game
    return play if game.moves and game.status == "playing" else None


def left_entry(play: Play, day_of: Callable[[float], date]) -> Entry:
    """The history's entry for a play that gave way (its clock stopped when saved)."""
    daily, late = deal_day(play.code, play.daily, day_of(play.begun))
    return entry_of(play.game, play.id, play.begun, play.saved, 0.0, daily, late)


@dataclass(frozen=True)
class HistoryMerge:
    entries: list[Entry]
    added: int  # games that were not here
    known: int  # games of the file that were here already


def merge_history(here: Sequence[Entry], there: Iterable[Entry]) -> HistoryMerge:
    """One entry per play: a win is never replaced, else the later record stands; then
    trimmed as the browser trims its history."""
    by_id = {entry.id: entry for entry in here}
    known = 0
    for entry in there:
        old = by_id.get(entry.id)
        if old is None:
            by_id[entry.id] = entry
            continue
        known += 1
        if old.result == "won":
            continue
        if entry.result == "won" or (entry.ended, entry.moves) > (old.ended, old.moves):
            by_id[entry.id] = entry
    merged = trim(by_id.values())
    before = {entry.id for entry in here}
    added = sum(entry.id not in before for entry in merged)
    return HistoryMerge(merged, added, known)


def newest(entries: Iterable[Entry]) -> float:
    """When the last game of a history ended (0 for none)."""
    return max((entry.ended for entry in entries), default=0.0)


def merge_stats(here: Stats | None, there: Stats, here_newest: float, there_newest: float) -> Stats:
    """Each figure the larger (the best time the smaller), never a sum; the current
    streak from the side that ended a game last (this browser's, when equal)."""
    if here is None:
        return replace(there)
    times = [t for t in (here.best_time_ms, there.best_time_ms) if t is not None]
    return Stats(
        played=max(here.played, there.played),
        won=max(here.won, there.won),
        best_time_ms=min(times) if times else None,
        streak=there.streak if there_newest > here_newest else here.streak,
        best_streak=max(here.best_streak, there.best_streak),
    )


def merge_prefs(here: Prefs | None, there: Prefs | None) -> Prefs | None:
    """The file's options, where this browser has none of its own (else None: keep)."""
    return there if here is None and there is not None else None


# ---------------------------------------------------------------------- words
@dataclass(frozen=True)
class Merged:
    """What a restore changed, for the player."""

    added: int = 0  # games of the history added
    known: int = 0  # games of the file already in the history
    resumed: int = 0  # games in progress brought back (new here, or further on)
    stats: bool = False  # the statistics changed
    prefs: bool = False  # the options were taken from the file

    @property
    def changed(self) -> bool:
        return bool(self.added or self.resumed or self.stats or self.prefs)


def _count(lang: str, key: str, n: int) -> str:
    return text_for(lang, key, n)


def restored_words(merged: Merged, lang: str) -> str:
    """``Cópia restaurada: 12 partidas acrescentadas; 3 já estavam cá; …``"""
    if not merged.changed:
        return text(lang, "restore.nothing", known=count_text(merged.known, "games", lang))
    parts = [_count(lang, "restore.added", merged.added)] if merged.added else []
    if merged.known:
        parts.append(_count(lang, "restore.known", merged.known))
    if merged.resumed:
        parts.append(_count(lang, "restore.resumed", merged.resumed))
    if merged.stats:
        parts.append(text(lang, "restore.stats"))
    if merged.prefs:
        parts.append(text(lang, "restore.prefs"))
    return text(lang, "restore.done", what="; ".join(parts))


def refused_words(error: Refused, lang: str) -> str:
    """Why a file was refused, and that nothing changed."""
    if error.reason == "damaged":
        what = text(lang, f"restore.part.{error.part or 'file'}")
        return text(lang, "restore.error.damaged", part=what)
    return text(lang, f"restore.error.{error.reason}")


# ------------------------------------------------------- storage the browser keeps
def keeping(persisted: bool | None, *, blocked: bool, installed: bool, framed: bool) -> str:
    """What the statistics say of this browser's promise to keep the games (the
    catalogue key): kept; not promised, with the advice to install or save a backup
    (only a backup for an installed game or one inside another page); or nothing kept."""
    if blocked:
        return "keep.blocked"
    if persisted:
        return "keep.yes"
    return "keep.backup" if installed or framed else "keep.no"
