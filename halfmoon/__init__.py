"""Half Moon, a two-deck solitaire of the Elevens family: the rules engine.

Plain Python with no browser or I/O in it; the same files run in CPython and Pyodide.
A deal is its code, in any letter case; its places are ``P1`` … ``P12`` and ``R1`` … ``R8``:

>>> from halfmoon import Game
>>> game = Game.new("hm1-n-aaaaaaa")
>>> game.code, game.top("P4"), game.count("P4"), game.cards_left
('HM1-N-AAAAAAA', Card('9S'), 8, 104)
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
