"""What a frame keeps in cookies where the browser blocks its storage
(halfmoon/keeping/cookies.py): the game's own saving (tests/devices.py) over a
:class:`CookieStore` — a reload resumes the game, the options and the record; every
request stays within the budget, what fits first kept, what is dropped dropped in order;
tampered, foreign, oversized and split cookies refused field by field and said; two tabs
of one host page never overwrite each other's game silently."""

from __future__ import annotations

import base64
import random
import zlib
from dataclasses import replace
from datetime import UTC, date, datetime, timedelta

import pytest

from halfmoon.host.examples import IMPASSE, WON
from halfmoon.keeping.backup import replays
from halfmoon.keeping.cookies import (
    BUDGET,
    NAMES,
    CookieStore,
    MemoryJar,
    cookies_of,
    header_bytes,
    pack,
    unpack,
)
from halfmoon.keeping.prefs import Prefs
from halfmoon.keeping.saved import KEYS, game_key, read_prefs, write_prefs
from halfmoon.keeping.saving import Saver
from halfmoon.keeping.shelf import Shelf
from halfmoon.page.results import rows
from halfmoon.records import safejson as sj
from halfmoon.records.history import read_history
from halfmoon.words.i18n import phrase
from tests.devices import Device
from tests.test_comforts import entry
from tests.test_history import NOON


class Watched(MemoryJar):
    """Cookies in memory, every header they would make measured as they change."""

    def __init__(self) -> None:
        super().__init__()
        self.largest = 0

    def write(self, name: str, value: str | None) -> None:
        super().write(name, value)
        self.largest = max(self.largest, header_bytes(cookies_of(self.read())))


def tab(jar: MemoryJar, code: str | None = None) -> Device:
    """A tab of the host page: the game in a frame that keeps its keys in ``jar``."""
    return Device(NOON, code, store=CookieStore(jar))  # type: ignore[arg-type]


def moves(device: Device) -> list[tuple[str, ...]]:
    return [tuple(removal.slots) for removal in device.session.game.history]


def test_a_reload_resumes_the_game_its_clock_the_options_and_the_record() -> None:
    jar = Watched()
    first = tab(jar, WON.code)
    first.win(10)
    prefs = Prefs(felt="blue", four_colour=True, lang="es", chosen=("felt", "four-colour"))
    first.saver.save_prefs(prefs)
    played = first.session.game.elapsed(first.mono)
    again = tab(jar)  # the host page reloaded
    assert again.session.game.code == WON.code and moves(again) == list(WON.moves[:10])
    assert again.session.game.elapsed(0.0) == pytest.approx(played, abs=1)
    assert again.saver.prefs() == prefs
    again.win()  # the game won there: the record has it after the next reload
    later = tab(jar)
    stats = later.stats()
    assert (stats.played, stats.won, stats.streak) == (1, 1, 1)
    assert stats.best_time_ms is not None
    assert [e.result for e in later.history()] == ["won"]
    assert 0 < jar.largest <= BUDGET


def test_every_request_carries_at_most_the_budget_and_what_is_dropped_goes_in_order() -> None:
    """A long history, a full game, a challenger's name: the options and the figures are
    always kept, the game in progress next; the history is shortened from its oldest
    games (the newest, then the deals of the day, kept longest); the name goes first."""
    jar = Watched()
    device = tab(jar, WON.code)
    device.saver.save_prefs(Prefs(felt="grey", theme="dark", chosen=("felt", "theme")))
    days = [date(2026, 10, 1) + timedelta(days=i) for i in range(60)]
    games = [
        entry(day) if i % 3 else replace(entry(day, "stuck"), left=30) for i, day in enumerate(days)
    ]
    device.saver.queue([], games)
    device.saver.flush()
    device.shelf.set(KEYS["name"], "Maximiliana de Albuquerque " * 3)
    device.win(47)  # one move from the end: the longest game in progress there is
    assert 0 < jar.largest <= BUDGET
    kept = cookies_of(jar.read())
    assert {NAMES["prefs"], NAMES["stats"], NAMES["game"], NAMES["history"]} <= set(kept)
    assert NAMES["name"] not in kept  # no room left for it
    history = read_history(unpack(kept[NAMES["history"]]))
    assert 5 <= len(history) < 60
    assert [e.daily for e in history] == sorted(days, reverse=True)[: len(history)]
    again = tab(jar)
    assert moves(again) == list(WON.moves[:47])
    assert again.saver.prefs().felt == "grey"


def test_a_game_with_no_room_is_refused_and_said_the_rest_still_kept() -> None:
    jar = MemoryJar()
    device = Device(NOON, WON.code, store=CookieStore(jar, budget=200))  # type: ignore[arg-type]
    device.saver.save_prefs(Prefs(felt="blue", chosen=("felt",)))
    device.win(20)
    assert device.shelf.notice() == "save.failed"  # the line under the table says so
    assert NAMES["game"] not in cookies_of(jar.read())
    assert device.saver.prefs().felt == "blue"


# ------------------------------------------------------------- hostile cookies
def deflated(text: str) -> str:
    squeezer = zlib.compressobj(9, zlib.DEFLATED, -15)
    data = squeezer.compress(text.encode()) + squeezer.flush()
    return "1z" + base64.urlsafe_b64encode(data).decode().rstrip("=")


BAD = {
    "not the game's": "%3Cscript%3E",
    "another version": "2j" + pack('{"v":2}', plain=True)[2:],
    "broken base64": "1j!!!!",
    "broken deflate": "1zAAAAAAAA",
    "an inflate bomb": deflated("0" * 1_000_000),
    "too deep": pack("[" * 10_000 + "]" * 10_000),
    "not an object": pack("[1, 2]"),
}


@pytest.mark.parametrize("bad", BAD.values(), ids=list(BAD))
def test_a_damaged_or_foreign_cookie_is_refused_said_and_the_others_still_read(bad: str) -> None:
    good = MemoryJar()
    before = tab(good, WON.code)
    before.win()
    before.saver.save_prefs(Prefs(felt="blue", chosen=("felt",)))
    for name in (NAMES["prefs"], NAMES["stats"], NAMES["history"], NAMES["game"]):
        jar = MemoryJar(cookies_of(good.read()) | {name: bad})
        shelf = Shelf(CookieStore(jar))
        saver = Saver(shelf)
        prefs, stats, history, last = saver.prefs(), saver.stats(), saver.history(), saver.last()
        kind = next(k for k, n in NAMES.items() if n == name)
        told = {"prefs": "prefs", "stats": "stats", "history": "history", "game": "game"}[kind]
        assert shelf.take_said() == [phrase(f"save.damaged.{told}.lost")], name
        assert (prefs.felt == "blue") == (kind != "prefs")
        assert (last is not None) == (kind != "game")
        assert stats.won == (0 if kind == "stats" else 1)
        assert len(history) == (0 if kind == "history" else 1)


def test_a_game_cookie_of_another_deal_or_version_is_never_resumed() -> None:
    jar = MemoryJar()
    tab(jar, WON.code).win(5)
    play = cookies_of(jar.read())[NAMES["game"]].partition(".")[2]
    for cookie in (f"{IMPASSE.code}.{play}", f"HM9-Z.{play}", play):
        shelf = Shelf(CookieStore(MemoryJar({NAMES["game"]: cookie})))
        assert Saver(shelf).last() is None
        assert shelf.take_said() == [phrase("save.damaged.game.lost")]


def test_unpack_never_gives_more_than_it_may() -> None:
    with pytest.raises(sj.Invalid):
        unpack(deflated("x" * 30_000))
    assert read_prefs(unpack(pack(write_prefs(Prefs())))) == Prefs()


# ------------------------------------------------------------------- two tabs
def test_two_tabs_of_one_host_page_never_overwrite_each_other_s_game_silently() -> None:
    jar = MemoryJar()
    first = tab(jar, WON.code)
    first.win(3)
    second = tab(jar)  # the same host page in another tab: the same game
    assert moves(second) == moves(first)
    second.act(lambda now: second.session.new_game(now, IMPASSE.code))  # another deal there
    first.win(1)  # this tab goes on with its own
    assert first.shelf.notice() == "save.elsewhere"  # and is told it is not kept
    assert second.shelf.notice() == ""
    assert tab(jar).session.game.code == IMPASSE.code  # the other tab's game, untouched
    stats = tab(jar).stats()  # both tabs' counts, read, changed and written in turn
    assert stats.played >= 1


def test_two_tabs_on_one_deal_show_the_newer_play_instead_of_writing_over_it() -> None:
    jar = MemoryJar()
    first = tab(jar, WON.code)
    first.win(2)
    second = tab(jar)
    first.win(2)
    second.act(lambda now: second.session.tap("P9", now))
    assert moves(second) == list(WON.moves[:4])  # the other tab's newer play, shown
    assert second.shelf.notice() == ""


def test_only_the_game_s_own_keys_go_into_cookies() -> None:
    store = CookieStore(MemoryJar())
    for key in (KEYS["view"], KEYS["snapshot"], KEYS["aside"] + "1." + KEYS["stats"], "x"):
        with pytest.raises(Exception, match="not kept in cookies"):
            store.set(key, "{}")
    assert store.keys() == []
    store.set(game_key(WON.code), "{}")
    assert store.get(KEYS["last"]) == WON.code


def test_statistics_out_of_range_are_refused_and_said() -> None:
    jar = MemoryJar()
    tab(jar, WON.code).win()
    bad = pack('{"v":2,"played":-4,"won":9,"best_time_ms":null,"streak":0,"best_streak":0}')
    shelf = Shelf(CookieStore(MemoryJar(cookies_of(jar.read()) | {NAMES["stats"]: bad})))
    assert Saver(shelf).stats().played == 0
    assert shelf.take_said() == [phrase("save.damaged.stats.lost")]


def test_a_short_record_s_games_are_listed_without_replay_or_challenge() -> None:
    jar = MemoryJar()
    tab(jar, WON.code).win()
    kept = tab(jar).history()
    assert [(e.result, e.moves, e.removals, e.replayable) for e in kept] == [("won", 48, (), False)]
    (row,) = rows(kept, date(2026, 12, 1), lambda t: datetime.fromtimestamp(t / 1000, UTC), "en")
    assert row.replay == "" and row.summary.endswith("48 moves")
    assert replays(kept[0]) is None  # a backup takes it as it says


def test_a_tab_that_wrote_other_keys_still_sees_that_another_tab_went_on() -> None:
    """A tab's own counts rewrite every cookie: the other tab's game among them is not
    taken for one this tab has seen."""
    jar = MemoryJar()
    other = tab(jar, WON.code)
    other.win(2)
    mine = CookieStore(jar)  # this tab opens, seeing that game
    other.win(1)  # the other tab goes on with it
    mine.set(
        KEYS["stats"], '{"v":2,"played":1,"won":0,"best_time_ms":null,"streak":0,"best_streak":0}'
    )
    with pytest.raises(Exception, match="another tab"):
        mine.set(game_key(IMPASSE.code), "{}")  # a game of another deal here: refused
    assert mine.displaced and cookies_of(jar.read())[NAMES["game"]].startswith(WON.code)


def test_the_name_and_the_history_are_kept_as_far_as_they_fit_never_refused() -> None:
    store = CookieStore(MemoryJar(), budget=110)
    store.set(
        KEYS["stats"], '{"v":2,"played":1,"won":0,"best_time_ms":null,"streak":0,"best_streak":0}'
    )
    store.set(KEYS["name"], "Maximiliana " * 10)  # no room: dropped, not an error
    assert store.get(KEYS["name"]) is None and store.get(KEYS["stats"]) is not None
    with pytest.raises(Exception, match="no room"):
        store.set(KEYS["prefs"], '{"v":2,"felt":"blue","theme":"dark","chosen":"felt,theme"}')


def test_a_damaged_value_too_long_to_keep_makes_room_rather_than_stop_the_saves() -> None:
    jar = MemoryJar()
    tab(jar, WON.code).win(3)
    noise = base64.b64encode(random.Random(1).randbytes(1_500)).decode()  # (no deflating it)
    huge = pack('{"v":2,"played":"' + noise + '"}')  # read: refused; kept: no room
    jar.write(NAMES["stats"], huge)
    device = tab(jar)
    assert device.stats().played == 0  # read as the page's start reads it: refused, told
    assert device.shelf.take_said() == [phrase("save.damaged.stats.lost")]
    device.saver.save(device.session.play)  # the game is saved, the damaged value gone
    assert device.shelf.notice() == "" and NAMES["stats"] not in cookies_of(jar.read())
