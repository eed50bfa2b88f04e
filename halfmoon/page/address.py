"""The options a page's address gives: ``?theme=dark&felt=blue&calm=1`` …, with which a
site that embeds the game shapes its frame (docs/embedding.md, "Options in the
address").  They are the frame's starting options: an option the player has changed
in that frame (``Prefs.chosen``) keeps the player's choice, across reloads.  An unknown
name or value is ignored, never an error.  The language (``?lang=``) likewise: the
page speaks the address's language until the player chooses another on a page with
that address (``Prefs.langs``); the address's is never remembered as the player's.

The page's start-up script applies the same table before the first paint (the build
hands it over: static/boot/data.js), so no other look shows first."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Final

from ..keeping.prefs import FELTS, THEMES, Prefs, field
from ..words.i18n import normalise_language

ON: Final = ("1", "true", "on", "yes")
"""The values that turn on an option written as ``?calm=1``."""

ADDRESS: Final[dict[str, dict[str, tuple[str, str | bool]]]] = {
    "theme": {theme: ("theme", theme) for theme in THEMES if theme != "auto"},
    "felt": {felt: ("felt", felt) for felt in FELTS},
    "deck": {"four-colour": ("four-colour", True), "four-color": ("four-colour", True)},
    "index": {"large": ("large-index", True)},
    "calm": {value: ("calm", True) for value in ON},
    "motion": {"reduced": ("reduce-motion", True), "reduce": ("reduce-motion", True)},
}
"""Each name the address may hold → each of its values → the page's option it sets
(``data-option``) and to what.  Values are read trimmed and in lower case."""


@dataclass(frozen=True, slots=True)
class Given:
    """The options an address gives, as (page's option, value) pairs in the order of
    :data:`ADDRESS`."""

    options: tuple[tuple[str, str | bool], ...] = ()
    lang: str | None = None  # the language the address asks for

    def over(self, stored: Prefs) -> Prefs:
        """The options a visit plays with: ``stored``, each option the address gives
        set to its value unless the player chose it; and as the player's language, the
        one they chose on a page of this address's language (None: none, the page
        speaks the address's).

        >>> stored = Prefs(lang="pt", langs=(("fr", "es"),))
        >>> given({"lang": "fr"}.get).over(stored).lang, given({}.get).over(stored).lang
        ('es', 'pt')
        >>> given({"lang": "en"}.get).over(stored).lang is None
        True
        """
        prefs = stored
        for name, value in self.options:
            if name not in stored.chosen:
                prefs = prefs.give(name, value)
        if self.lang is not None:
            prefs = replace(prefs, lang=dict(stored.langs).get(self.lang))
        return prefs

    def kept(self, shown: Prefs, stored: Prefs) -> Prefs:
        """What is stored of the options ``shown``: an option the address gave and the
        player has not chosen keeps its ``stored`` value (an address's option is never
        remembered, so the address of the next visit decides it again)."""
        prefs = shown
        for name, _ in self.options:
            if name not in shown.chosen:
                prefs = replace(prefs, **{field(name): getattr(stored, field(name))})
        if self.lang is not None:  # a language chosen here is this address's
            langs = {**dict(stored.langs), self.lang: shown.lang}
            pairs = tuple(sorted((k, v) for k, v in langs.items() if v is not None))
            prefs = replace(prefs, lang=stored.lang, langs=pairs)
        return prefs


def given(read: Callable[[str], str | None]) -> Given:
    """The options an address gives; ``read(name)`` is the address's first value of
    ``name`` (``URLSearchParams.get``), or None.

    ``?felt=blue&calm=1&theme=pink`` (no such theme) in a frame whose player chose a
    grey felt:

    >>> address = given({"felt": "blue", "calm": "1", "theme": "pink"}.get)
    >>> address.options
    (('felt', 'blue'), ('calm', True))
    >>> shown = address.over(Prefs().change("felt", "grey"))
    >>> shown.felt, shown.calm, shown.theme
    ('grey', True, 'auto')
    """
    options: list[tuple[str, str | bool]] = []
    for name, values in ADDRESS.items():
        value = read(name)
        option = values.get(value.strip().lower()) if isinstance(value, str) else None
        if option is not None:
            options.append(option)
    lang = normalise_language(read("lang"))
    return Given(tuple(options), lang)


def table() -> dict[str, dict[str, list[object]]]:
    """:data:`ADDRESS` for the start-up script: name → value → [stored field, value]."""
    return {
        name: {value: [field(option), setting] for value, (option, setting) in values.items()}
        for name, values in ADDRESS.items()
    }
