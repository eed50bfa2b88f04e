"""The deals a new player's first visit can open with, dealt when the site is built.

A first visit has no saved table to paint and no Python yet: the build deals
:data:`SIZE` deals of fresh randomness (``secrets``, through the engine's own
``Game.new``) and writes each, in every language, as the record the engine keeps of a
table (:func:`halfmoon.painted.dealt`), into a module of the start-up script
(:data:`MODULE`).  That script draws one of them at random (``static/boot/paint.js``)
and paints it in the first frame; Python then starts with that very deal
(``Session.start``'s ``drawn``).  Every later deal is Python's, of fresh randomness.
Each deal adds about 150 bytes per language on the wire (gzip; docs/performance.md,
"A new player's first visit")."""

from __future__ import annotations

import json
from typing import Final

from halfmoon.game import Game
from halfmoon.i18n import LANGUAGES
from halfmoon.painted import dealt

SIZE: Final = 32
"""How many deals: five first visits show at least three different deals but once in
about 2,300 tries, for about 7.5 kB on the wire."""


def codes(size: int = SIZE) -> list[str]:
    """``size`` different deal codes, each of fresh randomness."""
    found: list[str] = []
    while len(found) < size:
        code = Game.new().code
        if code is not None and code not in found:
            found.append(code)
    return found


def pool(size: int = SIZE) -> dict[str, list[dict[str, object]]]:
    """Each language's records of the same ``size`` new deals, in the same order."""
    drawn = codes(size)
    return {lang: [dealt(code, lang) for code in drawn] for lang in LANGUAGES}


MODULE: Final = "static/boot/pool.js"
"""The start-up script's module that holds the pool (its sources hold none)."""


def pool_module(data: dict[str, list[dict[str, object]]]) -> str:
    """The module the page reads the pool from (:data:`MODULE`): its JSON as the text
    of ``deals``, parsed only on a visit that paints a new deal; a module of its own, in
    parallel with the page's others, so that the page itself stays small enough to
    arrive in one round trip of a slow link."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return (
        "// The new deals a new player's first visit paints: written by tools/pool.py.\n"
        f"export const deals = {json.dumps(text, ensure_ascii=False)};\n"
    )
