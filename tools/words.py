"""Each language's words for the page: what the build makes of ``locale/<code>.po`` and
CLDR (:func:`halfmoon.host.locale.compile_language`), one file per language
(``static/words/<code>.json``), which the page downloads only for the language it shows
(static/boot/python.js; another one when the player picks it, halfmoon/web/words.py;
the service worker keeps them all for offline play)."""

from __future__ import annotations

from pathlib import Path
from typing import Final

from halfmoon.host.locale import compile_language
from halfmoon.words.i18n import LANGUAGES

FOLDER: Final = "static/words"
"""Where the site keeps the languages' tables (the boot data's ``python.words``)."""


def words_path(code: str) -> str:
    """The site's path of ``code``'s table."""
    return f"{FOLDER}/{code}.json"


def write_words(out: Path) -> dict[str, str]:
    """Every language's table written into the site ``out``; each language's path."""
    (out / FOLDER).mkdir(parents=True, exist_ok=True)
    paths = {}
    for code in LANGUAGES:
        (out / words_path(code)).write_text(compile_language(code).to_json(), encoding="utf-8")
        paths[code] = words_path(code)
    return paths
