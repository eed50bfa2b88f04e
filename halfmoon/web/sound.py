"""Sound: short, soft sounds for the player's own moves, when the option is on.

The controller decides when (the option, in this page or in a frame: :mod:`halfmoon.keeping.prefs`)
and the session what a move sounds like (:attr:`halfmoon.session.feedback.Feedback.sound`);
``static/sound.js`` makes it with Web Audio, loaded by the start-up script once the game
is ready, and keeps quiet before the player's first gesture and while the page is
hidden.  Until it is there, nothing sounds.
"""

from __future__ import annotations

from typing import Any

import js  # type: ignore[import-not-found]

from .dom import absent


class Sound:
    """Plays a move's sound through ``static/sound.js``."""

    def play(self, kind: str) -> None:
        module: Any = getattr(js, "halfmoonSound", None)
        if not absent(module):
            module.play(kind)
