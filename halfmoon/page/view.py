"""What the page shows, as plain values the browser side copies onto the DOM: each
place of the table, the bar's counters, the end of a game and the statistics.

Pure and browser-free, so the words and states on screen are tested in CPython.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Final, Literal

from ..records.ending import End, end_of
from ..records.stats import Stats
from ..rules.cards import DECK, DOUBLE_DECK, Card
from ..rules.clock import format_time
from ..rules.game import Game, Status
from ..rules.layout import SLOTS, is_pile, place_caption, place_number
from ..words.i18n import (
    LANGUAGES,
    SUIT_SYMBOLS,
    Counted,
    Phrase,
    card_label,
    card_name,
    count_words,
    phrase,
    place_name,
    rank_label,
    text,
)


@dataclass(frozen=True, slots=True)
class PlaceView:
    """One place: its top card (or none), words for screen readers, and its state."""

    slot: str
    count: int
    caption: str
    card: str | None = None
    rank: str = ""
    suit: str = ""
    red: bool = False
    face: bool = False
    aria: str = ""
    pressed: bool = False
    dimmed: bool = False


COURTS = "static/courts.svg"
"""The sprite of court figures (``tools/courts.py`` writes it), one ``<symbol>`` per
court card, named by its card code (``QH``)."""


@dataclass(frozen=True, slots=True)
class Part:
    """One element of a drawn card: a ``<span>`` with a class, its text and children,
    or (``figure``) an ``<svg>`` showing that symbol of :data:`COURTS`.  ``drawn`` is
    text the stylesheet draws (``data-t``) rather than text of the page: the decorative
    repeats of the corner (the middle pip, the upside-down corner), so that the card's
    visible text is its corner alone, as its name begins.

    The game's renderer and the site pages' diagrams both draw cards from these parts,
    so a card looks the same everywhere and the drawing exists once."""

    cls: str
    text: str = ""
    children: tuple[Part, ...] = ()
    figure: str = ""
    drawn: str = ""


def card_class(view: PlaceView) -> str:
    """The card element's class: ``card`` plus ``red`` and ``face`` where they apply."""
    return "card" + (" red" if view.red else "") + (" face" if view.face else "")


def face_key(view: PlaceView) -> str:
    """The name under which the page keeps a card's face: the rank as its corner prints
    it, then the suit's letter (``10H``; ``DH``, a Dama of hearts; ``QH``, a Queen of
    hearts).  The build writes one ``<template id="face-KEY">`` per face, in every
    language (:func:`faces`), and both the first paint and the game clone them."""
    return view.rank + (view.card or " ")[-1]


def faces() -> list[PlaceView]:
    """One view of every face a card can show, in every language (64: the 40 number
    cards, and the Jack, Queen and King of each suit as each language prints them)."""
    found: dict[str, PlaceView] = {}
    for lang in LANGUAGES:
        for card in DECK:
            view = PlaceView(
                "",
                0,
                "",
                card=card.code,
                rank=rank_label(card, lang),
                suit=SUIT_SYMBOLS[card.suit],
                red=card.is_red,
                face=card.is_face,
            )
            found.setdefault(face_key(view), view)
    return list(found.values())


def face_parts(view: PlaceView) -> tuple[Part, ...]:
    """A card's face: a corner index (rank over suit), the middle — the suit's pip, or
    for a Jack, Queen or King its drawn figure — and the upside-down corner.  Screen
    readers skip these (the card's label names it)."""

    corner = Part("idx", children=(Part("r", view.rank), Part("s", view.suit)))
    mirror = Part("idx bottom", children=(Part("r", drawn=view.rank), Part("s", drawn=view.suit)))
    middle = Part("figure", figure=view.card or "") if view.face else Part("pip", drawn=view.suit)
    return (corner, middle, mirror)


def card_aria(card: Card, slot: str, count: int, lang: str) -> str:
    """``D♥ Dama de Copas, monte 5, 6 cartas``: what the corner shows first, so that the
    name holds the visible text (speech input users say what they see), then the card's
    name, place and count."""
    return text(
        lang,
        "card.aria",
        label=card_label(card, lang),
        card=card_name(card, lang),
        place=place_name(slot, lang),
        count=count_words(count, lang),
    )


def table_view(game: Game, lang: str, placement_help: bool) -> dict[str, PlaceView]:
    """Every place of the table as the player should see it now.

    >>> from halfmoon.host.locale import use_locale
    >>> use_locale()  # on the host, the words come from locale/*.po
    >>> game = Game.new("HM1-N-AAAAAAA")
    >>> game.tap("P4").outcome
    'select'
    >>> table = table_view(game, "en", placement_help=True)
    >>> table["P4"].aria, table["P4"].pressed
    ('9♠ Nine of Spades, pile 4, 8 cards', True)
    >>> table["P5"].dimmed, table["P1"].dimmed  # 2♥ makes 11 with 9♠; 7♥ does not
    (False, True)
    >>> table_view(game, "pt", placement_help=False)["R7"].aria
    'D♥ Dama de Copas, reserva 7, 1 carta'
    """
    dimmed = game.dimmed() if placement_help else frozenset()
    selection = game.selection
    views: dict[str, PlaceView] = {}
    for slot in SLOTS:
        count = game.count(slot)
        caption = place_caption(slot, count)
        top = game.top(slot)
        if top is None:
            views[slot] = PlaceView(slot, count, caption)
            continue
        views[slot] = PlaceView(
            slot,
            count,
            caption,
            card=top.code,
            rank=rank_label(top, lang),
            suit=SUIT_SYMBOLS[top.suit],
            red=top.is_red,
            face=top.is_face,
            aria=card_aria(top, slot, count, lang),
            pressed=slot in selection,
            dimmed=slot in dimmed,
        )
    return views


def read_aloud(
    game: Game, now: float | None, daily: date | None, *, calm: bool = False
) -> tuple[Phrase, ...]:
    """The whole table in words, for the live region: every place in order with its card
    (and a pile's count; a selected card says so), then the bar's figures (none on a
    ``calm`` table: its bar has none) and the deal (``daily``: the date whose deal of
    the day it is).  Nothing about which cards fit: placement help's dimming is left
    out."""
    said = []
    selection = game.selection
    for slot in SLOTS:
        top, n = game.top(slot), place_number(slot)
        kind = "read.pile" if is_pile(slot) else "read.reserve"
        if top is None:
            said.append(phrase(f"{kind}.empty", n=n))
            continue
        card: object = top
        if slot in selection:
            card = phrase("read.selected", card=top)
        said.append(phrase(kind, n=n, card=card, count=Counted(game.count(slot), "cards")))
    if not calm:
        said.append(
            phrase(
                "read.bar",
                time=format_time(game.elapsed(now)),
                points=Counted(game.score, "points"),
                moves=Counted(game.moves, "moves"),
            )
        )
    if daily is not None:
        said.append(phrase("read.code.daily", day=daily, code=game.code))
    else:
        said.append(phrase("read.code", code=game.code or "—"))
    return tuple(said)


CALM_HIDES: Final = ("time", "score", "moves")
"""The bar's figures a calm table leaves out (the option ``calm``): the deal code stays."""


@dataclass(frozen=True, slots=True)
class Counters:
    """The bar and the buttons that follow the game: what the player reads there."""

    time: str
    score: str
    moves: str
    code: str
    can_undo: bool
    can_redo: bool
    status: Status
    daily: str = ""  # "Partida do dia" while the deal of the day is in play
    hidden: tuple[str, ...] = ()  # the figures the bar leaves out (CALM_HIDES)


def counters(game: Game, now: float | None, daily: str = "", *, calm: bool = False) -> Counters:
    return Counters(
        time=format_time(game.elapsed(now)),
        score=str(game.score),
        moves=str(game.moves),
        code=game.code or "—",
        can_undo=game.can_undo,
        can_redo=game.can_redo,
        status=game.status,
        daily=daily,
        hidden=CALM_HIDES if calm else (),
    )


Ending = Literal["won", "impasse"]


def end_title(ending: Ending, lang: str) -> str:
    """``Ganhou!`` / ``Sem jogadas possíveis``: the end dialog's title, also announced."""
    return text(lang, f"end.{ending}.title")


@dataclass(frozen=True, slots=True)
class EndView:
    """The end dialog: which end, its title and text, and whether Undo is offered (not
    after a win); after a win, its record (:func:`~halfmoon.page.results.win_lines`) and
    whether its time is a new best."""

    ending: Ending
    title: str
    text: str
    can_undo: bool
    record: tuple[str, ...] = ()
    best: bool = False


def end_view(
    game: Game, lang: str, now: float | None, end: End | None = None, *, calm: bool = False
) -> EndView | None:
    """The end dialog for a game that is over, or None while it goes on; a win's figures
    those its ``end`` recorded, when it has one (:mod:`halfmoon.records.ending`).  On a ``calm``
    table it speaks of the cards cleared, never of time, score or moves."""
    if game.status == "playing":
        return None
    ending: Ending = "won" if game.status == "won" else "impasse"
    if calm:
        cleared = Counted(len(DOUBLE_DECK) - game.cards_left, "cards")
        deck = len(DOUBLE_DECK)
        words = text(
            lang, f"calm.end.{ending}", cleared=cleared, total=Counted(deck, "cards"), deck=deck
        )
        if ending == "impasse":
            words = f"{words} {text(lang, 'end.impasse.text')}"
    elif ending == "won":
        fixed = end if end is not None and end.won else end_of(game, now, 0.0)
        assert fixed is not None  # the game is over
        words = text(
            lang,
            "end.won.text",
            points=Counted(fixed.score, "points"),
            moves=Counted(fixed.moves, "moves"),
            time=format_time(fixed.elapsed_ms),
        )
    else:
        words = text(lang, "end.impasse.text")
    return EndView(ending, end_title(ending, lang), words, can_undo=ending == "impasse")


def stats_view(stats: Stats, lang: str) -> dict[str, str]:
    """The statistics dialog's values by name (``data-stats`` on the page)."""
    none = text(lang, "stats.none")
    rate = stats.win_rate
    return {
        "played": str(stats.played),
        "won": str(stats.won),
        "rate": none if rate is None else text(lang, "stats.rate.value", rate=rate),
        "best-time": none if stats.best_time_ms is None else format_time(stats.best_time_ms),
        "streak": str(stats.streak),
        "best-streak": str(stats.best_streak),
    }
