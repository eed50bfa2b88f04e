"""Backups: everything the game keeps for the player in one file (docs/backup.md has
the format and its rules); how a file is merged into what a browser has is
:mod:`halfmoon.keeping.restore`'s.

A backup holds the options, the statistics, the history of games (with the deals of the
day, which make the streak of days) and the games in progress, each in the very form the
browser stores it (:mod:`halfmoon.keeping.saved`, :mod:`halfmoon.records.history`), so
that it is read by the very readers of the stored values, with their checks. A file is
untrusted: it is checked whole — size and depth before parsing, every field, every game
in progress replayed on its deal, every game of the history replayed too — before
anything is merged, and refused with a :class:`Refused` that says why in a word the
page turns into the player's language.  No check refuses what the game itself stores:
every time in it is taken as the clock that wrote it said (a clock set back during a
game, a device whose clock ran ahead), as the stored values are.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import date
from typing import Final, Literal, TypeVar

from ..records import safejson as sj
from ..records.history import Entry, read_history, result_of, write_history
from ..records.stats import Stats
from ..rules.game import Game, play_move
from ..words.i18n import text
from . import saved
from .prefs import Prefs
from .saved import KEEP_GAMES, Play

FORMAT: Final = "halfmoon-backup"
VERSION: Final = 1
MAX_CHARS: Final = 1_000_000
"""The largest backup the game can write — 30 long games in progress (every move of a
won game made, all but one undone), a full history of won deals of the day, every figure
at its largest — is about 192,000 characters (``tests/test_backup.py``); the stored
values' own limits (30 games of 16,000 characters, a history of 120,000) keep any file
under 620,000."""
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
def gather(
    *,
    made: float,
    table: Play,
    kept: Iterable[Play],
    prefs: Prefs | None,
    stats: Stats,
    history: Iterable[Entry],
) -> Backup:
    """Everything the game keeps, for a backup file: ``table`` (the play on the table,
    as the tab has it) and the ``kept`` plays of other deals — those with moves, newest
    first, at most KEEP_GAMES —, the options (None when the player never chose any),
    the statistics and the history."""
    plays = {play.code: play for play in kept}
    plays[table.code] = table
    newest = sorted(
        (play for play in plays.values() if play.game.moves),
        key=lambda play: (play.saved, play.code),
        reverse=True,
    )[:KEEP_GAMES]
    return Backup(
        made=made,
        prefs=prefs,
        stats=stats,
        history=tuple(history),
        plays=tuple(newest),
        last=newest[0].code if newest else None,
    )


def write_backup(backup: Backup) -> str:
    """The file: every part in its stored form, readable by a person (one field a line)."""
    data: dict[str, object] = {
        "format": FORMAT,
        "v": VERSION,
        "made": round(backup.made),
        "options": json.loads(saved.write_prefs(backup.prefs)) if backup.prefs else None,
        "statistics": json.loads(saved.write_stats(backup.stats)) if backup.stats else None,
        "history": json.loads(write_history(backup.history)),
        "games": [json.loads(saved.write_play(p, p.saved)) for p in backup.plays],
        "last": backup.last,
    }
    return json.dumps(data, indent=1, ensure_ascii=False) + "\n"


# --------------------------------------------------------------------- reading
def read_backup(raw: str) -> Backup:
    """A backup file, checked whole before anything is used; :class:`Refused` when it
    is not one, is of another version, is too large or is damaged in any part.

    A backup of the options, the statistics and a game of one pair, written and read
    back:

    >>> from halfmoon.rules.game import Game
    >>> game = Game.new("HM1-N-AAAAAAA")
    >>> [game.tap(slot).outcome for slot in ("P4", "P5")]
    ['select', 'pair']
    >>> table = Play(game, "a1", begun=1_796_083_200_000, saved=1_796_083_260_000)
    >>> backup = gather(
    ...     made=1_796_083_300_000,
    ...     table=table,
    ...     kept=(),
    ...     prefs=Prefs().change("felt", "blue"),
    ...     stats=Stats(played=3, won=1, best_time_ms=252_000, streak=1, best_streak=1),
    ...     history=(),
    ... )
    >>> restored = read_backup(write_backup(backup))
    >>> restored.prefs.felt, restored.stats.won, restored.last
    ('blue', 1, 'HM1-N-AAAAAAA')
    >>> game = restored.plays[0].game
    >>> game.moves, game.top("P4")
    (1, Card('AS'))

    A file that is no backup, or one whose figures were changed, is refused whole:

    >>> read_backup('{"format": "halfmoon-backup", "v": 2}')
    Traceback (most recent call last):
      ...
    halfmoon.keeping.backup.Refused: version 2
    >>> altered = write_backup(backup).replace('"won": 1', '"won": 5')
    >>> read_backup(altered)
    Traceback (most recent call last):
      ...
    halfmoon.keeping.backup.Refused: the statistics contradict each other
    """
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
        prefs=_part("prefs", lambda: _optional(data.get("options"), saved.read_prefs)),
        stats=_part("stats", lambda: _optional(data.get("statistics"), saved.read_stats)),
        history=_part("history", lambda: _history(data.get("history"))),
        plays=_part("game", lambda: _plays(data.get("games"))),
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


def _history(value: object) -> tuple[Entry, ...]:
    """The history, read by the very reader of the stored one (one rule for both), and
    each of its games replayed on its deal (a stored game is replayed when it is drawn)."""
    if value is None:
        return ()
    entries = read_history(json.dumps(sj.obj(value, "the history")))
    for entry in entries:
        replays(entry)
    return tuple(entries)


def replays(entry: Entry) -> None:
    """Replay a game of the history on its deal: Invalid unless every move is legal
    there and the game ends as the entry says (won, stuck, or left with moves to make);
    an entry whose moves were not kept is taken as it says."""
    if not entry.replayable:
        return
    game = Game.new(entry.code)
    try:
        for move in entry.removals:
            play_move(game, move)
    except ValueError:
        raise sj.Invalid(f"a game of {entry.code} has moves that are not legal there") from None
    if result_of(game) != entry.result:
        raise sj.Invalid(f"a game of {entry.code} did not end as it says")


def _plays(value: object) -> tuple[Play, ...]:
    """The games in progress, each read by the reader of a stored game (its moves
    replayed on its deal); one a deal, as the browser keeps them."""
    if value is None:
        return ()
    if not isinstance(value, list) or len(value) > KEEP_GAMES:
        raise sj.Invalid(f"the games in progress must be a list of at most {KEEP_GAMES}")
    plays = [saved.read_play(json.dumps(sj.obj(item, "a game in progress"))) for item in value]
    codes = [play.code for play in plays]
    if len(set(codes)) != len(codes):
        raise sj.Invalid("a deal has two games in progress")
    return tuple(plays)


def _last(value: object) -> str | None:
    return None if value is None else saved.read_last(json.dumps(sj.text(value, "last", 64)))


def refused_words(error: Refused, lang: str) -> str:
    """Why a file was refused, and that nothing changed.

    >>> from halfmoon.host.locale import use_locale
    >>> use_locale()  # on the host, the words come from locale/*.po
    >>> try:
    ...     read_backup("a shopping list")
    ... except Refused as error:
    ...     print(error.reason, "·", refused_words(error, "en"))
    format · This file is not a Half Moon backup. Nothing was changed.
    >>> refused_words(Refused("format", "not JSON"), "pt")
    'Este ficheiro não é uma cópia de segurança do Half Moon. Nada foi alterado.'
    """
    if error.reason == "damaged":
        what = text(lang, f"restore.part.{error.part or 'file'}")
        return text(lang, "restore.error.damaged", part=what)
    return text(lang, f"restore.error.{error.reason}")


# ------------------------------------------------------- storage the browser keeps
def keeping(
    persisted: bool | None, *, blocked: bool, installed: bool, framed: bool, cookies: bool = False
) -> str:
    """What the statistics say of this browser's promise to keep the games (the
    catalogue key): kept; not promised, with the advice to install or save a backup
    (only a backup for an installed game or one inside another page); only what fits in
    cookies, where the storage is blocked (``cookies``: :mod:`.cookies`); or nothing kept.

    >>> keeping(None, blocked=False, installed=False, framed=True, cookies=True)
    'keep.page'
    """
    if cookies:
        return "keep.page"
    if blocked:
        return "keep.blocked"
    if persisted:
        return "keep.yes"
    return "keep.backup" if installed or framed else "keep.no"
