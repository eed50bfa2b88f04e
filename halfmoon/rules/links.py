"""Deal links: the ``#…`` fragment of the address, decoded and read as a deal code.

A link names a deal (``…/#HM1-N-AAAAAAB``), in any letter case and percent-encoding,
possibly followed by ``~`` and a challenge (``halfmoon/challenges/challenge_link.py``: the deal is
dealt whatever that tail holds); anything else in the fragment is an invalid link,
explained to the player while the game in progress goes on (docs/design.md, "Links").
"""

from __future__ import annotations

from typing import Final

from .deal import CodeError, canonical_code

DAILY: Final = "daily"
"""What ``#daily`` (in any case) names: the deal of the day on the player's calendar."""


def percent_decode(text: str) -> str:
    """Decode ``%XX`` escapes as UTF-8 (invalid bytes become U+FFFD; a ``%`` not
    followed by two hex digits stays as it is).  Written here because importing
    urllib.parse costs about 90 ms at start-up in Pyodide."""
    if "%" not in text:
        return text
    out: list[str] = []
    pending = bytearray()
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch == "%" and i + 2 < n and _is_hex(text[i + 1 : i + 3]):
            pending.append(int(text[i + 1 : i + 3], 16))
            i += 3
            continue
        if pending:
            out.append(pending.decode("utf-8", errors="replace"))
            pending.clear()
        out.append(ch)
        i += 1
    if pending:
        out.append(pending.decode("utf-8", errors="replace"))
    return "".join(out)


def _is_hex(pair: str) -> bool:
    return len(pair) == 2 and all(c in "0123456789abcdefABCDEF" for c in pair)


def code_from_hash(fragment: str) -> str:
    """The text of a ``#…`` URL fragment, percent-decoded (it may still be invalid)."""
    raw = fragment[1:] if fragment.startswith("#") else fragment
    return percent_decode(raw)


def read_link(fragment: str) -> str | CodeError | None:
    """What a fragment names: the canonical code of a deal, :data:`DAILY`, the
    :class:`CodeError` that makes it no link at all, or ``None`` when it names nothing
    (empty).  A challenge after the code (``~…``) leaves it as it is: the link names
    that deal.

    >>> read_link("#hm1-n-aaaaaab"), read_link("#HM1%2DN%2DAAAAAAB~c1.x"), read_link("#Daily")
    ('HM1-N-AAAAAAB', 'HM1-N-AAAAAAB', 'daily')
    >>> read_link("#"), read_link("#nonsense")
    (None, CodeError("'nonsense' is not a deal code like HM1-N-ABCDEFG"))
    """
    wanted = code_from_hash(fragment).strip().partition("~")[0]
    if not wanted:
        return None
    if wanted.lower() == DAILY:
        return DAILY
    try:
        return canonical_code(wanted)
    except CodeError as exc:
        return exc


def followed_at_start(found: str, left: str, now: str) -> str:
    """The address a starting page takes up once it listens to the address: the one it
    was opened at (``found``: a link followed while Python started), unless a link was
    followed after the page wrote the game's own (``left``), when the address ``now``
    differs from that.

    >>> followed_at_start("#HM1-N-AAAAAAC", "#HM1-N-AAAAAAB", "#HM1-N-AAAAAAB")
    '#HM1-N-AAAAAAC'
    >>> followed_at_start("#HM1-N-AAAAAAC", "#HM1-N-AAAAAAB", "#daily")
    '#daily'
    """
    return found if now == left else now
