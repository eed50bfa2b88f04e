"""What a backup takes from the browser's storage, and a restore's application to it:
each stored key read, merged with the file's (:mod:`halfmoon.backup` decides) and
written in one go, so that another tab is never overwritten with an older state."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date

from ..backup import (
    Backup,
    Merged,
    left_entry,
    merge_history,
    merge_play,
    merge_prefs,
    merge_stats,
    newest,
)
from ..history import read_history, write_history
from ..prefs import Prefs
from ..saved import (
    KEEP_GAMES,
    KEYS,
    Play,
    code_of_key,
    game_key,
    read_play,
    read_stats,
    write_play,
    write_prefs,
    write_stats,
)
from .persistence import Persistence
from .storage import Storage


class BackupStore:
    def __init__(self, storage: Storage, store: Persistence) -> None:
        self.storage, self.store = storage, store

    def plays(self) -> list[Play]:
        """Every kept game, as stored (a damaged one is kept aside, as always)."""
        codes = [code for key in self.storage.every_key() if (code := code_of_key(key)) is not None]
        return [play for code in codes if (play := self.store.find(code)) is not None]

    def backup(self, play: Play, prefs: Prefs, made: float) -> Backup:
        """Everything the game keeps, for a backup file: ``play`` (the one on the table,
        as this tab has it), every other game in progress with moves, newest first, and
        the options if the player has chosen any."""
        blocked = self.storage.blocked
        kept = {p.code: p for p in ([] if blocked else self.plays())}
        kept[play.code] = play
        plays = sorted(
            (p for p in kept.values() if p.game.moves),
            key=lambda p: (p.saved, p.code),
            reverse=True,
        )[:KEEP_GAMES]
        chosen = blocked or self.storage.get(KEYS["prefs"]) is not None
        return Backup(
            made=made,
            prefs=prefs if chosen else None,
            stats=self.store.stats(),
            history=tuple(self.store.history()),
            plays=tuple(plays),
            last=plays[0].code if plays else None,
        )

    def restore(self, backup: Backup, day_of: Callable[[float], date], keep: str) -> Merged | None:
        """Merge a backup into what is stored, each key read, merged and written in one
        go (:mod:`halfmoon.backup` decides); None where nothing can be stored.  ``keep``:
        the deal on the table, never pruned."""
        storage = self.storage
        if storage.blocked:
            return None
        self.store.flush()
        resumed, dropped = 0, []
        for there in backup.plays:
            key = game_key(there.code)
            here = storage.read(key, "game", _reader(there.code))
            if key in storage.unreadable:
                continue
            merged = merge_play(here, there)
            written = merged.write
            if written is not None and storage.set(key, write_play(written, written.saved)):
                resumed += written.game.status == "playing"
            if merged.dropped is not None:
                dropped.append(left_entry(merged.dropped, day_of))
        key = KEYS["history"]
        here_history = storage.read(key, "history", read_history) or []
        history = merge_history(here_history, [*backup.history, *dropped])
        if key not in storage.unreadable and history.entries != here_history:
            storage.set(key, write_history(history.entries))
        stats = False
        if backup.stats is not None:
            key = KEYS["stats"]
            here_stats = storage.read(key, "stats", read_stats)
            if key not in storage.unreadable:
                there_newest = newest(backup.history)
                figures = merge_stats(here_stats, backup.stats, newest(here_history), there_newest)
                stats = figures != here_stats and storage.set(key, write_stats(figures))
        key = KEYS["prefs"]
        raw = storage.get(key)
        here_prefs = (
            self.store.prefs() if raw is not None and key not in storage.set_aside else None
        )
        options = merge_prefs(here_prefs, backup.prefs)
        prefs = (
            options is not None
            and key not in storage.unreadable
            and storage.set(key, write_prefs(options))
        )
        last = backup.last
        if last is not None and storage.get(KEYS["last"]) is None and storage.get(game_key(last)):
            storage.set(KEYS["last"], last)
        self.store.prune(game_key(keep))
        return Merged(history.added, history.known, resumed, stats, prefs)


def _reader(code: str) -> Callable[[str], Play]:
    """The reader of the stored play of the deal ``code``."""
    return lambda raw: read_play(raw, code)
