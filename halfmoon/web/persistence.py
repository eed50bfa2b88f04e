"""Persistence: the engine's saving across tabs (:class:`halfmoon.keeping.saving.Saver`: saves
that never overwrite a newer play, statistics and history by read, change, write,
pruning, version 1 carried over) over the browser's storage, and the other tabs'
``storage`` events passed on (:meth:`Persistence.connect`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..keeping.saving import Saver
from .dom import Handlers
from .storage import Storage


class Persistence(Saver):
    """The engine's :class:`~halfmoon.keeping.saving.Saver` over the page's storage, and what
    other tabs change passed on as it happens (the ``storage`` event)."""

    def __init__(self, storage: Storage, window: Any, handlers: Handlers) -> None:
        super().__init__(storage)
        self._changed: Callable[[str | None, str | None], None] = lambda key, value: None
        if not storage.blocked:
            handlers.on(window, "storage", self._storage_event)

    def connect(self, *, changed: Callable[[str | None, str | None], None]) -> None:
        """Who hears that another tab changed a key: the key and its new value (a key
        of None: the storage was cleared)."""
        self._changed = changed

    def _storage_event(self, event: Any) -> None:
        key, value = event.key, event.newValue
        self._changed(
            key if isinstance(key, str) else None, value if isinstance(value, str) else None
        )
