"""A language's plural categories for a whole number: CLDR's rule, as the site's build
wrote it from Babel's data (tools/words.py), evaluated here with no CLDR library.

A rule is a tree of lists, as JSON gives it back: ``["or", a, b]``, ``["and", a, b]``,
``["not", a]``, ``["in", operand, [[low, high], …]]`` (the operand's value within any
of the ranges), where an operand is ``["n"]``, ``["i"]`` … (CLDR's operands) or
``["mod", operand, k]``.  Only integers are counted: for an integer ``n`` the operands
``n`` and ``i`` are ``n``, and ``v``, ``w``, ``f``, ``t``, ``c`` and ``e`` are 0.
"""

from __future__ import annotations

from collections.abc import Sequence

OTHER = "other"
"""The category every language has: a number no rule names."""

_ZERO_OPERANDS = frozenset("vwftce")


def category(rules: Sequence[tuple[str, object]], n: int) -> str:
    """The category of ``n`` (``one``, ``many``, ``other`` …): the first rule that
    holds, else :data:`OTHER`.

    English's rule, "one" for ``n`` within 1 … 1 (CLDR's ``one: i = 1 and v = 0``, for
    whole numbers):

    >>> english = [("one", ["in", ["n"], [[1, 1]]])]
    >>> category(english, 1), category(english, 0), category(english, 21)
    ('one', 'other', 'other')
    """
    for name, rule in rules:
        if holds(rule, n):
            return name
    return OTHER


def holds(rule: object, n: int) -> bool:
    """Whether the rule tree ``rule`` holds for the whole number ``n``."""
    if not isinstance(rule, list) or not rule:
        raise ValueError(f"not a plural rule: {rule!r}")
    op = rule[0]
    if op == "or" and len(rule) == 3:
        return holds(rule[1], n) or holds(rule[2], n)
    if op == "and" and len(rule) == 3:
        return holds(rule[1], n) and holds(rule[2], n)
    if op == "not" and len(rule) == 2:
        return not holds(rule[1], n)
    if op == "in" and len(rule) == 3 and isinstance(rule[2], list):
        value = operand(rule[1], n)
        return any(_within(value, span) for span in rule[2])
    raise ValueError(f"not a plural rule: {rule!r}")


def operand(expr: object, n: int) -> int:
    """The value of a rule's operand for the whole number ``n``."""
    if isinstance(expr, list) and len(expr) == 1 and expr[0] in ("n", "i"):
        return abs(n)
    if isinstance(expr, list) and len(expr) == 1 and expr[0] in _ZERO_OPERANDS:
        return 0
    if isinstance(expr, list) and len(expr) == 3 and expr[0] == "mod":
        divisor = expr[2]
        if isinstance(divisor, int) and divisor > 0:
            return operand(expr[1], n) % divisor
    raise ValueError(f"not a plural operand: {expr!r}")


def _within(value: int, span: object) -> bool:
    if isinstance(span, list) and len(span) == 2 and all(isinstance(x, int) for x in span):
        return bool(span[0] <= value <= span[1])
    raise ValueError(f"not a range: {span!r}")
