"""Input: taps on cards, cards dropped on cards, the action buttons, the keyboard, and
the focus inside dialogs.  While the player has paused, the first tap or key only ends
the pause.

It turns what the player does into calls on the game's controller
(:mod:`.control`) and decides nothing about the game itself: which card an arrow key reaches
and what a shortcut means are decided in :mod:`halfmoon.page.keys`, what a drop taps in
:mod:`halfmoon.page.drag` (``static/drag.js`` follows the pointer and says where it landed).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..page.kept import Action, Tap, read
from ..page.keys import NAVIGATION, Shortcut, resumes, shortcut, target
from ..rules.layout import SLOTS
from .dom import Handlers, absent
from .render import Renderer

CARD = "button.card[data-card]"


class Input:
    """Hears the pointer and the keys, and calls the controller."""

    def __init__(self, document: Any, handlers: Handlers, render: Renderer) -> None:
        self.doc = document
        self.render = render
        self._tap: Callable[[str, Any], None] = _ignore
        self._action: Callable[[str, str], None] = _ignore
        self._shortcut: Callable[[Shortcut], None] = _ignore
        self._drop: Callable[[str, str], None] = _ignore
        self.paused: Callable[[], bool] = lambda: False
        self._connected = False  # until then the start-up script keeps what is done
        table = document.getElementById("table")
        handlers.on(table, "click", self._click_table)
        handlers.on(table, "halfmoon-drop", self._dropped)
        cover = document.querySelector('[data-role="paused"]')
        handlers.on(cover, "click", lambda e: self._shortcut("pause"))
        handlers.on(table, "focusin", self._focus)
        handlers.on(document, "click", self._click_action)
        handlers.on(document, "keydown", self._key)

    def connect(
        self,
        *,
        tap: Callable[[str, Any], None],
        action: Callable[[str, str], None],
        shortcut: Callable[[Shortcut], None],
        drop: Callable[[str, str], None],
        paused: Callable[[], bool],
    ) -> None:
        """Who hears a tap on a card (its place and the event), a button's
        ``data-action`` (with its ``data-entry``, a game of the history, or ''), a
        keyboard shortcut and a card dropped on another (their places); and whether the
        player has paused (then any key, and any button outside a window, ends the pause
        and does nothing else).  Nothing is heard before (the start-up script keeps it)."""
        self._tap, self._action, self._shortcut = tap, action, shortcut
        self._drop, self.paused = drop, paused
        self._connected = True

    def _dropped(self, event: Any) -> None:
        detail = event.detail
        source, target = str(detail.source), str(detail.target)
        if source in SLOTS and target in SLOTS:
            self._drop(source, target)

    def _click_table(self, event: Any) -> None:
        button = event.target.closest(CARD)
        if not absent(button):
            self._tap(str(button.parentElement.dataset.slot), event)

    def _click_action(self, event: Any) -> None:
        """A button with a ``data-action``: the bar, the actions row, the windows.  While
        the player has paused, a button of the bar or the actions row only ends the pause
        (as a key or a card does): nothing happens on a table the player cannot see."""
        button = event.target.closest("[data-action]")
        if absent(button) or button.getAttribute("aria-disabled") == "true":
            return
        if self.paused() and absent(button.closest("dialog")):
            self._shortcut("pause")
        elif not button.disabled:
            entry = button.getAttribute("data-entry")
            self._action(str(button.dataset.action), "" if absent(entry) else str(entry))

    def _focus(self, event: Any) -> None:
        """A card used by mouse or touch becomes the table's tab stop."""
        if not self._connected:
            return
        card = event.target.closest(CARD)
        if not absent(card):
            self.render.tab_to(str(card.parentElement.dataset.slot))

    def _key(self, event: Any) -> None:
        """Arrow keys, Home and End move between cards; U, R, N and Ctrl/Cmd+Z,
        Ctrl+Shift+Z, Ctrl+Y are shortcuts.  Nothing happens while a window is open
        (Tab stays inside it) or while text is typed."""
        if event.defaultPrevented or not self._connected:
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
        card = element.closest(CARD) if tag == "button" else None
        slot = "" if card is None or absent(card) else str(card.parentElement.dataset.slot)
        mods = (bool(event.ctrlKey), bool(event.metaKey), bool(event.shiftKey), bool(event.altKey))
        if self.press(str(event.key), *mods, repeat=bool(event.repeat), on=slot):
            event.preventDefault()

    def press(
        self, key: str, ctrl: bool, meta: bool, shift: bool, alt: bool, *, repeat: bool, on: str
    ) -> bool:
        """A key pressed (``on``: the card that had the focus, or ''); whether it meant
        something here."""
        if self.paused():
            if resumes(key) and not repeat:
                self._shortcut("pause")
            return resumes(key)
        if key in NAVIGATION:
            if not on:
                return False
            goal = target(key, on, self.render.occupied)
            if goal is not None:
                self.render.move_focus(goal)
            return True
        action = shortcut(key, ctrl=ctrl, meta=meta, shift=shift, alt=alt)
        if action is None:
            return False
        if action != "new" or not repeat:  # a new deal needs a press of its own
            self._shortcut(action)
        return True

    def replay(self, kept: Sequence[object]) -> None:
        """Play what the player did on the painted table before Python was ready
        (``static/boot/kept.js``, read by :func:`halfmoon.page.kept.read`), in order, through
        the usual paths: taps on cards, buttons' actions, keys.  Anything malformed is
        skipped."""
        done = [item for item in map(read, kept) if item is not None]
        # a tapped card looked selected at once: drawn again as the game has it
        self.render.forget(item.slot for item in done if isinstance(item, Tap))
        for item in done:
            if isinstance(item, Tap):
                self._tap(item.slot, None)
            elif isinstance(item, Action):
                self._action(item.action, item.entry)
            else:
                held = (item.ctrl, item.meta, item.shift, item.alt)
                self.press(item.key, *held, repeat=item.repeat, on=item.slot)

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
