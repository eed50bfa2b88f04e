"""Persistence: moves what the game keeps between the page and the browser's storage,
and keeps its promises (docs/reliability.md): nothing saved is lost, counted twice, or
overwritten by an older state.

Every key and format is :mod:`halfmoon.saved`'s; this room only reads and writes
``localStorage``, where every access may throw (blocked, sandboxed, full, broken) and
every failure is reported by a flag or a return value, never an exception.

- Several tabs share one storage: a save first looks at what is stored, and if another
  tab has saved this deal since, it hands back that newer play instead of writing
  (:meth:`save`); the statistics and the history of games are updated by read, change,
  write (:meth:`count`, :meth:`record`); and other tabs' ``storage`` events are passed
  on (:meth:`connect`).
- A value that cannot be read is kept aside under a key of its own before anything is
  written in its place; a key whose reading *threw* is not written at all this visit.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Sequence
from datetime import date
from typing import Any, TypeVar

from .. import safejson as sj
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
from ..books import new_id, wall_ms
from ..history import Entry, read_history, record, write_history
from ..i18n import Phrase, phrase
from ..prefs import Prefs
from ..saved import (
    KEEP_GAMES,
    KEYS,
    LEGACY,
    Play,
    code_of_key,
    game_key,
    is_newer,
    migrate,
    oldest,
    peek,
    read_last,
    read_play,
    read_prefs,
    read_stats,
    write_play,
    write_prefs,
    write_stats,
)
from ..stats import Count, Stats
from .dom import Handlers, absent

T = TypeVar("T")
_WHAT = {LEGACY["game"]: "game", LEGACY["stats"]: "stats", LEGACY["prefs"]: "prefs"}


class Persistence:
    def __init__(
        self,
        window: Any,
        handlers: Handlers,
        *,
        framed: bool,
        wall: Callable[[], float] = wall_ms,
    ) -> None:
        self.framed = framed
        self.wall = wall
        self.win = window
        self.handlers = handlers
        self.asked = False  # whether this visit asked the browser to keep the storage
        self._pending: Any = None
        self.skipped = False  # the game started without what the browser kept
        self.store: Any = None
        try:  # where the browser blocks storage, merely looking at it throws
            self.store = window.localStorage
        except Exception:
            self.store = None
        self.unreadable: set[str] = set()  # keys whose reading threw: never written
        self.set_aside: set[str] = set()  # damaged values already kept aside (and said)
        self.failing = False  # the last write was refused
        self.pending: list[Count] = []  # counted, not yet written into the statistics
        self.memory = Stats()  # the statistics of this visit, where nothing can be kept
        self.recorded: list[Entry] = []  # games ended or left, not yet in the history
        self.memory_history: list[Entry] = []  # the history of this visit, likewise
        self.said: list[Phrase] = []  # what to tell the player about damaged values
        self._changed: Callable[[str | None, str | None], None] = lambda key, value: None
        if self.store is not None:
            handlers.on(window, "storage", self._storage_event)

    @property
    def blocked(self) -> bool:
        return self.store is None

    def give_up(self) -> None:
        """Go on as if the browser kept nothing, reading and writing none of it: the
        game could not start with what is stored (which stays untouched)."""
        self.store = None
        self.skipped = True

    def connect(self, *, changed: Callable[[str | None, str | None], None]) -> None:
        """Who hears that another tab changed a key: the key and its new value (a key
        of None: the storage was cleared)."""
        self._changed = changed

    def _storage_event(self, event: Any) -> None:
        key, value = event.key, event.newValue
        self._changed(
            key if isinstance(key, str) else None, value if isinstance(value, str) else None
        )

    def notice(self) -> str:
        """The catalogue key of a lasting condition worth a line of its own, or ''."""
        if self.skipped:
            return "save.skipped"
        if self.blocked:
            return "" if self.framed else "save.blocked"
        if self.unreadable:
            return "save.unreadable"
        return "save.failed" if self.failing else ""

    # --------------------------------------------------------------- raw access
    def _get(self, key: str) -> str | None:
        if self.store is None:
            return None
        try:
            value = self.store.getItem(key)
        except Exception:
            self.unreadable.add(key)
            return None
        return value if isinstance(value, str) else None

    def _set(self, key: str, value: str) -> bool:
        if self.store is None or key in self.unreadable:
            return False
        try:
            self.store.setItem(key, value)
        except Exception:
            self.failing = True
            return False
        self.failing = False
        self.set_aside.discard(key)
        return True

    def _remove(self, key: str) -> None:
        if self.store is not None and key not in self.unreadable:
            try:
                self.store.removeItem(key)
            except Exception:
                self.failing = True

    def _keys(self) -> list[str]:
        try:
            return [str(self.store.key(i)) for i in range(int(self.store.length))]
        except Exception:
            return []

    def _aside(self, key: str, raw: str, what: str) -> bool:
        """Keep a value that could not be read under a key of its own, and tell the
        player what happened to it (``what``: game, stats or prefs)."""
        kept = self._set(f"{KEYS['aside']}{round(self.wall())}.{key}", raw)
        self.said.append(phrase(f"save.damaged.{what}" + ("" if kept else ".lost")))
        self.set_aside.add(key)  # from now on as good as empty, until written again
        if kept:  # moved, not copied: the next visit neither keeps nor tells it again
            self._remove(key)
        return kept

    def _read(self, key: str, what: str, read: Callable[[str], T]) -> T | None:
        raw = self._get(key)
        if raw is None or key in self.set_aside:
            return None
        try:
            return read(raw)
        except sj.Invalid:
            self._aside(key, raw, what)
            return None

    # ------------------------------------------------------------------ reading
    def migrate(self) -> None:
        """Carry version 1's options, statistics and game over, once (then version 1's
        copies go)."""
        old = {key: self._get(key) for key in _WHAT}
        if all(value is None for value in old.values()):
            return
        now = self.wall()
        moved = migrate(old, new_id(), now)
        ok = True
        if moved.prefs is not None and self._get(KEYS["prefs"]) is None:
            ok &= self._set(KEYS["prefs"], write_prefs(moved.prefs))
        if moved.stats is not None and self._get(KEYS["stats"]) is None:
            ok &= self._set(KEYS["stats"], write_stats(moved.stats))
        if moved.play is not None and self._get(game_key(moved.play.code)) is None:
            ok &= self._set(game_key(moved.play.code), write_play(moved.play, now))
            ok &= self._set(KEYS["last"], moved.play.code)
        for key in moved.unreadable:
            ok &= self._aside(key, old[key] or "", _WHAT[key])
        if ok:
            for key in old:
                self._remove(key)

    def prefs(self) -> Prefs:
        return self._read(KEYS["prefs"], "prefs", read_prefs) or Prefs()

    def stats(self) -> Stats:
        """The statistics as the player should see them: what is stored, with what this
        tab has counted and could not write yet."""
        if self.blocked:
            return self.memory
        stats = self._read(KEYS["stats"], "stats", read_stats) or Stats()
        for count in self.pending:
            stats.count(count)
        return stats

    def take_said(self) -> list[Phrase]:
        """What to tell the player about damaged values found since last asked."""
        said, self.said = self.said, []
        return said

    def queue(self, counts: Sequence[Count], recorded: Sequence[Entry] = ()) -> None:
        """Counts and games for the history, to write with the next save."""
        self.pending.extend(counts)
        self.recorded.extend(recorded)

    def history(self) -> list[Entry]:
        """The history of games as the player should see it: what is stored, with what
        this tab has recorded and could not write yet."""
        if self.blocked:
            return record(self.memory_history, self.recorded)
        stored = self._read(KEYS["history"], "history", read_history) or []
        return record(stored, self.recorded)

    def find(self, code: str) -> Play | None:
        """The kept play of a deal (a damaged one is kept aside, not resumed)."""
        return self._read(game_key(code), "game", lambda raw: read_play(raw, code))

    def last(self) -> Play | None:
        """The play saved last: what a visit without a link resumes."""
        raw = self._get(KEYS["last"])
        try:
            code = read_last(raw) if raw is not None else None
        except sj.Invalid:
            code = None
        return self.find(code) if code is not None else None

    # ------------------------------------------------------------------ writing
    def save_prefs(self, prefs: Prefs) -> None:
        self._set(KEYS["prefs"], write_prefs(prefs))

    def save(self, play: Play, view: Callable[[], str] | None = None) -> Play | None:
        """Write ``play``, then the pending counts into the statistics.  If another tab
        has saved this deal since this tab last did, nothing is written over it: that
        newer play is returned, to be shown instead.  ``view``: the record of what the
        table shows (:mod:`halfmoon.painted`), written once the play is."""
        key = game_key(play.code)
        raw = self._get(key)
        if key in self.unreadable:
            self.flush()
            return None
        if raw is not None and key not in self.set_aside:
            stored = peek(raw)
            if stored is None:
                self._aside(key, raw, "game")
            elif is_newer(stored, play):
                try:
                    return read_play(raw, play.code)
                except sj.Invalid:
                    self._aside(key, raw, "game")
        play.rev += 1
        play.saved = max(self.wall(), play.saved)
        if self._set(key, write_play(play, play.saved)):
            if self._get(KEYS["last"]) != play.code:
                self._set(KEYS["last"], play.code)
            if view is not None:
                self._keep_view(view())
            if raw is None:
                self._prune(key)
        else:
            play.rev -= 1
        self.flush()
        return None

    def _keep_view(self, value: str) -> None:
        """The record of the table, best effort: it only saves the next visit a moment,
        so failing to write it is no failure to save (it is removed instead, so that no
        older table is painted)."""
        try:
            self.store.setItem(KEYS["view"], value)
        except Exception:
            with contextlib.suppress(Exception):
                self.store.removeItem(KEYS["view"])

    def flush(self) -> None:
        """Write what is pending into the statistics and the history."""
        self.count()
        self.record()

    def count(self) -> None:
        """Apply the pending counts to the stored statistics: read, count, write."""
        key = KEYS["stats"]
        if self.blocked:
            for count in self.pending:
                self.memory.count(count)
            self.pending.clear()
        if not self.pending:
            return
        stats = self._read(key, "stats", read_stats)
        if key in self.unreadable:
            return
        stats = stats or Stats()
        for count in self.pending:
            stats.count(count)
        if self._set(key, write_stats(stats)):
            self.pending.clear()

    def record(self) -> None:
        """Add the games recorded since into the stored history: read, record, write."""
        if self.blocked:
            self.memory_history = record(self.memory_history, self.recorded)
            self.recorded.clear()
        if not self.recorded:
            return
        key = KEYS["history"]
        stored = self._read(key, "history", read_history)
        if key in self.unreadable:
            return
        if self._set(key, write_history(record(stored or [], self.recorded))):
            self.recorded.clear()

    def reset_stats(self) -> Stats:
        self.pending.clear()
        self.memory = Stats()
        self._set(KEYS["stats"], write_stats(Stats()))
        return Stats()

    def _prune(self, keep: str) -> None:
        """Keep the games of the KEEP_GAMES deals saved last (``keep`` among them)."""
        saved: dict[str, float] = {}
        for key in self._keys():
            if code_of_key(key) is not None and key != keep:
                raw = self._get(key)
                stored = peek(raw) if raw is not None else None
                saved[key] = stored.saved if stored is not None else 0.0
        for key in oldest(saved, keep=KEEP_GAMES - 1):
            self._remove(key)

    # ------------------------------------------------------- backup and restore
    def plays(self) -> list[Play]:
        """Every kept game, as stored (a damaged one is kept aside, as always)."""
        codes = [code for key in self._keys() if (code := code_of_key(key)) is not None]
        return [play for code in codes if (play := self.find(code)) is not None]

    def backup(self, play: Play, prefs: Prefs, made: float) -> Backup:
        """Everything the game keeps, for a backup file: ``play`` (the one on the table,
        as this tab has it), every other game in progress with moves, newest first, and
        the options if the player has chosen any."""
        kept = {p.code: p for p in ([] if self.blocked else self.plays())}
        kept[play.code] = play
        plays = sorted(
            (p for p in kept.values() if p.game.moves),
            key=lambda p: (p.saved, p.code),
            reverse=True,
        )[:KEEP_GAMES]
        chosen = self.blocked or self._get(KEYS["prefs"]) is not None
        return Backup(
            made=made,
            prefs=prefs if chosen else None,
            stats=self.stats(),
            history=tuple(self.history()),
            plays=tuple(plays),
            last=plays[0].code if plays else None,
        )

    def restore(self, backup: Backup, day_of: Callable[[float], date], keep: str) -> Merged | None:
        """Merge a backup into what is stored, each key read, merged and written in one
        go (:mod:`halfmoon.backup` decides); None where nothing can be stored.  ``keep``:
        the deal on the table, never pruned."""
        if self.blocked:
            return None
        self.flush()
        resumed, dropped = 0, []
        for there in backup.plays:
            key = game_key(there.code)
            here = self._read(key, "game", _reader(there.code))
            if key in self.unreadable:
                continue
            merged = merge_play(here, there)
            written = merged.write
            if written is not None and self._set(key, write_play(written, written.saved)):
                resumed += written.game.status == "playing"
            if merged.dropped is not None:
                dropped.append(left_entry(merged.dropped, day_of))
        key = KEYS["history"]
        here_history = self._read(key, "history", read_history) or []
        history = merge_history(here_history, [*backup.history, *dropped])
        if key not in self.unreadable and history.entries != here_history:
            self._set(key, write_history(history.entries))
        stats = False
        if backup.stats is not None:
            key = KEYS["stats"]
            here_stats = self._read(key, "stats", read_stats)
            if key not in self.unreadable:
                there_newest = newest(backup.history)
                figures = merge_stats(here_stats, backup.stats, newest(here_history), there_newest)
                stats = figures != here_stats and self._set(key, write_stats(figures))
        key = KEYS["prefs"]
        raw = self._get(key)
        here_prefs = self.prefs() if raw is not None and key not in self.set_aside else None
        options = merge_prefs(here_prefs, backup.prefs)
        prefs = (
            options is not None
            and key not in self.unreadable
            and self._set(key, write_prefs(options))
        )
        last = backup.last
        if last is not None and self._get(KEYS["last"]) is None and self._get(game_key(last)):
            self._set(KEYS["last"], last)
        self._prune(game_key(keep))
        return Merged(history.added, history.known, resumed, stats, prefs)

    # ------------------------------------------------ storage the browser keeps
    def _storage(self) -> Any:
        try:
            storage = self.win.navigator.storage
        except Exception:
            return None
        return None if absent(storage) or absent(getattr(storage, "persist", None)) else storage

    def ask_to_keep(self) -> None:
        """Ask the browser to keep the game's storage (``navigator.storage.persist()``;
        some browsers ask the player): once a visit, after a game has ended, never in a
        frame, and not where it has promised already."""
        storage = self._storage()
        if self.asked or self.framed or self.blocked or storage is None:
            return
        self.asked = True

        async def ask() -> None:
            with contextlib.suppress(Exception):
                if not await storage.persisted():
                    await storage.persist()

        self._pending = asyncio.ensure_future(ask())

    def kept(self, done: Callable[[bool | None], None]) -> None:
        """Tell ``done`` whether the browser has promised to keep the storage (None:
        it cannot say)."""
        storage = self._storage()

        async def ask() -> None:
            try:
                answer: bool | None = bool(await storage.persisted())
            except Exception:
                answer = None
            self.handlers.guard(lambda e: done(answer))(None)

        if storage is None:
            done(None)
        else:
            self._pending = asyncio.ensure_future(ask())


def _reader(code: str) -> Callable[[str], Play]:
    """The reader of the stored play of the deal ``code``."""
    return lambda raw: read_play(raw, code)
