"""Asking the browser to keep the game's storage (``navigator.storage.persist()``), and
whether it has promised to; where it cannot say, or there is no such thing, it says so
rather than throw."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import Any

from .dom import Handlers, absent
from .storage import Storage


class Keeping:
    """Asks the browser to keep the storage, and says whether it promised."""

    def __init__(self, window: Any, handlers: Handlers, storage: Storage) -> None:
        self.win = window
        self.handlers = handlers
        self.storage = storage
        self.asked = False  # whether this visit asked the browser to keep the storage
        self._pending: Any = None

    def _manager(self) -> Any:
        try:
            storage = self.win.navigator.storage
        except Exception:
            return None
        return None if absent(storage) or absent(getattr(storage, "persist", None)) else storage

    def ask(self) -> None:
        """Ask the browser to keep the game's storage (some browsers ask the player):
        once a visit, after a game has ended, never in a frame, and not where it has
        promised already."""
        storage = self._manager()
        if self.asked or self.storage.framed or self.storage.blocked or storage is None:
            return
        self.asked = True

        async def ask() -> None:
            with contextlib.suppress(Exception):
                if not await storage.persisted():
                    await storage.persist()

        self._pending = asyncio.ensure_future(ask())

    def promised(self, done: Callable[[bool | None], None]) -> None:
        """Tell ``done`` whether the browser has promised to keep the storage (None:
        it cannot say)."""
        storage = self._manager()

        async def ask() -> None:
            try:
                answer: bool | None = bool(await storage.persisted())
            except Exception:
                answer = None
            self.handlers.guard(lambda e: done(answer))(None)

        if storage is None:
            done(None)
        else:
            self._pending = asyncio.ensure_future(ask())
