"""A restore as a whole: what this browser keeps and a backup file in; out, the keys to
write, in order, and the words for the player (docs/backup.md, "How a file is merged").

There is no browser here.  The page reads every key (:class:`Stored`), asks
:func:`plan` what to write, and writes it one key at a time, stopping at the first
write the browser refuses (:func:`run`); what was written is then said truthfully.
The plan is made and written within one event, so no other tab writes in between.

Nothing newer is overwritten, nothing is counted twice, and the same file restored
again changes nothing:

- a game in progress, one per deal: the later save of the same play; of two plays of
  a deal, the one with moves over one without, else the one saved last — but the play
  on the table, once it has moves, never gives way to another play (the table changes
  only when the player asks: it stays on its deal, and shows the file's play of that
  deal only where the file has the same play further on, or the table had no move);
- at most KEEP_GAMES deals keep a game: the one on the table and those saved last;
- a game in progress that gives way or goes over that limit is recorded in the
  history as left, with its moves, and so is every game in progress the restore brings
  (its row in your games resumes it); that history is written before any game is
  removed or overwritten;
- the history: one entry per play, a win never replaced, trimmed as the browser trims
  it (so the streak of days comes back whole);
- the statistics are figures, not a list of games: each the larger of the two (the best
  time the smaller), never a sum, which would count twice the games both hold; the
  current streak from the side whose history ended a game last;
- the options: the file's, only where this browser has none of its own.

The writes go in an order that keeps every key readable and every word true whichever
write is refused, and that a second restore of the file, once there is room, completes:
the statistics, the history, the options, the games over the limit removed, the file's
games (the one of the table's deal first, then the newest), and the deal saved last.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import date

from ..records.daily import deal_day
from ..records.ending import standing
from ..records.history import Entry, entry_of, trim, write_history
from ..records.stats import Stats
from ..words.i18n import count_text, text, text_for
from .backup import Backup
from .saved import KEEP_GAMES, KEYS, Play, game_key, oldest, write_play, write_prefs, write_stats


@dataclass(frozen=True)
class Stored:
    """What this browser keeps, as read before a restore."""

    plays: Mapping[str, Play] = field(default_factory=dict)  # by deal, those that could be read
    history: Sequence[Entry] = ()
    stats: Stats | None = None
    prefs: bool = False  # whether the player has options of their own here
    last: str | None = None  # the deal saved last
    locked: frozenset[str] = frozenset()  # keys whose reading threw: never written


@dataclass(frozen=True)
class Merged:
    """What a restore changed, for the player."""

    added: int = 0  # games of the file's history added to this one
    known: int = 0  # games of the file's history that were here already
    resumed: int = 0  # games in progress brought back (new here, or further on)
    left: int = 0  # games in progress that gave way: now in your games only, as left
    stats: bool = False  # the statistics changed
    prefs: bool = False  # the options were taken from the file

    @property
    def changed(self) -> bool:
        return bool(self.added or self.resumed or self.left or self.stats or self.prefs)


@dataclass(frozen=True)
class Step:
    """One key to write (``value`` None: to remove), what the restore has done once it
    and those before it are written, and the play of the table's deal to show then."""

    key: str
    value: str | None
    done: Merged
    shown: Play | None = None


@dataclass(frozen=True)
class Plan:
    steps: tuple[Step, ...]
    start: Merged  # before any write (what was here already)
    refused: bool = False  # nothing can be restored: the history could not be read


@dataclass(frozen=True)
class Outcome:
    """What a restore did: ``complete`` unless a write was refused (``written`` steps
    were), and the play of the table's deal to show (None: the table stays as it is)."""

    done: Merged
    complete: bool
    written: int
    shown: Play | None = None


# ---------------------------------------------------------------- each kind of key
@dataclass(frozen=True)
class PlayMerge:
    """The merge of one deal's game: the play to write (None: keep what is here) and the
    play that gave way (None: none, or one with no move to keep)."""

    write: Play | None
    dropped: Play | None


def merge_play(here: Play | None, there: Play, *, table: bool = False) -> PlayMerge:
    """One deal's game: the later save of the same play (:func:`later_save`; marked
    counted where either side counted it, so it is never counted twice); of two plays,
    the one with moves over one without, else the one saved last — but a play on the
    ``table`` with moves never gives way to another."""
    if here is None:
        return PlayMerge(there, None)
    if here.id == there.id:
        if not later_save(there, here):
            return PlayMerge(None, None)
        played, won = here.played or there.played, here.won or there.won
        saved = max(here.saved, there.saved)  # a save is never older than one before it
        # saved as many times as here: one more, so a tab holding this browser's save
        # hears that a later one was written (halfmoon/saved.is_newer)
        rev = there.rev + (there.rev == here.rev)
        end = standing(here.end, there.end)  # as it was first recorded, on either side
        merged = replace(there, played=played, won=won, saved=saved, rev=rev, end=end)
        return PlayMerge(merged, None)
    moved = (bool(there.game.moves), there.saved) > (bool(here.game.moves), here.saved)
    if moved and not (table and here.game.moves):
        return PlayMerge(there, _kept(here))
    return PlayMerge(None, _kept(there))


def later_save(play: Play, other: Play) -> bool:
    """Whether ``play`` is a later save than ``other``, a save of the same play: saved
    more times, or as many (two devices went on from one restore) and later, or as many
    at the same moment and further on (so that of two such saves, one always stands)."""
    return (play.rev, play.saved, play.game.moves) > (other.rev, other.saved, other.game.moves)


def _kept(play: Play) -> Play | None:
    """A play that gives way needs an entry in the history if it has moves and no end
    (one that ended is there already)."""
    return play if in_progress(play) else None


def in_progress(play: Play) -> bool:
    """Whether a play has moves and never ended (:attr:`~halfmoon.keeping.saved.Play.open`)."""
    return bool(play.game.moves) and play.open


def left_entry(play: Play, day_of: Callable[[float], date]) -> Entry:
    """The history's entry for a play left as it is (its clock stopped when saved)."""
    daily, late = deal_day(play.code, play.daily, day_of(play.begun))
    return entry_of(play.game, play.id, play.begun, play.saved, 0.0, daily, late)


def merge_history(here: Sequence[Entry], there: Iterable[Entry]) -> list[Entry]:
    """One entry per play: a win is never replaced, else the later record stands (the
    one that ended later, or as late with more moves); then trimmed as the browser
    trims its history."""
    by_id = {entry.id: entry for entry in here}
    for entry in there:
        old = by_id.get(entry.id)
        if old is None or later_record(entry, old):
            by_id[entry.id] = entry
    return trim(by_id.values())


def later_record(entry: Entry, old: Entry) -> bool:
    """Whether ``entry`` stands over ``old``, an entry of the same play."""
    if old.result == "won":
        return False
    return entry.result == "won" or (entry.ended, entry.moves) > (old.ended, old.moves)


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


# ---------------------------------------------------------------------- the whole
@dataclass
class _Games:
    """The games in progress once merged: each deal's play (``final``), the file's to
    write (``taken``), the plays that gave way, the deals over the limit (``over``)."""

    final: dict[str, Play]
    taken: dict[str, Play]
    gave_way: list[Play]
    over: list[str]


def _games(stored: Stored, backup: Backup, table: Play) -> _Games:
    here = {**stored.plays, table.code: table}
    games = _Games(dict(here), {}, [], [])
    latest = {code: play.saved for code, play in here.items()}  # each deal's latest save
    for there in backup.plays:
        code = there.code
        if game_key(code) in stored.locked:  # it cannot be written here
            games.gave_way.append(there)
            continue
        own = here.get(code)
        merged = merge_play(own, there, table=code == table.code)
        if merged.write is not None:
            games.final[code] = games.taken[code] = merged.write
        if merged.dropped is not None:
            games.gave_way.append(merged.dropped)
        latest[code] = games.final[code].saved
        if own is not None and own.id == there.id:  # one play: its latest save, either side
            latest[code] = max(own.saved, there.saved)
    others = {code: saved for code, saved in latest.items() if code != table.code}
    games.over = oldest(others, keep=KEEP_GAMES - 1)  # the table's deal and the newest stay
    theirs = {play.code: play for play in backup.plays}
    for code in games.over:
        games.taken.pop(code, None)
        games.gave_way.append(games.final[code])
        older = theirs.get(code)  # the file's state of this play, if this one is later:
        final = games.final[code]  # recorded, as a restore of the file alone would
        if older is not None and older.id == final.id and later_save(final, older):
            games.gave_way.append(older)
    return games


def plan(stored: Stored, backup: Backup, table: Play, day_of: Callable[[float], date]) -> Plan:
    """What to write to merge ``backup`` into what is ``stored``: ``table`` is the play on
    the table as the tab has it (its deal's play here); ``day_of`` the player's calendar
    (the date of a deal of the day, for the history)."""
    if KEYS["history"] in stored.locked:  # nothing could be recorded: nothing may give way
        return Plan((), Merged(), refused=True)
    games = _games(stored, backup, table)
    # the history first: every game in progress that gives way, and every one brought
    # (but the table's), recorded as left with its moves, as when a game is left
    recorded = [p for p in games.gave_way if in_progress(p)] + [
        p for code, p in games.taken.items() if code != table.code and in_progress(p)
    ]
    history = merge_history(
        stored.history, [*backup.history, *(left_entry(p, day_of) for p in recorded)]
    )
    steps = _Steps(stored, backup, table)
    if backup.stats is not None:  # (whose streak stands: from the histories as they were)
        here_newest, there_newest = newest(stored.history), newest(backup.history)
        figures = merge_stats(stored.stats, backup.stats, here_newest, there_newest)
        if figures != stored.stats:
            steps.write(KEYS["stats"], write_stats(figures), stats=True)
    if history != list(stored.history):
        steps.write(KEYS["history"], write_history(history), entries=history)
    if not stored.prefs and backup.prefs is not None:
        steps.write(KEYS["prefs"], write_prefs(backup.prefs), prefs=True)
    for code in games.over:  # room made before anything is added
        if code in stored.plays:
            steps.game(code, None)
    for play in sorted(
        games.taken.values(), key=lambda p: (p.code != table.code, -p.saved, p.code)
    ):
        steps.game(play.code, play, shown=play.code == table.code)
    named = backup.last
    if stored.last is None and named in games.final and named not in games.over:
        steps.write(KEYS["last"], named)
    return Plan(tuple(steps.steps), steps.start)


class _Steps:
    """The plan's writes, each with what the restore has done once it is written, as
    storage then shows it: the games written in progress are brought back; a game in
    progress (of either side, but the table's) that no key holds and the history lists
    is in your games only, as left — counted where this browser held it, or where its
    entry is new; the file's games the history did not list are added (but games in
    progress, said as such); the statistics and the options, taken."""

    def __init__(self, stored: Stored, backup: Backup, table: Play) -> None:
        self.locked = stored.locked
        self.ids = {code: play.id for code, play in stored.plays.items()}  # the keys' plays
        self.held = set(self.ids.values())  # the plays this browser held as games
        self.entries: Sequence[Entry] = stored.history
        self.before = set(stored.history)
        here = {entry.id for entry in stored.history}
        in_play = {p.id for p in [*stored.plays.values(), *backup.plays] if in_progress(p)}
        self.in_play = in_play - {table.id}  # (the table's is on the table)
        self.theirs = {entry.id for entry in backup.history} - here - in_play
        self.start = self.done = Merged(known=sum(e.id in here for e in backup.history))
        self.steps: list[Step] = []

    def game(self, code: str, play: Play | None, *, shown: bool = False) -> None:
        """The game of a deal written (None: its key removed)."""
        if play is None:
            self.write(game_key(code), None, gone=code)
        else:
            value = write_play(play, play.saved)
            self.write(game_key(code), value, play if shown else None, put=(code, play))

    def write(
        self,
        key: str,
        value: str | None,
        shown: Play | None = None,
        *,
        entries: Sequence[Entry] | None = None,
        stats: bool = False,
        prefs: bool = False,
        gone: str | None = None,
        put: tuple[str, Play] | None = None,
    ) -> bool:
        """A step, and what storage shows once it is written; False where the key is
        never written (its reading threw)."""
        if key in self.locked:
            return False
        done, resumed = self.done, self.done.resumed
        if entries is not None:
            self.entries = entries
        if gone is not None:
            self.ids.pop(gone, None)
        if put is not None:
            self.ids[put[0]] = put[1].id
            resumed += put[1].open
        listed = {entry.id: entry for entry in self.entries}
        held = set(self.ids.values())
        left = sum(
            x in listed and x not in held and (x in self.held or listed[x] not in self.before)
            for x in self.in_play
        )
        self.done = Merged(
            added=len(self.theirs & listed.keys()),
            known=done.known,
            resumed=resumed,
            left=left,
            stats=done.stats or stats,
            prefs=done.prefs or prefs,
        )
        self.steps.append(Step(key, value, self.done, shown))
        return True


def run(plan: Plan, write: Callable[[str, str | None], bool]) -> Outcome:
    """Write the plan's keys in order (``write`` answers whether the browser took the
    value; None removes the key), stopping at the first refused."""
    done, shown = plan.start, None
    if plan.refused:
        return Outcome(done, False, 0)
    for written, step in enumerate(plan.steps):
        if not write(step.key, step.value):
            return Outcome(done, False, written, shown)
        done, shown = step.done, step.shown or shown
    return Outcome(done, True, len(plan.steps), shown)


# ---------------------------------------------------------------------- words
def restored_words(outcome: Outcome, lang: str) -> str:
    """``Cópia restaurada: 12 partidas acrescentadas; 3 já estavam cá; …``, or that the
    restore stopped, with what it did until then."""
    done = outcome.done
    parts = [text_for(lang, "restore.added", done.added)] if done.added else []
    if done.known:
        parts.append(text_for(lang, "restore.known", done.known))
    if done.resumed:
        parts.append(text_for(lang, "restore.resumed", done.resumed))
    if done.left:
        parts.append(text_for(lang, "restore.left", done.left))
    if done.stats:
        parts.append(text(lang, "restore.stats"))
    if done.prefs:
        parts.append(text(lang, "restore.prefs"))
    if not outcome.complete:
        if not done.changed:
            return text(lang, "restore.failed")
        return text(lang, "restore.partial", what="; ".join(parts))
    if not done.changed:
        return text(lang, "restore.nothing", known=count_text(done.known, "games", lang))
    return text(lang, "restore.done", what="; ".join(parts))
