"""The record of the table kept for the next visit's first paint (halfmoon/page/painted.py),
in CPython: what it holds, that it says which deal of the day it is, how long it can
get, and when Python takes the painted table over as it is."""

from __future__ import annotations

import json
from datetime import date

import pytest

from halfmoon import Game
from halfmoon.keeping.books import Books
from halfmoon.keeping.prefs import Prefs
from halfmoon.keeping.saved import Play
from halfmoon.page.keys import fallback
from halfmoon.page.painted import (
    BAR_FIELDS,
    MAX_CHARS,
    MOST,
    PLACE_FIELDS,
    dealt,
    record,
    same_table,
    write,
)
from halfmoon.page.view import PlaceView, face_key, faces
from halfmoon.records.daily import daily_code
from halfmoon.rules.layout import SLOTS
from halfmoon.session.presenter import Presenter
from halfmoon.session.session import Session
from tests.solver import legal_moves

CODE = "HM1-N-AAAAAAB"
DAY = date(2026, 12, 1)


def session(code: str = CODE, lang: str = "pt", moves: int = 1, **prefs: bool) -> Presenter:
    """What the page shows of a play of ``code`` with ``moves`` made."""
    game = Game.new(code)
    for _ in range(moves):
        for slot in legal_moves(game.tops())[0]:
            game.tap(slot)
    play = Play(game, "a1", begun=1.0, saved=2.0, rev=3)
    return Presenter(Session(play, Prefs(**prefs), lang, books=Books(day_of=lambda wall: DAY)))


def test_the_record_holds_what_the_table_shows() -> None:
    s = session()
    data = s.painted(0.0, "b1")
    views = s.table()
    assert (data["v"], data["build"], data["lang"], data["code"]) == (1, "b1", "pt", CODE)
    assert data["daily"] == "" and "play" not in data and "rev" not in data
    places = data["places"]
    assert isinstance(places, dict) and list(places) == list(SLOTS)
    for slot in SLOTS:
        view = views[slot]
        face = face_key(view) if view.card is not None else ""
        assert places[slot] == [view.count, view.caption, face, view.aria, False, False]
    assert data["bar"] == {"time": "0:00", "score": "10", "moves": "1", "code": CODE, "daily": ""}
    assert (data["undo"], data["redo"], data["game"], data["tab"]) == (True, False, "playing", "P1")


def test_selection_dimming_and_the_tab_stop_are_in_it() -> None:
    s = session(moves=0, placement_help=True)
    first = next(slot for slot in SLOTS if s.session.game.top(slot) is not None)
    s.session.tap(first, 0.0)
    places = s.painted(0.0, "b1")["places"]
    assert isinstance(places, dict)
    assert places[first][4] is True  # selected
    assert any(entry[5] for entry in places.values())  # placement help dims some card
    # the first places empty: the tab stop moves on, as the renderer moves it
    views = {**s.table(), "P1": PlaceView("P1", 0, ""), "P2": PlaceView("P2", 0, "")}
    data = record(views, s.counters(0.0), build="b1", lang="pt", code=CODE, daily=None)
    assert data["tab"] == fallback("P1", {slot for slot in SLOTS if views[slot].card})
    assert data["tab"] not in ("P1", "P2", "")


def test_the_deal_of_the_day_is_named_by_its_date() -> None:
    """A #daily link paints the kept table on that date only (static/boot/paint.js)."""
    data = session(daily_code(DAY)).painted(0.0, "b1")
    assert data["daily"] == "2026-12-01"
    assert data["bar"]["daily"] == "Partida do dia"  # type: ignore[index]


def test_the_record_is_short_whatever_the_table() -> None:
    """The longest words (a full table in Portuguese, every place named at length) stay
    far under what the start-up script reads."""
    longest = max(
        len(write(session(lang=lang, moves=0, placement_help=True).painted(9e9, "x" * 16)))
        for lang in ("pt", "en")
    )
    assert longest < MAX_CHARS / 3


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_every_text_of_a_record_is_within_what_the_start_up_script_reads(lang: str) -> None:
    """The longest words — every place named (pile numbers), cards dimmed, the deal of
    the day, a clock of hours — fit the limits the build hands the script (MOST): a
    record it refused would leave a returning player the skeleton."""
    data = session(daily_code(DAY), lang, moves=0, placement_help=True, pile_numbers=True)
    record = data.painted(9e9, "b1")
    places = record["places"]
    assert isinstance(places, dict)
    for entry in places.values():
        field = dict(zip(PLACE_FIELDS, entry, strict=True))
        for name in ("caption", "face", "aria"):
            assert len(field[name]) <= MOST[name], (name, field[name])
    bar = record["bar"]
    assert isinstance(bar, dict) and list(bar) == list(BAR_FIELDS)
    assert all(len(value) <= MOST["bar"] for value in bar.values()), bar
    for name in ("code", "daily", "tab"):
        assert len(str(record[name])) <= MOST[name], name


def test_the_painted_table_is_taken_over_only_when_it_is_the_same() -> None:
    s = session()
    data = s.painted(0.0, "b1")
    assert same_table(write(data), data)
    assert same_table(write({**data, "bar": {"time": "9:59"}}), data)  # the clock moved on
    s.session.tap(legal_moves(s.session.game.tops())[0][0], 0.0)  # a card selected since
    assert not same_table(write(data), s.painted(0.0, "b1"))
    other = session(moves=2).painted(0.0, "b1")  # another tab went on
    assert not same_table(write(data), other)
    for broken in ("", "{", "[]", "null", '{"places": 1}', "[" * 5000, json.dumps(data)[:-1]):
        assert not same_table(broken, data)


def test_every_face_has_one_template_name_in_every_language() -> None:
    keys = [face_key(view) for view in faces()]
    assert len(keys) == len(set(keys)) == 64
    by_key = {face_key(v): v for v in faces()}
    assert by_key["DH"].card == by_key["QH"].card == "QH"  # a Dama is a Queen
    assert by_key["10S"].rank == "10" and not by_key["10S"].face


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_a_new_deal_painted_for_a_new_player_is_the_table_python_starts_with(lang: str) -> None:
    """The build writes :func:`dealt` records into the page; a new player's page paints
    one and hands its code to Python, whose session starts with that very deal: the
    table it would paint is the one painted, so it is taken over as it is."""
    code = "HM1-N-QIRRPRX"
    painted = dealt(code, lang)
    opened, said = Session.start(
        last=None, library=_Nothing(), prefs=Prefs(), fragment="", lang=lang, drawn=code
    )
    shown = Presenter(opened)
    assert opened.game.code == code and opened.game.moves == 0 and said == ()
    assert same_table(write(painted), shown.painted(0.0, "b1"))
    assert (painted["code"], painted["lang"], painted["build"], painted["daily"]) == (
        code,
        lang,
        "",
        "",
    )
    assert painted["bar"] == {"time": "0:00", "score": "0", "moves": "0", "code": code, "daily": ""}
    assert (painted["undo"], painted["redo"], painted["game"]) == (False, False, "playing")
    other = dealt("HM1-N-AAAAAAB", lang)  # another deal is another table
    assert not same_table(write(other), shown.painted(0.0, "b1"))


def test_a_drawn_deal_is_used_only_for_a_new_player_and_only_if_it_is_a_deal() -> None:
    code, kept = "HM1-N-QIRRPRX", Play(Game.new(CODE), "a1", begun=1.0, saved=2.0, rev=3)

    def opened(last: Play | None, fragment: str, drawn: str) -> str | None:
        s, _ = Session.start(
            last=last, library=_Nothing(), prefs=Prefs(), fragment=fragment, lang="pt", drawn=drawn
        )
        return s.game.code

    assert opened(None, "", code) == code
    assert opened(kept, "", code) == CODE  # a player coming back: their own game
    assert opened(None, "#HM1-N-AAAAAAC", code) == "HM1-N-AAAAAAC"  # a link: its deal
    fresh = {opened(None, "", "not a code") for _ in range(5)}  # fresh randomness instead
    assert len(fresh) == 5 and code not in fresh


class _Nothing:
    """A library that keeps no game."""

    def find(self, code: str) -> None:
        return None
