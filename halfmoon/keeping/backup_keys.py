"""What a backup takes from the stored keys, and a restore's reading and writing of
them: every key read (a damaged value kept aside, as always), the keys the restore's plan
names (:mod:`halfmoon.keeping.restore` decides) written one by one, each write checked.  The
plan is made and written in one go, so that no other tab writes in between."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date

from ..records import safejson as sj
from ..records.history import read_history
from .backup import Backup, gather
from .prefs import Prefs
from .restore import Outcome, Stored, plan, run
from .saved import KEYS, Play, code_of_key, read_last, read_prefs, read_stats
from .saving import Saver
from .shelf import Shelf


class BackupKeys:
    """A backup gathered from, and a restore applied to, one tab's store (``storage``,
    saved through ``store``)."""

    def __init__(self, storage: Shelf, store: Saver) -> None:
        self.storage, self.store = storage, store

    def plays(self) -> list[Play]:
        """Every kept game, as stored (a damaged one is kept aside, as always)."""
        keys = self.storage.every_key()
        codes = [code for key in keys if (code := code_of_key(key)) is not None]
        return [play for code in codes if (play := self.store.find(code)) is not None]

    def backup(self, play: Play, prefs: Prefs, made: float) -> Backup:
        """Everything the game keeps, for a backup file (``play``: the one on the table,
        as this tab has it); the options if the player has chosen any."""
        blocked = self.storage.blocked
        chosen = blocked or self.storage.get(KEYS["prefs"]) is not None
        return gather(
            made=made,
            table=play,
            kept=[] if blocked else self.plays(),
            prefs=prefs if chosen else None,
            stats=self.store.stats(),
            history=self.store.history(),
        )

    def stored(self) -> Stored:
        """What this browser keeps, read key by key."""
        storage = self.storage
        raw = storage.get(KEYS["last"])
        try:
            last = read_last(raw) if raw is not None else None
        except sj.Invalid:
            last = None  # as a visit reads it: no deal saved last
        return Stored(
            plays={play.code: play for play in self.plays()},
            history=storage.read(KEYS["history"], "history", read_history) or [],
            stats=storage.read(KEYS["stats"], "stats", read_stats),
            prefs=storage.read(KEYS["prefs"], "prefs", read_prefs) is not None,
            last=last,
            locked=frozenset(storage.unreadable),
        )

    def restore(
        self, backup: Backup, day_of: Callable[[float], date], table: Play
    ) -> Outcome | None:
        """Merge a backup into what is stored (None where nothing can be stored):
        ``table`` is the play on the table, ``day_of`` the player's calendar."""
        storage = self.storage
        if storage.blocked:
            return None
        self.store.flush()
        return run(plan(self.stored(), backup, table, day_of), self._write)

    def _write(self, key: str, value: str | None) -> bool:
        storage = self.storage
        return storage.remove(key) if value is None else storage.set(key, value)
