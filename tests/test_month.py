"""The calendar of the deals of the day, in CPython: a month's weeks (leap years
included), each day's result from the history and the play in progress, the tally, how
far back it goes, the keys of the date grid, the player's own date in any time zone, and
a past day played through the session (its badge, its place in the history, the streak
kept to the days played on the day)."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, date, datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from halfmoon import Game
from halfmoon.host.examples import WON
from halfmoon.keeping.books import Books
from halfmoon.keeping.prefs import Prefs
from halfmoon.keeping.saved import Play, read_play, write_play
from halfmoon.page.results import daily_streak, rows
from halfmoon.records.daily import daily_code
from halfmoon.records.history import KEEP, Entry, read_history, record, write_history
from halfmoon.records.localtime import local_day
from halfmoon.records.month import (
    KEYS,
    add_months,
    days_in,
    earliest,
    first_of,
    month_view,
    move,
    results,
)
from halfmoon.session.presenter import Presenter
from halfmoon.session.session import Session
from tests.solver import legal_moves
from tests.test_session import Shelf

TODAY = date(2026, 12, 17)
DAY = 86_400_000


def noon(day: date, hours: float = 12) -> float:
    return datetime(day.year, day.month, day.day, tzinfo=UTC).timestamp() * 1000 + hours * 3.6e6


def played(day: date, result: str = "won", *, late: bool = False, id: str = "") -> Entry:
    """A game of ``day``'s deal in the history (won: the example's 48 moves)."""
    moves = WON.moves if result == "won" else WON.moves[:5]
    left = 104 - sum(len(m) for m in moves)
    ended = noon(day + timedelta(days=3 if late else 0))
    return Entry(
        id or f"{day}-{result}",
        daily_code(day),
        ended - 1,
        ended,
        result,
        left,  # type: ignore[arg-type]
        90_000,
        len(moves),
        day,
        moves,
        late,
    )


# ---------------------------------------------------------------- the month
@pytest.mark.parametrize(
    ("year", "month", "days", "monday_first"),
    [
        (2026, 12, 31, 1),  # 1 December 2026 is a Tuesday
        (2026, 2, 28, 6),  # a Sunday
        (2028, 2, 29, 1),  # a leap year
        (2100, 2, 28, 0),  # not one (a century)
        (2000, 2, 29, 1),  # one (every 400 years)
        (2026, 6, 30, 0),
    ],
)
def test_a_month_is_its_days_in_weeks_from_monday(
    year: int, month: int, days: int, monday_first: int
) -> None:
    assert days_in(year, month) == days
    shown = month_view(date(year, month, 15), [], date(2200, 1, 1), "pt")
    assert shown.days == days and shown.first == date(year, month, 1)
    assert all(len(week) == 7 for week in shown.weeks)
    cells = [d for week in shown.weeks for d in week]
    assert cells.index(next(d for d in cells if d is not None)) == monday_first
    dated = [d for d in cells if d is not None]
    assert [d.day for d in dated] == [date(year, month, n) for n in range(1, days + 1)]
    assert all(d.code == daily_code(d.day) for d in dated)  # the same day, the same deal
    assert len(shown.weeks) == -(-(monday_first + days) // 7)


def test_an_empty_history_leaves_every_day_to_play() -> None:
    shown = month_view(TODAY, [], TODAY, "pt")
    days = [d for week in shown.weeks for d in week if d is not None]
    assert {d.result for d in days} == {""}
    # the days to come are not counted: only the 17 so far can have been won
    assert (shown.won, shown.tally, shown.complete) == (0, "0 de 17 dias ganhos até hoje", False)
    assert [d.day.day for d in days if d.future] == list(range(18, 32))
    assert [d.day.day for d in days if d.today] == [17]
    assert shown.title == "Dezembro de 2026"
    assert days[2].label == "3 de dezembro, por jogar"
    assert days[16].label == "17 de dezembro, hoje, por jogar"
    assert days[20].label == "21 de dezembro"  # to come: its date alone (disabled)
    assert (shown.earlier, shown.later) == (True, False)  # last month, never next month
    en = month_view(TODAY, [], TODAY, "en")
    assert en.title == "December 2026" and en.tally == "0 of 17 days won so far"
    # a month gone by: all its days
    assert month_view(date(2026, 11, 3), [], TODAY, "en").tally == "0 of 30 days won"


def test_each_day_says_what_became_of_its_deal() -> None:
    entries = [
        played(date(2026, 12, 3)),
        played(date(2026, 12, 4), "stuck"),
        played(date(2026, 12, 5), "left"),
        played(date(2026, 12, 5), "won", late=True, id="made-up"),  # a win beats a try
        played(date(2026, 12, 6), "left", late=True),  # made up, not won
    ]
    reached = Entry("link", daily_code(date(2026, 12, 7)), 0, 1, "stuck", 100, 1, 2)
    shown = month_view(TODAY, [*entries, reached], TODAY, "pt", playing=daily_code(TODAY))
    by_day = {d.day.day: d for week in shown.weeks for d in week if d is not None}
    # 7: its deal played by its code (from a link), not from the calendar
    expected = ["", "", "won", "tried", "won", "tried", "tried", ""]
    assert [by_day[n].result for n in range(1, 9)] == expected
    assert by_day[17].result == "tried"  # today's deal on the table, with moves
    assert by_day[3].label == "3 de dezembro, ganha"
    assert by_day[4].label == "4 de dezembro, jogada, por ganhar"
    assert by_day[17].label == "17 de dezembro, hoje, jogada, por ganhar"
    assert (shown.won, shown.tally) == (2, "2 de 17 dias ganhos até hoje")
    english = month_view(TODAY, entries, TODAY, "en")
    assert english.find(date(2026, 12, 3)).label == "December 3, won"  # type: ignore[union-attr]
    assert english.find(date(2026, 12, 4)).label == "December 4, played, not won"  # type: ignore[union-attr]


def test_a_month_with_every_day_won_is_complete() -> None:
    november = [played(date(2026, 11, n), late=n % 3 == 0) for n in range(1, 31)]
    shown = month_view(date(2026, 11, 1), november, TODAY, "pt")
    assert (shown.won, shown.days, shown.complete) == (30, 30, True)
    assert shown.tally == "30 de 30 dias ganhos"
    missing = month_view(date(2026, 11, 1), november[1:], TODAY, "pt")
    assert not missing.complete and missing.won == 29
    # a day only tried keeps the month from being complete
    tried = [*november[1:], played(date(2026, 11, 1), "stuck")]
    assert not month_view(date(2026, 11, 1), tried, TODAY, "pt").complete


def test_a_full_history_reaches_back_as_far_as_it_remembers() -> None:
    """KEEP deals of the day, one a day: the calendar goes back to the oldest's month,
    and every month in between is tallied from what the history kept."""
    first = TODAY - timedelta(days=KEEP - 1)
    history = record([], [played(first + timedelta(days=n)) for n in range(KEEP)])
    assert len(history) == KEEP
    stored = read_history(write_history(history))
    assert earliest(stored, TODAY) == first_of(first) == date(2026, 6, 1)
    shown = month_view(date(2026, 6, 1), stored, TODAY, "pt")
    assert shown.won == 30 - first.day + 1 and not shown.earlier and shown.later
    july = month_view(date(2026, 7, 1), stored, TODAY, "pt")
    assert july.complete and july.earlier
    december = month_view(TODAY, stored, TODAY, "pt")
    assert december.won == 17 and not december.complete and not december.later
    assert earliest([], TODAY) == date(2026, 11, 1)  # last month, with nothing remembered
    assert earliest([], date(2027, 1, 5)) == date(2026, 12, 1)  # across the new year


def test_results_count_a_win_before_a_try_whatever_the_order() -> None:
    day = date(2026, 12, 2)
    for entries in ([played(day), played(day, "stuck")], [played(day, "stuck"), played(day)]):
        assert results(entries)[day] == "won"
    assert results([], playing=daily_code(day)) == {daily_code(day): "tried"}


# -------------------------------------------------------------------- keys
FIRST, LAST = date(2026, 11, 1), TODAY


@pytest.mark.parametrize(
    ("start", "key", "shift", "goal"),
    [
        (date(2026, 12, 10), "ArrowRight", False, date(2026, 12, 11)),
        (date(2026, 12, 10), "ArrowLeft", False, date(2026, 12, 9)),
        (date(2026, 12, 1), "ArrowLeft", False, date(2026, 11, 30)),  # into last month
        (date(2026, 12, 10), "ArrowUp", False, date(2026, 12, 3)),
        (date(2026, 12, 3), "ArrowUp", False, date(2026, 11, 26)),
        (date(2026, 12, 10), "ArrowDown", False, date(2026, 12, 17)),
        (date(2026, 12, 11), "ArrowDown", False, TODAY),  # never into the days to come
        (date(2026, 12, 16), "ArrowRight", False, TODAY),
        (TODAY, "ArrowRight", False, TODAY),
        (date(2026, 12, 10), "Home", False, date(2026, 12, 7)),  # that week's Monday
        (date(2026, 12, 7), "Home", False, date(2026, 12, 7)),
        (date(2026, 12, 10), "End", False, date(2026, 12, 13)),  # its Sunday
        (date(2026, 12, 2), "Home", False, date(2026, 11, 30)),  # a week across months
        (date(2026, 12, 15), "End", False, TODAY),
        (date(2026, 12, 15), "PageUp", False, date(2026, 11, 15)),
        (date(2026, 11, 15), "PageUp", False, FIRST),  # no earlier than the calendar goes
        (date(2026, 11, 15), "PageDown", False, date(2026, 12, 15)),
        (date(2026, 11, 30), "PageDown", False, TODAY),
        (date(2026, 12, 15), "PageUp", True, FIRST),  # a year back, kept in range
        (date(2026, 11, 20), "PageDown", True, TODAY),
        (date(2026, 11, 3), "ArrowUp", False, FIRST),
        (date(2026, 12, 10), "x", False, date(2026, 12, 10)),
    ],
)
def test_the_keys_of_the_date_grid(start: date, key: str, shift: bool, goal: date) -> None:
    assert move(start, key, shift=shift, first=FIRST, last=LAST) == goal


def test_a_month_later_keeps_the_day_or_takes_the_months_last() -> None:
    assert add_months(date(2026, 1, 31), 1) == date(2026, 2, 28)
    assert add_months(date(2028, 1, 31), 1) == date(2028, 2, 29)
    assert add_months(date(2028, 2, 29), 12) == date(2029, 2, 28)
    assert add_months(date(2026, 12, 17), 1) == date(2027, 1, 17)
    assert add_months(date(2026, 1, 17), -1) == date(2025, 12, 17)
    assert add_months(date(2026, 3, 31), -1) == date(2026, 2, 28)


@given(
    st.dates(date(2024, 1, 1), date(2030, 12, 31)),
    st.lists(st.sampled_from(sorted(KEYS)), max_size=30),
    st.booleans(),
)
def test_keys_never_leave_the_calendar(start: date, keys: list[str], shift: bool) -> None:
    first, last = date(2025, 3, 1), date(2029, 7, 14)
    day = max(first, min(last, start))
    for key in keys:
        day = move(day, key, shift=shift, first=first, last=last)
        assert first <= day <= last


# ------------------------------------------------------------ the session
def session_at(wall: float, offset: int = 0, *plays: Play) -> Session:
    books = Books(wall=lambda: wall, day_of=lambda ms: local_day(ms, offset))
    return Session(Game.new("HM1-N-AAAAAAB"), Prefs(), "pt", Shelf(*plays), books=books)


def test_the_calendar_is_on_the_players_own_date() -> None:
    # 17 December, 23:30 in Lisbon: already the 18th in Tokyo, still the 17th in Honolulu
    instant = noon(TODAY, 23.5)
    for offset, today in ((0, 17), (9 * 60, 18), (-10 * 60, 17)):
        month = Presenter(session_at(instant, offset)).month([])
        days = [d for week in month.weeks for d in week if d is not None]
        assert [d.day.day for d in days if d.today] == [today], offset
    # on the first of a month in Tokyo, still the last of the month before in Honolulu
    instant = noon(date(2026, 11, 30), 20)
    assert Presenter(session_at(instant, 9 * 60)).month([]).title == "Dezembro de 2026"
    assert Presenter(session_at(instant, -10 * 60)).month([]).title == "Novembro de 2026"


def play_a_move(session: Session, now: float = 1) -> None:
    for slot in legal_moves(session.game.tops())[0]:
        session.tap(slot, now)


def test_a_past_day_is_played_with_its_badge_and_kept_apart_from_the_streak() -> None:
    session = session_at(noon(TODAY))
    shown = Presenter(session)
    day = date(2026, 12, 3)
    feedback = session.play_day(day, 2)
    assert session.game.code == daily_code(day) and session.game.moves == 0
    assert feedback.message == f"Partida do dia, 3 de dezembro de 2026: {daily_code(day)}."
    assert feedback.deal and feedback.events == ("new",)
    assert shown.counters(3).daily == "Partida do dia 3 dez."  # the bar names the day
    assert session.play.daily == day
    play_a_move(session, 4)
    assert shown.month([]).find(day).result == "tried"  # type: ignore[union-attr]
    left = session.daily(5)  # today's deal: the made-up day goes into the history
    (entry,) = left.recorded
    assert (entry.daily, entry.late, entry.result) == (day, True, "left")
    assert shown.month([entry]).find(day).result == "tried"  # type: ignore[union-attr]
    assert daily_streak([entry], TODAY, False) == 0  # not played on its day
    assert rows([entry], TODAY, lambda ms: datetime(2026, 12, 17), "pt")[0].daily == (
        "Do dia 3 dez."
    )
    # the same day again: its play in progress, resumed (the kept play, with its day)
    kept = left.left
    assert kept is not None and kept.daily == day
    shelf = Shelf(kept)
    again = Session(session.game, Prefs(), "pt", shelf, books=Books(wall=lambda: noon(TODAY)))
    feedback = again.play_day(day, 6)
    assert again.play is kept and feedback.message.startswith("Partida do dia, 3 de dezembro")


def test_today_and_days_to_come_from_the_calendar() -> None:
    session = session_at(noon(TODAY))
    shown = Presenter(session)
    assert session.play_day(TODAY + timedelta(days=1), 1).events == ()  # nothing happens
    assert session.game.code == "HM1-N-AAAAAAB"
    session.play_day(TODAY, 2)
    assert shown.counters(3).daily == "Partida do dia"
    play_a_move(session, 4)
    assert session.play_day(TODAY, 5).message.startswith("Já está a jogar")
    recorded = session.new_game(6).recorded
    assert [(e.daily, e.late) for e in recorded] == [(TODAY, False)]  # on its day
    assert daily_streak(recorded, TODAY, False) == 1


def test_a_day_played_to_its_end_is_dealt_again_from_the_start() -> None:
    session = session_at(noon(TODAY))
    shown = Presenter(session)
    day = date(2026, 11, 28)
    session.play_day(day, 1)
    while session.game.status == "playing" and legal_moves(session.game.tops()):
        play_a_move(session, 2)
    first = session.play.id
    session.play_day(day, 3)
    assert session.play.id != first and session.game.moves == 0
    assert shown.counters(4).daily == "Partida do dia 28 nov."
    session.restart(5)  # a restart keeps the day too
    assert shown.counters(6).daily == "Partida do dia 28 nov." and session.play.daily == day


def test_yesterdays_deal_restarted_today_is_a_day_made_up() -> None:
    yesterday = TODAY - timedelta(days=1)
    begun = noon(yesterday)
    session = session_at(begun)
    shown = Presenter(session)
    session.daily(1)
    play_a_move(session, 2)
    session.books.wall = lambda: noon(TODAY)
    shown.turn_day()
    assert shown.counters(3).daily == "Partida do dia 16 dez."
    # on the table, begun on its day: yesterday counts in the streak
    assert shown.daily_results([])["daily-streak"] == "1"
    recorded = session.restart(4).recorded
    assert [(e.daily, e.late) for e in recorded] == [(yesterday, False)]  # played that day
    play_a_move(session, 5)
    assert shown.daily_results([])["daily-streak"] == "0"  # on the table, made up
    (entry,) = session.new_game(6).recorded
    assert (entry.daily, entry.late) == (yesterday, True)


def test_the_streak_counts_the_days_played_on_the_day_only() -> None:
    yesterday = TODAY - timedelta(days=1)
    made_up = played(yesterday, late=True)
    assert daily_streak([made_up], TODAY, False) == 0
    assert daily_streak([made_up], TODAY, True) == 1  # today's, in progress
    assert daily_streak([made_up, played(yesterday, "stuck")], TODAY, False) == 1
    assert month_view(TODAY, [made_up], TODAY, "pt").won == 1  # but the month counts it


def test_a_kept_play_remembers_its_day_and_a_false_day_is_refused() -> None:
    day = date(2026, 12, 3)
    play = Play(Game.new(daily_code(day)), "p", begun=noon(TODAY), saved=noon(TODAY), daily=day)
    raw = write_play(play, noon(TODAY))
    assert read_play(raw).daily == day
    plain = replace(play, daily=None)
    assert '"daily"' not in write_play(plain, 0)  # as older versions wrote it
    from halfmoon.records.safejson import Invalid

    for bad in ('"2026-12-04"', '"2026-1-3"', '"20261203"', "3", '"2026-W49-4"', "null"):
        forged = raw.replace('"daily":"2026-12-03"', f'"daily":{bad}')
        with pytest.raises(Invalid):
            read_play(forged)


def test_the_history_keeps_a_made_up_day_and_refuses_a_false_one() -> None:
    entry = played(date(2026, 12, 3), late=True)
    assert read_history(write_history([entry])) == [entry]
    assert '"late"' not in write_history([played(date(2026, 12, 3))])
    raw = write_history([replace(entry, daily=None, late=False)])
    from halfmoon.records.safejson import Invalid

    for forged in (
        raw.replace('"daily":null', '"daily":null,"late":true'),
        raw.replace('"daily":null', '"daily":null,"late":1'),
    ):
        with pytest.raises(Invalid):
            read_history(forged)
