"""Keyboard play: moving between cards with the arrow keys, Home and End, where the
focus goes when its card leaves, and the shortcuts."""

from __future__ import annotations

from collections.abc import Collection
from typing import Final, Literal

from ..rules.layout import POSITIONS, SLOTS

Direction = Literal["left", "right", "up", "down"]
Shortcut = Literal["undo", "redo", "new", "read", "pause", "fullscreen", "let-go"]

ARROWS: Final[dict[str, Direction]] = {
    "ArrowLeft": "left",
    "ArrowRight": "right",
    "ArrowUp": "up",
    "ArrowDown": "down",
}
_STEP: Final[dict[Direction, tuple[int, int]]] = {
    "left": (0, -1),
    "right": (0, 1),
    "up": (-1, 0),
    "down": (1, 0),
}

_FALLBACK: Final[tuple[Direction, ...]] = ("right", "left", "down", "up")


def neighbour(slot: str, direction: Direction, occupied: Collection[str]) -> str | None:
    """The card the arrow key moves to, or None at the edge of the table.

    Places straight ahead (in the same row, or the same column, give or take the
    reserve's half-column offset) come first, nearest first; only when there are none
    does the key go to the nearest place ahead on another line.  Empty places are
    skipped, so the keys always land on a card."""
    row, col = POSITIONS[slot]
    d_row, d_col = _STEP[direction]
    best: tuple[bool, float, int, str] | None = None
    for order, other in enumerate(SLOTS):
        if other == slot or other not in occupied:
            continue
        o_row, o_col = POSITIONS[other]
        ahead = (o_row - row) * d_row + (o_col - col) * d_col
        if ahead <= 0:
            continue
        aside = abs(o_col - col) if d_row else abs(o_row - row)
        score = (aside >= 1, ahead + 2 * aside, order, other)
        if best is None or score < best:
            best = score
    return None if best is None else best[3]


def first(occupied: Collection[str]) -> str | None:
    """The first card in place order (Home; and where focus goes when it has nowhere
    better)."""
    return next((s for s in SLOTS if s in occupied), None)


def last(occupied: Collection[str]) -> str | None:
    """The last card in place order (End)."""
    return next((s for s in reversed(SLOTS) if s in occupied), None)


NAVIGATION: Final = frozenset([*ARROWS, "Home", "End"])
"""The keys that move the focus from card to card."""


def target(key: str, slot: str, occupied: Collection[str]) -> str | None:
    """Where a navigation key moves the focus from the card at ``slot``, or None."""
    if key == "Home":
        return first(occupied)
    if key == "End":
        return last(occupied)
    return neighbour(slot, ARROWS[key], occupied)


def fallback(slot: str, occupied: Collection[str]) -> str | None:
    """Where the focus goes when the card at ``slot`` has left the table: the nearest
    card to its right, else to its left, below, above; else the first card."""
    if slot in occupied:
        return slot
    for direction in _FALLBACK:
        found = neighbour(slot, direction, occupied)
        if found is not None:
            return found
    return first(occupied)


MODIFIERS: Final = frozenset(["Shift", "Control", "Alt", "AltGraph", "Meta", "OS", "CapsLock"])
"""Keys that mean nothing pressed alone."""


def resumes(key: str) -> bool:
    """Whether a key pressed while the player has paused ends the pause: any key but a
    modifier pressed alone (the key is used up by it)."""
    return key not in MODIFIERS


def shortcut(key: str, *, ctrl: bool, meta: bool, shift: bool, alt: bool) -> Shortcut | None:
    """U or Ctrl/Cmd+Z: undo · R, Ctrl/Cmd+Shift+Z or Ctrl+Y: redo · N: new game · T:
    the table read aloud · P: pause · F: full screen · Escape (no window open): the
    selected cards let go.

    >>> shortcut("z", ctrl=True, meta=False, shift=False, alt=False)
    'undo'
    >>> shortcut("Z", ctrl=False, meta=True, shift=True, alt=False)
    'redo'
    >>> shortcut("u", ctrl=False, meta=False, shift=False, alt=True) is None
    True
    """
    if alt:
        return None
    if key == "Escape":
        return None if ctrl or meta or shift else "let-go"
    lower = key.lower()
    command = ctrl or meta
    if command:
        if lower == "z":
            return "redo" if shift else "undo"
        if lower == "y" and ctrl and not shift:
            return "redo"
        return None
    if shift:
        return None
    keys = {"u": "undo", "r": "redo", "n": "new", "t": "read", "p": "pause", "f": "fullscreen"}
    return keys.get(lower)  # type: ignore[return-value]
