"""The game's stored format (what ``Game.to_dict`` writes, ``Game.from_dict`` reads): versioned,
JSON-safe, and checked field by field.

Version 1::

    {"format": "halfmoon-game", "version": 1,
     "code": "HM1-N-AAAAAAB",            # or null, with "layout" instead
     "layout": null,                     # or {"piles": [[codes…] × 12], "reserve": [code|null × 8]}
     "removals": [["P1", "P8"], ["P8", "P5", "P3"], …],   # moves made, slots in tap order
     "redo": [["R2", "P4"], …],           # undone moves, the next one to redo first
     "selection": ["P7"],
     "clock": {"elapsed_ms": 73250.0, "started": true}}

This module checks the *shape*; :meth:`halfmoon.rules.game.Game.from_dict` then replays the
removals, which proves they are legal for the deal.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from .clock import MAX_ELAPSED_MS
from .layout import PILE_COUNT, RESERVE_COUNT, SLOT_INDEX

FORMAT: Final = "halfmoon-game"
VERSION: Final = 1
_KEYS: Final = frozenset(
    {"format", "version", "code", "layout", "removals", "redo", "selection", "clock"}
)
_MAX_MOVES: Final = 104 // 2

Layout = tuple[tuple[tuple[str, ...], ...], tuple[str | None, ...]]


class SnapshotError(ValueError):
    """A snapshot that cannot be loaded (corrupt, tampered or of another version)."""


@dataclass(frozen=True, slots=True)
class Snapshot:
    code: str | None
    layout: tuple[list[list[str]], list[str | None]] | None
    removals: list[tuple[str, ...]]
    redo: list[tuple[str, ...]]
    selection: tuple[str, ...]
    elapsed_ms: float
    started: bool


def encode(
    *,
    code: str | None,
    layout: Layout | None,
    removals: Sequence[tuple[str, ...]],
    redo: Sequence[tuple[str, ...]],
    selection: tuple[str, ...],
    elapsed_ms: float,
    started: bool,
) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "version": VERSION,
        "code": code,
        "layout": None
        if layout is None
        else {"piles": [list(p) for p in layout[0]], "reserve": list(layout[1])},
        "removals": [list(r) for r in removals],
        "redo": [list(r) for r in redo],
        "selection": list(selection),
        "clock": {"elapsed_ms": float(elapsed_ms), "started": started},
    }


def _moves(value: object, name: str) -> list[tuple[str, ...]]:
    if not isinstance(value, list) or len(value) > _MAX_MOVES:
        raise SnapshotError(f"{name} must be a list of at most {_MAX_MOVES} moves")
    moves = []
    for i, move in enumerate(value, start=1):
        if not isinstance(move, list) or len(move) not in (2, 3):
            raise SnapshotError(f"{name} {i} must list 2 or 3 places")
        moves.append(_slots(move, f"{name} {i}", unique=True))
    return moves


def _slots(value: list[object], name: str, *, unique: bool) -> tuple[str, ...]:
    for s in value:
        if not isinstance(s, str) or s not in SLOT_INDEX:
            raise SnapshotError(f"{name} names an unknown place {s!r:.20}")
    slots = tuple(str(s) for s in value)
    if unique and len(set(slots)) != len(slots):
        raise SnapshotError(f"{name} uses a place twice")
    return slots


def _layout(value: object) -> tuple[list[list[str]], list[str | None]]:
    if not isinstance(value, dict) or set(value) != {"piles", "reserve"}:
        raise SnapshotError("layout must have exactly piles and reserve")
    piles, reserve = value["piles"], value["reserve"]
    if not isinstance(piles, list) or len(piles) != PILE_COUNT:
        raise SnapshotError(f"layout.piles must be a list of {PILE_COUNT} piles")
    if not all(isinstance(p, list) and all(isinstance(c, str) for c in p) for p in piles):
        raise SnapshotError("each pile must be a list of card codes")
    if not isinstance(reserve, list) or len(reserve) != RESERVE_COUNT:
        raise SnapshotError(f"layout.reserve must be a list of {RESERVE_COUNT} entries")
    if not all(c is None or isinstance(c, str) for c in reserve):
        raise SnapshotError("each reserve entry must be a card code or null")
    return [list(p) for p in piles], list(reserve)


def decode(data: object) -> Snapshot:
    """Check the shape of a snapshot; raise :class:`SnapshotError` if it is wrong."""
    if not isinstance(data, dict):
        raise SnapshotError("a snapshot must be an object")
    if data.get("format") != FORMAT:
        raise SnapshotError("this is not a Half Moon snapshot")
    version = data.get("version")
    if version != VERSION or isinstance(version, bool):
        raise SnapshotError(f"unknown snapshot version {version!r:.20}")
    if set(data) != _KEYS:
        raise SnapshotError("the snapshot has missing or unknown fields")
    code, layout = data["code"], data["layout"]
    if (code is None) == (layout is None):
        raise SnapshotError("a snapshot needs exactly one of code and layout")
    if code is not None and not isinstance(code, str):
        raise SnapshotError("code must be text")
    selection = data["selection"]
    if not isinstance(selection, list) or len(selection) > 2:
        raise SnapshotError("selection must be a list of at most 2 places")
    clock = data["clock"]
    if not isinstance(clock, dict) or set(clock) != {"elapsed_ms", "started"}:
        raise SnapshotError("clock must have exactly elapsed_ms and started")
    elapsed, started = clock["elapsed_ms"], clock["started"]
    if isinstance(elapsed, bool) or not isinstance(elapsed, (int, float)):
        raise SnapshotError("clock.elapsed_ms must be a number")
    if not 0 <= elapsed <= MAX_ELAPSED_MS:  # false for NaN; ints of any size compare exactly
        raise SnapshotError("clock.elapsed_ms must lie between 0 and 99:59:59")
    if not isinstance(started, bool):
        raise SnapshotError("clock.started must be true or false")
    return Snapshot(
        code=code,
        layout=None if layout is None else _layout(layout),
        removals=_moves(data["removals"], "removal"),
        redo=_moves(data["redo"], "undone removal"),
        selection=_slots(selection, "selection", unique=True),
        elapsed_ms=float(elapsed),
        started=started,
    )
