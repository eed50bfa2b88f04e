"""Statistics of one player's games, kept in the browser.

A game counts as played once its first removal is made, and as won once, when its last
card goes (undoing a win and winning again does not count it twice).  The streak is the
number of games won in a row; it ends when a played game is left unwon for another deal.

The counting is a list of :class:`Count` events, which the page applies to the stored
figures one by one (read, count, write), so that games played at the same time in two
tabs are each counted, exactly once.  Whether a game has been counted yet is kept with
the game itself (:class:`halfmoon.keeping.saved.Play`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

CountKind = Literal["played", "won", "left"]


@dataclass(frozen=True, slots=True)
class Count:
    """Something that changes the statistics: a game played (its first removal), won
    (its last removal, in ``time_ms`` of play), or left unwon for another deal."""

    kind: CountKind
    time_ms: float = 0.0


@dataclass
class Stats:
    """The statistics dialog's figures, counted event by event.

    A game won in 4:12, then one played and left for another deal:

    >>> stats = Stats()
    >>> for event in (Count("played"), Count("won", 252_000.0), Count("played"), Count("left")):
    ...     stats.count(event)
    >>> stats.played, stats.won, stats.win_rate, stats.best_time_ms, stats.streak, stats.best_streak
    (2, 1, 50, 252000.0, 0, 1)
    """

    played: int = 0
    won: int = 0
    best_time_ms: float | None = None
    streak: int = 0
    best_streak: int = 0

    @property
    def win_rate(self) -> int | None:
        """Percentage of played games won (rounded), or None before any game."""
        return round(100 * self.won / self.played) if self.played else None

    def count(self, event: Count) -> None:
        if event.kind == "played":
            self.played += 1
        elif event.kind == "won":
            self.won += 1
            # a game played before the statistics were reset and won after: played too,
            # so the figures never say more games won than played
            self.played = max(self.played, self.won)
            self.streak += 1
            self.best_streak = max(self.best_streak, self.streak)
            if self.best_time_ms is None or event.time_ms < self.best_time_ms:
                self.best_time_ms = event.time_ms
        else:
            self.streak = 0
