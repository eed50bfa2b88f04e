"""Input: taps on cards, the action buttons, the keyboard, and the focus inside dialogs.

It turns what the player does into calls on the game's controller (the composer in
:mod:`.app`) and decides nothing about the game itself: which card an arrow key reaches
and what a shortcut means are decided in :mod:`halfmoon.keys`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..keys import NAVIGATION, Shortcut, shortcut, target
from .dom import Handlers, absent
from .render import Renderer

CARD = "button.card[data-card]"


class Input:
    def __init__(self, document: Any, handlers: Handlers, render: Renderer) -> None:
        self.doc = document
        self.render = render
        self._tap: Callable[[str, Any], None] = _ignore
        self._action: Callable[[str, str], None] = _ignore
        self._shortcut: Callable[[Shortcut], None] = _ignore
        table = document.getElementById("table")
        handlers.on(table, "click", self._click_table)
        handlers.on(table, "focusin", self._focus)
        handlers.on(document, "click", self._click_action)
        handlers.on(document, "keydown", self._key)

    def connect(
        self,
        *,
        tap: Callable[[str, Any], None],
        action: Callable[[str, str], None],
        shortcut: Callable[[Shortcut], None],
    ) -> None:
        """Who hears a tap on a card (its place and the event), a button's
        ``data-action`` (with its ``data-entry``, a game of the history, or '') and a
        keyboard shortcut."""
        self._tap, self._action, self._shortcut = tap, action, shortcut

    def _click_table(self, event: Any) -> None:
        button = event.target.closest(CARD)
        if not absent(button):
            self._tap(str(button.parentElement.dataset.slot), event)

    def _click_action(self, event: Any) -> None:
        """A button with a ``data-action``: the bar, the actions row, the windows."""
        button = event.target.closest("[data-action]")
        if not absent(button) and not button.disabled:
            entry = button.getAttribute("data-entry")
            self._action(str(button.dataset.action), "" if absent(entry) else str(entry))

    def _focus(self, event: Any) -> None:
        """A card used by mouse or touch becomes the table's tab stop."""
        card = event.target.closest(CARD)
        if not absent(card):
            self.render.tab_to(str(card.parentElement.dataset.slot))

    def _key(self, event: Any) -> None:
        """Arrow keys, Home and End move between cards; U, R, N and Ctrl/Cmd+Z,
        Ctrl+Shift+Z, Ctrl+Y are shortcuts.  Nothing happens while a window is open
        (Tab stays inside it) or while text is typed."""
        if event.defaultPrevented:
            return
        dialog = self.doc.querySelector("dialog[open]")
        if not absent(dialog):
            if str(event.key) == "Tab":
                self._trap(dialog, event)
            return
        element = event.target
        tag = str(getattr(element, "tagName", "") or "").lower()
        if tag in ("input", "select", "textarea"):
            return
        key = str(event.key)
        if key in NAVIGATION:
            card = element.closest(CARD) if tag == "button" else None
            if card is None or absent(card):
                return
            event.preventDefault()
            goal = target(key, str(card.parentElement.dataset.slot), self.render.occupied)
            if goal is not None:
                self.render.move_focus(goal)
            return
        action = shortcut(
            key,
            ctrl=bool(event.ctrlKey),
            meta=bool(event.metaKey),
            shift=bool(event.shiftKey),
            alt=bool(event.altKey),
        )
        if action is not None:
            event.preventDefault()
            if action != "new" or not event.repeat:  # a new deal needs a press of its own
                self._shortcut(action)

    def _trap(self, dialog: Any, event: Any) -> None:
        """Tab and Shift+Tab go round the open window's controls and never leave it."""
        controls = [
            el
            for el in dialog.querySelectorAll("button, input, select, [tabindex='0']")
            if not el.disabled and el.checkVisibility()
        ]
        if not controls:
            return
        active = self.doc.activeElement
        if event.shiftKey and (active == controls[0] or not dialog.contains(active)):
            event.preventDefault()
            controls[-1].focus()
        elif not event.shiftKey and (active == controls[-1] or not dialog.contains(active)):
            event.preventDefault()
            controls[0].focus()


def _ignore(*_: Any) -> None:
    """What a room does with input before the controller is connected: nothing."""
