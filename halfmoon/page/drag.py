"""Dragging a card onto another, beside tapping (docs/design.md, "Tapping").

A drag is two taps: the card dragged, then the card it is dropped on, each through the
same tap machine (:meth:`halfmoon.rules.game.Game.tap`), so a drag can do nothing a tap cannot
and says nothing a tap would not.  A card already selected is not tapped again (a tap
on it would let it go): a selected card dragged onto its partner makes the pair, and the
third court dragged onto one of the two selected completes the trio.  A card dropped on
itself, or anywhere but on a card, goes back: nothing is tapped.  The page decides only
where the drop landed (``static/drag.js``).
"""

from __future__ import annotations

from collections.abc import Sequence


def drop_taps(selection: Sequence[str], source: str, target: str) -> tuple[str, ...]:
    """The places to tap, in order, for the card of ``source`` dropped on the card of
    ``target`` while ``selection`` is selected."""
    if source == target:
        return ()
    return tuple(slot for slot in (source, target) if slot not in selection)
