"""The browser's ``localStorage`` as the engine's key-value store
(:class:`halfmoon.keeping.keyvalue.KeyValue`): the only room that touches it.  Every access may
throw (blocked, sandboxed, full, broken); :class:`halfmoon.keeping.shelf.Shelf` turns each
failure into a flag or a return value, and keeps damaged values aside."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..keeping.books import wall_ms
from ..keeping.keyvalue import KeyValue
from ..keeping.shelf import Shelf
from .cookies import cookie_store


class LocalStorage:
    """``window.localStorage``, key by key; every method may throw, as the browser's do."""

    def __init__(self, local: Any) -> None:
        self.local = local

    def get(self, key: str) -> str | None:
        value = self.local.getItem(key)
        return value if isinstance(value, str) else None

    def set(self, key: str, value: str) -> None:
        self.local.setItem(key, value)

    def remove(self, key: str) -> None:
        self.local.removeItem(key)

    def keys(self) -> list[str]:
        local = self.local
        return [str(local.key(i)) for i in range(int(local.length))]


def local_storage(window: Any) -> LocalStorage | None:
    """The page's storage, or None where the browser blocks it (merely looking throws)."""
    try:
        local = window.localStorage
    except Exception:
        return None
    return None if local is None else LocalStorage(local)


def kept_in(window: Any) -> KeyValue | None:
    """Where the game keeps its keys: the page's ``localStorage``; where the browser
    blocks it, the page's cookies (:mod:`halfmoon.keeping.cookies`); else nowhere."""
    local = local_storage(window)
    return local if local is not None else cookie_store(window.document)


class Storage(Shelf):
    """The engine's :class:`~halfmoon.keeping.shelf.Shelf` over the page's ``localStorage``, or
    its cookies where the browser blocks that (none where it blocks both)."""

    def __init__(self, window: Any, *, framed: bool, wall: Callable[[], float] = wall_ms) -> None:
        super().__init__(kept_in(window), framed=framed, wall=wall)
