"""The start-up script's handshake (``window.halfmoonStart``, written by static/boot.js):
the one Python door to it.  It hands over the record the table was painted from, the
new deal drawn for a new player, what the player did on the painted table meanwhile,
the way the start's steps give way to the player (static/boot/yielding.js), and the
durable copy of the play on the table (static/boot/journal.js).

Each read finds nothing where the page was opened without that script (a bare test
page): the game then starts as if nothing had been painted."""

from __future__ import annotations

import asyncio
from typing import Any

import js  # type: ignore[import-not-found]

from .dom import absent


def _handshake() -> Any:
    start: Any = getattr(js.window, "halfmoonStart", None)
    return None if absent(start) else start


def painted() -> str | None:
    """The record the start-up script painted the table from (None: nothing painted)."""
    start = _handshake()
    record = None if start is None else start.painted
    return record if isinstance(record, str) else None


def drawn() -> str | None:
    """The deal the start-up script drew and painted for a new player, if it did."""
    start = _handshake()
    return None if start is None else str(getattr(start, "drawn", "") or "") or None


def take_kept() -> list[Any]:
    """What the player did on the painted table, handed over once (and no longer kept
    by the start-up script: from now on the game listens itself)."""
    start = _handshake()
    return [] if start is None else list(start.take().to_py())


async def next_task() -> None:
    """Let the page answer what the player did before the start goes on."""
    start = _handshake()
    step: Any = None if start is None else getattr(start, "nextTask", None)
    if step is None or absent(step):
        await asyncio.sleep(0)
    else:
        await step()


async def copy() -> tuple[str, str] | None:
    """The durable copy of the play on the table, as (key, value), if one was read."""
    start = _handshake()
    found: Any = None if start is None else getattr(start, "copy", None)
    if found is None or absent(found):
        return None
    try:
        pair = await found
    except Exception:
        return None
    if pair is None or absent(pair):
        return None
    key, value = pair.to_py() if hasattr(pair, "to_py") else pair
    return (key, value) if isinstance(key, str) and isinstance(value, str) else None


def keep_copy(key: str, value: str) -> None:
    """Keep (key, value) as the durable copy of the play on the table, on disk once the
    browser's transaction completes (nothing waits for it)."""
    start = _handshake()
    keep: Any = None if start is None else getattr(start, "keepCopy", None)
    if keep is not None and not absent(keep):
        keep(key, value)
