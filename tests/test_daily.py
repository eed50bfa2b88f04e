"""The deal of the day: its frozen known answers (docs/deal-codes.md), the calendar date
in any time zone, the ``#daily`` link, and what the session does with it."""

from __future__ import annotations

import re
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import pytest

from halfmoon.keeping.books import Books
from halfmoon.keeping.prefs import Prefs
from halfmoon.records.daily import EPOCH, SEED, daily_code, daily_number, parse_day
from halfmoon.records.localtime import local_day
from halfmoon.rules.deal import DEAL_COUNT, canonical_code
from halfmoon.rules.links import DAILY, read_link
from halfmoon.session.presenter import Presenter
from halfmoon.session.session import Session
from tests.solver import legal_moves
from tests.test_session import Shelf

KNOWN = {
    "2025-12-31": ("HM1-N-HJCXNXY", 2270670426),
    "2026-01-01": ("HM1-N-HINNDBP", 2263632685),
    "2026-01-02": ("HM1-N-TXJOZBF", 6147047171),
    "2026-12-01": ("HM1-N-QJQDQQX", 5056960399),
    "2026-12-02": ("HM1-N-BLULOBI", 448953266),
    "2027-01-01": ("HM1-N-PFCLPQB", 4694261365),
    "2030-06-15": ("HM1-N-XQNVSQN", 7301487245),
    "2100-02-28": ("HM1-N-YKLDEUD", 7537875075),
}
DOC = Path(__file__).resolve().parent.parent / "docs" / "deal-codes.md"
DAY = 86_400_000
# 1 December 2026, 12:00 UTC, in milliseconds since 1970
NOON = datetime(2026, 12, 1, 12, tzinfo=UTC).timestamp() * 1000


@pytest.mark.parametrize("day", sorted(KNOWN))
def test_known_answers(day: str) -> None:
    code, number = KNOWN[day]
    assert daily_number(parse_day(day)) == number
    assert daily_code(parse_day(day)) == code


def test_the_documented_vectors_are_the_tested_ones() -> None:
    written = dict(re.findall(r"\| (\d{4}-\d\d-\d\d) \| `(HM1-N-[A-Z]{7})`", DOC.read_text()))
    assert written == {day: code for day, (code, _) in KNOWN.items()}
    assert f"0x{SEED:X}" in DOC.read_text() and EPOCH.isoformat() in DOC.read_text()


def test_every_day_of_a_century_has_a_deal_and_they_differ() -> None:
    codes = [daily_code(EPOCH + timedelta(days=n)) for n in range(-400, 36_500, 7)]
    assert len(set(codes)) == len(codes)
    assert all(canonical_code(c) == c for c in codes)  # valid, canonical codes
    assert max(daily_number(EPOCH + timedelta(days=n)) for n in range(500)) < DEAL_COUNT


@pytest.mark.parametrize(
    ("offset", "expected"),
    [
        (0, "2026-12-01"),
        (-11 * 60 - 59, "2026-12-01"),
        (13 * 60, "2026-12-02"),
        (-13 * 60, "2026-11-30"),
    ],
)
def test_the_calendar_date_is_the_players_own(offset: int, expected: str) -> None:
    assert local_day(NOON, offset) == parse_day(expected)


def test_players_on_the_same_date_share_a_deal_whatever_their_offset() -> None:
    # Lisbon at 00:30 and Honolulu at 23:30 on 1 December: different instants, one date.
    lisbon = datetime(2026, 12, 1, 0, 30, tzinfo=UTC).timestamp() * 1000
    honolulu = datetime(2026, 12, 2, 9, 30, tzinfo=UTC).timestamp() * 1000
    assert local_day(lisbon, 0) == local_day(honolulu, -600) == date(2026, 12, 1)


@pytest.mark.parametrize("fragment", ["#daily", "#DAILY", "#Daily", "#%64aily", "# daily "])
def test_the_daily_link_is_read_in_any_case(fragment: str) -> None:
    assert read_link(fragment) == DAILY


def start_at(wall: float, fragment: str, offset: int = 0) -> tuple[Session, str]:
    session, said = Session.start(
        last=None,
        library=Shelf(),
        prefs=Prefs(),
        fragment=fragment,
        lang="pt",
        books=Books(wall=lambda: wall, day_of=lambda ms: local_day(ms, offset)),
    )
    return session, " ".join(p.text("pt") for p in said)


def test_the_daily_link_deals_the_players_date() -> None:
    session, said = start_at(NOON, "#daily")
    assert session.game.code == KNOWN["2026-12-01"][0]
    assert said == "Partida do dia, 1 de dezembro de 2026: HM1-N-QJQDQQX."
    assert Presenter(session).counters(0).daily == "Partida do dia"
    tokyo, _ = start_at(NOON, "#daily", offset=13 * 60)
    assert tokyo.game.code == KNOWN["2026-12-02"][0]


def test_the_badge_names_an_old_deal_of_the_day_and_nothing_else() -> None:
    session, _ = start_at(NOON, "#daily")
    shown = Presenter(session)
    session.books.wall = lambda: NOON + DAY  # the next day, the same play
    assert shown.counters(0).daily == "Partida do dia"  # until the page turns the day
    assert shown.turn_day() and not shown.turn_day()
    assert shown.counters(0).daily == "Partida do dia 1 dez."
    session.lang = "en"
    assert shown.counters(0).daily == "Deal of Dec 1"
    other, _ = start_at(NOON, "#HM1-N-AAAAAAB")
    assert Presenter(other).counters(0).daily == ""


def test_taps_and_saves_never_ask_the_page_s_calendar() -> None:
    """Asking the page's calendar crosses into JavaScript (a Date and its offset): the
    session asks it when it starts, once per play (the day it began) and on the clock's
    tick; not at every tap, nor for the bar it shows, nor for the record of the table
    each save writes."""
    asked: list[float] = []

    def day_of(ms: float) -> date:
        asked.append(ms)
        return local_day(ms, 0)

    session, _ = Session.start(
        last=None,
        library=Shelf(),
        prefs=Prefs(),
        fragment="#daily",
        lang="pt",
        books=Books(wall=lambda: NOON, day_of=day_of),
    )
    shown = Presenter(session)
    shown.counters(0)  # the play's first day, asked once
    started = len(asked)
    for i in range(20):
        moves = legal_moves(session.game.tops()) or [(session.game.playable()[0],)]
        for slot in moves[i % len(moves)]:
            session.tap(slot, i)
        shown.counters(i), shown.painted(i, "build"), session.books.entry(session.play, i)
    assert len(asked) == started
    shown.turn_day()  # the tick: one question
    assert len(asked) == started + 1


def test_the_daily_action_resumes_todays_play_and_keeps_the_other() -> None:
    session, _ = start_at(NOON, "#HM1-N-AAAAAAB")
    for slot in legal_moves(session.game.tops())[0]:
        session.tap(slot, 1)
    feedback = session.daily(2)
    assert session.game.code == KNOWN["2026-12-01"][0]
    assert feedback.message == "Partida do dia, 1 de dezembro de 2026: HM1-N-QJQDQQX."
    assert feedback.left is not None and feedback.left.game.moves == 1
    assert [e.result for e in feedback.recorded] == ["left"]  # into the history
    assert session.follow_link("#daily", 3).message.startswith("Partida do dia")
    assert session.game.code == KNOWN["2026-12-01"][0]


def test_a_won_daily_deal_is_recorded_with_its_date() -> None:
    session, _ = start_at(NOON, "#daily")
    recorded = []
    while session.game.status == "playing":
        moves = legal_moves(session.game.tops())
        if not moves:
            break
        for slot in moves[0]:
            feedback = session.tap(slot, 5)
        recorded += feedback.recorded
    assert len(recorded) == 1
    entry = recorded[0]
    assert entry.daily == date(2026, 12, 1) and entry.code == session.game.code
    assert entry.result == ("won" if session.game.status == "won" else "stuck")
    assert entry.left == session.game.cards_left and entry.moves == session.game.moves
