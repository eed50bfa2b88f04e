"""The game clock.  It never reads the wall clock: callers pass ``now`` (milliseconds
on any monotonic scale, e.g. ``performance.now()``), so the engine stays deterministic.
"""

from __future__ import annotations

from typing import Final

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


def format_time(elapsed_ms: float) -> str:
    """``m:ss`` below one hour, ``h:mm:ss`` from one hour on."""
    seconds = int(max(0.0, elapsed_ms) // 1000)
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    if hours:
        return f"{hours}:{minutes:02d}:{secs:02d}"
    return f"{minutes}:{secs:02d}"
