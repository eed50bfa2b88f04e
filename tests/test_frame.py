"""Issue 42, items 2 and 3: a calm table (no clock, score or moves on the bar; the end
window, the share text and the table read aloud speak of cards cleared, never of time;
the statistics keep everything) and the options a page's address gives a frame
(halfmoon/page/address.py: starting options until the player chooses; anything unknown
ignored).  Through the real session, presenter and stored format."""

from __future__ import annotations

import json
import re
from datetime import date

import pytest

from halfmoon import Game
from halfmoon.keeping.books import Books
from halfmoon.keeping.prefs import Prefs
from halfmoon.keeping.saved import read_prefs, write_prefs
from halfmoon.page.address import ADDRESS, ON, Given, given
from halfmoon.page.look import NARROW_PX
from halfmoon.page.results import share_text
from halfmoon.records.history import Entry
from halfmoon.records.stats import Stats
from halfmoon.session.presenter import Presenter
from halfmoon.session.session import Session
from halfmoon.words.i18n import LANGUAGES
from tests.positions import position
from tools.build_site import embed_script

CODE = "HM1-N-AAAAAAB"
TODAY = date(2026, 12, 2)


def session_of(game: Game, lang: str = "en", **prefs: bool) -> Session:
    books = Books(wall=lambda: 1.7e12, make_id=lambda: "id", day_of=lambda wall: TODAY)
    return Session(game, Prefs(**prefs), lang, books=books)


def address(query: str) -> Given:
    """The options an address's query gives, read as the page reads it (the first
    value of each name)."""
    pairs: dict[str, str] = {}
    for part in query.lstrip("?").split("&"):
        name, _, value = part.partition("=")
        pairs.setdefault(name, value)
    return given(pairs.get)


# ------------------------------------------------------------------ a calm table
def test_a_calm_bar_keeps_the_deal_code_and_leaves_out_clock_score_and_moves() -> None:
    session = session_of(position(P1="5S", P2="6D", P3="5H", P4="6C"))
    assert Presenter(session).counters(0).hidden == ()
    session.change_option("calm", True)
    bar = Presenter(session).counters(0)
    assert bar.hidden == ("time", "score", "moves") and bar.code
    said = session.read_aloud(0).message
    assert "0 points" not in said and "Time" not in said and "Deal" in said
    said = session.tap("P1", 0), session.tap("P2", 0), session.undo(0), session.redo(0)
    assert [f.message for f in said[1:]] == [
        "Pair removed: Five of Spades and Six of Diamonds.",
        "Move undone: Five of Spades and Six of Diamonds are back on the table.",
        "Move redone: Five of Spades and Six of Diamonds removed again.",
    ]  # no points and no score said either
    session.change_option("calm", False)
    assert "Time 0:00. 10 points. 1 move." in session.read_aloud(0).message
    session.undo(0)
    assert session.redo(0).message.endswith("removed again; score 10.")


def test_a_calm_win_speaks_of_the_cards_cleared_and_the_statistics_keep_its_time() -> None:
    session = session_of(position(P1="5S", P2="6D"), calm=True)
    session.tap("P1", 0)
    session.tap("P2", 90_000)
    view = Presenter(session).end(95_000, Stats(3, 2, 60_000, 2, 2), [])
    assert view is not None and view.ending == "won" and not view.best
    assert view.text == "All 104 cards cleared from the table."
    assert view.record == ("2 wins in a row.",)  # no time against the best
    assert session.play.end is not None and session.play.end.elapsed_ms == 90_000
    session.change_option("calm", False)
    view = Presenter(session).end(95_000, Stats(3, 2, 60_000, 2, 2), [])
    assert view is not None and "1:30" in view.text and "1:30" in view.record[0]


def test_a_calm_impasse_says_how_many_cards_were_cleared() -> None:
    stuck = session_of(position(P1="5S", P2="7D"), "pt", calm=True)
    view = Presenter(stuck).end(0)
    assert view is not None and view.text.startswith("Retirou 102 cartas das 104. ")


def test_a_calm_share_text_gives_the_cards_cleared_not_the_time_or_moves() -> None:
    entry = Entry("id", CODE, 0.0, 1.0, "stuck", 20, 754_000.0, 42)
    link = f"https://example.org/#{CODE}"
    assert share_text(entry, link, "en", calm=True) == (
        f"Half Moon · {CODE}: stuck with 20 cards left · 84 of 104 cards cleared\n{link}"
    )
    assert share_text(entry, link, "pt", calm=True).startswith(
        f"Half Moon · {CODE}: sem saída com 20 cartas na mesa · 84 de 104 cartas retiradas"
    )
    assert "12:34" in share_text(entry, link, "en")  # a table that is not calm: as ever


# --------------------------------------------------------- options in the address
def test_each_address_option_is_a_starting_option() -> None:
    given = address("?theme=dark&felt=blue&deck=four-colour&index=large&calm=1&motion=reduced")
    prefs = given.over(Prefs())
    assert (prefs.theme, prefs.felt) == ("dark", "blue")
    assert prefs.four_colour and prefs.large_index and prefs.calm and prefs.reduce_motion
    assert prefs.chosen == ()  # none of them is the player's choice
    assert address("?theme=LIGHT&felt=%20grey").over(Prefs()).theme == "light"


@pytest.mark.parametrize(
    "query",
    [
        "",
        "?theme=sepia&felt=pink&deck=two&index=small&calm=0&motion=fast&colour=red",
        "?theme=<script>alert(1)</script>&felt=" + "x" * 10_000,
        "?__proto__=1&constructor=dark&felt=__proto__&theme=toString",
        "?calm&felt=&theme",
    ],
)
def test_an_unknown_or_hostile_name_or_value_is_ignored(query: str) -> None:
    assert address(query).over(Prefs()) == Prefs()


def test_the_player_s_own_choice_wins_over_the_address_across_reloads() -> None:
    given = address("?felt=blue&theme=dark")
    stored = Prefs()
    shown = given.over(stored)
    shown = shown.change("felt", "grey")  # the player, in the frame
    kept = given.kept(shown, stored)
    assert (kept.felt, kept.theme, kept.chosen) == ("grey", "auto", ("felt",))
    again = given.over(read_prefs(write_prefs(kept)))  # a reload, the same address
    assert (again.felt, again.theme) == ("grey", "dark")
    assert address("").over(read_prefs(write_prefs(kept))).theme == "auto"  # never kept


def test_the_language_the_player_chose_wins_over_the_address_and_is_its_own() -> None:
    """(Issue 52, item 2.) ``?lang=fr``: French, never stored as the player's choice;
    Español chosen there wins at the next visit of that address, while a page without
    ``?lang=`` keeps the player's own choice (none here) and a frame asking for English
    stays English."""
    french = address("?lang=fr")
    stored = Prefs()
    shown = french.over(stored)
    assert shown.lang is None  # nothing chosen: the page speaks the address's French
    kept = french.kept(shown, stored)
    assert kept == stored  # the address's language is not remembered
    shown = shown.change("language", "es")  # the player, on that page
    kept = french.kept(shown, stored)
    assert (kept.lang, kept.langs) == (None, (("fr", "es"),))
    back = read_prefs(write_prefs(kept))
    assert french.over(back).lang == "es"  # a reload of ?lang=fr: Español
    assert address("").over(back).lang is None  # the site's own page: the browser's
    assert address("?lang=en").over(back).lang is None  # another frame's: its own
    # two frames sharing storage: the English one's choice leaves the French one's
    english = address("?lang=en")
    both = english.kept(english.over(back).change("language", "pt"), back)
    assert both.langs == (("en", "pt"), ("fr", "es"))
    assert (english.over(both).lang, french.over(both).lang) == ("pt", "es")


def test_stored_language_pairs_are_read_checked() -> None:
    raw = json.loads(write_prefs(Prefs(langs=(("fr", "es"),))))
    assert raw["langs"] == "fr:es"
    for hostile in ("fr:es,fr:pt,xx:en,en:,:pt,<b>:fr", 7, "fr:es:pt", "es"):
        read = read_prefs(json.dumps(raw | {"langs": hostile}))
        assert all(len(pair) == 2 for pair in read.langs)
        assert set(read.langs) <= {("fr", "es")}, hostile


def test_the_choices_are_stored_as_one_text_and_read_back_checked() -> None:
    prefs = Prefs()
    prefs = prefs.change("calm", True)
    prefs = prefs.change("felt", "nope")  # no such felt: no choice made
    prefs = prefs.change("theme", "dark")
    raw = write_prefs(prefs)
    assert json.loads(raw)["chosen"] == "calm,theme"
    assert read_prefs(raw).chosen == ("calm", "theme") and read_prefs(raw).calm
    damaged = json.loads(raw) | {"chosen": "calm,<b>,theme,calm"}
    assert read_prefs(json.dumps(damaged)).chosen == ("calm", "theme")
    assert read_prefs(json.dumps(json.loads(raw) | {"chosen": 7})).chosen == ()


def test_the_address_table_names_options_the_page_has() -> None:
    prefs = Prefs()
    for values in ADDRESS.values():
        for option, value in values.values():
            before = prefs.chosen
            prefs = prefs.change(option, value)
            assert prefs.chosen != before or option in before  # a real option


# ------------------------------------------------------------------ embed.js, built
def test_embed_js_is_built_with_the_engine_s_facts() -> None:
    script = embed_script()
    assert "__FRAME__" not in script
    facts = json.loads(re.search(r"\(({.*})\);", script).group(1))  # type: ignore[union-attr]
    assert facts["names"] == list(ADDRESS)
    assert facts["presence"] == ["calm"] and facts["on"] == list(ON)
    assert (facts["narrow"], facts["upright"], facts["wide"]) == (NARROW_PX, 4 / 3, 5 / 8)
    assert set(facts["titles"]) == {lang.lower() for lang in LANGUAGES}  # each language's
    assert (facts["titles"]["pt"], facts["titles"]["en"]) == (
        "Half Moon, jogo de paciência",
        "Half Moon solitaire",
    )
