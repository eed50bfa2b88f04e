"""A challenge's text in a link: the part of the address after the deal code and a ``~``.

A challenge link is a deal link with a tail (docs/design.md, "Challenges")::

    #HM1-N-AAAAAAD~c1.2w.1c.7k.ACBD….QW5h.x3Z_

``c1`` names the format; then, separated by dots: the cards cleared, the moves and the
seconds of play (base 36), the taps that made them (one letter a place, ``A``–``T`` for
``P1``–``P12`` and ``R1``–``R8``), the challenger's name (UTF-8 in URL-safe base 64,
possibly empty) and a check (four base-64 letters of an FNV-1a hash of the rest, the
deal code in canonical form), so that a damaged link is told from a good one.  Every
letter is one a URL carries as it is, in a fragment and in a chat.

This module reads and writes the text only: what it claims is checked by the engine
(:mod:`halfmoon.challenges.challenge` replays the taps on the deal).
"""

from __future__ import annotations

import base64
import binascii
import unicodedata
from dataclasses import dataclass
from typing import Final

from ..rules.clock import MAX_ELAPSED_MS
from ..rules.deal import canonical_code
from ..rules.layout import SLOTS

SEPARATOR: Final = "~"
"""What parts a deal code from its challenge in a link."""
VERSION: Final = "c1"
MAX_NAME: Final = 24
"""The longest name a challenge carries, in characters (what is longer is cut)."""
MAX_TAPS: Final = 104
"""A won game's taps: 40 pairs of two and 8 trios of three."""
MAX_TEXT: Final = 400
"""The longest challenge tail read: more is no challenge (a won game's is about 150)."""
TAP_LETTERS: Final = "ABCDEFGHIJKLMNOPQRST"
_CHECK_LETTERS: Final = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
_DIGITS36: Final = "0123456789abcdefghijklmnopqrstuvwxyz"
MAX_SECONDS: Final = int(MAX_ELAPSED_MS // 1000)
"""The longest time a challenge carries (the game's clock stops at 99:59:59)."""
_UNSEEN: Final = frozenset(
    {0x061C, 0x2028, 0x2029, 0xFEFF}
    | set(range(0x200B, 0x2010))
    | set(range(0x202A, 0x202F))
    | set(range(0x2060, 0x2070))
)
"""Characters a name never keeps besides the control characters: bidirectional marks,
overrides and isolates, zero-width ones, line and paragraph separators (the two joiners
below are kept where they join)."""
_JOINERS: Final = "\u200c\u200d"
"""The zero-width non-joiner and joiner, which shape what is around them: Persian and
Indic words («می‌خواهم», «क्‍ष»), a family emoji (man, ZWJ, woman, ZWJ, girl)."""
_VIRAMA: Final = 9
"""The canonical combining class of an Indic virama, after which a joiner may end a word
(Malayalam's chillu in its older spelling, «ന്‍»)."""


class ChallengeError(ValueError):
    """A challenge that cannot be read: damaged, forged, or of an unknown format."""


@dataclass(frozen=True, slots=True)
class Claim:
    """What a challenge link says, not yet checked against the deal: its deal
    (canonical code), the cards cleared, the moves, the seconds of play, the taps (place
    names, in order) and the name (cleaned, possibly empty)."""

    code: str
    cleared: int
    moves: int
    seconds: int
    taps: tuple[str, ...]
    name: str


def split(fragment: str) -> tuple[str, str | None]:
    """A link's text parted into its deal and its challenge tail (None: no ``~``)."""
    code, found, tail = fragment.partition(SEPARATOR)
    return code, tail if found else None


def clean_name(name: str) -> str:
    """``name`` as a challenge carries it: plain characters only (no control, format,
    bidirectional or zero-width character, but a joiner where it joins: see
    :func:`_joins`), runs of spaces made one, trimmed, and at most :data:`MAX_NAME`
    characters.

    >>> clean_name("  Ana\\u200b  Maria\\n"), clean_name("x" * 30) == "x" * MAX_NAME
    ('Ana Maria', True)
    >>> clean_name("\\u200dMa\\u200c\\u200cria\\u200d") == "Maria"  # joiners that join nothing
    True
    """
    kept = "".join(" " if ch.isspace() else ch for ch in name if ch in _JOINERS or _shown(ch))
    joined = [ch for at, ch in enumerate(kept) if ch not in _JOINERS or _joins(kept, at)]
    cut = " ".join("".join(joined).split())[:MAX_NAME]
    if cut and cut[-1] in _JOINERS and not _joins(cut, len(cut) - 1):
        cut = cut[:-1]  # a joiner whose next character was cut off
    return cut.strip()


def _joins(text: str, at: int) -> bool:
    """Whether the joiner at ``text[at]`` joins: after a letter, a mark or a symbol (an
    emoji, its skin tone), and before another, or anywhere after a virama.  A joiner
    beside another joins nothing (nor does the other), nor one at the start, nor one
    beside a space or a digit but after a virama."""
    before = text[at - 1] if at > 0 else ""
    after = text[at + 1] if at + 1 < len(text) else ""
    if not _joinable(before) or (after and after in _JOINERS):
        return False
    return _joinable(after) or unicodedata.combining(before) == _VIRAMA


def _joinable(ch: str) -> bool:
    if not ch or ch in _JOINERS:
        return False
    kind = unicodedata.category(ch)
    return kind[0] in "LM" or kind in ("So", "Sk")


def _shown(ch: str) -> bool:
    point = ord(ch)
    if point < 0x20 or 0x7F <= point < 0xA0 or 0xD800 <= point < 0xE000:
        return ch in " \t\n"  # whitespace becomes a space; the rest goes
    return point not in _UNSEEN


def write(claim: Claim) -> str:
    """The link's text for ``claim``: its deal code, ``~`` and its tail."""
    name = base64.urlsafe_b64encode(clean_name(claim.name).encode()).decode().rstrip("=")
    body = ".".join(
        (
            VERSION,
            _base36(claim.cleared),
            _base36(claim.moves),
            _base36(claim.seconds),
            "".join(TAP_LETTERS[SLOTS.index(slot)] for slot in claim.taps),
            name,
        )
    )
    return f"{claim.code}{SEPARATOR}{body}.{_check(claim.code, body)}"


def read(fragment: str) -> Claim:
    """The claim of a link's text (percent-decoded, without ``#``).  Raises
    :class:`ChallengeError` when there is no challenge or it is damaged, and
    :class:`~halfmoon.rules.deal.CodeError` when its deal code is no code.

    >>> read("hm1-n-aaaaaaa~c1.2.1.2n.DE.QW5h.2wr-")
    Claim(code='HM1-N-AAAAAAA', cleared=2, moves=1, seconds=95, taps=('P4', 'P5'), name='Ana')
    >>> write(read("HM1-N-AAAAAAA~c1.2.1.2n.DE.QW5h.2wr-"))
    'HM1-N-AAAAAAA~c1.2.1.2n.DE.QW5h.2wr-'
    >>> read("HM1-N-AAAAAAA")
    Traceback (most recent call last):
      ...
    halfmoon.challenges.challenge_link.ChallengeError: the link has no challenge
    """
    raw_code, tail = split(fragment.strip())
    code = canonical_code(raw_code)
    if tail is None:
        raise ChallengeError("the link has no challenge")
    if len(tail) > MAX_TEXT:
        raise ChallengeError("the challenge is too long")
    body, _, check = tail.rpartition(".")
    if check != _check(code, body):
        raise ChallengeError("the challenge's check does not match: it was changed")
    parts = body.split(".")
    if len(parts) != 6 or parts[0] != VERSION:
        raise ChallengeError("a challenge of an unknown format")
    _, cleared, moves, seconds, taps, name = parts
    return Claim(
        code,
        _number(cleared, "cards cleared", MAX_TAPS),
        _number(moves, "moves", MAX_TAPS // 2),
        _number(seconds, "seconds", MAX_SECONDS),
        _taps(taps),
        _name(name),
    )


def has_challenge(fragment: str) -> bool:
    """Whether a link's text carries a challenge tail (good or not)."""
    return split(fragment)[1] is not None


def _base36(n: int) -> str:
    digits = ""
    while True:
        n, digit = divmod(n, 36)
        digits = _DIGITS36[digit] + digits
        if not n:
            return digits


def _number(text: str, what: str, top: int) -> int:
    if not 0 < len(text) <= 4 or any(ch not in _DIGITS36 for ch in text):
        raise ChallengeError(f"the {what} are not a number")
    value = int(text, 36)
    if value > top or _base36(value) != text:
        raise ChallengeError(f"the {what} are out of range")
    return value


def _taps(text: str) -> tuple[str, ...]:
    if len(text) > MAX_TAPS or any(ch not in TAP_LETTERS for ch in text):
        raise ChallengeError("the moves name no place")
    return tuple(SLOTS[TAP_LETTERS.index(ch)] for ch in text)


def _name(text: str) -> str:
    if len(text) > MAX_NAME * 6 or any(ch not in _CHECK_LETTERS for ch in text):
        raise ChallengeError("the name is not base 64")
    try:
        raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
        return clean_name(raw.decode())
    except (binascii.Error, UnicodeDecodeError):
        raise ChallengeError("the name is not UTF-8 in base 64") from None


def _check(code: str, body: str) -> str:
    """Four letters of the FNV-1a hash (32 bits) of the deal code and the tail."""
    value = 0x811C9DC5
    for byte in f"{code}{SEPARATOR}{body}".encode():
        value = ((value ^ byte) * 0x01000193) & 0xFFFFFFFF
    return "".join(_CHECK_LETTERS[(value >> shift) & 63] for shift in (26, 20, 14, 8))
