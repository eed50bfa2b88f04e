"""Full screen: the page takes the whole screen, and gives it back, where the browser
offers it (the Fullscreen API; inside a frame, only when the host allows it:
``allow="fullscreen"``).  Where it does not (an iPhone's Safari), the start-up script
hides the button before the first paint (``static/boot/look.js``).  The table takes the
new space at once: the board's size is watched (``static/boot/size.js``)."""

from __future__ import annotations

from typing import Any

from .dom import Handlers, absent


class Screen:
    """Takes the whole screen, and gives it back."""

    def __init__(self, document: Any, handlers: Handlers) -> None:
        self.doc = document
        self.button = document.querySelector('[data-action="fullscreen"]')
        self._refused = handlers.proxy(lambda error: None)  # the browser said no: nothing to do
        handlers.on(document, "fullscreenchange", lambda e: self._show())

    @property
    def available(self) -> bool:
        return bool(getattr(self.doc, "fullscreenEnabled", False))

    @property
    def full(self) -> bool:
        return not absent(getattr(self.doc, "fullscreenElement", None))

    def toggle(self) -> None:
        """Take the whole screen, or give it back."""
        if not self.available:
            return
        if self.full:
            self.doc.exitFullscreen().catch(self._refused)
        else:
            self.doc.documentElement.requestFullscreen().catch(self._refused)

    def _show(self) -> None:
        self.button.setAttribute("aria-pressed", "true" if self.full else "false")
