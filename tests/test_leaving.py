"""Asking before a game under way is dropped (issue 33, item 3): which actions ask, and
what the one confirmation window says, in both languages; and the words around it (your
games' Resume / Play again, deal codes kept whole, the chart for a few games)."""

from __future__ import annotations

from datetime import date, datetime

from halfmoon import Game
from halfmoon.keeping.books import Books
from halfmoon.keeping.prefs import Prefs
from halfmoon.keeping.saved import Play
from halfmoon.page.results import CHART_FEW, CHART_GAMES, chart_places, resumable, rows
from halfmoon.records.daily import daily_code
from halfmoon.records.history import Entry
from halfmoon.session.leaving import in_progress, leave_question, restart_question, target
from halfmoon.session.session import Session
from halfmoon.words.i18n import code_runs
from tests.positions import position

CODE, OTHER = "HM1-N-AAAAAAB", "HM1-N-AAAAAAC"
TODAY = date(2026, 12, 17)
NOON = 1_797_508_800_000.0  # 2026-12-17 12:00 UTC


def session(game: Game | None = None, lang: str = "pt") -> Session:
    books = Books(wall=lambda: NOON)
    return Session(game or Game.new(CODE), Prefs(), lang, books=books)


def paired(lang: str = "pt") -> Session:
    played = session(lang=lang)
    played.tap("P5", 0), played.tap("P6", 1)  # 6♥ + 5♥: one move
    return played


ACTIONS = (
    ("new", {}),
    ("daily", {}),
    ("code", {"code": OTHER}),
    ("code", {"code": " hm1-n-aaaaaac "}),  # any case, any space: another deal
    ("day", {"day": date(2026, 12, 3)}),
    ("again", {"code": OTHER}),
)


def test_a_game_with_no_moves_goes_without_a_question() -> None:
    fresh = session()
    assert not in_progress(fresh)
    fresh.tap("P5", 0)  # a card selected is not a move
    for action, where in ACTIONS:
        assert target(fresh, action, **where) is not None  # another deal…
        assert leave_question(fresh, action, **where) is None  # …and nothing to lose
    assert restart_question(fresh) is None


def test_every_way_to_another_deal_asks_while_a_game_is_under_way() -> None:
    played = paired()
    assert in_progress(played)
    for action, where in ACTIONS:
        question = leave_question(played, action, **where)
        assert question is not None, action
        title, text, yes, no = question.words("pt")
        assert title == "Deixar esta partida?"
        assert text == (
            "A partida HM1-N-AAAAAAB vai a meio (1 jogada). Fica em «As suas partidas», onde "
            "a pode retomar, e nas estatísticas conta como deixada: a série de vitórias acaba."
        )
        assert (yes, no) == ("Deixar a partida", "Continuar a jogar")
    english = leave_question(paired("en"), "new")
    assert english is not None and english.words("en") == (
        "Leave this game?",
        "Deal HM1-N-AAAAAAB is under way (1 move). It stays in Your games, where you can "
        "resume it, and the statistics count it as left: your streak of wins ends.",
        "Leave the game",
        "Keep playing",
    )


def test_the_question_is_about_the_deal_the_action_then_plays() -> None:
    for action, where in ACTIONS:
        played = paired()
        asked = target(played, action, **where)
        act(played, action, where)
        if action == "new":  # a new random deal: the question names none
            assert asked == "*" and played.game.code != CODE
        else:
            assert asked == played.game.code, (action, where)


def act(played: Session, action: str, where: dict[str, object]) -> None:
    """Do ``action`` as the page does once the player leaves the game for it."""
    code, day = where.get("code"), where.get("day")
    if action == "new":
        played.new_game(5)
    elif action == "daily":
        played.daily(5)
    elif action == "code" and isinstance(code, str):
        played.new_game(5, code)
    elif action == "day" and isinstance(day, date):
        played.play_day(day, 5)
    elif action == "again" and isinstance(code, str):
        played.again(code, 5)
    else:
        raise AssertionError(action)


def test_what_stays_on_this_deal_never_asks() -> None:
    played = paired()
    table_day = session(Game.new(daily_code(TODAY)))
    table_day.tap("P1", 0)
    stays = [
        (played, "code", {"code": CODE.lower()}),  # the deal on the table
        (played, "code", {"code": "HM1-X"}),  # invalid: explained, nothing changes
        (played, "code", {"code": ""}),
        (played, "again", {"code": CODE}),  # the table's own deal, under way: resumed as is
        (played, "day", {"day": date(2026, 12, 18)}),  # a day to come: nothing happens
        (table_day, "daily", {}),  # today's deal, already on the table
        (table_day, "day", {"day": TODAY}),
    ]
    for who, action, where in stays:
        assert target(who, action, **where) is None, (action, where)
        assert leave_question(who, action, **where) is None


def test_a_game_that_ended_goes_without_a_question() -> None:
    won = session(position(P1="4S", P2="7H"))
    won.tap("P1", 0), won.tap("P2", 1)
    stuck = session(position(under={"P1": ["KS"], "P2": ["KH"]}, P1="5S", P2="6D"))
    stuck.tap("P1", 0), stuck.tap("P2", 1)
    for ended in (won, stuck):
        assert ended.game.status != "playing" and not in_progress(ended)
        assert all(leave_question(ended, a, **w) is None for a, w in ACTIONS)


def test_a_restart_asks_in_the_same_window_saying_what_becomes_of_the_game() -> None:
    played = paired("en")
    question = restart_question(played)
    assert question is not None
    assert question.words("en") == (
        "Restart this deal?",
        "Deal HM1-N-AAAAAAB goes back to its start, undoing 1 move. The game under way stays "
        "in Your games and counts as left (your streak of wins ends); the new one counts as "
        "another game.",
        "Restart",
        "Keep playing",
    )
    pt = restart_question(paired())
    assert pt is not None and pt.words("pt")[0] == "Recomeçar esta partida?"
    assert "fica em «As suas partidas» e conta como deixada" in pt.words("pt")[1]
    won = session(position(P1="4S", P2="7H"), "en")
    won.tap("P1", 0), won.tap("P2", 1)
    ended = restart_question(won)  # a won game restarted: it is not left, only undone
    assert ended is not None
    assert ended.words("en")[1] == (
        "Deal — goes back to its start, undoing 1 move. The statistics count it as a new game."
    )
    assert ended.words("en")[3] == "Cancel"


def test_resume_and_play_again_are_named_apart() -> None:
    left = Entry("a", OTHER, 0.0, NOON, "left", 90, 61_000, 7, None)
    won = Entry("b", CODE, 0.0, NOON, "won", 0, 61_000, 48, None)
    played = paired()
    kept = {OTHER: paired()}
    kept[OTHER].play.game.tap("P1", 2)  # any play of OTHER still under way

    def find(code: str) -> Play | None:
        return kept[code].play if code in kept else None

    def local(ms: float) -> datetime:
        return datetime(2026, 12, 17, 12)

    codes = resumable([OTHER, CODE, "HM1-N-ZZZZZZZ"], find, played.play)
    assert codes == {OTHER, CODE}  # the table's own deal, under way, resumes too
    for lang, resume, again in (("pt", "Retomar", "Jogar de novo"), ("en", "Resume", "Play again")):
        shown = rows([left, won], TODAY, local, lang, frozenset({OTHER}))
        assert [r.again_key for r in shown] == ["action.resume", "action.again"]
        assert shown[0].again == f"{resume} {OTHER}" and shown[1].again == f"{again} {CODE}"
        assert "102" not in shown[0].summary and "90 " in shown[0].summary
    # "Left 102 cards left": the result, then the cards still on the table
    english = rows([left], TODAY, local, "en")[0]
    assert (english.result, english.summary.split(" · ")[0]) == ("Left", "90 cards on the table")


def test_a_deal_code_is_one_piece_in_any_line() -> None:
    runs = code_runs("Nova partida: HM1-N-AAAAAAB. Outra: HM1-N-ZZZZZZZ")
    assert runs == [
        ("Nova partida: ", False),
        ("HM1-N-AAAAAAB", True),
        (". Outra: ", False),
        ("HM1-N-ZZZZZZZ", True),
    ]
    assert code_runs("Sem código.") == [("Sem código.", False)]
    assert "".join(run for run, _ in runs) == "Nova partida: HM1-N-AAAAAAB. Outra: HM1-N-ZZZZZZZ"


def test_the_chart_of_a_few_games_draws_wide_bars() -> None:
    assert chart_places(0) == chart_places(2) == CHART_FEW  # two games: a quarter, not slivers
    assert chart_places(CHART_GAMES) == CHART_GAMES == chart_places(99)
