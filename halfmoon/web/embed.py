"""Embedding: inside a frame, the game tells its parent window what happens
(docs/embedding.md).  It posts only what the table shows and accepts no commands."""

from __future__ import annotations

from typing import Any

from .dom import js_object


class Embed:
    """Tells the parent page what happens on the table (inside a frame only)."""

    def __init__(self, window: Any, root: Any) -> None:
        self.win = window
        self.embedded = root.getAttribute("data-embedded") == "true"

    def post(self, event: dict[str, Any]) -> None:
        if self.embedded:
            self.win.parent.postMessage(js_object(event), "*")
