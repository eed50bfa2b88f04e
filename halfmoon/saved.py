"""What the game keeps in the browser: every storage key, and the format of each value.

The page's persistence room (``halfmoon/web/persistence.py``) only moves these strings in
and out of the browser's storage; reading them back, and refusing what is damaged, is
done here, where CPython tests reach it.  The keys are also handed by the build to the
page's start-up script and to the rules pages, which read the stored options before
Python runs (docs/design.md, "What is saved").
"""

from __future__ import annotations

import json
import math
from dataclasses import asdict
from typing import Final

from .i18n import normalise_language
from .prefs import SWITCHES, THEMES, Prefs
from .stats import Stats

KEYS: Final[dict[str, str]] = {
    "game": "halfmoon.game.v1",
    "prefs": "halfmoon.prefs.v1",
    "stats": "halfmoon.stats.v1",
    "unreadable": "halfmoon.game.unreadable",
}
"""Every key the game uses, by its job.  ``unreadable`` holds a save that could not be
loaded, kept aside rather than overwritten."""


def _object(raw: str | None) -> dict[str, object] | None:
    """The JSON object stored as ``raw``, or None when missing or not an object."""
    if not raw:
        return None
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        return None
    return data if isinstance(data, dict) else None


def write_prefs(prefs: Prefs) -> str:
    return json.dumps(asdict(prefs))


def read_prefs(raw: str | None) -> Prefs:
    """Stored choices, keeping whatever is valid and ignoring the rest."""
    prefs = Prefs()
    data = _object(raw) or {}
    for name in SWITCHES.values():
        if isinstance(data.get(name), bool):
            setattr(prefs, name, data[name])
    prefs.theme = next((t for t in THEMES if t == data.get("theme")), prefs.theme)
    prefs.lang = normalise_language(data.get("lang"))
    return prefs


def write_stats(stats: Stats) -> str:
    return json.dumps(asdict(stats))


def read_stats(raw: str | None) -> Stats:
    """Stored statistics, or fresh ones when missing or damaged."""
    data = _object(raw)
    if data is None:
        return Stats()
    stats = Stats()
    for name in ("played", "won", "streak", "best_streak"):
        value = data.get(name)
        if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
            setattr(stats, name, value)
    for name in ("current_played", "current_won"):
        value = data.get(name)
        if isinstance(value, bool):
            setattr(stats, name, value)
    best = data.get("best_time_ms")
    if (
        isinstance(best, (int, float))
        and not isinstance(best, bool)
        and math.isfinite(best)
        and best >= 0
    ):
        stats.best_time_ms = float(best)
    if stats.won > stats.played or stats.best_streak < stats.streak:
        return Stats()
    return stats
