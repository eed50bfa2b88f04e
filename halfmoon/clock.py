"""The game clock.  It never reads the wall clock: callers pass ``now`` (milliseconds
on any monotonic scale, e.g. ``performance.now()``), so the engine stays deterministic.
"""

from __future__ import annotations

import math


class Clock:
    """Elapsed play time: accumulated milliseconds plus the running stretch, if any."""

    __slots__ = ("_accumulated", "_since")

    def __init__(self, elapsed_ms: float = 0.0) -> None:
        if not math.isfinite(elapsed_ms) or elapsed_ms < 0:
            raise ValueError("elapsed time must be a finite number ≥ 0")
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
            self._accumulated += max(0.0, now - self._since)
            self._since = None

    def elapsed(self, now: float | None = None) -> float:
        """Milliseconds played; a running clock needs ``now`` to be read exactly."""
        if self._since is None or now is None:
            return self._accumulated
        return self._accumulated + max(0.0, now - self._since)


def format_time(elapsed_ms: float) -> str:
    """``m:ss`` below one hour, ``h:mm:ss`` from one hour on."""
    seconds = int(max(0.0, elapsed_ms) // 1000)
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    if hours:
        return f"{hours}:{minutes:02d}:{secs:02d}"
    return f"{minutes}:{secs:02d}"
