"""Links: the address always shows the deal in play, a changed address opens what it
names (the session decides what), the deal's link can be copied, and a result shared
(by the browser's own share sheet where it has one, else copied)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from .dom import Handlers, js_object


class Links:
    """Keeps the address on the deal in play; copies and shares links."""

    def __init__(self, window: Any, handlers: Handlers, *, framed: bool = False) -> None:
        self.win = window
        self.framed = framed  # inside another page, whose history is not the game's
        self._pending: Any = None
        self._changed: Callable[[str], None] = lambda fragment: None
        handlers.on(window, "hashchange", lambda e: self._changed(str(window.location.hash or "")))

    def connect(self, *, changed: Callable[[str], None]) -> None:
        """Who hears that the address now names something else (its ``#`` fragment)."""
        self._changed = changed

    def show(self, code: str | None, *, push: bool = False) -> None:
        """Put the deal in play in the address bar: as a new entry of the history when
        the player went to another deal (so Back returns to the one left), else in
        place of the address shown.  Inside a frame always in place: the tab's history
        belongs to the page around the game, whose Back button must not step through
        deals."""
        if code is None:
            return
        location = self.win.location
        if location.hash != "#" + code:
            url = str(location.pathname) + str(location.search) + "#" + code
            if push and not self.framed:
                self.win.history.pushState(None, "", url)
            else:
                self.win.history.replaceState(None, "", url)

    def link(self, code: str) -> str:
        """The link that opens ``code`` on this site."""
        location = self.win.location
        return str(location.origin) + str(location.pathname) + "#" + code

    def copy(self, code: str, done: Callable[[bool, str], None]) -> None:
        """Copy the deal's link; ``done(copied, link)`` is told how it went."""
        link = self.link(code)

        async def write() -> None:
            try:
                await self.win.navigator.clipboard.writeText(link)
            except Exception:
                done(False, link)
            else:
                done(True, link)

        self._pending = asyncio.ensure_future(write())

    def share(self, words: str, done: Callable[[str], None]) -> None:
        """Share ``words`` with the Web Share API where the browser has it, else copy
        them; ``done`` is told ``shared``, ``copied``, ``cancelled`` (the player closed
        the share sheet) or ``failed``."""
        navigator = self.win.navigator

        async def send() -> None:
            if getattr(navigator, "share", None) is not None:
                try:
                    await navigator.share(js_object({"text": words}))
                except Exception as exc:
                    if "AbortError" in str(exc):
                        done("cancelled")
                        return
                else:
                    done("shared")
                    return
            try:
                await navigator.clipboard.writeText(words)
            except Exception:
                done("failed")
            else:
                done("copied")

        self._pending = asyncio.ensure_future(send())
