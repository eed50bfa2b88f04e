"""The session's bookkeeping: new plays with their ids and times, what the statistics
count of a play, what the history records of it, and which deal of the day it is.

Time is passed in or asked of :attr:`Books.wall` (wall-clock milliseconds, for what is
saved); the player's calendar is :attr:`Books.day_of`, which on the page crosses into
JavaScript, so the date a play began is asked once per play (:meth:`Books.begun_day`),
not at every tap and save.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import replace
from datetime import date

from ..records.daily import deal_day
from ..records.ending import end_of, standing
from ..records.history import Entry, entry_of
from ..records.localtime import utc_day
from ..records.stats import Count
from ..rules.game import Game
from .saved import Play


def new_id() -> str:
    """A fresh identifier for a play (from the operating system's random source, which
    stays random in an interpreter restored from a snapshot)."""
    return os.urandom(6).hex()


def wall_ms() -> float:
    return time.time() * 1000


class Books:
    """The plays' ids, times and days, and what the statistics and the history make of
    them.  ``current``: the play in progress, whose first day is asked once (another
    play's, each time)."""

    def __init__(
        self,
        *,
        wall: Callable[[], float] = wall_ms,
        make_id: Callable[[], str] = new_id,
        day_of: Callable[[float], date] = utc_day,
    ) -> None:
        self.wall = wall
        self.make_id = make_id
        self.day_of = day_of
        self._begun: tuple[float, date] | None = None  # the play's first day, once per play

    def fresh(self, game: Game, daily: date | None = None) -> Play:
        """A new play of ``game``, begun now (for the deal of the day ``daily``)."""
        now = self.wall()
        return Play(game, self.make_id(), begun=now, saved=now, daily=daily)

    def today(self) -> date:
        """The date on the player's calendar now."""
        return self.day_of(self.wall())

    # ------------------------------------------------------------------ the end
    def settle(self, play: Play, now: float) -> Play | None:
        """After a move (a tap or a redo): ``play`` with the end the move gave it to
        record, the game's end standing over the one it had
        (:func:`~halfmoon.records.ending.standing`: its first end, or one that went
        further); None: an end reached again, or none, records nothing."""
        end = end_of(play.game, now, self.wall())
        if end is None or standing(play.end, end) is not end:
            return None
        return replace(play, end=end)

    # ------------------------------------------------------------ the statistics
    @staticmethod
    def count(play: Play) -> tuple[Play, tuple[Count, ...]]:
        """What the statistics have not counted of ``play`` yet: its first removal
        (played) and its win (won, in the time its end recorded), each once, whatever
        is undone in between; and ``play`` marked as counted so.

        The examples page's won game, a tap every two seconds, and the statistics after it:

        >>> from halfmoon.host.examples import WON
        >>> from halfmoon.records.stats import Stats
        >>> books = Books(wall=lambda: 1_796_083_200_000, make_id=lambda: "a1")
        >>> play = books.fresh(Game.new(WON.code))
        >>> taps = [slot for move in WON.moves for slot in move]
        >>> for n, slot in enumerate(taps):
        ...     _ = play.game.tap(slot, now=2_000.0 * n)
        >>> play.game.status, play.game.score, play.game.moves
        ('won', 520, 48)
        >>> play, counts = books.count(books.settle(play, now=None))
        >>> counts
        (Count(kind='played', time_ms=0.0), Count(kind='won', time_ms=206000))
        >>> books.count(play)[1]  # counted once
        ()
        >>> stats = Stats()
        >>> for event in counts:
        ...     stats.count(event)
        >>> stats
        Stats(played=1, won=1, best_time_ms=206000, streak=1, best_streak=1)
        """
        end, counts = play.end, list[Count]()
        if play.game.moves and not play.played:
            play = replace(play, played=True)
            counts.append(Count("played"))
        if end is not None and end.won and not play.won:
            play = replace(play, won=True)
            counts.append(Count("won", end.elapsed_ms))
        return play, tuple(counts)

    @staticmethod
    def leaving(play: Play) -> tuple[Count, ...]:
        """Leaving a game that was played and not won ends the streak of wins."""
        return (Count("left"),) if play.played and not play.won else ()

    # ---------------------------------------------------------------- the history
    def left(self, play: Play, now: float, *, current: bool = True) -> tuple[Entry, ...]:
        """A game left for another with moves and no end goes into the history (one
        that ended went in when it ended, and stays as it ended)."""
        if play.game.moves and play.open:
            return self.entry(play, now, current=current)
        return ()

    def entry(self, play: Play, now: float, *, current: bool = True) -> tuple[Entry, ...]:
        """A play as the history keeps it (none for a game with no deal code, which only
        tests build): a deal of the day begun after its date is a day made up
        (``late``); a play that ended, as its end was."""
        daily, late = self.deal_day(play, current=current)
        if play.game.code is None:
            return ()
        # an end reached after the challenger's moves were seen: not compared with theirs
        seen = play.seen and play.end != play.attempt
        entry = entry_of(
            play.game, play.id, play.begun, self.wall(), now, daily, late, end=play.end, seen=seen
        )
        return (entry,)

    # ------------------------------------------------------------ the deal's day
    def daily_date(self, play: Play) -> date | None:
        """The date whose deal of the day the play in progress is, or None."""
        return self.deal_day(play)[0]

    def deal_day(self, play: Play, *, current: bool = True) -> tuple[date | None, bool]:
        """:func:`~halfmoon.records.daily.deal_day` of a play."""
        begun = self.begun_day(play) if current else self.day_of(play.begun)
        return deal_day(play.game.code, play.daily, begun)

    def begun_day(self, play: Play) -> date:
        """The date the play in progress was begun on, on the player's calendar: asked of
        the page once per play, not at every tap and save."""
        if self._begun is None or self._begun[0] != play.begun:
            self._begun = (play.begun, self.day_of(play.begun))
        return self._begun[1]
