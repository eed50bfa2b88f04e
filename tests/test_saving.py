"""Saving across tabs, pruning, version 1 carried over, and a store that is blocked,
full, damaged or throws (halfmoon/keeping/saving.py, halfmoon/keeping/shelf.py), through the engine's
own code over a store in memory (tests/devices.py), as the page drives it."""

from __future__ import annotations

import json
from pathlib import Path

from halfmoon.host.examples import IMPASSE, WON
from halfmoon.keeping.prefs import Prefs
from halfmoon.keeping.saved import (
    KEEP_GAMES,
    KEYS,
    LEGACY,
    code_of_key,
    game_key,
    read_play,
    read_stats,
)
from halfmoon.keeping.saving import Saver
from halfmoon.keeping.shelf import Shelf
from halfmoon.records.localtime import utc_day
from halfmoon.rules.deal import format_code
from halfmoon.words.i18n import phrase
from tests.devices import Device, Memory
from tests.test_history import NOON

V1 = json.loads((Path(__file__).parent / "fixtures" / "v1-storage.json").read_text())


def moves_of(device: Device) -> list[tuple[str, ...]]:
    return [tuple(removal.slots) for removal in device.session.game.history]


def stored_moves(store: Memory, code: str) -> list[tuple[str, ...]]:
    play = read_play(store.values[game_key(code)], code)
    return [tuple(removal.slots) for removal in play.game.history]


def two_tabs(code: str = WON.code) -> tuple[Device, Device]:
    """A tab that saved its deal, then a second tab opened on it over the same store."""
    first = Device(NOON, code)
    first.save()
    return first, Device(NOON, store=first.memory)


# ----------------------------------------------------------------- two tabs
def test_a_tab_never_saves_an_older_play_over_another_tabs_newer_one() -> None:
    """Two tabs on one deal: the first goes on; the second, still showing the older
    position, moves; its save finds the newer play, and shows it instead of writing."""
    first, second = two_tabs()
    assert second.session.play.id == first.session.play.id
    first.win(2)
    ahead = moves_of(first)
    second.act(lambda now: second.session.tap("P9", now))  # a card picked here
    assert moves_of(second) == ahead  # the other tab's play, shown here
    assert stored_moves(first.memory, WON.code) == ahead  # and nothing written over it
    second.win(1)  # from there this tab goes on, and its save is kept
    assert stored_moves(first.memory, WON.code) == moves_of(second) == list(WON.moves[:3])


def test_two_tabs_counting_games_add_up_in_the_statistics() -> None:
    """Each tab reads, counts and writes the statistics: the games of both are counted,
    neither tab's count is lost."""
    first = Device(NOON)
    first.save()
    second = Device(NOON, store=first.memory, code=IMPASSE.code)
    first.win(1)
    second.move(0)
    stats = read_stats(first.memory.values[KEYS["stats"]])
    assert stats.played == 2
    assert first.stats() == second.stats() == stats


def test_a_play_saved_while_its_clock_runs_keeps_the_time_played_for_other_tabs() -> None:
    """A save reads the running clock at that moment: another tab opening the play, and
    your games when that tab leaves it, show the time played, not 0:00."""
    first = Device(NOON, WON.code)
    first.win(2)  # taps 1.5 s apart, each saved at once: the clock runs from the first
    played = first.session.game.elapsed(first.mono)
    assert played >= 3_000 and first.session.game.clock_running
    second = Device(NOON, store=first.memory)  # a second tab, on the play saved last
    assert second.session.game.elapsed() == played
    second.act(second.session.new_game)  # left there for a new deal
    [entry] = second.history()
    assert (entry.code, entry.result, entry.time_ms) == (WON.code, "left", played)


# ---------------------------------------------------------------- pruning
def test_only_the_deals_saved_last_keep_their_games() -> None:
    """Past KEEP_GAMES deals, the game saved longest ago goes; the one on the table stays."""
    device = Device(NOON)
    codes = [format_code(n) for n in range(1, KEEP_GAMES + 3)]
    for code in codes:
        device.wall += 60_000
        device.act(lambda now, code=code: device.session.new_game(now, code))
    kept = {code_of_key(key) for key in device.keys} - {None}
    assert len(kept) == KEEP_GAMES
    assert codes[-1] in kept and codes[0] not in kept and WON.code not in kept
    assert kept == set(codes[-KEEP_GAMES:])


# ---------------------------------------------------------- version 1
def migrated(store: Memory) -> Saver:
    saver = Saver(Shelf(store, wall=lambda: NOON))
    saver.migrate()
    return saver


def test_version_1_keys_carry_over_once_then_go() -> None:
    store = Memory(dict(V1["storage"]))
    saver = migrated(store)
    assert not set(LEGACY.values()) & set(store.values)
    assert saver.stats().played == 2
    assert saver.prefs() == Prefs(errors=True, pile_numbers=True, theme="dark", lang="en")
    last = saver.last()
    assert last is not None and last.code == "HM1-N-AAAAAAB" and last.game.moves == 3
    again = dict(store.values)
    migrated(store)  # nothing left to carry
    assert store.values == again


def test_version_1_keys_stay_where_version_2_could_not_take_them() -> None:
    """A full store: nothing of version 1 is removed, so the next visit tries again."""
    store = Memory(
        dict(V1["storage"]), quota=sum(map(len, [*V1["storage"], *V1["storage"].values()]))
    )
    migrated(store)
    assert store.values == V1["storage"]
    store.quota = None
    migrated(store)
    assert not set(LEGACY.values()) & set(store.values) and KEYS["last"] in store.values


# ---------------------------------------------------- a store that fails
def test_a_blocked_store_keeps_the_visit_in_memory_and_says_so() -> None:
    device = Device(NOON, blocked=True)
    device.win()
    assert device.keys == {}
    assert (device.stats().played, device.stats().won) == (1, 1)
    assert [(entry.code, entry.result) for entry in device.history()] == [(WON.code, "won")]
    assert device.shelf.notice() == "save.blocked"
    backup = device.backups.backup(device.session.play, Prefs(), NOON)
    assert backup.stats is not None and backup.stats.won == 1  # the visit's, from memory
    assert device.backups.restore(backup, utc_day, device.session.play) is None  # refused


def test_a_full_store_keeps_the_counts_until_there_is_room() -> None:
    device = Device(NOON, quota=0)
    device.win(1)
    assert device.keys == {}
    assert device.shelf.notice() == "save.failed"
    assert device.stats().played == 1  # counted, shown, waiting to be written
    device.memory.quota = None
    device.win(1)
    assert read_stats(device.keys[KEYS["stats"]]).played == 1  # once, not twice
    assert stored_moves(device.memory, WON.code) == list(WON.moves[:2])
    assert device.shelf.notice() == ""


def test_a_damaged_value_is_kept_aside_said_and_written_anew() -> None:
    device = Device(NOON)
    device.keys[KEYS["stats"]] = '{"played": -1}'
    device.keys[game_key(WON.code)] = "{not a game"
    device.saver.take(device.session.restart(1.0))
    device.saver.save(device.session.play)
    device.stats()  # as the page reads them when it opens
    aside = {key: value for key, value in device.keys.items() if key.startswith(KEYS["aside"])}
    assert sorted(aside.values()) == sorted(['{"played": -1}', "{not a game"])
    assert device.shelf.take_said() == [phrase("save.damaged.game"), phrase("save.damaged.stats")]
    assert read_play(device.keys[game_key(WON.code)], WON.code).id == device.session.play.id


def test_a_key_whose_reading_throws_is_never_written_over() -> None:
    """The statistics cannot be read: the counts wait, the value stays, the player is told."""
    store = Memory({KEYS["stats"]: "kept"}, throwing=frozenset({KEYS["stats"]}))
    device = Device(NOON, store=store)
    device.win(1)
    assert store.values[KEYS["stats"]] == "kept"
    assert device.stats().played == 1
    assert device.shelf.notice() == "save.unreadable"
    assert stored_moves(store, WON.code) == list(WON.moves[:1])  # the game itself is saved


# ------------------------------------------------------- backup and restore
def test_a_restore_where_the_history_cannot_be_read_writes_nothing() -> None:
    """Nothing could be recorded as left, so nothing may give way: the store is untouched."""
    phone = Device(NOON)
    phone.win()
    raw = phone.backup()
    store = Memory({KEYS["history"]: "kept"}, throwing=frozenset({KEYS["history"]}))
    other = Device(NOON, IMPASSE.code, store=store)
    before = dict(store.values)
    outcome = other.restore(raw)
    assert not outcome.complete and outcome.written == 0
    assert store.values == before


def test_a_restore_into_a_store_that_fills_up_says_what_it_did_and_ends_later() -> None:
    phone = Device(NOON)
    phone.win()
    raw = phone.backup()
    other = Device(NOON, IMPASSE.code)
    other.save()
    other.memory.refuse = other.memory.writes + 1  # the second write is refused
    partly = other.restore(raw)
    assert not partly.complete and partly.written == 1
    assert other.shelf.notice() == "save.failed"
    whole = other.restore(raw)  # once there is room
    assert whole.complete
    assert [(entry.code, entry.result) for entry in other.history()] == [(WON.code, "won")]
    assert other.stats().won == 1
