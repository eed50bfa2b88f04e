"""Browsers as the game keeps its storage, in memory, for CPython tests: the engine's
own saving (:mod:`halfmoon.keeping.saving`), backup and restore (:mod:`halfmoon.keeping.backup_keys`)
over :class:`Memory`, a key-value store that can be full, refuse a given write, throw
on reading a key, or be shared by two tabs.  A :class:`Device` drives a session through
them as the page does.  Its wall clock is the test's to move, ahead or back (the game
clock runs on a monotonic clock of its own, as ``performance.now()`` does on the page).
And a restore into a storage's keys, with what the player can then see of it: every key
readable, a play kept or listed, what the restore did (to check what it says)."""

from __future__ import annotations

from collections.abc import Callable
from itertools import count

from halfmoon import Game
from halfmoon.host.examples import WON
from halfmoon.keeping.backup import Backup, read_backup, write_backup
from halfmoon.keeping.backup_keys import BackupKeys
from halfmoon.keeping.books import Books
from halfmoon.keeping.prefs import Prefs
from halfmoon.keeping.restore import (
    Merged,
    Outcome,
    Stored,
    in_progress,
    later_record,
    later_save,
    left_entry,
)
from halfmoon.keeping.saved import (
    KEYS,
    Play,
    code_of_key,
    game_key,
    is_newer,
    peek,
    read_last,
    read_play,
    read_prefs,
    read_stats,
)
from halfmoon.keeping.saving import Saver
from halfmoon.keeping.shelf import Shelf
from halfmoon.records.history import KEEP, Entry, read_history, trim
from halfmoon.records.localtime import utc_day
from halfmoon.records.stats import Stats
from halfmoon.session.session import Feedback, Session
from tests.solver import legal_moves

_ids = count()


class Refused(Exception):
    """The store refused a write (full, or told to)."""


class Memory:
    """A key-value store in memory (:class:`halfmoon.keeping.keyvalue.KeyValue`): ``quota`` the
    most characters it takes (None: no limit); ``refuse`` the write (set or remove,
    counted from 0) it refuses; reading a key of ``throwing`` throws."""

    def __init__(
        self,
        values: dict[str, str] | None = None,
        *,
        quota: int | None = None,
        refuse: int | None = None,
        throwing: frozenset[str] = frozenset(),
    ) -> None:
        self.values = {} if values is None else values
        self.quota = quota
        self.refuse = refuse
        self.throwing = throwing
        self.writes = 0

    def get(self, key: str) -> str | None:
        if key in self.throwing:
            raise PermissionError(key)
        return self.values.get(key)

    def _write(self) -> None:
        self.writes += 1
        if self.writes - 1 == self.refuse:
            raise Refused

    def set(self, key: str, value: str) -> None:
        self._write()
        size = sum(len(k) + len(v) for k, v in self.values.items() if k != key)
        if self.quota is not None and size + len(key) + len(value) > self.quota:
            raise Refused(key)
        self.values[key] = value

    def remove(self, key: str) -> None:
        self._write()
        self.values.pop(key, None)

    def keys(self) -> list[str]:
        return list(self.values)


class Device:
    """One browser tab: its store (its own :class:`Memory`, or ``store``, shared with
    another tab; ``blocked``: none at all), its wall clock, its session (on ``code``,
    else the play saved last, else the example deal ``WON``), saved by the
    engine's :class:`~halfmoon.keeping.saving.Saver`.  Whatever the game writes its readers must
    read back: a value kept aside as damaged fails the test that made it."""

    def __init__(
        self,
        wall: float,
        code: str | None = None,
        quota: int | None = None,
        *,
        store: Memory | None = None,
        blocked: bool = False,
    ) -> None:
        self.wall = wall
        self.mono = 0.0  # the page's monotonic clock: the game clock's
        self.memory = Memory(quota=quota) if store is None else store
        self.shelf = Shelf(None if blocked else self.memory, wall=lambda: self.wall)
        self.saver = Saver(self.shelf)
        self.backups = BackupKeys(self.shelf, self.saver)
        self.books = Books(wall=lambda: self.wall, make_id=lambda: f"p{next(_ids)}", day_of=utc_day)
        play = self.saver.last() if code is None else None  # a visit without a link
        fresh = play or self.books.fresh(Game.new(code or WON.code))
        self.session = Session(fresh, Prefs(), "en", self.saver, books=self.books)

    @property
    def keys(self) -> dict[str, str]:
        return self.memory.values

    # ------------------------------------------------------------------ reading
    def stats(self) -> Stats:
        return self.saver.stats()

    def history(self) -> list[Entry]:
        return self.saver.history()

    # ------------------------------------------------------------------ the page
    def apply(self, feedback: Feedback) -> None:
        """What the page keeps of an action: the counts and games queued, the play left
        saved, then the play in progress (a newer play another tab saved is shown)."""
        if self.saver.take(feedback):
            self.save()
        assert not self.shelf.said, self.shelf.said  # nothing written was refused

    def save(self) -> None:
        """The page's save just after an event: another tab's newer play is shown."""
        newer = self.saver.save(self.session.play, at=self.mono)
        if newer is not None:
            self.mono += 1
            self.apply(self.session.adopt(newer, self.mono))
        else:  # the play as written (the page's autosave takes it so too)
            self.session.saved_as(self.saver.stamped(self.session.play))

    def hear(self) -> None:
        """Another tab saved this deal since: the page hears it (a ``storage`` event)
        and shows that newer play, as it does between the player's actions."""
        play = self.session.play
        raw = self.memory.values.get(game_key(play.code))
        head = None if raw is None else peek(raw)
        if raw is not None and head is not None and is_newer(head, play):
            self.mono += 1
            self.apply(self.session.adopt(read_play(raw, play.code), self.mono))

    # -------------------------------------------------------------- the player
    def act(self, action: Callable[[float], Feedback]) -> None:
        self.mono += 1_500
        self.apply(action(self.mono))

    def move(self, pick: int) -> None:
        """The ``pick``-th legal move, if there is one."""
        moves = legal_moves(self.session.game.tops())
        for slot in moves[pick % len(moves)] if moves else ():
            self.act(lambda now, slot=slot: self.session.tap(slot, now))

    def win(self, moves: int | None = None) -> None:
        """The example deal won: its kept play taken to its end, or ``moves`` further
        along the winning line (restarted first if it went another way)."""
        session = self.session
        if session.game.code != WON.code:
            self.act(lambda now: session.new_game(now, WON.code))
        made = [removal.slots for removal in session.game.history]
        if made != list(WON.moves[: len(made)]) or session.game.status != "playing":
            self.act(session.restart)
            made = []
        for move in WON.moves[len(made) :][:moves]:
            for slot in move:
                self.act(lambda now, slot=slot: session.tap(slot, now))

    def reset_stats(self) -> None:
        self.saver.reset_stats()

    # ----------------------------------------------------------- backup, restore
    def backup(self) -> str:
        """The file the statistics' Save button writes."""
        self.save()
        return write_backup(self.backups.backup(self.session.play, Prefs(), self.wall))

    def restore(self, raw: str) -> Outcome:
        """A file chosen to restore: read (refused files raise), merged, the table shown
        as the merge left it."""
        outcome = self.backups.restore(read_backup(raw), utc_day, self.session.play)
        assert outcome is not None, "nothing can be restored where storage is blocked"
        if outcome.shown is not None:
            self.mono += 1
            self.apply(self.session.restored(outcome.shown, self.mono))
        return outcome


# ------------------------------------------- a restore into a storage, and what it shows
def backup_keys(store: Memory) -> BackupKeys:
    """The engine's backup and restore over ``store``, as a tab's."""
    shelf = Shelf(store, wall=lambda: 0.0)
    return BackupKeys(shelf, Saver(shelf))


def stored_of(keys: dict[str, str]) -> Stored:
    """What a browser keeps, as a restore reads it (every value first read by the game's
    own readers, which raise on a value they refuse)."""
    readable(keys)
    return backup_keys(Memory(dict(keys))).stored()


def restore(
    keys: dict[str, str], backup: Backup, table: Play, refuse: int | None = None
) -> tuple[Outcome, dict[str, str]]:
    """``backup`` restored into ``keys`` (a copy), the ``refuse``-th write refused."""
    store = Memory(dict(keys), refuse=refuse)
    outcome = backup_keys(store).restore(backup, utc_day, table)
    assert outcome is not None
    return outcome, store.values


def readable(keys: dict[str, str]) -> None:
    """Every key read back by the game's own readers (which raise on what they refuse)."""
    for key, raw in keys.items():
        code = code_of_key(key)
        if code is not None:
            read_play(raw, code)
        elif key == KEYS["history"]:
            read_history(raw)
        elif key == KEYS["stats"]:
            read_stats(raw)
        elif key == KEYS["prefs"]:
            read_prefs(raw)
        elif key == KEYS["last"]:
            read_last(raw)


def kept_here(keys: dict[str, str], play: Play) -> bool:
    """Whether ``play`` is kept as a game (as far on or further)."""
    raw = keys.get(game_key(play.code))
    found = None if raw is None else read_play(raw, play.code)
    return found is not None and found.id == play.id and found.rev >= play.rev


def listed(keys: dict[str, str], play: Play) -> bool:
    """Whether the history keeps ``play`` with its moves, or a later record of it (as
    the history's merge decides: a win, or one that ended later) — or, full, keeps 200
    games it ranks before ``play``'s (its own rule)."""
    history = read_history(keys[KEYS["history"]])
    entry = left_entry(play, utc_day)
    for kept in history:
        if kept.id == play.id:
            return kept == entry or not later_record(entry, kept)
    return len(history) == KEEP and trim([*history, entry]) == history


def true_counts(
    before: dict[str, str], after: dict[str, str], backup: Backup, table: Play
) -> Merged:
    """What a restore did, read from storage before and after (the words must say it): the
    games written in progress, brought back; the games in progress of either side (but
    the table's) that no key holds and the history lists, in your games only — where this
    browser held them, or their entry is new; the file's games newly listed (but games
    in progress, said as such); the statistics and options changed."""
    was, now = stored_of(before), stored_of(after)
    held_before = {play.id for play in was.plays.values()}
    held = {play.id for play in now.plays.values()}
    listed = {entry.id: entry for entry in now.history}
    in_play = {p.id for p in [*was.plays.values(), *backup.plays] if in_progress(p)}
    gone = [
        x
        for x in in_play - {table.id}
        if x in listed and x not in held and (x in held_before or listed[x] not in was.history)
    ]
    written = [
        play
        for code, play in now.plays.items()
        if before.get(game_key(code)) != after[game_key(code)]
    ]
    mine = {entry.id for entry in was.history}
    return Merged(
        added=len(({e.id for e in backup.history} - mine - in_play) & listed.keys()),
        known=sum(entry.id in mine for entry in backup.history),
        resumed=sum(play.open for play in written),
        left=len(gone),
        stats=before.get(KEYS["stats"]) != after.get(KEYS["stats"]),
        prefs=before.get(KEYS["prefs"]) != after.get(KEYS["prefs"]),
    )


def latest(plays: list[Play]) -> list[Play]:
    """Each play at its latest save (a play both sides hold: the one saved more)."""
    by_id: dict[str, Play] = {}
    for play in plays:
        if play.id not in by_id or later_save(play, by_id[play.id]):
            by_id[play.id] = play
    return list(by_id.values())
