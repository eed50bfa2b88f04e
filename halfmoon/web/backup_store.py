"""What a backup takes from the browser's storage and a restore writes into it: the
engine's :class:`halfmoon.backup_keys.BackupKeys` over the page's storage and saving."""

from __future__ import annotations

from ..backup_keys import BackupKeys
from .persistence import Persistence
from .storage import Storage


class BackupStore(BackupKeys):
    def __init__(self, storage: Storage, store: Persistence) -> None:
        super().__init__(storage, store)
