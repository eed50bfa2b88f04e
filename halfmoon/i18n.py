"""Words for people: catalogue look-up, card and place names, language choice."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from .cards import Card
from .layout import PILE_COUNT, slot_index
from .messages import CATALOGUE

LANGUAGES: Final = ("pt", "en")
DEFAULT_LANGUAGE: Final = "pt"
SUIT_SYMBOLS: Final = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def text(lang: str, key: str, **params: object) -> str:
    """The catalogue string ``key`` in ``lang`` (default language if unknown),
    with ``{placeholders}`` filled from ``params``."""
    table = CATALOGUE.get(lang, CATALOGUE[DEFAULT_LANGUAGE])
    template = table[key]
    return template.format(**params) if params else template


def rank_label(card: Card, lang: str) -> str:
    """The rank as printed in a card's corner: A, 2 … 10, V D R (pt) or J Q K (en)."""
    table = CATALOGUE.get(lang, CATALOGUE[DEFAULT_LANGUAGE])
    return table.get(f"rank-short.{card.rank}", str(card.rank))


def card_label(card: Card, lang: str) -> str:
    """Short label such as ``D♥`` (pt) or ``Q♥`` (en)."""
    return rank_label(card, lang) + SUIT_SYMBOLS[card.suit]


def card_name(card: Card, lang: str) -> str:
    """Spoken name such as ``Dama de Copas`` or ``Queen of Hearts``."""
    return text(
        lang,
        "card.name",
        rank=text(lang, f"rank.{card.rank}"),
        suit=text(lang, f"suit.{card.suit}"),
    )


def place_name(slot: str, lang: str) -> str:
    """``monte 5`` / ``pile 5`` or ``reserva 3`` / ``reserve 3``."""
    index = slot_index(slot)
    if index < PILE_COUNT:
        return text(lang, "place.pile", n=index + 1)
    return text(lang, "place.reserve", n=index - PILE_COUNT + 1)


def count_words(n: int, lang: str) -> str:
    """``6 cartas`` / ``1 card`` / ``empty``."""
    if n == 0:
        return text(lang, "place.count.0")
    if n == 1:
        return text(lang, "place.count.1")
    return text(lang, "place.count.n", n=n)


def pick_language(preferred: Iterable[str]) -> str:
    """The language for a first visit from the browser's preferred languages:
    English only when English is named before any Portuguese (SPEC §6)."""
    for tag in preferred:
        primary = str(tag).strip().lower().split("-")[0].split("_")[0]
        if primary == "pt":
            return "pt"
        if primary == "en":
            return "en"
    return DEFAULT_LANGUAGE


def normalise_language(value: object) -> str | None:
    """``"pt"`` or ``"en"`` for a ``?lang=`` value or stored choice, else ``None``."""
    if not isinstance(value, str):
        return None
    primary = value.strip().lower().split("-")[0]
    return primary if primary in LANGUAGES else None
