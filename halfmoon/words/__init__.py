"""Every string the game shows to people, in European Portuguese and English, one module
per subject, each with its ``PT`` and ``EN`` side by side.

Keys are stable identifiers; values may hold ``{placeholders}`` filled by
:func:`halfmoon.i18n.text`.  Strings marked ``# fixed`` must stay word for word (the
product names them; docs/design.md, "Words"; tests/test_i18n.py checks them).
Both languages must always have exactly the same keys, and no key is said by two
subjects (tests/test_i18n.py checks both).  The rules and examples pages' words, which
only the site's build uses, are not here: :mod:`halfmoon.host.page_words`.
"""

from __future__ import annotations

from typing import Final

from . import (
    backup,
    bar,
    calendar,
    cards,
    challenge,
    cli,
    errors,
    frame,
    guide,
    history,
    options,
    rules,
    stats,
    table,
    welcome,
)

SUBJECTS: Final = (
    cards,
    bar,
    table,
    errors,
    options,
    stats,
    history,
    guide,
    backup,
    calendar,
    welcome,
    rules,
    cli,
    frame,
    challenge,
)
"""The catalogue's modules, one per subject."""

PT: Final[dict[str, str]] = {k: v for subject in SUBJECTS for k, v in subject.PT.items()}
EN: Final[dict[str, str]] = {k: v for subject in SUBJECTS for k, v in subject.EN.items()}
CATALOGUE: Final[dict[str, dict[str, str]]] = {"pt": PT, "en": EN}
