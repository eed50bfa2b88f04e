"""Statistics of one player's games, kept in the browser.

A game counts as played once its first removal is made, and as won once, when its last
card goes (undoing a win and winning again does not count it twice).  The streak is the
number of games won in a row; it ends when a played game is left unwon for a new one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .game import Game


@dataclass
class Stats:
    played: int = 0
    won: int = 0
    best_time_ms: float | None = None
    streak: int = 0
    best_streak: int = 0
    current_played: bool = False  # the game in progress has been counted as played
    current_won: bool = False  # ... and as won

    @property
    def win_rate(self) -> int | None:
        """Percentage of played games won (rounded), or None before any game."""
        return round(100 * self.won / self.played) if self.played else None

    def new_game(self) -> None:
        """A new deal replaces the game in progress."""
        if self.current_played and not self.current_won:
            self.streak = 0
        self.current_played = self.current_won = False

    def observe(self, game: Game, elapsed_ms: float) -> bool:
        """Count what the game in progress has reached; True if anything changed."""
        changed = False
        if game.moves > 0 and not self.current_played:
            self.current_played = True
            self.played += 1
            changed = True
        if game.status == "won" and not self.current_won:
            self.current_won = True
            self.won += 1
            self.streak += 1
            self.best_streak = max(self.best_streak, self.streak)
            if self.best_time_ms is None or elapsed_ms < self.best_time_ms:
                self.best_time_ms = elapsed_ms
            changed = True
        return changed

    def reset(self) -> None:
        """Forget every game, keeping whether the game in progress was counted (so it
        is not counted again)."""
        played, won = self.current_played, self.current_won
        self.__init__()  # type: ignore[misc]
        self.current_played, self.current_won = played, won
