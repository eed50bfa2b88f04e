"""Half Moon, a two-deck solitaire of the Elevens family: the rules engine.

Plain Python with no browser or I/O in it; the same files run in CPython and Pyodide.
"""

from .rules.cards import Card, card, parse_card
from .rules.deal import CodeError, canonical_code, format_code, parse_code, random_code
from .rules.game import Game, Removal, TapResult
from .rules.game_format import SnapshotError

__all__ = [
    "Card",
    "CodeError",
    "Game",
    "Removal",
    "SnapshotError",
    "TapResult",
    "canonical_code",
    "card",
    "format_code",
    "parse_card",
    "parse_code",
    "random_code",
]
