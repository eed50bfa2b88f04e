"""The game's stored format (halfmoon/rules/game_format.py): JSON-safe round trips, and refusal
of anything corrupt or tampered."""

from __future__ import annotations

import copy
import functools
import json
from collections.abc import Callable
from typing import Any

import pytest

from halfmoon import Game, SnapshotError
from tests.positions import observable, position
from tests.solver import solve_code

CODE = "HM1-N-AAAAAAB"


@functools.cache
def winning_line() -> list[tuple[str, ...]]:
    line = solve_code(CODE)
    assert line is not None
    return line


def played(moves: int = 3, undone: int = 1, select: bool = True) -> Game:
    line = winning_line()
    game = Game.new(CODE)
    for move in line[:moves]:
        for s in move:
            game.tap(s, now=1000.0)
    for _ in range(undone):
        game.undo()
    if select:
        game.tap(game.playable()[0])
    return game


def round_trip(game: Game) -> Game:
    return Game.from_dict(json.loads(json.dumps(game.to_dict())))


def test_round_trip_mid_game_keeps_everything() -> None:
    game = played()
    back = round_trip(game)
    assert observable(back) == observable(game)
    assert back.to_dict() == game.to_dict()
    assert back.can_redo and back.redo()
    assert back.code == CODE


def test_round_trip_of_a_layout_game() -> None:
    game = position(under={"P1": ["3S"]}, P1="5S", P2="6D", P3="8H", R4="3C")
    game.tap("P1"), game.tap("P2")
    back = round_trip(game)
    assert back.code is None
    assert observable(back) == observable(game)
    assert back.to_dict() == game.to_dict()


def test_round_trip_keeps_the_clock_stopped_until_resumed() -> None:
    game = position(P1="5S", P2="6D", P3="8H", R4="3C")
    game.tap("P1", now=0)
    snap = game.to_dict(now=42_000)
    assert snap["clock"] == {"elapsed_ms": 42_000.0, "started": True}
    back = Game.from_dict(snap)
    assert not back.clock_running and back.elapsed(99_999) == 42_000
    back.resume(100_000)
    assert back.elapsed(101_000) == 43_000


def test_a_fresh_deal_round_trips() -> None:
    game = Game.new(CODE)
    assert round_trip(game).to_dict() == game.to_dict()
    assert not round_trip(game).started


Mutation = Callable[[dict[str, Any]], object]


def _set(path: list[Any], value: object) -> Mutation:
    def mutate(d: dict[str, Any]) -> None:
        target: Any = d
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return mutate


CORRUPTIONS: dict[str, Mutation] = {
    "wrong format": _set(["format"], "chess"),
    "other version": _set(["version"], 2),
    "version as text": _set(["version"], "1"),
    "version as bool": _set(["version"], True),
    "unknown field": _set(["cheat"], 1),
    "missing field": lambda d: d.pop("removals"),
    "no deal": _set(["code"], None),
    "both deals": _set(["layout"], {"piles": [[]] * 12, "reserve": [None] * 8}),
    "invalid code": _set(["code"], "HM1-N-AAAAAA1"),
    "lower-case code": _set(["code"], "hm1-n-aaaaaab"),
    "code not text": _set(["code"], 12),
    "removals not a list": _set(["removals"], "P1P2"),
    "removal of one place": _set(["removals", 0], ["P1"]),
    "removal of four places": _set(["removals", 0], ["P1", "P2", "P3", "P4"]),
    "unknown place": _set(["removals", 0, 0], "P13"),
    "place twice": lambda d: d["removals"].__setitem__(0, ["P1", "P1"]),
    "illegal removal": lambda d: d["removals"].insert(0, ["P1", "P2"]),
    "too many removals": _set(["removals"], [["P1", "P2"]] * 60),
    "redo not legal": _set(["redo"], [["P1", "P2"]]),
    "selection of a number then a face": _set(["selection"], ["P12", "P2"]),
    "selection of 3 places": _set(["selection"], ["P1", "P2", "P3"]),
    "selection of an unknown place": _set(["selection"], ["Z9"]),
    "negative time": _set(["clock", "elapsed_ms"], -5),
    "infinite time": _set(["clock", "elapsed_ms"], float("inf")),
    "time as text": _set(["clock", "elapsed_ms"], "10"),
    "started as number": _set(["clock", "started"], 1),
    "clock missing a field": _set(["clock"], {"elapsed_ms": 0}),
}


@pytest.mark.parametrize("name", list(CORRUPTIONS))
def test_corrupt_snapshots_are_refused(name: str) -> None:
    game = played(select=False)
    good = game.to_dict()
    bad = copy.deepcopy(good)
    CORRUPTIONS[name](bad)
    with pytest.raises(SnapshotError) as info:
        Game.from_dict(bad)
    assert isinstance(info.value, ValueError) and str(info.value)
    assert Game.from_dict(good).to_dict() == good  # the good one still loads


@pytest.mark.parametrize(
    "layout",
    [
        {"piles": [["AS", "AS", "AS"]] + [[]] * 11, "reserve": [None] * 8},
        {"piles": [["XX"]] + [[]] * 11, "reserve": [None] * 8},
        {"piles": [[]] * 12, "reserve": [None] * 7},
        {"piles": [[]] * 12},
        {"piles": [[1]] + [[]] * 11, "reserve": [None] * 8},
    ],
)
def test_tampered_layouts_are_refused(layout: object) -> None:
    snap = position(P1="5S", P2="6D").to_dict()
    snap["layout"] = layout
    with pytest.raises(SnapshotError):
        Game.from_dict(snap)


@pytest.mark.parametrize("data", [None, [], "{}", 5, {"format": "halfmoon-game"}])
def test_non_snapshots_are_refused(data: object) -> None:
    with pytest.raises(SnapshotError):
        Game.from_dict(data)


def test_removal_after_the_end_is_refused() -> None:
    game = position(P1="4S", P2="7S")
    snap = game.to_dict()
    snap["removals"] = [["P1", "P2"], ["P1", "P2"]]
    with pytest.raises(SnapshotError):
        Game.from_dict(snap)
