"""localStorage that never stops play: every access may throw (blocked, sandboxed,
quota) and every failure is reported by a return value, not an exception."""

from __future__ import annotations

from typing import Any


class Storage:
    def __init__(self, window: Any) -> None:
        self._store: Any = None
        self.read_failed = False  # a read threw: something may be saved that we cannot see
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

    def get(self, key: str) -> str | None:
        if self._store is None:
            return None
        try:
            value = self._store.getItem(key)
        except Exception:
            self.read_failed = True
            return None
        return value if isinstance(value, str) else None

    def set(self, key: str, value: str) -> bool:
        if self._store is None:
            return False
        try:
            self._store.setItem(key, value)
        except Exception:
            return False
        return True
