"""The game's catalogues read from ``locale/<lang>.po`` (gettext PO, one per language,
the keys as msgids) and CLDR's data from Babel: each language's plural rule, month and
weekday names, and its own name.  Runs only on the host — the command line, the tests,
the site's build (which writes what :func:`compile_language` makes of a language for
the page, tools/words.py) — never in the browser: Babel is a build and test
dependency (docs/testing.md)."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Final

from babel import Locale
from babel.messages.pofile import read_po

from .. import words
from ..rules import rules
from ..words import Catalogue
from ..words.i18n import LANGUAGE_TABLE, Language, text

LOCALE: Final = Path(__file__).resolve().parent.parent.parent / "locale"
"""The catalogues' folder: ``<code>.po`` for each language of :data:`~halfmoon.words.i18n.
LANGUAGE_TABLE`."""
HOST_ONLY: Final = ("page.", "example.", "cli.")
"""The keys of the words only the host says — the rules and examples pages' own, the
examples' leads, the command line's: the page's tables leave them out."""
RULE_NUMBERS: Final[dict[str, int]] = {
    name.lower(): value
    for name, value in vars(rules).items()
    if name.isupper() and not name.startswith("_") and isinstance(value, int)
}
"""The numbers of the rules a catalogue names by placeholder (``{won_moves}`` is
:data:`halfmoon.rules.rules.WON_MOVES`), filled in as the catalogue is read."""
_RULE_FIELD = re.compile(r"\{(" + "|".join(sorted(RULE_NUMBERS, key=len, reverse=True)) + r")\}")


def language(code: str) -> Language:
    """The row of :data:`~halfmoon.words.i18n.LANGUAGE_TABLE` for ``code``."""
    return next(row for row in LANGUAGE_TABLE if row.code == code)


def po_words(code: str) -> dict[str, str]:
    """The catalogue of ``code`` as its PO file says it, placeholders and all (a key
    whose msgstr is empty is left out: not translated yet)."""
    with (LOCALE / f"{code}.po").open("rb") as source:
        found = read_po(source, abort_invalid=True)
    return {
        str(m.id): str(m.string) for m in found if m.id and isinstance(m.string, str) and m.string
    }


def rules_filled(template: str) -> str:
    """``template`` with the rules' numbers (:data:`RULE_NUMBERS`) written in."""
    return _RULE_FIELD.sub(lambda m: str(RULE_NUMBERS[m.group(1)]), template)


def plural_rules(cldr: str) -> tuple[tuple[str, object], ...]:
    """CLDR's plural rules for the locale ``cldr``, as :mod:`halfmoon.words.plural`
    evaluates them (the categories besides ``other``)."""
    return tuple((name, _tree(node)) for name, node in Locale.parse(cldr).plural_form.abstract)


def _tree(node: object) -> object:
    """Babel's parsed plural rule as the lists :mod:`halfmoon.words.plural` reads."""
    if not isinstance(node, tuple) or len(node) != 2:
        raise ValueError(f"a plural rule Babel gave in an unknown shape: {node!r}")
    op, args = node
    if op in ("or", "and"):
        return [op, _tree(args[0]), _tree(args[1])]
    if op == "not":
        return ["not", _tree(args[0])]
    if op == "relation":
        _, expr, ranges = args  # 'in' and 'within' agree on whole numbers
        return ["in", _tree(expr), [[lo[1][0], hi[1][0]] for lo, hi in ranges[1]]]
    if op == "mod":
        return ["mod", _tree(args[0]), args[1][1][0]]
    if isinstance(op, str) and len(op) == 1 and args == ():
        return [op]
    raise ValueError(f"a plural rule Babel gave in an unknown shape: {node!r}")


def plural_categories(cldr: str) -> tuple[str, ...]:
    """The plural categories CLDR gives the locale ``cldr`` (``one``, ``many`` …,
    ``other`` last): a plural key needs one form for each."""
    return tuple(sorted(Locale.parse(cldr).plural_form.tags - {"other"})) + ("other",)


def column_heads(found: Locale) -> tuple[str, ...]:
    """A calendar's weekday heads: CLDR's abbreviated names where all are at most four
    letters (``Mon``, ``lun.``), else its short ones (``seg.``: Portugal's abbreviated
    names are whole words)."""
    abbreviated = found.days["format"]["abbreviated"]
    chosen = abbreviated if max(len(abbreviated[d]) for d in range(7)) <= 4 else None
    chosen = chosen or found.days["format"]["short"]
    return tuple(str(chosen[d]) for d in range(7))


def compile_language(code: str, *, pages: bool = False) -> Catalogue:
    """The catalogue of ``code``: its PO file with the rules' numbers written in, and
    CLDR's plural rule and names; the words only the host says (:data:`HOST_ONLY`)
    only with ``pages`` (the page never needs them)."""
    found = Locale.parse(language(code).cldr)
    said = {
        key: rules_filled(value)
        for key, value in po_words(code).items()
        if pages or not key.startswith(HOST_ONLY)
    }
    return Catalogue(
        lang=code,
        words=said,
        plural=plural_rules(language(code).cldr),
        months=tuple(str(found.months["format"]["wide"][m]) for m in range(1, 13)),
        months_short=tuple(str(found.months["format"]["abbreviated"][m]) for m in range(1, 13)),
        weekdays=tuple(str(found.days["format"]["wide"][d]) for d in range(7)),
        weekdays_short=column_heads(found),
    )


def own_name(code: str) -> str:
    """The language's name in itself, as the options offer it: CLDR's name of the
    language, and of its country for a code that names one (``Português``,
    ``Português (Brasil)``)."""
    found = Locale.parse(language(code).cldr)
    name = str(found.language_name if "-" not in code else found.display_name)
    return name[:1].upper() + name[1:]


@cache
def load(code: str) -> Catalogue | None:
    """The host's catalogue of ``code``, the pages' own words included, or ``None`` for
    a language with no PO file."""
    if not (LOCALE / f"{code}.po").exists() or code not in {r.code for r in LANGUAGE_TABLE}:
        return None
    return compile_language(code, pages=True)


def use_locale() -> None:
    """From now on the engine's catalogues come from ``locale/`` (:func:`load`)."""
    words.use_source(load)


def page_text(lang: str, key: str, **params: object) -> str:
    """What the rules and examples pages say for ``key`` (their own ``page.*`` words or
    the game's), with ``params`` filled in."""
    use_locale()
    return text(lang, key, **params)
