"""The first visit's welcome (halfmoon/page/welcome.py): shown when nothing is kept, never after."""

from __future__ import annotations

from halfmoon.keeping.saved import KEYS
from halfmoon.page.welcome import first_visit, welcome
from halfmoon.words.i18n import say


def test_a_first_visit_is_one_that_finds_nothing_kept() -> None:
    assert first_visit({}.get)
    for name in ("last", "prefs", "stats", "history"):
        assert not first_visit({KEYS[name]: "{}"}.get), name
    # what the start-up script alone writes says nothing of a player
    assert first_visit({KEYS["snapshot"]: "made", KEYS["view"]: "{}"}.get)


def test_the_welcome_says_the_goal_which_cards_play_and_names_the_game() -> None:
    assert welcome(False) == ()
    pt, en = say(welcome(True), "pt"), say(welcome(True), "en")
    assert pt.startswith("Half Moon: toque em duas cartas que somem 11")
    assert "Valete, numa Dama e num Rei" in pt and "carta de cima de cada monte" in pt
    assert en.startswith("Half Moon: tap two cards that make 11")
    assert "a Jack, a Queen and a King" in en and "top card of each pile" in en
    assert not pt.startswith("Pronto") and not en.startswith("Ready")
    assert max(len(pt), len(en)) < 150  # as short as it can be: three lines on a phone
