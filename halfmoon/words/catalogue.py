"""One language's words as the game reads them: its catalogue (key → text), its plural
rule and its names of months and weekdays, read from the table the build compiled from
``locale/<lang>.po`` and CLDR (tools/words.py; on the host, :mod:`halfmoon.host.locale`
compiles the same table)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from . import plural

FORMAT: Final = 1
"""The compiled table's format; a table of another format is refused."""


@dataclass(frozen=True, slots=True)
class Catalogue:
    """A language's words: ``words`` (key → text, ``{placeholders}`` still to fill),
    ``plural`` (CLDR's rules, in order, :mod:`.plural`), the months (``months``, and
    abbreviated, ``months_short``) and weekdays (Monday first; ``weekdays`` in full,
    ``weekdays_short`` as a calendar's column heads)."""

    lang: str
    words: Mapping[str, str]
    plural: tuple[tuple[str, object], ...]
    months: tuple[str, ...]
    months_short: tuple[str, ...]
    weekdays: tuple[str, ...]
    weekdays_short: tuple[str, ...]

    def category(self, n: int) -> str:
        """The plural category of ``n`` in this language (``one``, ``many``, ``other`` …)."""
        return plural.category(self.plural, n)

    def to_json(self) -> str:
        """The compiled table, as the build writes it (:func:`from_json` reads it back)."""
        data = {
            "format": FORMAT,
            "lang": self.lang,
            "plural": [list(rule) for rule in self.plural],
            "months": list(self.months),
            "months_short": list(self.months_short),
            "weekdays": list(self.weekdays),
            "weekdays_short": list(self.weekdays_short),
            "words": dict(self.words),
        }
        return json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=True)


def from_json(source: str) -> Catalogue:
    """The catalogue the build compiled (:meth:`Catalogue.to_json`); ``ValueError``
    saying what is wrong with any other text."""
    try:
        data = json.loads(source)
    except ValueError as exc:
        raise ValueError(f"a language's table that is not JSON: {exc}") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError(f"a language's table that is not of format {FORMAT}")
    words = data.get("words")
    if not isinstance(words, dict) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in words.items()
    ):
        raise ValueError("a language's table whose words are not texts by key")
    rules = data.get("plural")
    if not isinstance(rules, list) or not all(
        isinstance(r, list) and len(r) == 2 and isinstance(r[0], str) for r in rules
    ):
        raise ValueError("a language's table whose plural rules are not named rules")
    for _, rule in rules:
        plural.holds(rule, 1)  # a rule of another shape is refused now, not at a count
    lang = data.get("lang")
    if not isinstance(lang, str):
        raise ValueError("a language's table that does not name its language")
    return Catalogue(
        lang=lang,
        words=words,
        plural=tuple((str(name), rule) for name, rule in rules),
        months=_names(data, "months", 12),
        months_short=_names(data, "months_short", 12),
        weekdays=_names(data, "weekdays", 7),
        weekdays_short=_names(data, "weekdays_short", 7),
    )


def _names(data: dict[str, object], field: str, count: int) -> tuple[str, ...]:
    names = data.get(field)
    if not isinstance(names, list) or len(names) != count:
        raise ValueError(f"a language's table whose {field} are not {count} names")
    if not all(isinstance(name, str) and name for name in names):
        raise ValueError(f"a language's table whose {field} are not {count} names")
    return tuple(names)
