"""Motion that helps the eye: removed cards fly to the score, undone ones fly back from
it, and a new deal is dealt from the open bottom of the arch.

The renderer says which card moves how; ``static/motion.js`` draws it (one call per card:
the copies, their flights, their clean-up), loaded by the start-up script once the game is
ready.  Until it is there, and with reduced motion, nothing moves (the renderer does not
call this room then).
"""

from __future__ import annotations

from typing import Any

import js  # type: ignore[import-not-found]

from .dom import absent


class Motion:
    """Hands card movements and a win's burst to ``static/motion.js``."""

    def _module(self) -> Any:
        module = getattr(js, "halfmoonMotion", None)
        return None if absent(module) else module

    def leave(self, place: Any, card: Any) -> None:
        """``card`` is about to leave ``place``: a copy of it flies to the score."""
        if (module := self._module()) is not None:
            module.leave(place, card)

    def back(self, place: Any, card: Any) -> None:
        """``card`` came back to ``place`` (an undo): a copy flies in from the score."""
        if (module := self._module()) is not None:
            module.back(place, card)

    def deal(self, place: Any, card: Any) -> None:
        """``card`` is dealt to ``place``: a copy flies in from the deck, in turn."""
        if (module := self._module()) is not None:
            module.deal(place, card)

    def celebrate(self) -> None:
        """A game won: a short burst of suits over the emptied table."""
        if (module := self._module()) is not None:
            module.celebrate()

    def clear(self) -> None:
        """Motion was turned off: no copy stays behind."""
        if (module := self._module()) is not None:
            module.clear()
