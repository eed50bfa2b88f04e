"""What is kept in the browser: every stored value is read back whole, or refused and
never trusted, whatever its size, depth or numbers; version 1's save carries over."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from halfmoon import Game
from halfmoon.keeping.prefs import Prefs
from halfmoon.keeping.saved import (
    KEYS,
    LEGACY,
    Head,
    Play,
    code_of_key,
    game_key,
    is_newer,
    migrate,
    oldest,
    peek,
    read_last,
    read_play,
    read_prefs,
    read_stats,
    write_play,
    write_prefs,
)
from halfmoon.records.safejson import Invalid, depth, parse
from halfmoon.records.stats import Stats
from halfmoon.rules.clock import MAX_ELAPSED_MS, Clock, format_time
from halfmoon.rules.game_format import SnapshotError
from tests.solver import legal_moves

CODE = "HM1-N-AAAAAAB"
V1 = json.loads((Path(__file__).parent / "fixtures" / "v1-storage.json").read_text())


def played(code: str = CODE, moves: int = 2) -> Play:
    game = Game.new(code)
    for _ in range(moves):
        for slot in legal_moves(game.tops())[0]:
            game.tap(slot, now=1000)
    return Play(
        game, "c0ffee", begun=1_700_000_000_000, saved=1_700_000_100_000, rev=4, played=True
    )


def test_a_play_round_trips_whole() -> None:
    play = played()
    back = read_play(write_play(play, 1_700_000_200_000), CODE)
    assert back.game.to_dict() == play.game.to_dict()
    kept = (back.id, back.rev, back.begun, back.played, back.won)
    assert kept == ("c0ffee", 4, 1_700_000_000_000, True, False)
    assert back.saved == 1_700_000_200_000  # when it was written
    head = peek(write_play(play, 5))
    assert head == Head("c0ffee", 4, 5.0)


def record(**changes: object) -> str:
    data = json.loads(write_play(played(), 1_700_000_200_000))
    for path, value in changes.items():
        target = data
        *parents, last = path.split("__")
        for name in parents:
            target = target[name]
        if value is KeyError:
            del target[last]
        else:
            target[last] = value
    return json.dumps(data)


HOSTILE = {
    "not json": "{",
    "an array": "[]",
    "null": "null",
    "NaN": record().replace('"rev": 4', '"rev": NaN'),
    "10,000 deep": "[" * 10_000 + "]" * 10_000,
    "deep inside": record(id=json.loads("[" * 50 + "]" * 50)),
    "3 MB": record(id="x" * 3_000_000),
    "400-digit rev": record(rev=10**400),
    "400-digit saved": record(saved=10**400),
    "negative rev": record(rev=-1),
    "rev as text": record(rev="4"),
    "rev true": record(rev=True),
    "400-digit clock": record(game__clock__elapsed_ms=10**400),
    "1e300 clock": record(game__clock__elapsed_ms=1e300),
    "clock past 99:59:59": record(game__clock__elapsed_ms=MAX_ELAPSED_MS + 1),
    "version 9": record(v=9),
    "no game": record(game=KeyError),
    "a removal that is no move": record(game__removals=[["P1", "P2"]]),
    "another deal's game": record(game__code="HM1-N-AAAAAAC"),
    "won, not played": record(counted={"played": False, "won": True}),
    "a long id": record(id="x" * 41),
}


@pytest.mark.parametrize("name", HOSTILE)
def test_a_damaged_or_hostile_game_is_refused_not_trusted(name: str) -> None:
    with pytest.raises(Invalid):
        read_play(HOSTILE[name], CODE)


def test_hostile_statistics_and_options_are_refused() -> None:
    good = {"played": 3, "won": 1, "best_time_ms": 61_000, "streak": 1, "best_streak": 1}
    assert read_stats(json.dumps(good)) == Stats(3, 1, 61_000.0, 1, 1)
    for change in (
        {"played": 10**400},
        {"best_time_ms": 1e300},
        {"won": 4},
        {"streak": 2},
        {"best_time_ms": -1},
        {"played": 1.5},
        {"won": None},
    ):
        with pytest.raises(Invalid):
            read_stats(json.dumps({**good, **change}))
    for raw in ("[" * 5000 + "]" * 5000, '{"theme": "dark", "x": [' + "1," * 600 + "1]}"):
        with pytest.raises(Invalid):
            read_prefs(raw)
    # a value that is not valid for one option leaves that option at its default
    assert read_prefs('{"theme": "neon", "errors": 1, "pile_numbers": true}') == Prefs(
        pile_numbers=True
    )
    assert read_prefs(write_prefs(Prefs(theme="dark", lang="en"))) == Prefs(theme="dark", lang="en")


def test_depth_is_measured_before_parsing() -> None:
    assert depth("[]") == 1 and depth('{"a": [1, {"b": "]]][[["}]}') == 3
    assert depth('"[\\"[["') == 0 and depth('["\\\\", [[]]]') == 3
    assert depth("[" * 100_000) == 100_000  # no recursion: a plain scan
    with pytest.raises(Invalid, match="nested deeper"):
        parse("[" * 100_000, max_chars=200_000, max_depth=5)
    with pytest.raises(Invalid, match="more than"):
        parse("1" * 11, max_chars=10, max_depth=1)
    assert parse("[[1]]", max_chars=10, max_depth=2) == [[1]]


def test_the_clock_stops_counting_at_99_59_59() -> None:
    clock = Clock(MAX_ELAPSED_MS - 1000)
    clock.start(0)
    assert clock.elapsed(10**12) == MAX_ELAPSED_MS
    assert format_time(clock.elapsed(10**12)) == "99:59:59"
    for bad in (MAX_ELAPSED_MS + 1, 10**400, -1, float("nan"), float("inf")):
        with pytest.raises(ValueError):
            Clock(bad)  # type: ignore[arg-type]
    data = Game.new(CODE).to_dict()
    data["clock"]["elapsed_ms"] = 10**400
    with pytest.raises(SnapshotError):
        Game.from_dict(data)


def test_newer_saves_are_told_from_older_ones() -> None:
    mine = played()
    assert is_newer(Head(mine.id, mine.rev + 1, 0), mine)  # the same play, saved again
    assert not is_newer(Head(mine.id, mine.rev, 9e12), mine)  # exactly what this tab has
    assert is_newer(Head("other", 1, mine.saved + 1), mine)  # another play, since
    assert not is_newer(Head("other", 99, mine.saved - 1), mine)  # another play, before


def test_keys_and_pruning() -> None:
    assert game_key(CODE) == "halfmoon.v2.game." + CODE
    assert code_of_key(game_key(CODE)) == CODE
    for other in ("halfmoon.v2.game.hm1-n-aaaaaab", "halfmoon.v2.game.x", KEYS["stats"]):
        assert code_of_key(other) is None
    saved = {f"k{i}": float(i) for i in range(40)}
    assert sorted(oldest(saved, keep=30)) == sorted(f"k{i}" for i in range(10))
    assert read_last(CODE) == CODE and read_last(json.dumps(CODE)) == CODE
    with pytest.raises(Invalid):
        read_last("HM1-N-AAAAAA")


def test_version_1_save_written_by_the_previous_build_carries_over() -> None:
    """tests/fixtures/v1-storage.json is what build a1166bded4b0c340 stored after a won
    game (HM1-N-AAAAAAA) and three moves on HM1-N-AAAAAAB, with options changed."""
    assert V1["build"] == "a1166bded4b0c340"
    moved = migrate(V1["storage"], "fresh1", 1_700_000_000_000)
    assert moved.unreadable == ()
    assert moved.prefs == Prefs(errors=True, pile_numbers=True, theme="dark", lang="en")
    assert moved.stats is not None
    assert (moved.stats.played, moved.stats.won, moved.stats.streak) == (2, 1, 1)
    assert moved.stats.best_time_ms == pytest.approx(12_527.2)
    play = moved.play
    assert play is not None and play.code == CODE and play.game.moves == 3
    assert play.game.score == 35
    # version 1 had counted the game in progress as played, not won: so has version 2
    assert (play.played, play.won) == (True, False)
    assert read_play(write_play(play, 1_700_000_000_000), CODE).game.moves == 3


def test_damaged_version_1_values_are_named_not_trusted() -> None:
    old = {LEGACY["game"]: "[" * 5000, LEGACY["stats"]: '{"played": -4}', LEGACY["prefs"]: "{"}
    moved = migrate(old, "fresh", 0)
    assert (moved.play, moved.stats, moved.prefs) == (None, None, None)
    assert set(moved.unreadable) == {LEGACY["game"], LEGACY["stats"], LEGACY["prefs"]}
