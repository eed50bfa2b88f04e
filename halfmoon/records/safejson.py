"""Reading JSON that anyone could have written: bounded in size and depth before it is
parsed, with no NaN or Infinity, and helpers that check each value's type and range.

Stored data is untrusted: another version, another tab, a browser extension or a
curious player may have written it.  Python's parser recurses once per nesting level,
and in the browser a deep enough value exhausts the stack and kills the interpreter
outright (no exception to catch), so the depth is measured first, by a plain scan.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable
from datetime import date
from typing import Any, Final, TypeVar

T = TypeVar("T")

MAX_INT: Final = 2**53
"""The largest integer a stored value may hold: JavaScript's largest exact one."""
MAX_TIME: Final = 10**13
"""The latest wall-clock time a stored value may hold (milliseconds since 1970: the year
2286)."""

_TOKENS: Final = re.compile(r'[\\"\[\]{}]')
_DATE: Final = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


class Invalid(ValueError):
    """A stored value that is not what it should be; the message says why."""


def depth(text: str) -> int:
    """How deeply arrays and objects nest in a JSON text (0 for a bare value), in one
    pass over its brackets, quotes and backslashes (brackets inside strings do not
    count)."""
    deepest = level = 0
    in_string = False
    escaped = -1  # the index of a character escaped by a backslash
    for match in _TOKENS.finditer(text):
        i = match.start()
        if i == escaped:
            continue
        ch = text[i]
        if in_string:
            if ch == "\\":
                escaped = i + 1
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            level += 1
            deepest = max(deepest, level)
        elif ch in "]}":
            level -= 1
    return deepest


def _no_constant(name: str) -> object:
    raise Invalid(f"{name} is not a number")


def parse(text: str, *, max_chars: int, max_depth: int) -> object:
    """The value of a JSON text, refused with :class:`Invalid` when longer than
    ``max_chars``, nested deeper than ``max_depth``, or not JSON at all."""
    if len(text) > max_chars:
        raise Invalid(f"{len(text):,} characters, more than the {max_chars:,} allowed")
    if depth(text) > max_depth:
        raise Invalid(f"nested deeper than {max_depth} levels")
    try:
        return json.loads(text, parse_constant=_no_constant)
    except (ValueError, RecursionError) as exc:
        raise Invalid(f"not JSON ({exc})") from None


def obj(value: object, what: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise Invalid(f"{what} must be an object")
    return value


def integer(value: object, what: str, low: int = 0, high: int = MAX_INT) -> int:
    """An integer in ``low … high`` (never a bool, never compared as a float)."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise Invalid(f"{what} must be a whole number from {low} to {high}")
    return value


def moment(value: object, what: str) -> float:
    """A wall-clock time: whole milliseconds since 1970, up to :data:`MAX_TIME`."""
    return float(integer(value, what, 0, MAX_TIME))


def number(value: object, what: str, low: float, high: float) -> float:
    """A finite number in ``low … high``; integers of any size are compared exactly
    before they become floats."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise Invalid(f"{what} must be a number")
    if isinstance(value, int):
        if not low <= value <= high:
            raise Invalid(f"{what} must lie in {low:g} … {high:g}")
        return float(value)
    if not math.isfinite(value) or not low <= value <= high:
        raise Invalid(f"{what} must lie in {low:g} … {high:g}")
    return value


def flag(value: object, what: str) -> bool:
    if not isinstance(value, bool):
        raise Invalid(f"{what} must be true or false")
    return value


def text(value: object, what: str, max_chars: int) -> str:
    if not isinstance(value, str) or len(value) > max_chars:
        raise Invalid(f"{what} must be text of at most {max_chars} characters")
    return value


def optional(read: Callable[[object, str], T], value: object, what: str) -> T | None:
    return None if value is None else read(value, what)


def day(value: object, what: str) -> date:
    """A stored date, ``YYYY-MM-DD``; Invalid for anything else."""
    raw = text(value, what, 10)
    if not _DATE.fullmatch(raw):
        raise Invalid(f"{what}: not a date")
    try:
        return date.fromisoformat(raw)
    except ValueError:
        raise Invalid(f"{what}: not a date") from None
