"""A browser as the game keeps its storage, in memory, for CPython tests: the page's
rooms (``halfmoon/web/persistence.py``, ``halfmoon/web/backup_store.py``) reduced to
the rules they follow, over the engine's own session, books, stored formats, backup
and restore.  Its wall clock is the test's to move, ahead or back (the game clock runs
on a monotonic clock of its own, as ``performance.now()`` does on the page).  And a
restore into a storage's keys, with what the player can then see of it: every key
readable, a play kept or listed, what the restore did (to check what it says)."""

from __future__ import annotations

from collections.abc import Callable
from itertools import count

from halfmoon import Game
from halfmoon.backup import Backup, gather, read_backup, write_backup
from halfmoon.books import Books
from halfmoon.history import KEEP, Entry, read_history, record, trim, write_history
from halfmoon.host.examples import WON
from halfmoon.localtime import utc_day
from halfmoon.prefs import Prefs
from halfmoon.restore import (
    Merged,
    Outcome,
    Stored,
    in_progress,
    later_record,
    later_save,
    left_entry,
    plan,
    run,
)
from halfmoon.saved import (
    KEEP_GAMES,
    KEYS,
    Play,
    code_of_key,
    game_key,
    next_save,
    oldest,
    peek,
    read_last,
    read_play,
    read_prefs,
    read_stats,
    write_play,
    write_stats,
)
from halfmoon.session import Feedback, Session
from halfmoon.stats import Stats
from tests.solver import legal_moves

_ids = count()


def stored_of(keys: dict[str, str]) -> Stored:
    """What a browser keeps, as ``BackupStore.stored`` reads it: every value by the
    game's own readers (which raise on a value they refuse)."""
    plays = {}
    for key, raw in keys.items():
        code = code_of_key(key)
        if code is not None:
            plays[code] = read_play(raw, code)
    last, stats, history = (keys.get(KEYS[name]) for name in ("last", "stats", "history"))
    if KEYS["prefs"] in keys:
        read_prefs(keys[KEYS["prefs"]])
    return Stored(
        plays=plays,
        history=[] if history is None else read_history(history),
        stats=None if stats is None else read_stats(stats),
        prefs=KEYS["prefs"] in keys,
        last=None if last is None else read_last(last),
    )


class Device:
    """One browser, one tab: its storage (key → text), its wall clock, its session.
    Every stored value is read back by the game's own readers, so a value the game
    writes and its readers refuse fails the test that made it."""

    def __init__(self, wall: float, code: str = WON.code, quota: int | None = None) -> None:
        self.wall = wall
        self.mono = 0.0  # the page's monotonic clock: the game clock's
        self.keys: dict[str, str] = {}
        self.quota = quota  # the most characters the storage takes (None: no limit)
        self.books = Books(wall=lambda: self.wall, make_id=lambda: f"p{next(_ids)}", day_of=utc_day)
        play = self.books.fresh(Game.new(code))
        self.session = Session(play, Prefs(), "en", self, books=self.books)

    # ------------------------------------------------------------------ reading
    def find(self, code: str) -> Play | None:
        raw = self.keys.get(game_key(code))
        return None if raw is None else read_play(raw, code)

    def plays(self) -> list[Play]:
        codes = [code for key in self.keys if (code := code_of_key(key)) is not None]
        return [play for code in codes if (play := self.find(code)) is not None]

    def stats(self) -> Stats:
        raw = self.keys.get(KEYS["stats"])
        return Stats() if raw is None else read_stats(raw)

    def history(self) -> list[Entry]:
        raw = self.keys.get(KEYS["history"])
        return [] if raw is None else read_history(raw)

    def stored(self) -> Stored:
        return stored_of(self.keys)

    # ------------------------------------------------------------------ writing
    def write(self, key: str, value: str | None) -> bool:
        """One key written (None: removed), refused past the quota."""
        if value is None:
            self.keys.pop(key, None)
            return True
        size = sum(len(k) + len(v) for k, v in self.keys.items() if k != key)
        if self.quota is not None and size + len(key) + len(value) > self.quota:
            return False
        self.keys[key] = value
        return True

    def save(self, play: Play) -> None:
        """As ``Persistence.save`` (one tab: no newer play to find)."""
        key = game_key(play.code)
        new = key not in self.keys
        stamp = next_save(play, self.wall)
        play.saved = stamp.saved
        if self.write(key, write_play(stamp, stamp.saved)):
            play.rev = stamp.rev
            self.write(KEYS["last"], play.code)
            if new:
                saved = {}
                for other, raw in self.keys.items():
                    head = peek(raw) if code_of_key(other) and other != key else None
                    if head is not None:
                        saved[other] = head.saved
                for gone in oldest(saved, keep=KEEP_GAMES - 1):
                    self.write(gone, None)

    def apply(self, feedback: Feedback) -> None:
        """As ``Controller.apply``: the play left saved, the counts and the games
        recorded (read, change, write), the play in progress saved."""
        if feedback.left is not None:
            self.save(feedback.left)
        if feedback.counts:
            stats = self.stats()
            for event in feedback.counts:
                stats.count(event)
            self.write(KEYS["stats"], write_stats(stats))
        if feedback.recorded:
            self.write(KEYS["history"], write_history(record(self.history(), feedback.recorded)))
        if feedback.save:
            self.save(self.session.play)

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
        self.write(KEYS["stats"], write_stats(Stats()))

    # ----------------------------------------------------------- backup, restore
    def backup(self) -> str:
        """The file the statistics' Save button writes."""
        return write_backup(
            gather(
                made=self.wall,
                table=self.session.play,
                kept=self.plays(),
                prefs=None,
                stats=self.stats(),
                history=self.history(),
            )
        )

    def restore(self, raw: str) -> Outcome:
        """A file chosen to restore: read (refused files raise), merged, the table shown
        as the merge left it."""
        outcome = run(plan(self.stored(), read_backup(raw), self.session.play, utc_day), self.write)
        if outcome.shown is not None:
            self.mono += 1
            self.apply(self.session.restored(outcome.shown, self.mono))
        return outcome


# ------------------------------------------- a restore into a storage, and what it shows
def restore(
    keys: dict[str, str], backup: Backup, table: Play, refuse: int | None = None
) -> tuple[Outcome, dict[str, str]]:
    """``backup`` restored into ``keys`` (a copy), the ``refuse``-th write refused."""
    after = dict(keys)
    writes = iter(range(10**6))

    def write(key: str, value: str | None) -> bool:
        if next(writes) == refuse:
            return False
        if value is None:
            after.pop(key, None)
        else:
            after[key] = value
        return True

    return run(plan(stored_of(keys), backup, table, utc_day), write), after


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
        resumed=sum(play.game.status == "playing" for play in written),
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
