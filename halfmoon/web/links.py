"""Links: the address always shows the deal in play, a changed address opens what it
names (the session decides what), the deal's link can be copied, and a result shared
(by the browser's own share sheet where it has one, else copied).

Copying uses the Clipboard API where the page may: a frame whose host did not allow it
(``allow="clipboard-write"``) is refused it, and Chromium logs an error for each try.
There, as where the API fails, the browser's older copy command copies instead: it asks
nothing of the host, only that the player has just tapped (docs/embedding.md)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from .dom import Handlers, absent, js_object


class Links:
    """Keeps the address on the deal in play; copies and shares links."""

    def __init__(self, window: Any, handlers: Handlers, *, framed: bool = False) -> None:
        self.win = window
        self.framed = framed  # inside another page, whose history is not the game's
        self._pending: Any = None
        self._changed: Callable[[str], None] = lambda fragment: None
        self._copying: str | None = None  # what the copy command being run copies
        handlers.on(window, "hashchange", lambda e: self._changed(str(window.location.hash or "")))
        handlers.on(window.document, "copy", self._copy_event)

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
            done(await self._write(link), link)

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
            done("copied" if await self._write(words) else "failed")

        self._pending = asyncio.ensure_future(send())

    async def _write(self, words: str) -> bool:
        """``words`` put on the clipboard: by the Clipboard API where this page may use
        it, else (or if it fails) by the copy command; whether either did."""
        clipboard: Any = getattr(self.win.navigator, "clipboard", None)
        if self._clipboard_allowed() and not absent(clipboard):
            try:
                await clipboard.writeText(words)
            except Exception:
                pass  # refused: the copy command may still copy
            else:
                return True
        return self._copy_command(words)

    def _clipboard_allowed(self) -> bool:
        """Whether the page may write with the Clipboard API: not in a frame whose host
        did not allow it.  A browser that cannot say (it has no permissions policy to
        ask) is tried."""
        doc = self.win.document
        for name in ("permissionsPolicy", "featurePolicy"):
            policy: Any = getattr(doc, name, None)
            if not absent(policy):
                return bool(policy.allowsFeature("clipboard-write"))
        return True

    def _copy_command(self, words: str) -> bool:
        """``words`` copied by the browser's copy command (``execCommand``): it copies
        what its ``copy`` event puts on the clipboard (:meth:`_copy_event`); whether the
        browser let it."""
        self._copying = words
        try:
            return bool(self.win.document.execCommand("copy"))
        except Exception:
            return False
        finally:
            self._copying = None

    def _copy_event(self, event: Any) -> None:
        """A ``copy`` event: the copy command's words, while it runs; otherwise the
        player's own copy of what they selected, left alone."""
        if self._copying is not None:
            event.clipboardData.setData("text/plain", self._copying)
            event.preventDefault()
