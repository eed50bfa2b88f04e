"""Every word the game shows, handed to the engine one language at a time.

The words live in gettext catalogues, ``locale/<lang>.po`` (one per language; the keys
are the msgids), which translators' tools open.  The engine reads none of them (it does
no I/O): it is handed each language's :class:`~.catalogue.Catalogue` — on the host by
:mod:`halfmoon.host.locale` (the command line, the tests, the site's build), in the
browser by ``halfmoon/web/words.py`` from the table the build compiled for that
language (``words/<lang>.json``: only the language the page shows is downloaded).
A catalogue is installed once asked for, through the one :func:`use_source` the host or
the page gave (docs/design.md, "Words"); :mod:`.i18n` looks words up in it, and names
cards and places.

May import :mod:`halfmoon.rules` (cards and places have names) and nothing else of the
engine.
"""

from __future__ import annotations

from collections.abc import Callable

from .catalogue import Catalogue, from_json

__all__ = ["Catalogue", "catalogue", "from_json", "install", "installed", "use_source"]

Source = Callable[[str], Catalogue | None]
"""Where a language's catalogue comes from: the catalogue of a language code, or
``None`` when it cannot be had now (the page has not downloaded it)."""

_catalogues: dict[str, Catalogue] = {}
_source: list[Source] = []


def use_source(source: Source) -> None:
    """The one place catalogues come from from now on (the host's ``locale/`` or the
    page's downloaded tables); those installed already stay."""
    _source[:] = [source]


def install(found: Catalogue) -> None:
    """``found`` is the catalogue of its language from now on."""
    _catalogues[found.lang] = found


def installed(lang: str) -> bool:
    """Whether ``lang``'s catalogue is at hand (installed, or its source can give it now).

    >>> from halfmoon.host.locale import use_locale
    >>> use_locale()  # on the host, the words come from locale/*.po
    >>> installed("fr"), installed("xx")
    (True, False)
    """
    try:
        catalogue(lang)
    except LookupError:
        return False
    return True


def catalogue(lang: str) -> Catalogue:
    """``lang``'s catalogue: installed already, or taken from the source now;
    ``LookupError`` when neither has it."""
    found = _catalogues.get(lang)
    if found is None and _source:
        found = _source[0](lang)
        if found is not None:
            install(found)
    if found is None:
        raise LookupError(f"no words for the language {lang!r} are at hand")
    return found
