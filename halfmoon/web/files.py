"""Files: a backup saved as a download, and the file a player chooses to restore (the
system's file chooser, an ``<input type="file">``).

It only moves text between the page and a file: what goes into a backup and what a
chosen file may do are decided in :mod:`halfmoon.keeping.backup`, by the controller's call.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import js  # type: ignore[import-not-found]
from pyodide.ffi import to_js  # type: ignore[import-not-found]

from .dom import Handlers, absent, js_object

REVOKE_MS = 60_000  # how long a saved file's address lives (the download has begun)


class Files:
    """Moves text between the page and a file: a download, a chosen file."""

    def __init__(self, document: Any, handlers: Handlers, *, too_big: int) -> None:
        self.doc = document
        self.handlers = handlers
        self.too_big = too_big  # a file larger is refused unread
        self.chooser = document.querySelector('[data-role="restore-file"]')
        self._chosen: Callable[[str | None, int], None] = lambda raw, size: None
        self._pending: Any = None
        handlers.on(self.chooser, "change", self._changed)

    def connect(self, *, chosen: Callable[[str | None, int], None]) -> None:
        """Who hears that a file was chosen: its text (None if it could not be read, or
        was not read: larger than ``too_big`` bytes) and its size in bytes."""
        self._chosen = chosen

    def save(self, name: str, text: str) -> bool:
        """Offer ``text`` as a download called ``name``; whether the browser took it."""
        try:
            blob = js.Blob.new(to_js([text]), js_object({"type": "application/json"}))
            url = js.URL.createObjectURL(blob)
            link = self.doc.createElement("a")
            link.href = url
            link.download = name
            link.hidden = True
            self.doc.body.appendChild(link)
            link.click()
            link.remove()
            js.setTimeout(js.URL.revokeObjectURL.bind(js.URL, url), REVOKE_MS)
        except Exception:
            return False
        return True

    def choose(self) -> None:
        """Open the system's file chooser (the same file can be chosen again)."""
        self.chooser.value = ""
        self.chooser.click()

    def _changed(self, event: Any) -> None:
        files = self.chooser.files
        chosen = None if absent(files) or not files.length else files.item(0)
        if chosen is None or absent(chosen):
            return
        size = int(chosen.size)
        if size > self.too_big:  # refused unread: tens of megabytes
            self._chosen(None, size)
            return

        async def read() -> None:
            try:
                text: str | None = str(await chosen.text())
            except Exception:
                text = None
            self.handlers.guard(lambda e: self._chosen(text, size))(None)

        self._pending = asyncio.ensure_future(read())
