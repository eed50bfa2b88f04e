"""The page's game manager and view model, in CPython: start-up from saves and links,
feedback after actions, preferences, and what each place shows."""

from __future__ import annotations

from dataclasses import replace

import pytest

from halfmoon import Game
from halfmoon.keeping.prefs import Prefs
from halfmoon.keeping.saved import Play, read_prefs, write_prefs
from halfmoon.page.view import table_view
from halfmoon.records.safejson import Invalid
from halfmoon.rules.links import code_from_hash
from halfmoon.session.presenter import Presenter
from halfmoon.session.session import Session
from halfmoon.words.i18n import say
from tests.solver import legal_moves

CODE = "HM1-N-AAAAAAB"


class Shelf:
    """A library in memory: what the browser's storage is to the page."""

    def __init__(self, *plays: Play) -> None:
        self.plays = {play.code: play for play in plays}

    def find(self, code: str) -> Play | None:
        return self.plays.get(code)


def saved(code: str = CODE) -> Play:
    """A kept play of ``code`` with one move made."""
    game = Game.new(code)
    for slot in legal_moves(game.tops())[0]:
        game.tap(slot)
    return Play(game, "a1", begun=1.0, saved=2.0, rev=3, played=True)


def start(last: Play | None, fragment: str, lang: str = "pt", *others: Play) -> tuple[Session, str]:
    shelf = Shelf(*([last] if last else []), *others)
    session, said = Session.start(
        last=last, library=shelf, prefs=Prefs(), fragment=fragment, lang=lang
    )
    return session, say(said, lang)


def test_a_link_to_the_saved_deal_resumes_it() -> None:
    session, notice = start(saved(), "#hm1-n-aaaaaab")
    assert (session.game.code, session.game.moves, notice) == (CODE, 1, "")


def test_a_link_to_another_deal_starts_it_or_resumes_its_kept_game() -> None:
    session, notice = start(saved(), "#HM1-N-AAAAAAC")
    assert (session.game.code, session.game.moves, notice) == ("HM1-N-AAAAAAC", 0, "")
    kept = saved("HM1-N-AAAAAAC")
    session, notice = start(saved(), "#HM1-N-AAAAAAC", "pt", kept)
    assert session.play is kept and session.game.moves == 1


def test_no_link_resumes_the_saved_game_or_deals_a_new_one() -> None:
    assert start(saved(), "")[0].game.moves == 1
    session, notice = start(None, "")
    assert session.game.code is not None and session.game.moves == 0 and notice == ""
    assert session.play.id and session.play.rev == 0 and not session.play.played


def test_an_invalid_link_is_explained_and_the_saved_game_stays() -> None:
    for fragment in ("#HM2-N-AAAAAAB", "#%3Cscript%3E", "#HM1-N-ÁAAAAAB", "#" + "A" * 5000):
        session, notice = start(saved(), fragment)
        assert session.game.moves == 1 and session.game.code == CODE
        assert notice.startswith("A ligação aberta não tem um código de partida válido")


def test_an_invalid_link_on_a_first_visit_speaks_of_a_new_deal_not_of_a_game_going_on() -> None:
    for lang, new, going_on in (
        ("pt", "Eis uma partida nova.", "A partida em curso continua."),
        ("en", "Here is a new game.", "Your game goes on."),
    ):
        session, notice = start(None, "#HM2-N-AAAAAAB", lang)
        assert session.game.moves == 0 and notice.endswith(new) and going_on not in notice
        assert start(saved(), "#HM2-N-AAAAAAB", lang)[1].endswith(going_on)


def test_percent_encoded_links_are_decoded() -> None:
    assert code_from_hash("#HM1-N-AAAAAAB%20") == "HM1-N-AAAAAAB "
    assert start(None, "#%20hm1-n-aaaaaab")[0].game.code == CODE


def test_no_deal_is_thrown_away_by_another() -> None:
    """New game, a link, Back and Forward, the code dialog: the deal left is kept as it
    was and resumed when it is opened again; its own code changes nothing."""
    shelf = Shelf()
    session = Session(Game.new(CODE), Prefs(), "en", shelf)
    session.tap("P5", 0), session.tap("P6", 1)
    away = session.follow_link("#HM1-N-AAAAAAC", 2)
    assert away.left is not None and away.left.game.moves == 1 and away.deal
    shelf.plays[CODE] = away.left  # the page saves the play it left
    session.tap("P5", 3), session.tap("P6", 4)
    back = session.follow_link("#" + CODE, 5)  # Back
    assert back.message == "Game resumed: HM1-N-AAAAAAB." and session.game.moves == 1
    assert session.play is away.left
    same = session.new_game(6, CODE.lower())  # its code, typed again
    assert same.message == "You are already playing HM1-N-AAAAAAB." and not same.save
    assert session.game.moves == 1
    fresh = session.new_game(7)
    assert fresh.events == ("new",) and session.game.code != CODE and session.game.moves == 0


def test_another_tabs_newer_game_is_shown() -> None:
    session = Session(Game.new(CODE), Prefs(), "en")
    newer = Play(Game.new(CODE), session.play.id, begun=0, saved=9, rev=5)
    quiet = session.adopt(newer, 0)  # only its clock moved on: nothing to say
    assert session.play is newer and quiet.message == ""
    moved = Play(Game.new(CODE), session.play.id, begun=0, saved=10, rev=6)
    moved.game.tap("P5"), moved.game.tap("P6")
    told = session.adopt(moved, 1)
    assert session.game.moves == 1 and told.message.startswith("This game went on in another tab")


def test_tap_feedback_follows_the_errors_option() -> None:
    session = Session(Game.new(CODE), Prefs(), "en")
    session.tap("P1", 0), session.tap("P4", 1)
    quiet = session.tap("P1", 2), session.tap("P4", 3)
    assert quiet[1].message == ""
    session.use_prefs(replace(session.prefs, errors=True))
    session.tap("P1", 4)
    loud = session.tap("P4", 5)
    # the fixed words, word for word (docs/design.md, "Tapping")
    assert loud.message == "The sum must be 11" and loud.save and not loud.events
    # refused, said or not, the two cards are named for the page's brief sign
    assert quiet[1].refused == ("P1", "P4") and loud.refused == ("P1", "P4")
    assert not quiet[0].refused and not quiet[0].renewed


def test_a_court_taking_over_the_selection_is_a_new_selection() -> None:
    session = Session(Game.new(CODE), Prefs(), "en")
    session.tap("P2", 0)  # Q♣
    took_over = session.tap("P9", 1)  # Q♦: the same rank takes its place
    assert session.game.selection == ("P9",)
    assert took_over.renewed == ("P9",) and not took_over.refused and took_over.message == ""


def test_a_move_posts_an_event_and_the_end_opens_a_dialog() -> None:
    game = Game.from_layout([["4S"], ["7S"]] + [[]] * 10, [None] * 8)
    session = Session(game, Prefs(), "pt")
    session.tap("P1", 0)
    feedback = session.tap("P2", 4000)
    assert feedback.removed == ("P1", "P2")
    assert feedback.events == ("move", "won") and feedback.dialog == "won"
    shown = Presenter(session)
    assert shown.end(9000).text == "Retirou as 104 cartas: 10 pontos em 1 jogada e 0:04."
    event = shown.event("won", 9000)
    assert event == {
        "source": "halfmoon",
        "type": "won",
        "code": None,
        "score": 10,
        "moves": 1,
        "time": 4,
    }
    undo = session.undo(10_000)
    assert undo.events == ("undo",) and session.game.status == "playing"
    redo = session.redo(12_000)  # the table's clock ran two seconds in between
    # the win is shown again as it was, and posted, counted and listed no more
    assert redo.events == ("move",) and redo.dialog == "won"
    assert not redo.counts and not redo.recorded and not redo.ended
    assert shown.end(13_000).text == "Retirou as 104 cartas: 10 pontos em 1 jogada e 0:04."
    assert shown.event("won", 13_000)["time"] == 4
    assert shown.counters(13_000).time == "0:04"  # the bar too: the table shows the win


def test_new_game_with_a_bad_code_changes_nothing() -> None:
    session = Session(Game.new(CODE), Prefs(), "pt")
    session.tap("P5", 0), session.tap("P6", 1)
    with pytest.raises(ValueError):
        session.new_game(2, "HM1-N-AAAAAA")
    assert session.game.code == CODE and session.game.moves == 1
    assert session.new_game(3, "hm1-n-aaaaaac").events == ("new",)
    assert session.game.code == "HM1-N-AAAAAAC"


def test_prefs_round_trip_and_ignore_garbage() -> None:
    prefs = Prefs(errors=True, placement_help=False, pile_numbers=True, lang="en")
    assert read_prefs(write_prefs(prefs)) == prefs
    for bad in ("", "{oops", "[]", "null", '{"a": {"b": 1}}'):
        with pytest.raises(Invalid):
            read_prefs(bad)
    assert read_prefs('{"errors": "yes", "lang": "de", "pile_numbers": true}') == Prefs(
        pile_numbers=True
    )


def test_view_shows_words_and_states_for_each_place() -> None:
    game = Game.new(CODE)
    game.tap("P2")  # Q♣
    view = table_view(game, "pt", placement_help=True)
    p2 = view["P2"]
    assert (p2.card, p2.rank, p2.suit, p2.red, p2.face) == ("QC", "D", "♣", False, True)
    assert p2.aria == "D♣ Dama de Paus, monte 2, 8 cartas" and p2.pressed and not p2.dimmed
    assert view["P1"].dimmed and not view["P3"].dimmed  # 8♠ cannot help; K♠ can
    assert view["R1"].caption == "R1 (1)" and view["P12"].caption == "12 (8)"
    en = table_view(game, "en", placement_help=False)
    assert en["P2"].rank == "Q" and en["P2"].aria == "Q♣ Queen of Clubs, pile 2, 8 cards"
    assert not any(v.dimmed for v in en.values())


def test_percent_decoding_matches_the_standard_library() -> None:
    import random
    from urllib.parse import unquote

    from halfmoon.rules.links import percent_decode

    cases = ["HM1%2DN%2DAAAAAAB", "%E0%A4%A", "%", "%%41", "a%2", "%C3%A9t%C3%A9", "%FF%FE", "100%"]
    rng = random.Random(1)
    cases += [
        "".join(rng.choice("%AaFf09eE4C3é <>") for _ in range(rng.randrange(14)))
        for _ in range(3000)
    ]
    for case in cases:
        assert percent_decode(case) == unquote(case, errors="replace"), case


def test_following_a_link_decides_as_the_start_does() -> None:
    session = Session(Game.new(CODE), Prefs(), "en")
    session.tap("P5", 0), session.tap("P6", 1)
    for same in ("#HM1-N-AAAAAAB", "#hm1-n-aaaaaab", "#%20HM1-N-AAAAAAB", "", "#"):
        feedback = session.follow_link(same, 2)
        assert (feedback.message, feedback.events) == ("", ())
        assert session.game.moves == 1  # the game in play is not restarted
    bad = session.follow_link("#HM1-N-AAAAAA", 3)
    assert bad.message.startswith("The link you opened has no valid deal code")
    assert not bad.save and session.game.moves == 1
    other = session.follow_link("#hm1-n-aaaaaac", 4)
    assert other.events == ("new",) and session.game.code == "HM1-N-AAAAAAC"


def test_the_end_view_says_how_the_game_ended() -> None:
    session = Session(Game.from_layout([["4S"], ["7S"]] + [[]] * 10, [None] * 8), Prefs(), "en")
    shown = Presenter(session)
    assert shown.end(0) is None
    session.tap("P1", 0), session.tap("P2", 61_000)
    won = shown.end(61_000)
    assert won is not None and (won.ending, won.title, won.can_undo) == ("won", "You won!", False)
    assert won.text == "All 104 cards are gone: 10 points in 1 move and 1:01."
    stuck = Session(Game.from_layout([["KS", "5S"], ["KH", "6D"]] + [[]] * 10, [None] * 8), Prefs())
    stuck.tap("P1", 0), stuck.tap("P2", 1)
    end = Presenter(stuck).end(1)
    assert end is not None and (end.ending, end.title, end.can_undo) == (
        "impasse",
        "Sem jogadas possíveis",
        True,
    )


def test_an_option_change_from_the_page() -> None:
    prefs = Prefs()
    prefs = prefs.change("placement-help", True)
    prefs = prefs.change("theme", "dark")
    prefs = prefs.change("language", "English")
    assert (prefs.placement_help, prefs.theme, prefs.lang) == (True, "dark", "en")
    prefs = prefs.change("theme", "neon")  # not a theme: nothing changes
    prefs = prefs.change("language", "klingon")
    prefs = prefs.change("unknown", True)
    assert (prefs.theme, prefs.lang) == ("dark", "en")
    assert prefs.switch("placement-help") and not prefs.switch("errors")


def test_a_starting_page_takes_up_the_link_it_was_opened_at_or_one_followed_since() -> None:
    from halfmoon.rules.links import followed_at_start

    opened, own = "#HM1-N-AAAAAAC~challenge", "#HM1-N-AAAAAAC"
    # the page wrote the game's own address over the link it was opened at: that link
    assert followed_at_start(opened, own, own) == opened
    # a link followed after that (nobody listened yet): the newer one
    assert followed_at_start(opened, own, "#daily") == "#daily"
    # opened with no link, none followed: nothing new
    assert followed_at_start("", own, own) == ""
