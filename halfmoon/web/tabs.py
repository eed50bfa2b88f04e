"""Hearing other tabs: what another tab of the game changed in the browser's storage."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from .storage import Storage


class OtherTabs:
    """Another tab changed a key: the table hears it first (its play, the options),
    then each window that shows what the key holds (the statistics, your games, the
    calendar).  At the start it also catches up on what changed before this tab could
    hear it."""

    def __init__(
        self,
        storage: Storage,
        *,
        table: Callable[[str, str], None],
        windows: Iterable[Callable[[str], None]],
    ) -> None:
        self.storage, self.table, self.windows = storage, table, tuple(windows)

    def changed(self, key: str | None, value: str | None) -> None:
        """``key`` now holds ``value`` (None for either: the storage was cleared, which
        no room shows)."""
        if key is None or value is None:
            return
        self.table(key, value)
        for heard in self.windows:
            heard(key)

    def catch_up(self, seen: dict[str, str | None]) -> None:
        """Each key whose value is no longer the one ``seen`` at the opening, heard as
        if another tab had just changed it."""
        for key, value in seen.items():
            stored = self.storage.get(key)
            if stored != value:
                self.changed(key, stored)
