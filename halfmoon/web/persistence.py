"""Persistence: moves what the game keeps between the page and the browser's storage.

Every key and format is :mod:`halfmoon.saved`'s; this room only reads and writes
localStorage, where every access may throw (blocked, sandboxed, full) and every failure
is reported by a return value or a flag, never an exception.
"""

from __future__ import annotations

from typing import Any

from ..prefs import Prefs
from ..saved import KEYS, read_prefs, read_stats, write_prefs, write_stats
from ..session import Session
from ..stats import Stats


class Persistence:
    def __init__(self, window: Any) -> None:
        self._store: Any = None
        self.read_failed = False  # a read threw: something may be saved that we cannot see
        self.save_failed = False  # the last save could not be written
        try:
            store = window.localStorage
            probe = "halfmoon.probe"
            store.setItem(probe, "1")
            store.removeItem(probe)
            self._store = store
        except Exception:
            self._store = None

    @property
    def available(self) -> bool:
        return self._store is not None

    def _get(self, key: str) -> str | None:
        if self._store is None:
            return None
        try:
            value = self._store.getItem(KEYS[key])
        except Exception:
            self.read_failed = True
            return None
        return value if isinstance(value, str) else None

    def _set(self, key: str, value: str) -> bool:
        if self._store is None:
            return False
        try:
            self._store.setItem(KEYS[key], value)
        except Exception:
            return False
        return True

    # ----------------------------------------------------------------- reading
    def prefs(self) -> Prefs:
        return read_prefs(self._get("prefs"))

    def stats(self) -> Stats:
        return read_stats(self._get("stats"))

    def saved_game(self) -> str | None:
        return self._get("game")

    # ----------------------------------------------------------------- writing
    def save_prefs(self, prefs: Prefs) -> None:
        self._set("prefs", write_prefs(prefs))

    def save_stats(self, stats: Stats) -> None:
        self._set("stats", write_stats(stats))

    def keep_aside(self, raw: str) -> None:
        """A save that could not be loaded is kept under its own key, never overwritten."""
        self._set("unreadable", raw)

    def save(self, session: Session, now: float) -> bool:
        """Write the game and the statistics; False if the game could not be written."""
        if self._store is None:
            return True
        saved = self._set("game", session.snapshot_json(now))
        self.save_stats(session.stats)
        self.save_failed = not saved
        return saved
