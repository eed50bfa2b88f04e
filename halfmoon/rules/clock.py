"""The game clock.  It never reads the wall clock: callers pass ``now`` (milliseconds
on any monotonic scale, e.g. ``performance.now()``), so the engine stays deterministic.
"""

from __future__ import annotations

from typing import Final, Literal, Protocol

MAX_ELAPSED_MS: Final = (100 * 3600 - 1) * 1000
"""The clock stops counting at 99:59:59, so its time always fits the bar."""


class Clock:
    """Elapsed play time: accumulated milliseconds plus the running stretch, if any."""

    __slots__ = ("_accumulated", "_since")

    def __init__(self, elapsed_ms: float = 0.0) -> None:
        if not 0 <= elapsed_ms <= MAX_ELAPSED_MS:  # false for NaN; exact for any int
            raise ValueError("elapsed time must be a number from 0 to 99:59:59")
        self._accumulated = float(elapsed_ms)
        self._since: float | None = None

    @property
    def running(self) -> bool:
        return self._since is not None

    def start(self, now: float) -> None:
        """Run from ``now`` on (no effect if already running)."""
        if self._since is None:
            self._since = now

    def stop(self, now: float) -> None:
        """Stop at ``now``, keeping the time run so far (no effect if stopped)."""
        if self._since is not None:
            self._accumulated = self.elapsed(now)
            self._since = None

    def elapsed(self, now: float | None = None) -> float:
        """Milliseconds played; a running clock needs ``now`` to be read exactly."""
        if self._since is None or now is None:
            return self._accumulated
        return min(MAX_ELAPSED_MS, self._accumulated + max(0.0, now - self._since))


Hold = Literal["hidden", "window", "pause"]
"""What holds the clock besides the game itself: the page is hidden, a window covers the
table (rules, options, statistics, your games …), or the player paused."""


class Holds:
    """Why the play clock is held now.  It runs only while nothing holds it (and the
    game has begun and goes on: :meth:`halfmoon.rules.game.Game.resume`); each reason is
    set and let go on its own, so that a window closed while the player has paused, or
    the page shown again while a window is open, leaves the clock stopped."""

    __slots__ = ("_on",)

    def __init__(self) -> None:
        self._on: set[Hold] = set()

    def __contains__(self, reason: object) -> bool:
        return reason in self._on

    def __bool__(self) -> bool:
        return bool(self._on)

    def set(self, reason: Hold, on: bool, game: Pausable, now: float) -> None:
        """``reason`` holds the clock of ``game`` from ``now`` on, or lets go of it."""
        if on:
            self._on.add(reason)
        else:
            self._on.discard(reason)
        self.run(game, now)

    def run(self, game: Pausable, now: float) -> None:
        """The clock of ``game`` (just put on the table, or held or let go) stopped if
        anything holds it, else running if the game has begun and goes on."""
        if self._on:
            game.pause(now)
        else:
            game.resume(now)


class Pausable(Protocol):
    """A game's clock as :class:`Holds` stops and runs it."""

    def pause(self, now: float) -> None: ...

    def resume(self, now: float) -> None: ...


def format_time(elapsed_ms: float) -> str:
    """``m:ss`` below one hour, ``h:mm:ss`` from one hour on.

    >>> format_time(59_999), format_time(252_000), format_time(3_723_000)
    ('0:59', '4:12', '1:02:03')
    """
    seconds = int(max(0.0, elapsed_ms) // 1000)
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    if hours:
        return f"{hours}:{minutes:02d}:{secs:02d}"
    return f"{minutes}:{secs:02d}"
