"""Deal codes (format HM1) and the frozen HM1 dealing algorithm.

A deal code looks like ``HM1-N-XXXXXXX``: ``HM1`` names the deal algorithm (version 1),
``N`` the kind of deal (normal random; the only kind in version 1), and the seven
letters are a base-26 number (A = 0 … Z = 25, most significant first), the *deal
number*.  The algorithm is documented for other implementers in
``docs/deal-codes.md``.  It is frozen: an existing code must always deal the same cards.
"""

from __future__ import annotations

from typing import Final

from .cards import DOUBLE_DECK, Card

PREFIX: Final = "HM1-N-"
LETTERS: Final = 7
DEAL_COUNT: Final = 26**LETTERS
"""How many HM1 deals exist: 26⁷ = 8,031,810,175 (numbers 0 … DEAL_COUNT − 1)."""

MAX_CODE_INPUT: Final = 64
"""Longer input is refused before any other look at it."""

_MASK: Final = (1 << 64) - 1
_A: Final = ord("A")


class CodeError(ValueError):
    """An invalid deal code.  ``reason`` is a stable key for translated messages:

    ``"empty"``, ``"too-long"``, ``"characters"``, ``"version"``, ``"kind"``,
    ``"length"``, ``"letters"`` or ``"format"``.

    >>> try:
    ...     parse_code("HM1-N-AAAAAA1")
    ... except CodeError as error:
    ...     print(error.reason, "·", error)
    letters · the last part may only hold letters A–Z: 'AAAAAA1'
    """

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message)
        self.reason = reason


def _shown(text: str) -> str:
    """A short, printable echo of user input for error messages."""
    safe = "".join(ch if ch.isprintable() else "?" for ch in text)
    return safe if len(safe) <= 24 else safe[:24] + "…"


def parse_code(text: object) -> int:
    """The deal number of a deal code.

    Accepts surrounding white space and any letter case; everything else that is not
    exactly ``HM1-N-`` and seven letters A–Z raises :class:`CodeError`.

    >>> parse_code("HM1-N-AAAAAAB"), parse_code(" hm1-n-zzzzzzz ")
    (1, 8031810175)
    >>> parse_code("HM2-N-AAAAAAA")
    Traceback (most recent call last):
      ...
    halfmoon.rules.deal.CodeError: 'HM2' is not a known deal version (this game reads HM1)
    """
    if not isinstance(text, str):
        raise CodeError("format", "a deal code must be text")
    if len(text) > MAX_CODE_INPUT:
        raise CodeError("too-long", f"a deal code has 13 characters; this has {len(text)}")
    stripped = text.strip()
    if not stripped:
        raise CodeError("empty", "the deal code is empty")
    if not stripped.isascii() or not stripped.isprintable():
        raise CodeError(
            "characters",
            f"{_shown(stripped)!r} has characters that are not in a deal code "
            "(only the letters A–Z, the digit 1 and hyphens)",
        )
    upper = stripped.upper()
    parts = upper.split("-")
    if len(parts) != 3:
        raise CodeError("format", f"{_shown(stripped)!r} is not a deal code like HM1-N-ABCDEFG")
    version, kind, letters = parts
    if version != "HM1":
        raise CodeError(
            "version",
            f"{_shown(version)!r} is not a known deal version (this game reads HM1)",
        )
    if kind != "N":
        raise CodeError("kind", f"{_shown(kind)!r} is not a known kind of deal (HM1 has only N)")
    if len(letters) != LETTERS:
        raise CodeError(
            "length", f"the last part must have {LETTERS} letters; it has {len(letters)}"
        )
    if not all("A" <= ch <= "Z" for ch in letters):
        raise CodeError("letters", f"the last part may only hold letters A–Z: {letters!r}")
    number = 0
    for ch in letters:
        number = number * 26 + (ord(ch) - _A)
    return number


def format_code(number: int) -> str:
    """The canonical code of a deal number (0 … DEAL_COUNT − 1).

    >>> format_code(0), format_code(27), format_code(DEAL_COUNT - 1)
    ('HM1-N-AAAAAAA', 'HM1-N-AAAAABB', 'HM1-N-ZZZZZZZ')
    """
    if isinstance(number, bool) or not isinstance(number, int):
        raise ValueError("a deal number must be an integer")
    if not 0 <= number < DEAL_COUNT:
        raise ValueError(f"a deal number must lie in 0 … {DEAL_COUNT - 1}")
    letters = []
    for _ in range(LETTERS):
        number, digit = divmod(number, 26)
        letters.append(chr(_A + digit))
    return PREFIX + "".join(reversed(letters))


def canonical_code(text: str) -> str:
    """The canonical (upper-case, trimmed) form of a valid code."""
    return format_code(parse_code(text))


def random_number() -> int:
    """A deal number drawn uniformly from the operating system's secure source."""
    import secrets  # imported when needed: it costs ~10 ms at start-up in Pyodide

    return secrets.randbelow(DEAL_COUNT)


def random_code() -> str:
    """A fresh deal code drawn uniformly from the secure source."""
    return format_code(random_number())


class SplitMix64:
    """The SplitMix64 generator with 64-bit wrapping arithmetic (state = seed)."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, k: int) -> int:
        """A uniform draw in 0 … k − 1, by rejection of the biased top range."""
        limit = (1 << 64) - ((1 << 64) % k)
        while True:
            x = self.next()
            if x < limit:
                return x % k


def shuffled_deck(number: int) -> list[Card]:
    """The 104 cards of deal ``number`` in dealt order (index 0 … 103)."""
    if not 0 <= number < DEAL_COUNT:
        raise ValueError(f"a deal number must lie in 0 … {DEAL_COUNT - 1}")
    deck = list(DOUBLE_DECK)
    rng = SplitMix64(number)
    for i in range(len(deck) - 1, 0, -1):
        j = rng.below(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def deal(number: int) -> tuple[list[list[Card]], list[Card]]:
    """The layout of deal ``number``: 12 piles (bottom → top) and the 8 reserve cards."""
    deck = shuffled_deck(number)
    piles = [deck[8 * p : 8 * p + 8] for p in range(12)]
    return piles, deck[96:104]
