"""Saving across tabs: what the game keeps moved between a tab and the store
(:class:`~halfmoon.keeping.shelf.Shelf`), keeping its promises (docs/reliability.md): nothing
saved is lost, counted twice, or overwritten by an older state.

Several tabs share one store: a save first looks at what is stored, and if another tab
has saved this deal since, it hands back that newer play instead of writing
(:meth:`Saver.save`); the statistics and the history of games are updated by read,
change, write (:meth:`Saver.count`, :meth:`Saver.record`); the games of the deals saved
longest ago are pruned (:meth:`Saver.prune`); version 1's keys are carried over once
(:meth:`Saver.migrate`).  On the page, ``halfmoon/web/persistence.py`` adds the other
tabs' ``storage`` events.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Protocol

from ..records import safejson as sj
from ..records.history import Entry, read_history, record, write_history
from ..records.stats import Count, Stats
from .books import new_id
from .prefs import Prefs
from .saved import (
    KEEP_GAMES,
    KEYS,
    LEGACY,
    Play,
    code_of_key,
    game_key,
    is_newer,
    migrate,
    next_save,
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
from .shelf import Shelf


class ToKeep(Protocol):
    """What an action of the session asks to keep (its answer,
    :class:`~halfmoon.session.feedback.Feedback`, carries it beside what the page shows)."""

    @property
    def counts(self) -> Sequence[Count]:
        """What to count in the statistics."""

    @property
    def recorded(self) -> Sequence[Entry]:
        """Games for the history."""

    @property
    def left(self) -> Play | None:
        """The play just left for another deal, to save as it was left."""

    @property
    def save(self) -> bool:
        """Whether the play in progress is due for a save."""


_WHAT = {LEGACY["game"]: "game", LEGACY["stats"]: "stats", LEGACY["prefs"]: "prefs"}


class Saver:
    """One tab's saving over the shared store (``storage``)."""

    def __init__(self, storage: Shelf) -> None:
        self.storage = storage
        self.pending: list[Count] = []  # counted, not yet written into the statistics
        self.memory = Stats()  # the statistics of this visit, where nothing can be kept
        self.recorded: list[Entry] = []  # games ended or left, not yet in the history
        self.memory_history: list[Entry] = []  # the history of this visit, likewise
        # each deal's play as this tab last saved it: its id, save time and revision
        self.stamps: dict[str, tuple[str, float, int]] = {}
        self.written: tuple[str, str] | None = None  # the play written last: key, value

    @property
    def blocked(self) -> bool:
        return self.storage.blocked

    # ------------------------------------------------------------------ reading
    def migrate(self) -> None:
        """Carry version 1's options, statistics and game over, once (then version 1's
        copies go)."""
        storage = self.storage
        old = {key: storage.get(key) for key in _WHAT}
        if all(value is None for value in old.values()):
            return
        now = storage.wall()
        moved = migrate(old, new_id(), now)
        ok = True
        if moved.prefs is not None and storage.get(KEYS["prefs"]) is None:
            ok &= storage.set(KEYS["prefs"], write_prefs(moved.prefs))
        if moved.stats is not None and storage.get(KEYS["stats"]) is None:
            ok &= storage.set(KEYS["stats"], write_stats(moved.stats))
        if moved.play is not None and storage.get(game_key(moved.play.code)) is None:
            ok &= storage.set(game_key(moved.play.code), write_play(moved.play, now))
            ok &= storage.set(KEYS["last"], moved.play.code)
        for key in moved.unreadable:
            ok &= storage.aside(key, old[key] or "", _WHAT[key])
        if ok:
            for key in old:
                storage.remove(key)

    def prefs(self) -> Prefs:
        return self.storage.read(KEYS["prefs"], "prefs", read_prefs) or Prefs()

    def stats(self) -> Stats:
        """The statistics as the player should see them: what is stored, with what this
        tab has counted and could not write yet."""
        if self.blocked:
            return self.memory
        stats = self.storage.read(KEYS["stats"], "stats", read_stats) or Stats()
        for count in self.pending:
            stats.count(count)
        return stats

    def queue(self, counts: Sequence[Count], recorded: Sequence[Entry] = ()) -> None:
        """Counts and games for the history, to write with the next save."""
        self.pending.extend(counts)
        self.recorded.extend(recorded)

    def take(self, feedback: ToKeep) -> bool:
        """What a move, a deal or any other action of the session asks to keep: its counts
        and games queued, the play it left saved; whether the play in progress is due
        for a save (:meth:`save`, which the page makes just after the event)."""
        self.queue(feedback.counts, feedback.recorded)
        if feedback.left is not None:  # kept as it was left, its clock stopped
            self.save(feedback.left)
        return feedback.save

    def history(self) -> list[Entry]:
        """The history of games as the player should see it: what is stored, with what
        this tab has recorded and could not write yet."""
        if self.blocked:
            return record(self.memory_history, self.recorded)
        stored = self.storage.read(KEYS["history"], "history", read_history) or []
        return record(stored, self.recorded)

    def find(self, code: str) -> Play | None:
        """The kept play of a deal (a damaged one is kept aside, not resumed)."""
        return self.storage.read(game_key(code), "game", lambda raw: read_play(raw, code))

    def last(self) -> Play | None:
        """The play saved last: what a visit without a link resumes."""
        raw = self.storage.get(KEYS["last"])
        try:
            code = read_last(raw) if raw is not None else None
        except sj.Invalid:
            code = None
        return self.find(code) if code is not None else None

    # ------------------------------------------------------------------ writing
    def save_prefs(self, prefs: Prefs) -> None:
        self.storage.set(KEYS["prefs"], write_prefs(prefs))

    def save(
        self, play: Play, view: Callable[[], str] | None = None, *, at: float | None = None
    ) -> Play | None:
        """Write ``play``, then the pending counts into the statistics.  If another tab
        has saved this deal since this tab last did, nothing is written over it: that
        newer play is returned, to be shown instead.  ``view``: the record of what the
        table shows (:mod:`halfmoon.page.painted`), written once the play is; ``at``: the
        moment of the save on the page's monotonic clock, at which a running game clock
        is read (else another tab would see the time played before it last stopped)."""
        storage, key = self.storage, game_key(play.code)
        raw = storage.get(key)
        if key in storage.unreadable:
            self.flush()
            return None
        if raw is not None and key not in storage.set_aside:
            stored = peek(raw)
            if stored is None:
                storage.aside(key, raw, "game")
            elif is_newer(stored, self.stamped(play)):
                try:
                    return read_play(raw, play.code)
                except sj.Invalid:
                    storage.aside(key, raw, "game")
        stamp = next_save(self.stamped(play), storage.wall())
        value = write_play(stamp, stamp.saved, clock_at=at)
        written = storage.set(key, value)
        if written:  # for a durable copy beside the quick store (:func:`recovered`)
            self.written = (key, value)
        self.stamps[key] = (play.id, stamp.saved, stamp.rev if written else play.rev)
        if written:
            if storage.get(KEYS["last"]) != play.code:
                storage.set(KEYS["last"], play.code)
            if view is not None:  # best effort: it only saves the next visit a moment
                storage.best_effort(KEYS["view"], view())
            if raw is None:
                self.prune(key)
        self.flush()
        return None

    def stamped(self, play: Play) -> Play:
        """``play`` as this tab last saved it: the time and revision of its last save
        (which a save compares with what another tab stored), for the session to take in
        place of the play it holds (:meth:`~halfmoon.session.session.Session.saved_as`)."""
        found = self.stamps.get(game_key(play.code))
        if found is None or found[0] != play.id or found[2] < play.rev:
            return play
        return replace(play, saved=max(play.saved, found[1]), rev=found[2])

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
        stats = self.storage.read(key, "stats", read_stats)
        if key in self.storage.unreadable:
            return
        stats = stats or Stats()
        for count in self.pending:
            stats.count(count)
        if self.storage.set(key, write_stats(stats)):
            self.pending.clear()

    def record(self) -> None:
        """Add the games recorded since into the stored history: read, record, write."""
        if self.blocked:
            self.memory_history = record(self.memory_history, self.recorded)
            self.recorded.clear()
        if not self.recorded:
            return
        key = KEYS["history"]
        stored = self.storage.read(key, "history", read_history)
        if key in self.storage.unreadable:
            return
        if self.storage.set(key, write_history(record(stored or [], self.recorded))):
            self.recorded.clear()

    def reset_stats(self) -> Stats:
        self.pending.clear()
        self.memory = Stats()
        self.storage.set(KEYS["stats"], write_stats(Stats()))
        return Stats()

    def prune(self, keep: str) -> None:
        """Keep the games of the KEEP_GAMES deals saved last (``keep`` among them)."""
        storage = self.storage
        saved: dict[str, float] = {}
        for key in storage.every_key():
            if code_of_key(key) is not None and key != keep:
                raw = storage.get(key)
                stored = peek(raw) if raw is not None else None
                saved[key] = stored.saved if stored is not None else 0.0
        for key in oldest(saved, keep=KEEP_GAMES - 1):
            storage.remove(key)


def recovered(key: str, copy: str, kept: str | None) -> bool:
    """Whether a durable copy of a play (``key``, its value ``copy``) holds what the quick
    store lost — a browser killed before it wrote its last saves (docs/reliability.md,
    "A killed browser") — so that it is written back: a readable play of a deal whose
    stored play (``kept``) is missing, or an earlier state of the same play, or an
    older play (a damaged one is left as it is, for the shelf to keep aside).

    >>> from halfmoon.keeping.saved import Play, game_key, write_play
    >>> from halfmoon.rules.game import Game
    >>> game = Game.new("HM1-N-AAAAAAA")
    >>> before = write_play(Play(game, "a1", begun=1.0, rev=1), 1_000.0)
    >>> _ = [game.tap(slot) for slot in ("P4", "P5")]
    >>> after = write_play(Play(game, "a1", begun=1.0, rev=2), 2_000.0)
    >>> key = game_key("HM1-N-AAAAAAA")
    >>> recovered(key, after, before), recovered(key, before, after), recovered(key, after, None)
    (True, False, True)
    >>> recovered("halfmoon.v2.stats", after, None), recovered(key, "{damaged", None)
    (False, False)
    """
    copied = peek(copy) if code_of_key(key) is not None else None
    if copied is None:
        return False
    if kept is None:
        return True
    stored = peek(kept)
    if stored is None:  # damaged: the shelf keeps it aside, nothing writes over it here
        return False
    if stored.id == copied.id:
        return copied.rev > stored.rev
    return copied.saved > stored.saved
