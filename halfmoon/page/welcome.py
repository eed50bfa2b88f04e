"""The first visit's welcome: what a player who has never played here is told, once.

A first visit is one that finds nothing the game keeps (:data:`halfmoon.keeping.saved.KEYS`):
no game saved last, no options, no statistics, no games kept.  The start saves the deal
it shows at once, so the next visit finds it and the welcome is never shown again
(a browser that keeps nothing, where every visit is a first, shows it each time: a
line under the table, gone at the first tap).  The page shows it in the message line
(its first words name the game, which a phone's bar may not), with a way to the rules
and a way to put it away (``halfmoon/web/control.py``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from ..keeping.saved import KEYS
from ..words.i18n import Phrase, phrase

LOOKED_AT: Final = ("last", "prefs", "stats", "history")
"""The keys whose presence says the game was played or set up here before."""


def first_visit(stored: Callable[[str], str | None]) -> bool:
    """Whether nothing the game keeps is stored (``stored``: a key's value, or None)."""
    return all(stored(KEYS[name]) is None for name in LOOKED_AT)


def welcome(first: bool) -> tuple[Phrase, ...]:
    """What the message line says at the start of a first visit (nothing otherwise):
    the goal in one sentence and which cards play in another."""
    return (phrase("welcome.text"),) if first else ()
