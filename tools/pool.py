"""The deals a new player's first visit can open with, dealt when the site is built.

A first visit has no saved table to paint and no Python yet: the build deals
:data:`SIZE` deals of fresh randomness (``secrets``, through the engine's own
``Game.new``) and writes each one's cards once, with each language's words for them
(:func:`pool`), into a module of the start-up script (:data:`MODULE`), which puts
together the record the engine keeps of that table (:func:`halfmoon.page.painted.dealt`).
That script draws one of them at random (``static/boot/paint.js``) and paints it in
the first frame; Python then starts with that very deal
(``Session.start``'s ``drawn``).  Every later deal is Python's, of fresh randomness.
The 32 deals and their words in five languages weigh about 3.8 kB on the wire (gzip;
docs/performance.md, "Bytes")."""

from __future__ import annotations

import json
from typing import Final

from halfmoon.page.painted import PLACE_FIELDS, dealt
from halfmoon.rules.cards import Card
from halfmoon.rules.game import Game
from halfmoon.rules.layout import SLOTS
from halfmoon.words.i18n import LANGUAGES, card_label, card_name

SIZE: Final = 32
"""How many deals: five first visits show at least three different deals but once in
about 2,300 tries, for about 7.5 kB on the wire."""


def codes(size: int = SIZE) -> list[str]:
    """``size`` different deal codes, each of fresh randomness, each a deal with a move
    to make: a new player's first deal is never one stuck from the start (and the first
    of them gives every new deal's record its status)."""
    found: list[str] = []
    while len(found) < size:
        game = Game.new()
        if game.code is not None and game.code not in found and game.status == "playing":
            found.append(game.code)
    return found


LABEL: Final = "{label}"
NAME: Final = "{card}"
"""The marks in each place's words (``card.aria``) where the painting script puts the
card's corner letters and its name."""
FACE: Final = PLACE_FIELDS.index("face")
ARIA: Final = PLACE_FIELDS.index("aria")
"""Where a place's entry holds the card's face and the place's words."""


def pool(size: int = SIZE) -> dict[str, object]:
    """``size`` new deals, their cards written once for every language: ``deals``, each
    its code and the code of the card on each place (in :data:`SLOTS` order);
    ``words``, each language's words for them — for each card its face, corner letters
    and name, for each place its entry with the card's words marked (``marks``:
    :data:`LABEL`, :data:`NAME`); ``record``, the rest of every new deal's record.  The
    start-up script puts them together (``static/boot/paint.js``) into the engine's very
    record of that deal just dealt, in the page's language
    (:func:`halfmoon.page.painted.dealt`): the build checks each, in every language
    (:func:`unpacked`)."""
    drawn = codes(size)
    games = [Game.new(code) for code in drawn]
    deals: list[object] = [
        [code, [_top(game, slot).code for slot in SLOTS]]
        for code, game in zip(drawn, games, strict=True)
    ]
    words = {lang: _words(lang, drawn, games) for lang in LANGUAGES}
    base = dealt(drawn[0], LANGUAGES[0])
    rest = {key: value for key, value in base.items() if key not in ("lang", "code", "places")}
    rest["bar"] = {**_mapping(base["bar"]), "code": ""}
    data: dict[str, object] = {
        "deals": deals,
        "words": words,
        "record": rest,
        "marks": [LABEL, NAME],
    }
    for code in drawn:
        for lang in LANGUAGES:
            if unpacked(data, code, lang) != dealt(code, lang):
                raise SystemExit(f"tools/pool.py: the deal {code} in {lang} does not put together")
    return data


def _top(game: Game, slot: str) -> Card:
    card = game.top(slot)
    if card is None:
        raise SystemExit(f"tools/pool.py: a new deal with no card on {slot}")
    return card


def _mapping(value: object) -> dict[str, object]:
    assert isinstance(value, dict)
    return dict(value)


def _list(value: object) -> list[object]:
    assert isinstance(value, list)
    return list(value)


def _words(lang: str, drawn: list[str], games: list[Game]) -> dict[str, object]:
    """A language's words for the deals' cards and places, taken from the engine's own
    records of the deals (:func:`halfmoon.page.painted.dealt`): each card's face, corner
    letters and name; each place's entry with no face and the card's words marked (a
    new deal's places differ only by their cards)."""
    cards: dict[str, list[object]] = {}
    places: dict[str, list[object]] = {}
    for code, game in zip(drawn, games, strict=True):
        record = _mapping(dealt(code, lang)["places"])
        for slot in SLOTS:
            card = _top(game, slot)
            entry = _list(record[slot])
            label, name = card_label(card, lang), card_name(card, lang)
            cards[card.code] = [entry[FACE], label, name]
            entry[FACE] = ""
            entry[ARIA] = str(entry[ARIA]).replace(label, LABEL).replace(name, NAME)
            places[slot] = entry
    return {"cards": dict(sorted(cards.items())), "places": places}


def unpacked(data: dict[str, object], code: str, lang: str) -> dict[str, object]:
    """The record of the deal ``code`` in ``lang`` as the start-up script puts it
    together from :func:`pool`'s ``data``."""
    deals = data["deals"]
    assert isinstance(deals, list)
    tops = next(cards for drawn, cards in deals if drawn == code)
    words = _mapping(_mapping(data["words"])[lang])
    faces, spots = _mapping(words["cards"]), _mapping(words["places"])
    places: dict[str, object] = {}
    marks = _list(data["marks"])
    for slot, card in zip(SLOTS, tops, strict=True):
        face, label, name = _list(faces[card])
        entry = _list(spots[slot])
        entry[FACE] = face
        entry[ARIA] = (
            str(entry[ARIA]).replace(str(marks[0]), str(label)).replace(str(marks[1]), str(name))
        )
        places[slot] = entry
    rest = _mapping(data["record"])
    record = {**rest, "lang": lang, "code": code, "places": places}
    record["bar"] = {**_mapping(rest["bar"]), "code": code}
    return record


MODULE: Final = "static/boot/pool.js"
"""The start-up script's module that holds the pool (its sources hold none)."""


def pool_module(data: dict[str, object]) -> str:
    """The module the page reads the pool from (:data:`MODULE`): its JSON as the text
    of ``deals``, parsed only on a visit that paints a new deal; a module of its own, in
    parallel with the page's others, so that the page itself stays small enough to
    arrive in one round trip of a slow link."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return (
        "// The new deals a new player's first visit paints: written by tools/pool.py.\n"
        f"export const deals = {json.dumps(text, ensure_ascii=False)};\n"
    )
