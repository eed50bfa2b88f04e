"""The key-value store the game keeps its data in, as the engine sees it: strings by
key, nothing more.  On the page it is the browser's ``localStorage``
(``halfmoon/web/storage.py`` adapts it); in CPython tests, a store in memory.  Every
method may raise, as the browser's storage does (blocked, sandboxed, full, broken):
:class:`halfmoon.keeping.shelf.Shelf` turns each failure into a flag or a return value."""

from __future__ import annotations

from typing import Protocol


class KeyValue(Protocol):
    """Strings by key.  Any method may raise: the value is then unknown (reading) or not
    written (writing)."""

    def get(self, key: str) -> str | None:
        """The value of ``key``; None where there is none."""

    def set(self, key: str, value: str) -> None:
        """Write ``value`` under ``key`` (raises where the store refuses it)."""

    def remove(self, key: str) -> None:
        """Remove ``key`` (nothing happens where there is none)."""

    def keys(self) -> list[str]:
        """Every key held."""
