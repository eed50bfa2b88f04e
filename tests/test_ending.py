"""A win is a fact (issue 41, item 1): a play's end is recorded once, as it was when the
game ended (halfmoon/records/ending.py), and undo, redo, leaving, another tab or an older save
never rewrite it; the end window, your games, the share text, the statistics and the
events posted to a host page all say the same (through tests/devices.py: the real
session, books and saving over a store in memory)."""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import UTC, datetime

import pytest

from halfmoon.host.examples import WON
from halfmoon.keeping.restore import merge_play
from halfmoon.keeping.saved import game_key, read_play, write_play
from halfmoon.page.results import resumable, rows, share_text
from halfmoon.records.ending import End, read_end, standing, write_end
from halfmoon.records.history import Entry
from halfmoon.records.localtime import utc_day
from halfmoon.records.safejson import Invalid
from halfmoon.rules.clock import format_time
from halfmoon.session.leaving import leave_question, restart_question
from halfmoon.session.presenter import Presenter
from halfmoon.session.session import Feedback
from tests.devices import Device
from tests.test_history import NOON

OTHER = "HM1-N-AAAAAAC"
STUCK = (
    *WON.moves[:40],
    ("P3", "P8"),
    ("R4", "R6"),
    ("P4", "R7"),
    ("P10", "R5"),
    ("P10", "P11"),
    ("P7", "P12", "P11"),
    ("P2", "P7"),
)
"""The example deal's winning line left after 40 moves, into an impasse at 47 moves
with 2 cards left (found once by trying random moves)."""


def tap(device: Device, moves: tuple[tuple[str, ...], ...]) -> None:
    for move in moves:
        for slot in move:
            device.act(lambda now, slot=slot: device.session.tap(slot, now))


def later(device: Device, action: str, seconds: float = 4) -> Feedback:
    """The player waits ``seconds``, then undoes or redoes (or anything else the session
    does with only the time)."""
    device.mono += seconds * 1000
    feedback: Feedback = getattr(device.session, action)(device.mono)
    device.apply(feedback)
    return feedback


def end_of_play(device: Device) -> End:
    end = device.session.play.end
    assert end is not None
    return end


def entry_of_play(device: Device) -> Entry:
    play_id = device.session.play.id
    return next(entry for entry in device.history() if entry.id == play_id)


def told(device: Device) -> tuple[str, ...]:
    """What the player and a host page are told of the table's win: the end window's
    figures and record, its row in your games, the share text, the best time in the
    statistics and the host's event."""
    shown, stats, entries = Presenter(device.session), device.stats(), device.history()
    end = shown.end(device.mono, stats, entries)
    assert end is not None and end.ending == "won"
    entry = entry_of_play(device)
    row = rows([entry], utc_day(NOON), lambda ms: datetime.fromtimestamp(ms / 1000, UTC), "en")
    return (
        end.text,
        *end.record,
        row[0].summary,
        share_text(entry, f"https://example.org/#{entry.code}", "en"),
        f"best {format_time(stats.best_time_ms or 0)}",
        f"posted {Presenter(device.session).event('won', device.mono)['time']} s",
    )


# ------------------------------------------------------------------ the value
def test_an_end_stands_until_one_goes_further() -> None:
    first = End("impasse", 60_000, 30, 300, 44, when=1.0)
    further = End("impasse", 90_000, 40, 400, 24, when=2.0)
    won = End("won", 99_000, 48, 520, 0, when=3.0)
    assert standing(None, first) is first and standing(first, None) is first
    assert standing(first, further) is further and standing(further, first) is further
    assert standing(further, won) is won and standing(won, further) is won
    again = End("won", 120_000, 48, 520, 0, when=4.0)  # the win redone, or won again
    assert standing(won, again) is won and standing(again, won) is won  # the first stays
    assert read_end(json.loads(json.dumps(write_end(won)))) == won


@pytest.mark.parametrize(
    "bad",
    [
        None,
        [],
        {"status": "left", "time": 1, "moves": 1, "score": 10, "left": 102, "when": 1},
        {"status": "won", "time": 1, "moves": 47, "score": 520, "left": 0, "when": 1},
        {"status": "won", "time": 1, "moves": 48, "score": 520, "left": 2, "when": 1},
        {"status": "impasse", "time": 1, "moves": 3, "score": 30, "left": 0, "when": 1},
        {"status": "impasse", "time": -1, "moves": 3, "score": 30, "left": 98, "when": 1},
        {"status": "impasse", "time": 1e300, "moves": 3, "score": 30, "left": 98, "when": 1},
        {"status": "impasse", "time": 1, "moves": 3, "score": 30, "left": 98},
    ],
)
def test_a_stored_end_that_contradicts_itself_is_refused(bad: object) -> None:
    with pytest.raises(Invalid):
        read_end(bad)


def test_a_saved_play_keeps_its_end_and_an_older_save_gets_one_from_its_game() -> None:
    device = Device(NOON, WON.code)
    device.win()
    later(device, "undo")
    play = device.session.play
    assert play.end is not None and play.end.won and play.game.status == "playing"
    assert read_play(write_play(play, NOON), WON.code).end == play.end
    # a save of the version before: no end, the win counted, then undone since
    older = json.loads(write_play(play, NOON))
    del older["end"]
    back = read_play(json.dumps(older), WON.code)
    assert back.end is not None and back.end.won and not back.open
    assert (back.end.moves, back.end.score, back.end.left) == (48, 520, 0)
    # … and one saved won: its end is its game's
    later(device, "redo")
    older = json.loads(write_play(device.session.play, NOON))
    del older["end"]
    assert read_play(json.dumps(older), WON.code).end == End(
        "won", round(device.session.game.elapsed()), 48, 520, 0, NOON
    )
    # a play counted as won whose stored end says otherwise is refused
    older["end"] = write_end(End("impasse", 1, 3, 30, 98, NOON))
    with pytest.raises(Invalid):
        read_play(json.dumps(older), WON.code)


# ------------------------------------------------------------- a win, one tab
def test_undoing_and_redoing_a_win_never_rewrites_it() -> None:
    """Issue 41's first case: the end window, your games, the share text, the statistics
    and the host's event keep the win's own time, however long the player looks back."""
    device = Device(NOON, WON.code)
    device.win()
    time = format_time(device.session.game.elapsed(device.mono))
    first = told(device)
    assert first == (
        f"All 104 cards are gone: 520 points in 48 moves and {time}.",
        f"Your first win: {time} is the time to beat.",
        f"{time} · 48 moves",
        f"Half Moon · {WON.code}: won · {time} · 48 moves\nhttps://example.org/#{WON.code}",
        f"best {time}",
        f"posted {round(end_of_play(device).elapsed_ms / 1000)} s",
    )
    stats, history = device.stats(), device.history()
    for _ in range(3):
        later(device, "undo")
        later(device, "read_aloud")  # while the player looks back, the table's clock runs
        assert Presenter(device.session).counters(device.mono).time != time
        redo = later(device, "redo", seconds=5)
        assert redo.dialog == "won" and redo.events == ("move",)  # shown; posted once
        assert Presenter(device.session).counters(device.mono).time == time  # the bar too
        assert told(device) == first
        assert device.stats() == stats and device.history() == history


def test_an_undone_win_is_neither_left_nor_resumed() -> None:
    """Issue 41's second case: after undoing the winning move, New game asks nothing of a
    streak, counts nothing, and your games offers no Resume for the won game."""
    device = Device(NOON, WON.code)
    device.win()
    stats, history = device.stats(), device.history()
    later(device, "undo")
    session = device.session
    assert leave_question(session, "new") is None
    question = restart_question(session)  # it undoes a move: asked, streak unsaid
    assert question is not None and "streak" not in question.words("en")[1]
    assert resumable([WON.code], device.saver.find, session.play) == frozenset()
    later(device, "new_game")
    assert device.stats() == stats and device.history() == history
    assert (stats.played, stats.won, stats.streak) == (1, 1, 1)
    assert resumable([WON.code], device.saver.find, session.play) == frozenset()
    # Play again from your games deals it afresh, not the undone play
    device.act(lambda now: session.again(WON.code, now))
    assert session.game.code == WON.code and session.game.moves == 0
    assert session.play.id != history[0].id and device.stats() == stats


def test_an_undone_win_redone_in_another_tab_is_the_same_win() -> None:
    first = Device(NOON, WON.code)
    first.save()
    second = Device(NOON, store=first.memory)
    first.win()
    told_first = told(first)
    later(first, "undo")
    second.hear()
    assert second.session.game.moves == 47 and not second.session.play.open
    assert leave_question(second.session, "new") is None  # no warning that would not hold
    later(second, "redo", seconds=30)
    assert told(second) == told_first
    later(second, "new_game")
    assert first.stats() == second.stats() and second.stats().streak == 1
    assert [(e.result, e.time_ms) for e in second.history()] == [
        ("won", end_of_play(first).elapsed_ms)
    ]


# ------------------------------------------------------------------ an impasse
def test_an_impasse_undone_stays_as_it_was_and_a_win_after_it_replaces_it() -> None:
    """The rules offer Undo at an impasse to play on: an impasse undone and left stays
    in your games as it was (not left, not resumed); undone and played on to a win, the
    win replaces it, in the time the whole play took."""
    device = Device(NOON, WON.code)
    tap(device, STUCK)
    assert device.session.game.status == "impasse"
    stuck = entry_of_play(device)
    assert (stuck.result, stuck.left, stuck.moves) == ("stuck", 2, 47)
    for _ in range(7):
        later(device, "undo")
    assert device.session.game.moves == 40 and not device.session.play.open
    assert leave_question(device.session, "new") is None
    for _ in range(7):
        later(device, "redo")  # the same impasse again: nothing recorded anew
    assert device.history() == [stuck]
    for _ in range(7):
        later(device, "undo")
    tap(device, WON.moves[40:])
    won = entry_of_play(device)
    assert won.result == "won" and won.time_ms == end_of_play(device).elapsed_ms
    assert won.time_ms > stuck.time_ms and device.history() == [won]
    assert (device.stats().won, device.stats().best_time_ms) == (1, won.time_ms)


def test_an_impasse_undone_and_left_is_listed_stuck() -> None:
    device = Device(NOON, WON.code)
    tap(device, STUCK)
    stuck = entry_of_play(device)
    later(device, "undo")
    later(device, "undo")
    later(device, "new_game")
    assert device.history() == [stuck]  # not "left" with 45 moves
    assert device.stats().streak == 0  # a game left unwon ends the streak, as ever
    assert resumable([WON.code], device.saver.find, device.session.play) == frozenset()
    stored = read_play(device.keys[game_key(WON.code)], WON.code)
    assert stored.game.moves == 45 and stored.end is not None and stored.end.left == 2


def test_a_backup_of_the_same_play_keeps_the_win_as_it_was_first_recorded() -> None:
    """A backup holds the play further on (more saves) with the win redone later in
    another time: the merge keeps the play's saves and the win's first record."""
    device = Device(NOON, WON.code)
    device.win()
    here = device.session.play
    won = end_of_play(device)
    later_win = replace(won, elapsed_ms=won.elapsed_ms + 60_000, when=won.when + 60_000)
    there = replace(here, rev=here.rev + 5, saved=here.saved + 60_000, end=later_win)
    merged = merge_play(here, there).write
    assert merged is not None and merged.rev == there.rev and merged.end == won
    assert merge_play(there, here).write is None  # an older save gives way, as ever


def test_a_game_left_in_one_tab_and_won_in_another_is_a_win_after_the_streak_ended() -> None:
    """Tab B leaves the game (its streak ends, as the question said); tab A, still on it,
    wins it: the win counts from there, a streak of one, and your games lists the win."""
    first = Device(NOON, WON.code)
    first.win()  # a streak of one to lose
    first.act(first.session.restart)
    tap(first, WON.moves[:47])
    second = Device(NOON, store=first.memory)
    assert second.session.play.id == first.session.play.id
    assert leave_question(second.session, "new") is not None  # under way: asked
    later(second, "new_game")
    assert (second.stats().played, second.stats().won, second.stats().streak) == (2, 1, 0)
    first.hear()
    tap(first, WON.moves[47:])
    stats = first.stats()
    assert (stats.played, stats.won, stats.streak, stats.best_streak) == (2, 2, 1, 1)
    assert entry_of_play(first).result == "won"
    assert entry_of_play(first).time_ms == end_of_play(first).elapsed_ms
