"""The game's keys over a :class:`~halfmoon.keeping.keyvalue.KeyValue` store where every access
may throw: this room reads and writes strings and reports every failure by a flag or a
return value, never an exception (docs/reliability.md).

A value that cannot be read is kept aside under a key of its own before anything is
written in its place (and the player is told); a key whose reading *threw* is not
written at all this visit.  Every key and format is :mod:`halfmoon.keeping.saved`'s.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import TypeVar

from ..records import safejson as sj
from ..words.i18n import Phrase, phrase
from .books import wall_ms
from .cookies import CookieStore
from .keyvalue import KeyValue
from .saved import KEYS

T = TypeVar("T")


class Shelf:
    """One tab's access to the store (None: the browser blocks it, nothing is kept).
    ``framed``: the game is embedded in another page; ``wall``: the wall clock."""

    def __init__(
        self, store: KeyValue | None, *, framed: bool = False, wall: Callable[[], float] = wall_ms
    ) -> None:
        self.store = store
        self.framed = framed
        self.wall = wall
        self.skipped = False  # the game started without what the browser kept
        self.unreadable: set[str] = set()  # keys whose reading threw: never written
        self.set_aside: set[str] = set()  # damaged values already kept aside (and said)
        self.failing = False  # the last write was refused
        self.said: list[Phrase] = []  # what to tell the player about damaged values
        if isinstance(store, CookieStore) and store.damaged_game:  # no deal to read it by
            self.said.append(phrase("save.damaged.game.lost"))

    @property
    def blocked(self) -> bool:
        return self.store is None

    @property
    def in_cookies(self) -> bool:
        """The browser blocks the storage but keeps cookies: a little is kept in them
        (:mod:`halfmoon.keeping.cookies`)."""
        return isinstance(self.store, CookieStore)

    def give_up(self) -> None:
        """Go on as if the browser kept nothing, reading and writing none of it: the
        game could not start with what is stored (which stays untouched)."""
        self.store = None
        self.skipped = True

    def notice(self) -> str:
        """The catalogue key of a lasting condition worth a line of its own, or ''."""
        if self.skipped:
            return "save.skipped"
        if self.blocked:
            return "" if self.framed else "save.blocked"
        if self.unreadable:
            return "save.unreadable"
        if isinstance(self.store, CookieStore) and self.store.displaced:
            return "save.elsewhere"
        return "save.failed" if self.failing else ""

    def take_said(self) -> list[Phrase]:
        """What to tell the player about damaged values found since last asked."""
        said, self.said = self.said, []
        return said

    # --------------------------------------------------------------- raw access
    def get(self, key: str) -> str | None:
        if self.store is None:
            return None
        try:
            value = self.store.get(key)
        except Exception:
            self.unreadable.add(key)
            return None
        return value if isinstance(value, str) else None

    def set(self, key: str, value: str) -> bool:
        if self.store is None or key in self.unreadable:
            return False
        try:
            self.store.set(key, value)
        except Exception:
            self.failing = True
            return False
        self.failing = False
        self.set_aside.discard(key)
        return True

    def remove(self, key: str) -> bool:
        if self.store is None or key in self.unreadable:
            return False
        try:
            self.store.remove(key)
        except Exception:
            self.failing = True
            return False
        return True

    def every_key(self) -> list[str]:
        if self.store is None:
            return []
        try:
            return list(self.store.keys())
        except Exception:
            return []

    def best_effort(self, key: str, value: str) -> None:
        """Write a value that only saves the next visit a moment: failing to write it is
        no failure to save (it is removed instead, so that no older value is read)."""
        if self.store is None:
            return
        try:
            self.store.set(key, value)
        except Exception:
            with contextlib.suppress(Exception):
                self.store.remove(key)

    # ------------------------------------------------------ values kept aside
    def aside(self, key: str, raw: str, what: str) -> bool:
        """Keep a value that could not be read under a key of its own, and tell the
        player what happened to it (``what``: game, stats or prefs)."""
        kept = self.set(f"{KEYS['aside']}{round(self.wall())}.{key}", raw)
        self.said.append(phrase(f"save.damaged.{what}" + ("" if kept else ".lost")))
        self.set_aside.add(key)  # from now on as good as empty, until written again
        if kept:  # moved, not copied: the next visit neither keeps nor tells it again
            self.remove(key)
        return kept

    def read(self, key: str, what: str, read: Callable[[str], T]) -> T | None:
        """The value of ``key`` read by ``read``; None where there is none, or it is
        damaged (then kept aside)."""
        raw = self.get(key)
        if raw is None or key in self.set_aside:
            return None
        try:
            return read(raw)
        except sj.Invalid:
            self.aside(key, raw, what)
            return None
