"""The table as the page last showed it, kept for the next visit's first paint.

Whenever the game is saved, the page also keeps this small record (``saved.KEYS
["view"]``): each place's count, caption and card face (by its template's name,
:func:`~halfmoon.page.view.face_key`), its words for screen readers and whether it is
selected or dimmed; the bar's figures; the undo and redo buttons; the card in the tab
order.  The page's start-up script draws it before Python runs (``static/boot/
paint.js``), so a player coming back sees the game at once; that script has no rule in
it and trusts nothing it reads (docs/design.md, "Start-up"): what it checks the record
against — its version, its largest size, the games' statuses, the most cards a place
holds — the build hands it from here (:data:`CHECKS`).

When Python is ready it builds the record it would write now (:func:`record`) and
compares it with the one painted (:func:`same_table`): the same table is taken over as
it is, and the taps made on it meanwhile are played; another table (another tab moved
on) is drawn again and those taps are dropped.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import date
from typing import Final, get_args

from ..records import safejson as sj
from ..rules.cards import DOUBLE_DECK
from ..rules.game import Game, Status
from ..rules.layout import SLOTS
from .keys import fallback
from .view import Counters, PlaceView, counters, face_key, table_view

VERSION: Final = 1
MAX_CHARS: Final = 16_000
"""The longest record the start-up script reads (the longest is about 4,600
characters: 20 cards with their words in Portuguese; tests/test_painted.py)."""
PLACE_FIELDS: Final = ("count", "caption", "face", "aria", "pressed", "dimmed")
"""A place's fields in the record, in their order: its number of cards, its caption,
its card's face template (``""`` for none), its words for screen readers, whether it is
selected and whether it is dimmed."""
BAR_FIELDS: Final = ("time", "score", "moves", "code", "daily")
"""The bar's figures, as the bar shows them."""
MOST: Final[dict[str, int]] = {
    "caption": 12,
    "face": 4,
    "aria": 200,
    "code": 40,
    "daily": 10,
    "bar": 40,
    "tab": 3,
}
"""The most characters the start-up script reads in each text of a record (``bar``:
each of the bar's figures); a longer one and the record is not painted."""
CHECKS: Final[dict[str, object]] = {
    "v": VERSION,
    "max": MAX_CHARS,
    "games": list(get_args(Status)),
    "cards": len(DOUBLE_DECK),
    "place": list(PLACE_FIELDS),
    "bar": list(BAR_FIELDS),
    "most": MOST,
}
"""What the start-up script checks a record against, handed to it by the build (the
page's boot data, ``painted``): its version, largest size, games' statuses, the most
cards a place holds, the fields of a place and of the bar, the longest texts."""


def record(
    views: Mapping[str, PlaceView],
    counters: Counters,
    *,
    build: str,
    lang: str,
    code: str,
    daily: date | None,
) -> dict[str, object]:
    """What the table shows, as the start-up script reads it: ``daily`` is the date
    whose deal of the day this is (a ``#daily`` link paints it on that date only)."""
    places = {slot: _place(views[slot]) for slot in SLOTS}
    occupied = {slot for slot in SLOTS if views[slot].card is not None}
    return {
        "v": VERSION,
        "build": build,
        "lang": lang,
        "code": code,
        "daily": daily.isoformat() if daily is not None else "",
        "places": places,
        "tab": fallback("P1", occupied) or "",
        "bar": {name: getattr(counters, name) for name in BAR_FIELDS},
        "undo": counters.can_undo,
        "redo": counters.can_redo,
        "game": counters.status,
    }


def dealt(code: str, lang: str) -> dict[str, object]:
    """The record of ``code`` just dealt, in ``lang``, as a new player's table shows it
    (no option set: nothing selected, nothing dimmed; the clock at zero).  The build
    writes a few of these into the page (tools/pool.py), so that a first visit paints a
    real deal before Python has arrived; no build is named (they are the page's own).
    Raises :class:`~halfmoon.rules.deal.CodeError` for an invalid code."""
    game = Game.new(code)
    shown = code if game.code is None else game.code
    views = table_view(game, lang, placement_help=False)
    return record(views, counters(game, None), build="", lang=lang, code=shown, daily=None)


def _place(view: PlaceView) -> list[object]:
    """A place's entry: its fields in the order of :data:`PLACE_FIELDS`."""
    fields: dict[str, object] = {
        "count": view.count,
        "caption": view.caption,
        "face": face_key(view) if view.card is not None else "",
        "aria": view.aria,
        "pressed": view.pressed,
        "dimmed": view.dimmed,
    }
    return [fields[name] for name in PLACE_FIELDS]


def write(data: Mapping[str, object]) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def same_table(painted: str, data: Mapping[str, object]) -> bool:
    """Whether the record the table was painted from shows the table ``data`` shows:
    every place alike, the same card in the tab order.  (The bar and the buttons are
    written again by the renderer wherever they differ, the clock above all.)"""
    try:
        old = sj.obj(sj.parse(painted, max_chars=MAX_CHARS, max_depth=3), "the painted table")
    except sj.Invalid:
        return False
    return old.get("places") == data["places"] and old.get("tab") == data["tab"]
