"""Your games: the history's stored form (and hostile values refused), what is recorded
when, the replay of a kept game (and of a forged one), the rows, the share text, today's
deal, the streak and the chart."""

from __future__ import annotations

import contextlib
import itertools
import json
from dataclasses import replace
from datetime import UTC, date, datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from halfmoon import Game
from halfmoon.host.examples import IMPASSE, WON
from halfmoon.keeping.books import Books, new_id
from halfmoon.keeping.prefs import Prefs
from halfmoon.page.replay import frames
from halfmoon.page.results import (
    chart,
    chart_words,
    daily_streak,
    daily_view,
    rows,
    share_text,
)
from halfmoon.records.daily import daily_code
from halfmoon.records.history import (
    KEEP,
    MAX_CHARS,
    RECENT,
    Entry,
    entry_of,
    read_history,
    record,
    write_history,
)
from halfmoon.records.localtime import local_day, local_time
from halfmoon.records.safejson import Invalid
from halfmoon.records.stats import Count
from halfmoon.session.presenter import Presenter
from halfmoon.session.session import Session
from tests.solver import legal_moves
from tests.test_session import Shelf

NOON = datetime(2026, 12, 1, 12, tzinfo=UTC).timestamp() * 1000
TODAY = date(2026, 12, 1)


def finished(example=WON, moves: int | None = None, *, id: str = "a", ended: float = NOON) -> Entry:
    """The entry of an example game played to its end (or its first ``moves``)."""
    game = Game.new(example.code)
    played = example.moves[:moves]
    for i, move in enumerate(played):  # the first at 0:00, the last at 5:12
        for slot in move:
            game.tap(slot, 312_000 * i / (len(played) - 1))
    day = local_day(ended, 0)
    daily = day if example.code == daily_code(day) else None
    return entry_of(game, id, ended - 300_000, ended, 312_000, daily)


def test_entries_round_trip_and_are_small() -> None:
    entries = [finished(), finished(IMPASSE, id="b"), finished(WON, 5, id="c")]
    assert [e.result for e in entries] == ["won", "stuck", "left"]
    assert read_history(write_history(entries)) == entries
    # the largest history there can be: won games (the most moves), full-length ids,
    # each a deal of the day
    won = finished()
    full = [
        replace(won, id=new_id(), ended=NOON + i, daily=TODAY - timedelta(days=i))
        for i in range(KEEP)
    ]
    assert len(write_history(full)) < MAX_CHARS * 0.9  # read_history accepts MAX_CHARS
    assert read_history(write_history(full)) == full


def stored(**changes: object) -> str:
    data = json.loads(write_history([finished(WON, 5)]))
    data["games"][0].update(changes)
    return json.dumps(data)


@pytest.mark.parametrize(
    "changes",
    [
        {"code": "HM1-N-AAAAAA"},
        {"code": "<img src=x onerror=alert(1)>"},
        {"result": "lost"},
        {"left": -1},
        {"left": 10**400},
        {"time": 1e300},
        {"moves": True},
        {"moves": 6},  # five moves stored
        {"left": 0},  # not what five moves leave
        {"removals": "P1-P13"},
        {"removals": "P1"},
        {"removals": "P1-P1"},
        {"removals": ",".join(["P1-P2"] * 60)},
        {"daily": "2026-13-01"},
        {"daily": 20261201},
        {"id": "x" * 41},
        {"begun": -5},
    ],
)
def test_hostile_entries_are_refused_whole(changes: dict[str, object]) -> None:
    with pytest.raises(Invalid):
        read_history(stored(**changes))


def test_hostile_shapes_are_refused() -> None:
    for raw in ("", "[]", '{"v":2}', '{"v":true,"games":[]}', "[" * 10_000, "x" * 200_000):
        with pytest.raises(Invalid):
            read_history(raw)
    too_many = json.loads(write_history([finished()]))
    too_many["games"] *= KEEP + 1
    with pytest.raises(Invalid):
        read_history(json.dumps(too_many))


@given(st.text(max_size=300))
def test_any_text_is_read_or_refused_never_crashes(raw: str) -> None:
    with contextlib.suppress(Invalid):
        read_history(raw)


def test_one_entry_per_play_newest_first_and_a_win_is_never_taken_back() -> None:
    left = finished(WON, 5, id="a", ended=NOON)
    other = finished(IMPASSE, id="b", ended=NOON + 1)
    won = finished(WON, id="a", ended=NOON + 2)
    history = record([], [left, other])
    assert [e.id for e in history] == ["b", "a"]
    history = record(history, [won])
    assert [(e.id, e.result) for e in history] == [("a", "won"), ("b", "stuck")]
    history = record(history, [finished(WON, 47, id="a", ended=NOON + 3)])
    assert history[0].result == "won"  # undone after the win, then left: still a win
    many = record([], [finished(id=str(i), ended=NOON + i) for i in range(KEEP + 20)])
    assert len(many) == KEEP and many[0].id == str(KEEP + 19)


def test_a_long_streak_outlives_a_busy_history() -> None:
    """Ten games a day for 60 days, one of them the deal of the day: the history keeps
    the newest games, and every day's deal before older games, so the streak is whole."""
    day0, other = date(2026, 10, 3), finished(IMPASSE)
    history: list[Entry] = []
    every: list[Entry] = []
    for n in range(60):
        day = day0 + timedelta(days=n)
        noon = datetime(day.year, day.month, day.day, 12, tzinfo=UTC).timestamp() * 1000
        games = [replace(daily_entry(day, "stuck", id=f"{day}-daily"), begun=noon, ended=noon)]
        games += [replace(other, id=f"{day}-{i}", ended=noon + i + 1) for i in range(9)]
        history = record(history, games)
        every += games
    newest = sorted(every, key=lambda e: e.ended, reverse=True)
    assert len(history) == KEEP and history[:RECENT] == newest[:RECENT]
    assert daily_streak(history, day0 + timedelta(days=59), False) == 60


def test_a_replay_draws_every_position_and_says_how_it_ended() -> None:
    for example, ending in ((WON, "Partida ganha"), (IMPASSE, "Impasse")):
        drawn = frames(example.code, example.moves, "pt")
        assert len(drawn) == len(example.moves) + 1
        assert drawn[-1].caption.startswith(ending)
        assert drawn[0].caption.startswith("Jogada 1:") and drawn[0].highlight == example.moves[0]
        counts = [sum(v.count for v in f.views.values()) for f in drawn]
        assert counts[0] == 104 and all(a > b for a, b in itertools.pairwise(counts))
    left = frames(WON.code, WON.moves[:5], "en")
    assert (
        left[-1].caption.startswith("Game left after 5 moves")
        and "cards on the table" in left[-1].caption
    )


@pytest.mark.parametrize(
    "moves",
    [
        (("P1", "P6"),),  # 5 and 3: not a pair
        (("P1", "P8"), ("P1", "P8"), ("P1", "P8")),
        WON.moves + (("P1", "P2"),),  # a move after the end
    ],
)
def test_a_forged_game_is_refused_not_drawn(moves: tuple[tuple[str, ...], ...]) -> None:
    with pytest.raises(ValueError):
        frames(WON.code, moves, "pt")


def test_rows_say_when_what_and_how_long() -> None:
    entries = [
        finished(WON, id="w", ended=NOON),
        finished(IMPASSE, id="s", ended=NOON - 86_400_000),
        finished(WON, 5, id="l", ended=NOON - 400 * 86_400_000),
    ]
    pt = rows(entries, TODAY, lambda ms: local_time(ms, 0), "pt")
    assert [r.when for r in pt] == ["Hoje, 12:00", "Ontem, 12:00", "27 out. 2025, 12:00"]
    assert [r.result for r in pt] == ["Ganha", "Sem saída", "Deixada"]
    assert pt[0].summary == "5:12 · 48 jogadas"
    assert pt[2].summary == f"{104 - entries[2].cleared} cartas na mesa · 5:12 · 5 jogadas"
    assert pt[1].replay == f"Rever a partida {IMPASSE.code} (Ontem, 12:00)"
    en = rows(entries, TODAY, lambda ms: local_time(ms, -60), "en")  # an hour behind UTC
    assert en[0].when == "Today, 11:00" and en[2].when == "Oct 27 2025, 11:00"


def test_the_share_text_has_code_result_time_moves_and_link() -> None:
    link = "https://example.org/#" + WON.code
    assert share_text(finished(), link, "pt") == (
        f"Half Moon · {WON.code}: ganha · 5:12 · 48 jogadas\n{link}"
    )
    stuck = finished(IMPASSE)
    assert share_text(stuck, "L", "en") == (
        f"Half Moon · {IMPASSE.code}: stuck with {stuck.left} cards left · 5:12 · "
        f"{len(IMPASSE.moves)} moves\nL"
    )
    daily = Entry(
        "d",
        daily_code(TODAY),
        NOON,
        NOON,
        "left",
        100,
        61_000,
        2,
        TODAY,
        (("P1", "P2"), ("P3", "P4")),
    )
    assert share_text(daily, "L", "pt").startswith(
        f"Half Moon · partida do dia 1 de dezembro de 2026 ({daily.code}): deixada com 100 cartas"
    )


def daily_entry(day: date, result: str = "won", id: str = "") -> Entry:
    left = 0 if result == "won" else 100
    return Entry(
        id or day.isoformat() + result, daily_code(day), NOON, NOON, result, left, 90_000, 2, day
    )  # type: ignore[arg-type]


def test_todays_deal_and_the_streak_of_days() -> None:
    days = [date(2026, 11, d) for d in (27, 28, 29, 30)]
    entries = [daily_entry(d, "stuck") for d in days] + [finished(IMPASSE, id="x")]
    assert daily_view(entries, TODAY, False, "pt") == {"daily": "Por jogar", "daily-streak": "4"}
    assert daily_view(entries, TODAY, True, "pt") == {"daily": "Em curso", "daily-streak": "5"}
    entries.insert(0, daily_entry(TODAY, "stuck"))
    entries.insert(0, daily_entry(TODAY, "won"))
    assert daily_view(entries, TODAY, False, "en") == {"daily": "Won in 1:30", "daily-streak": "5"}
    assert daily_streak(entries, date(2026, 12, 3), False) == 0  # a day was missed
    assert daily_streak([daily_entry(date(2026, 11, 29))], TODAY, False) == 0


def test_the_chart_shows_the_last_games_oldest_first_with_words() -> None:
    entries = record(
        [], [finished(IMPASSE, id="s", ended=NOON), finished(WON, id="w", ended=NOON + 1)]
    )
    bars = chart(entries)
    assert [(b.cleared, b.won) for b in bars] == [(104 - entries[1].left, False), (104, True)]
    assert chart_words(bars, "pt") == (
        f"Cartas retiradas em cada uma das últimas 2 partidas, da mais antiga para a mais recente: "
        f"{bars[0].cleared}, 104 (ganha). Ganhas: 1."
    )
    assert chart_words([], "en") == "No finished games to show yet."
    assert len(chart([finished(id=str(i), ended=NOON + i) for i in range(40)])) == 30


def test_the_session_records_a_game_left_for_another_and_not_twice() -> None:
    session = Session(Game.new(WON.code), Prefs(), "pt", Shelf(), books=Books(wall=lambda: NOON))
    assert session.new_game(0).recorded == ()  # no moves: nothing to record
    for slot in legal_moves(session.game.tops())[0]:
        session.tap(slot, 1)
    code, feedback = session.game.code, session.restart(2)
    assert [(e.code, e.result, e.moves) for e in feedback.recorded] == [(code, "left", 1)]


def test_play_again_resumes_a_play_in_progress_or_starts_the_deal_over() -> None:
    session = Session(
        Game.new(IMPASSE.code), Prefs(), "pt", Shelf(), books=Books(wall=lambda: NOON)
    )
    for move in IMPASSE.moves:
        for slot in move:
            session.tap(slot, 1)
    assert session.game.status == "impasse"
    first = session.play.id
    feedback = session.again(IMPASSE.code, 2)
    assert session.game.moves == 0 and session.play.id != first
    assert feedback.message == f"Partida recomeçada: {IMPASSE.code}."
    for slot in legal_moves(session.game.tops())[0]:
        session.tap(slot, 3)
    assert session.again(IMPASSE.code.lower(), 4).message.startswith(
        "Já está"
    )  # the same deal, going on
    assert session.game.moves == 1


def test_a_deal_of_the_day_counts_for_its_day_however_the_page_is_opened() -> None:
    """Three days running: open the deal of the day by its link, make a move, close the
    browser.  The link of each next day leaves the play saved last, as the player going
    to another deal does, so each day's deal is in the history; coming back by ``/``
    resumes it, and it counts for its own day while it is on the table."""
    days = [date(2026, 12, d) for d in (1, 2, 3)]
    shelf, last, history = Shelf(), None, []
    for i, day in enumerate(days):
        wall = datetime(day.year, day.month, day.day, 20, tzinfo=UTC).timestamp() * 1000
        session, _ = Session.start(
            last=last,
            library=shelf,
            prefs=Prefs(),
            fragment="#daily",
            lang="pt",
            books=Books(wall=lambda w=wall: w, day_of=lambda ms: local_day(ms, 0)),
        )
        assert session.game.code == daily_code(day)
        left = session.opened.recorded
        assert [(e.daily, e.result, e.moves) for e in left] == (
            [(days[i - 1], "left", 1)] if i else []
        )
        assert session.opened.counts == (() if i == 0 else (Count("left"),))
        history = record(history, left)
        for slot in legal_moves(session.game.tops())[0]:
            session.tap(slot, 1)
        assert Presenter(session).daily_results(history)["daily-streak"] == str(i + 1)
        last = session.play
        shelf.plays[last.code] = last
    # the next day by "/": yesterday's deal resumes, and still counts for its day
    wall = datetime(2026, 12, 4, 9, tzinfo=UTC).timestamp() * 1000
    session, _ = Session.start(
        last=last,
        library=shelf,
        prefs=Prefs(),
        fragment="",
        lang="pt",
        books=Books(wall=lambda: wall, day_of=lambda ms: local_day(ms, 0)),
    )
    assert session.play is last and session.opened.recorded == ()
    assert Presenter(session).daily_results(history) == {"daily": "Por jogar", "daily-streak": "3"}
    # a link to the deal in play leaves nothing
    session, _ = Session.start(
        last=last,
        library=shelf,
        prefs=Prefs(),
        fragment="#" + last.code,
        lang="pt",
        books=Books(wall=lambda: wall, day_of=lambda ms: local_day(ms, 0)),
    )
    assert session.opened.recorded == () and session.opened.counts == ()
