"""Small helpers at the Python–JavaScript border: look-ups that may find nothing,
windows closed and focused, JavaScript objects from dicts, deal codes written into the
page, and Python functions handed to the browser as event handlers and timers.  The
page's clocks are in :mod:`.clock`."""

from __future__ import annotations

import traceback
from collections.abc import Callable
from typing import Any

import js  # type: ignore[import-not-found]
from pyodide.ffi import (  # type: ignore[import-not-found]
    create_proxy,
    jsnull,
    to_js,
)

from ..words.i18n import code_runs

Handler = Callable[[Any], None]


def absent(value: Any) -> bool:
    """Whether a DOM look-up found nothing: JavaScript ``null`` reaches Python as
    ``jsnull``, not ``None``, and ``undefined`` as ``None``."""
    return value is None or value is jsnull


def close_windows(doc: Any) -> None:
    """Close every open window (``<dialog>``) of the page."""
    for dialog in doc.querySelectorAll("dialog[open]"):
        dialog.close()


def at_top(dialog: Any) -> None:
    """A window just opened shows its top: its title (``tabindex="-1"`` in index.html)
    takes the focus, rather than the first button, which may lie far below.  (Not the
    ``autofocus`` attribute: inside a frame from another origin the browser refuses it.)"""
    title = dialog.querySelector('h2[tabindex="-1"]')
    if not absent(title):
        title.focus()


def js_object(data: dict[str, Any]) -> Any:
    """A plain JavaScript object with the same fields."""
    return to_js(data, dict_converter=js.Object.fromEntries)


class Handlers:
    """Python functions handed to the browser.  They stay alive for the page's lifetime,
    and each runs guarded: an exception is logged and passed to :attr:`on_error` (the
    crash dialog) instead of escaping into the page."""

    def __init__(self) -> None:
        self.on_error: Callable[[], None] = lambda: None
        self._kept: list[Any] = []

    def guard(self, handler: Handler) -> Handler:
        def guarded(event: Any = None, *_: Any) -> None:  # an observer is handed two
            try:
                handler(event)
            except Exception:
                js.console.error(traceback.format_exc())
                self.on_error()

        return guarded

    def proxy(self, handler: Handler) -> Any:
        """A JavaScript function that calls ``handler``, guarded, for as long as the page
        lives."""
        proxy = create_proxy(self.guard(handler))
        self._kept.append(proxy)
        return proxy

    def on(self, target: Any, event: str, handler: Handler) -> None:
        target.addEventListener(event, self.proxy(handler))

    def every(self, ms: int, handler: Handler) -> None:
        js.setInterval(self.proxy(handler), ms)

    def observe(self, target: Any, attribute: str, handler: Handler) -> None:
        """``handler`` hears each change of ``attribute`` on ``target`` or any element in
        it (a MutationObserver; called once per batch of changes)."""
        observer = js.MutationObserver.new(self.proxy(handler))
        options = {"attributes": True, "subtree": True, "attributeFilter": [attribute]}
        observer.observe(target, js_object(options))


def write_codes(element: Any, words: str) -> None:
    """Put ``words`` in ``element`` as text, each deal code in a ``span.deal-code`` that
    never breaks across lines (:func:`~halfmoon.words.i18n.code_runs`); plain text otherwise.
    Nothing is written when the element already says it."""
    if str(element.textContent or "") == words:
        return
    runs = code_runs(words)
    if not any(is_code for _, is_code in runs):
        element.textContent = words
        return
    doc = element.ownerDocument
    parts = []
    for run, is_code in runs:
        if is_code:
            span = doc.createElement("span")
            span.className = "deal-code"
            span.textContent = run
            parts.append(span)
        else:
            parts.append(doc.createTextNode(run))
    element.replaceChildren(*parts)
