"""Backups: the file holds everything the game keeps and reads back whole, whatever the
clocks did (every backup the game writes, it restores); a hostile or damaged file is
refused before anything is merged, saying why.  How a file is merged:
``tests/test_restore.py``."""

from __future__ import annotations

import contextlib
import functools
import json
from dataclasses import replace
from datetime import date, timedelta

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from halfmoon import Game
from halfmoon.host.examples import IMPASSE, WON
from halfmoon.keeping.backup import (
    MAX_CHARS,
    Backup,
    Refused,
    file_name,
    gather,
    keeping,
    read_backup,
    refused_words,
    write_backup,
)
from halfmoon.keeping.books import new_id
from halfmoon.keeping.prefs import SWITCHES, Prefs
from halfmoon.keeping.saved import KEEP_GAMES, Play
from halfmoon.records.daily import daily_code
from halfmoon.records.history import KEEP, entry_of
from halfmoon.records.stats import Stats
from halfmoon.rules.clock import MAX_ELAPSED_MS
from tests.devices import Device
from tests.solver import legal_moves, solve_code
from tests.test_history import NOON, TODAY, finished

MADE = NOON + 3_600_000
DAY_MS = 86_400_000
LARGEST = 200_000  # backup.MAX_CHARS's note


def play_of(code: str, moves: int, *, id: str = "p1", rev: int = 3, saved: float = NOON) -> Play:
    """A kept play of ``code`` with its first ``moves`` legal moves made."""
    game = Game.new(code)
    for _ in range(moves):
        for slot in legal_moves(game.tops())[0]:
            game.tap(slot, 1000)
    return Play(game, id, begun=saved - 60_000, saved=saved, rev=rev, played=moves > 0)


def full() -> Backup:
    return Backup(
        made=MADE,
        prefs=Prefs(errors=True, theme="dark", lang="en"),
        stats=Stats(played=12, won=3, best_time_ms=312_000, streak=1, best_streak=2),
        history=(
            finished(),
            finished(IMPASSE, id="b", ended=NOON - 1),
            finished(WON, 5, id="c", ended=NOON - 2),
        ),
        plays=(play_of("HM1-N-AAAAAAB", 2), play_of("HM1-N-AAAAAAC", 1, id="p2")),
        last="HM1-N-AAAAAAC",
    )


def as_data(backup: Backup) -> dict:
    return json.loads(write_backup(backup))


def test_a_backup_holds_everything_and_reads_back_whole() -> None:
    backup = full()
    raw = write_backup(backup)
    back = read_backup(raw)
    assert replace(back, plays=()) == replace(backup, plays=())  # all but the games
    assert [p.game.to_dict() for p in back.plays] == [p.game.to_dict() for p in backup.plays]
    assert [(p.id, p.rev, p.saved, p.played) for p in back.plays] == [
        (p.id, p.rev, p.saved, p.played) for p in backup.plays
    ]
    data = json.loads(raw)
    assert (data["format"], data["v"]) == ("halfmoon-backup", 1)
    assert file_name(date(2026, 12, 1)) == "halfmoon-2026-12-01.json"
    assert read_backup(write_backup(Backup(made=MADE))) == Backup(made=MADE)  # an empty one


@functools.cache
def won_deals_of_the_day() -> list[tuple[date, tuple[tuple[str, ...], ...]]]:
    """Thirty deals of the day that can be won, each with a winning line (found by the
    tests' search, which the game never ships)."""
    found: list[tuple[date, tuple[tuple[str, ...], ...]]] = []
    day = TODAY
    while len(found) < KEEP_GAMES:
        line = solve_code(daily_code(day), node_limit=1_500)
        if line is not None:
            found.append((day, tuple(line)))
        day -= timedelta(days=1)
    return found


def longest_play(day: date, line: tuple[tuple[str, ...], ...]) -> Play:
    """A game in progress as long as a backup holds one: every move of a won game made,
    then all but the first undone (the moves to redo are all kept; a game with no move
    is not kept), two courts selected, the clock at its end, a deal of the day."""
    game = Game.new(daily_code(day))
    for move in line:
        for slot in move:
            game.tap(slot, 1_000)
    while game.moves > 1:
        game.undo(10**12)
    courts = {card.rank: slot for slot, card in game.tops().items() if card.is_face}
    for slot in list(courts.values())[:2]:
        game.tap(slot, 10**12)
    ms = NOON - 7 * DAY_MS
    return Play(game, new_id(), begun=ms, saved=ms, rev=10**6, played=True, won=True, daily=day)


def test_the_largest_backup_the_game_can_write_fits_and_reads_back() -> None:
    """Thirty long games in progress (every move of a won game made and undone) and a
    full history of won deals of the day, made up later from the calendar (the longest
    entries), with every figure at its largest."""
    deals = won_deals_of_the_day()
    plays = tuple(longest_play(day, line) for day, line in deals)
    assert all(len(p.game.to_dict()["redo"]) == 47 for p in plays)
    history = []
    for i in range(KEEP):
        day, line = deals[i % len(deals)]
        game = Game.new(daily_code(day))
        for n, move in enumerate(line, start=1):  # won at the clock's end
            for slot in move:
                game.tap(slot, MAX_ELAPSED_MS * n / len(line))
        ended = NOON - i * 60_000
        history.append(entry_of(game, new_id(), ended - DAY_MS, ended, 0.0, day, late=True))
    most = 10**9
    stats = Stats(played=most, won=most, best_time_ms=MAX_ELAPSED_MS, streak=most, best_streak=most)
    prefs = Prefs(**{name: True for name in SWITCHES.values()}, theme="dark", lang="pt")
    backup = gather(
        made=NOON, table=plays[0], kept=plays, prefs=prefs, stats=stats, history=history
    )
    raw = write_backup(backup)
    assert len(raw) < LARGEST < MAX_CHARS
    back = read_backup(raw)
    assert (len(back.plays), len(back.history)) == (KEEP_GAMES, KEEP)
    assert back.history == tuple(history) and back.stats == stats


def damaged(path: str, value: object) -> str:
    """The full backup with the field at ``path`` (dots; digits index lists) set."""
    data = as_data(full())
    *parents, last = path.split(".")
    target = data
    for part in parents:
        target = target[int(part)] if part.isdigit() else target[part]
    if last.isdigit():
        target[int(last)] = value
    else:
        target[last] = value
    return json.dumps(data)


def forged_history() -> str:
    """A game of the history whose moves have the right form but are not legal on its
    deal (they are another deal's)."""
    data = as_data(full())
    data["history"]["games"][2]["code"] = "HM1-N-AAAAAAB"
    return json.dumps(data)


def forged_play() -> str:
    data = as_data(full())
    game = data["games"][0]["game"]
    game["removals"] = [["P1", "P2"]] + game["removals"][1:]
    return json.dumps(data)


HOSTILE: dict[str, tuple[str, str, str]] = {
    "not JSON": ("Half Moon!", "format", ""),
    "truncated": (write_backup(full())[:-40], "format", ""),
    "a list": ("[1, 2, 3]", "format", ""),
    "another format": (json.dumps({"format": "solitaire", "v": 1}), "format", ""),
    "no format": (json.dumps({"v": 1, "made": 1}), "format", ""),
    "version 2": (damaged("v", 2), "version", ""),
    "version as text": (damaged("v", "1"), "version", ""),
    "version true": (damaged("v", True), "version", ""),
    "10,000 deep": ("[" * 10_000 + "]" * 10_000, "damaged", ""),
    "deep inside": (damaged("options", json.loads("[" * 50 + "]" * 50)), "damaged", ""),
    "tens of megabytes": (
        '{"format": "halfmoon-backup", "x": "' + "a" * 20_000_000 + '"}',
        "size",
        "",
    ),
    "a 400-digit time": (damaged("made", 10**400), "damaged", ""),
    "NaN": (write_backup(full()).replace('"made": ', '"made": NaN, "x": '), "format", ""),
    "a 400-digit count": (damaged("statistics.played", 10**400), "damaged", "stats"),
    "more won than played": (damaged("statistics.won", 13), "damaged", "stats"),
    "a streak past the best": (damaged("statistics.streak", 3), "damaged", "stats"),
    "a negative count": (damaged("statistics.played", -1), "damaged", "stats"),
    "statistics as a list": (damaged("statistics", [1]), "damaged", "stats"),
    "options as text": (damaged("options", "dark"), "damaged", "prefs"),
    "forged moves in a game": (forged_play(), "damaged", "game"),
    "a game of another version": (damaged("games.0.v", 3), "damaged", "game"),
    "a game counted won, not played": (
        damaged("games.0.counted", {"played": False, "won": True}),
        "damaged",
        "game",
    ),
    "a 1e300 clock": (damaged("games.0.game.clock", 1e300), "damaged", "game"),
    "one deal twice": (damaged("games.1", as_data(full())["games"][0]), "damaged", "game"),
    "31 games": (damaged("games", as_data(full())["games"] * 31), "damaged", "game"),
    "last is no code": (damaged("last", "HM1-N-0"), "damaged", "game"),
    "forged moves in the history": (forged_history(), "damaged", "history"),
    "a win with moves that do not win": (
        damaged("history.games.2.result", "won"),
        "damaged",
        "history",
    ),
    "stuck where moves remain": (damaged("history.games.2.result", "stuck"), "damaged", "history"),
    "a game twice in the history": (damaged("history.games.1.id", "a"), "damaged", "history"),
    "a history of another version": (damaged("history.v", 1), "damaged", "history"),
    "201 games": (
        damaged("history.games", as_data(full())["history"]["games"] * 67),
        "damaged",
        "history",
    ),
}


@pytest.mark.parametrize("name", HOSTILE)
def test_a_hostile_or_damaged_file_is_refused_saying_why(name: str) -> None:
    raw, reason, part = HOSTILE[name]
    with pytest.raises(Refused) as refused:
        read_backup(raw)
    assert (refused.value.reason, refused.value.part) == (reason, part), refused.value


def test_why_a_file_was_refused_in_the_players_language() -> None:
    words = {}
    for raw, _, _ in (HOSTILE["not JSON"], HOSTILE["version 2"], HOSTILE["more won than played"]):
        with pytest.raises(Refused) as refused:
            read_backup(raw)
        words[refused.value.reason] = (
            refused_words(refused.value, "pt"),
            refused_words(refused.value, "en"),
        )
    assert words["format"] == (
        "Este ficheiro não é uma cópia de segurança do Half Moon. Nada foi alterado.",
        "This file is not a Half Moon backup. Nothing was changed.",
    )
    assert words["version"][1].startswith("This backup is from another version of Half Moon")
    assert words["damaged"] == (
        "Esta cópia de segurança está danificada ou foi alterada: há um erro nas estatísticas. "
        "Nada foi alterado.",
        "This backup is damaged or has been altered: there is an error in the statistics. "
        "Nothing was changed.",
    )


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=300) | st.binary(max_size=300).map(lambda b: b.decode("latin-1")))
def test_any_text_is_read_or_refused_never_crashes(raw: str) -> None:
    with contextlib.suppress(Refused):
        read_backup(raw)


# ------------------------------------------------ every backup the game writes, it restores
def test_the_times_a_clock_gives_are_never_refused() -> None:
    """A game saved or ended after the file was made (the device's clock ran ahead, and
    was set right before the backup), a game of the history that ended before it began
    (the clock was set back during it): the game stores these, so a backup holds them."""
    ahead = NOON + 3 * DAY_MS
    backup = replace(
        full(),
        plays=(
            play_of("HM1-N-AAAAAAB", 2, saved=ahead),
            replace(play_of("HM1-N-AAAAAAC", 1, id="p2", saved=NOON), begun=ahead),
        ),
        history=(
            finished(ended=ahead),
            replace(finished(IMPASSE, id="b", ended=NOON - 1), begun=NOON + DAY_MS),
        ),
    )
    back = read_backup(write_backup(backup))
    assert back.history == backup.history
    assert [(p.begun, p.saved) for p in back.plays] == [(p.begun, p.saved) for p in backup.plays]


def test_a_game_won_with_the_clock_ahead_comes_back_after_the_clock_is_set_back() -> None:
    """A phone whose clock ran a day ahead wins a game; its clock is set right and a
    backup saved; another browser restores it: the win is there."""
    phone = Device(NOON + DAY_MS)
    phone.win()
    phone.wall = NOON  # the clock set right
    raw = phone.backup()
    other = Device(NOON, code=IMPASSE.code)
    outcome = other.restore(raw)
    assert outcome.complete and outcome.done.added == 1 and outcome.done.stats
    assert [(e.code, e.result) for e in other.history()] == [(WON.code, "won")]
    assert other.stats().won == 1


def test_statistics_reset_during_a_game_then_won_are_kept_and_backed_up() -> None:
    """The statistics reset while a game is under way (counted as played already), then
    that game won: the figures never say more games won than played, so the game reads
    them back, and so does a backup."""
    device = Device(NOON)
    for slot in WON.moves[0]:  # the winning line's first move: counted as played
        device.act(lambda now, slot=slot: device.session.tap(slot, now))
    device.reset_stats()
    device.win()  # the rest of the line
    assert device.stats().won == device.stats().played == 1
    assert read_backup(device.backup()).stats == device.stats()


ACTIONS = st.one_of(
    st.tuples(st.just("move"), st.integers(0, 30)),
    st.tuples(st.just("deal"), st.sampled_from([WON.code, IMPASSE.code, "HM1-N-AAAAAAB"])),
    st.tuples(st.just("clock"), st.integers(-2 * DAY_MS, 2 * DAY_MS)),
    st.tuples(st.just("win"), st.integers(1, 48)),  # so far along the winning line
    st.tuples(
        st.sampled_from(["undo", "redo", "restart", "daily", "reset", "restore"]),
        st.just(0),
    ),
)


def act(device: Device, other: Device, action: str, n: int | str) -> None:
    session = device.session
    if action == "move":
        device.move(int(n))
    elif action == "deal":
        device.act(lambda now: session.new_game(now, str(n)))
    elif action == "clock":  # set ahead or back, by up to two days
        device.wall += int(n)
    elif action in ("undo", "redo", "restart", "daily"):
        device.act(getattr(session, action))
    elif action == "win":
        device.win(int(n))
    elif action == "reset":
        device.reset_stats()
    else:  # the other device's backup restored here
        device.restore(other.backup())


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.integers(0, 1), ACTIONS), max_size=30))
def test_every_backup_the_game_writes_it_restores_whatever_the_clocks_did(
    steps: list[tuple[int, tuple[str, int | str]]],
) -> None:
    """Two browsers, one with its clock a day ahead, play, move their clocks ahead and
    back (during games too), reset their statistics and restore each other's backups;
    every backup either writes is read back, never refused, and restored."""
    devices = (Device(NOON + DAY_MS), Device(NOON, code=IMPASSE.code))
    for which, (action, n) in steps:
        act(devices[which], devices[1 - which], action, n)
    for device, other in (devices, devices[::-1]):
        raw = device.backup()
        read_backup(raw)  # never refused
        assert other.restore(raw).complete
        read_backup(other.backup())


def test_the_statistics_say_whether_this_browser_keeps_the_games() -> None:
    assert keeping(True, blocked=False, installed=False, framed=False) == "keep.yes"
    assert keeping(False, blocked=False, installed=False, framed=False) == "keep.no"
    assert keeping(None, blocked=False, installed=False, framed=False) == "keep.no"
    assert keeping(False, blocked=False, installed=True, framed=False) == "keep.backup"
    assert keeping(False, blocked=False, installed=False, framed=True) == "keep.backup"
    assert keeping(True, blocked=True, installed=False, framed=False) == "keep.blocked"
