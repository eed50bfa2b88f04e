"""Words of the first visit's welcome."""

from __future__ import annotations

from typing import Final

PT: Final[dict[str, str]] = {
    "welcome.text": "Half Moon: toque em duas cartas que somem 11, ou num Valete, numa Dama e num Rei. Só jogam a carta de cima de cada monte e as da reserva.",
    "welcome.rules": "Como se joga",
    "welcome.close": "Entendido",
}

EN: Final[dict[str, str]] = {
    "welcome.text": "Half Moon: tap two cards that make 11, or a Jack, a Queen and a King. Only the top card of each pile and the reserve cards play.",
    "welcome.rules": "How to play",
    "welcome.close": "Got it",
}
