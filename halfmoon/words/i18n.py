"""Words for people: catalogue look-up, card and place names, language choice."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from typing import Final

from ..rules.cards import Card
from ..rules.layout import is_pile, place_number
from . import Catalogue, catalogue


@dataclass(frozen=True, slots=True)
class Language:
    """One of the game's languages: its ``code`` (``?lang=``, the stored choice, the
    catalogue ``locale/<code>.po``), its ``<html lang>`` tag, its CLDR locale (the
    build's plural rule, month and weekday names) and the other spellings that name it
    (lower-case)."""

    code: str
    html: str
    cldr: str
    spellings: tuple[str, ...]


LANGUAGE_TABLE: Final = (
    Language("pt", "pt-PT", "pt_PT", ("pt", "por", "portuguese", "português", "portugues")),
    Language("en", "en", "en", ("en", "eng", "english", "inglês", "ingles")),
    Language("es", "es", "es", ("es", "spa", "spanish", "español", "espanol", "castellano")),
    Language("fr", "fr", "fr", ("fr", "fra", "fre", "french", "français", "francais")),
    Language("pt-BR", "pt-BR", "pt_BR", ("pt-br", "brazilian", "brasileiro")),
)
"""The game's languages, the default first.  Adding a language is a row here and its
catalogue ``locale/<code>.po`` (README.md, "Languages")."""
LANGUAGES: Final = tuple(language.code for language in LANGUAGE_TABLE)
DEFAULT_LANGUAGE: Final = LANGUAGE_TABLE[0].code
LANGUAGE_NAMES: Final[dict[str, str]] = {
    spelling: language.code for language in LANGUAGE_TABLE for spelling in language.spellings
}
"""Every spelling that names one of the game's languages, once lower-cased and trimmed
with ``_`` read as ``-``: a whole tag (``pt-br``) when the table names it, else its
first part (so ``pt-PT``, ``pt-AO``, ``EN_gb`` and ``English`` count).  A ``?lang=``
value, a stored choice and the browser's own preferences all go through this one
table, here and in the page's start-up script (the build hands it the same table)."""
HTML_LANG: Final[dict[str, str]] = {language.code: language.html for language in LANGUAGE_TABLE}
"""Each language's tag for ``<html lang>`` (the default is European Portuguese); the
build hands it to the page's scripts (the boot data's ``html_lang``)."""
SUIT_SYMBOLS: Final = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def words_of(lang: str) -> Catalogue:
    """The catalogue of ``lang`` (the default language's for one the game does not have)."""
    return catalogue(lang if lang in LANGUAGES else DEFAULT_LANGUAGE)


@dataclass(frozen=True, slots=True)
class Counted:
    """A number of things (``moves``, ``cards``, ``games``, ``points``), said with its
    noun in whichever language it is shown: ``1 jogada``, ``0 jogadas``, ``2 moves``
    (:func:`count_text`).  Every count a player reads is one of these, so no phrase can
    say "1 jogadas"."""

    n: int
    noun: str


def plural(n: int, lang: str) -> str:
    """The catalogue's form for ``n`` things in ``lang``: CLDR's plural category
    (``one``, ``many`` or ``other``), from the rule the build wrote for the language
    (European Portuguese and English say "0 jogadas", "0 moves"; French and Brazilian
    Portuguese "0 carte", "0 carta").

    >>> from halfmoon.host.locale import use_locale
    >>> use_locale()  # on the host, the words come from locale/*.po
    >>> plural(0, "en"), plural(0, "fr"), plural(1_000_000, "fr")
    ('other', 'one', 'many')
    """
    return words_of(lang).category(n)


def count_text(n: int, noun: str, lang: str) -> str:
    """``1 carta`` / ``6 cartas`` / ``1 move`` / ``0 moves``: catalogue keys
    ``count.<noun>.<category>``, one for each of the language's plural categories.

    >>> from halfmoon.host.locale import use_locale
    >>> use_locale()  # on the host, the words come from locale/*.po
    >>> count_text(1, "moves", "en"), count_text(0, "moves", "en")
    ('1 move', '0 moves')
    >>> count_text(1, "moves", "pt"), count_text(0, "moves", "pt")
    ('1 jogada', '0 jogadas')
    >>> count_text(0, "cards", "fr"), count_text(2, "cards", "fr")
    ('0 carte', '2 cartes')
    """
    return text(lang, f"count.{noun}.{plural(n, lang)}", n=n)


@dataclass(frozen=True, slots=True)
class Phrase:
    """Words to show in whichever language the page is in when they are shown: a
    catalogue key and its values, kept unrendered so that a change of language can say
    them again.  A value that is a :class:`Card`, a date, a :class:`Counted` or a Phrase
    is put in that language too (a card by its name, a date in full, a count with its
    noun).

    >>> from halfmoon.host.locale import use_locale
    >>> use_locale()  # on the host, the words come from locale/*.po
    >>> paused = phrase("announce.paused")
    >>> paused.text("en")
    'Paused: the clock has stopped. Tap or press any key to go on.'
    >>> paused.text("pt")
    'Em pausa: o tempo parou. Toque ou prima uma tecla para continuar.'
    """

    key: str
    values: tuple[tuple[str, object], ...] = ()

    def text(self, lang: str) -> str:
        return text(lang, self.key, **{name: _word(v, lang) for name, v in self.values})


def phrase(key: str, **values: object) -> Phrase:
    return Phrase(key, tuple(values.items()))


def say(phrases: Iterable[Phrase], lang: str) -> str:
    """Phrases in ``lang``, one after the other."""
    return " ".join(p.text(lang) for p in phrases)


def _word(value: object, lang: str) -> object:
    if isinstance(value, Phrase):
        return value.text(lang)
    if isinstance(value, date):
        return long_day(value, lang)
    if isinstance(value, Card):
        return card_name(value, lang)
    return _counted(value, lang)


def text(lang: str, key: str, **params: object) -> str:
    """The catalogue string ``key`` in ``lang`` (default language if unknown),
    with ``{placeholders}`` filled from ``params`` (a :class:`Counted` said with its noun)."""
    return fill(words_of(lang).words[key], lang, **params)


def fill(template: str, lang: str, **params: object) -> str:
    """``template`` with its ``{placeholders}`` filled from ``params`` in ``lang`` (a
    :class:`Counted` said with its noun); unchanged when there are none."""
    if not params:
        return template
    said = {k: _counted(v, lang) for k, v in params.items()}
    return template.format(**said)


def _counted(value: object, lang: str) -> object:
    return count_text(value.n, value.noun, lang) if isinstance(value, Counted) else value


def text_for(lang: str, key: str, n: int, **params: object) -> str:
    """A phrase whose whole wording turns on a number ``n`` (``key.one``, ``key.many``
    or ``key.other``, by :func:`plural`), ``n`` among its values."""
    return text(lang, f"{key}.{plural(n, lang)}", n=n, **params)


def rank_label(card: Card, lang: str) -> str:
    """The rank as printed in a card's corner: A, 2 … 10, V D R (pt) or J Q K (en)."""
    return words_of(lang).words.get(f"rank-short.{card.rank}", str(card.rank))


def card_label(card: Card, lang: str) -> str:
    """Short label such as ``D♥`` (pt) or ``Q♥`` (en)."""
    return rank_label(card, lang) + SUIT_SYMBOLS[card.suit]


def card_name(card: Card, lang: str) -> str:
    """Spoken name such as ``Dama de Copas`` or ``Queen of Hearts``.

    >>> from halfmoon.host.locale import use_locale
    >>> use_locale()  # on the host, the words come from locale/*.po
    >>> from halfmoon.rules.cards import card
    >>> card_name(card("QH"), "pt"), card_name(card("QH"), "en"), card_label(card("QH"), "pt")
    ('Dama de Copas', 'Queen of Hearts', 'D♥')
    >>> place_name("P5", "pt"), place_name("R3", "en")
    ('monte 5', 'reserve 3')
    """
    return text(
        lang,
        "card.name",
        rank=text(lang, f"rank.{card.rank}"),
        suit=text(lang, f"suit.{card.suit}"),
    )


def place_name(slot: str, lang: str) -> str:
    """``monte 5`` / ``pile 5`` or ``reserva 3`` / ``reserve 3``."""
    kind = "place.pile" if is_pile(slot) else "place.reserve"
    return text(lang, kind, n=place_number(slot))


def count_words(n: int, lang: str) -> str:
    """A place's cards: ``6 cartas`` / ``1 card`` / ``empty``."""
    return text(lang, "place.empty") if n == 0 else count_text(n, "cards", lang)


def normalise_language(value: object) -> str | None:
    """The game's code (``pt``, ``pt-BR`` …) for any spelling :data:`LANGUAGE_NAMES`
    knows, whole or by its first part, else ``None``."""
    if not isinstance(value, str):
        return None
    tag = value.strip().lower().replace("_", "-")
    return LANGUAGE_NAMES.get(tag) or LANGUAGE_NAMES.get(tag.split("-")[0])


def html_lang(lang: str) -> str:
    """The ``<html lang>`` of a page in ``lang``: ``pt-PT`` or ``en`` (the default
    language's for one the game does not have)."""
    return HTML_LANG.get(lang, HTML_LANG[DEFAULT_LANGUAGE])


def language_of_page(tag: object) -> str:
    """The game's language of a page whose ``<html lang>`` is ``tag`` (the inverse of
    :func:`html_lang`): ``en`` for ``en``, else the default."""
    return next((lang for lang, said in HTML_LANG.items() if said == tag), DEFAULT_LANGUAGE)


def pick_language(preferred: Iterable[str]) -> str:
    """The language for a first visit from the browser's preferred languages: the first
    one the game has (so English only when English is named before any Portuguese), else
    the default."""
    for tag in preferred:
        found = normalise_language(tag)
        if found is not None:
            return found
    return DEFAULT_LANGUAGE


def choose_language(asked: object, stored: object, preferred: Iterable[str]) -> str:
    """The language of the page: asked for in the address (``?lang=``), else the
    player's stored choice, else the browser's preference (:func:`pick_language`).

    >>> choose_language("English", "fr", ["pt-PT"])
    'en'
    >>> choose_language(None, None, ["de-DE", "pt-BR", "en"]), choose_language("xx", None, [])
    ('pt-BR', 'pt')
    """
    return normalise_language(asked) or normalise_language(stored) or pick_language(preferred)


# ------------------------------------------------------------------------ dates
def month(day: date, lang: str, *, short: bool = False) -> str:
    """The month of ``day`` by its CLDR name in ``lang``, in full or abbreviated."""
    found = words_of(lang)
    return (found.months_short if short else found.months)[day.month - 1]


def weekdays(lang: str, *, short: bool = False) -> tuple[str, ...]:
    """The days of the week, Monday first, by their CLDR names in ``lang``: in full, or
    (``short``) as a calendar's column heads."""
    found = words_of(lang)
    return found.weekdays_short if short else found.weekdays


def long_day(day: date, lang: str) -> str:
    """``1 de dezembro de 2026`` / ``December 1, 2026``.

    >>> from halfmoon.host.locale import use_locale
    >>> use_locale()  # on the host, the words come from locale/*.po
    >>> long_day(date(2026, 12, 1), "pt"), long_day(date(2026, 12, 1), "en")
    ('1 de dezembro de 2026', 'December 1, 2026')
    """
    return text(lang, "date.long", d=day.day, month=month(day, lang), y=day.year)


def short_day(day: date, lang: str) -> str:
    """``30 nov`` / ``Nov 30``."""
    return text(lang, "date.short", d=day.day, month=month(day, lang, short=True))


_CODE = re.compile(r"HM1-[A-Z]-[A-Z]{7}")


def code_runs(words: str) -> list[tuple[str, bool]]:
    """``words`` cut into runs, each saying whether it is a deal code: the page draws a
    code in one piece (``white-space: nowrap``), so that ``HM1-N-`` never ends a line
    with ``ABCDEFG`` on the next, and a screen reader still reads it as it is written."""
    runs: list[tuple[str, bool]] = []
    at = 0
    for found in _CODE.finditer(words):
        if found.start() > at:
            runs.append((words[at : found.start()], False))
        runs.append((found.group(), True))
        at = found.end()
    if at < len(words):
        runs.append((words[at:], False))
    return runs
