"""The page's words: each language's table the build compiled (tools/words.py), kept in
Python's working directory — where the start-up wrote the one the page shows
(static/boot/python.js) — and handed to the engine from there (:func:`use_page_words`);
another language's fetched when the player picks it (:func:`fetch_words`)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import js  # type: ignore[import-not-found]

from .. import words
from ..words import Catalogue, from_json

KEPT = Path("words")
"""Where each language's table is kept once downloaded (``<code>.json``)."""


def kept(code: str) -> Catalogue | None:
    """``code``'s table, if the page has downloaded it."""
    path = KEPT / f"{code}.json"
    return from_json(path.read_text(encoding="utf-8")) if path.is_file() else None


def use_page_words() -> None:
    """The engine's words come from the tables the page downloaded."""
    words.use_source(kept)


def _paths() -> dict[str, str]:
    """Each language's table in the site (the boot data's ``python.words``)."""
    data: Any = js.document.getElementById("boot-data")
    found = json.loads(str(data.textContent)).get("python", {}).get("words", {})
    return {str(k): str(v) for k, v in found.items()} if isinstance(found, dict) else {}


async def words_at_hand(code: str) -> bool:
    """Whether ``code``'s words are at hand, fetched first where the page has not got
    them (from the offline copy when the page is offline): the language the player
    just picked, or the session's where it is not the one the start-up script chose
    (options an older version saved, which only Python reads).  Where they cannot be
    had, the console says why."""
    if words.installed(code):
        return True
    path = _paths().get(code)
    if path is None:
        js.console.warn(f"Half Moon: the site has no words for {code!r}")
        return False
    try:
        response = await js.fetch(js.URL.new(path, js.location.href).href)
        if not response.ok:
            raise OSError(f"HTTP {response.status}")
        said = await response.text()
    except Exception as error:  # offline with no copy, a host that refuses
        js.console.warn(f"Half Moon: the words for {code!r} could not be had: {error}")
        return False
    KEPT.mkdir(exist_ok=True)
    (KEPT / f"{code}.json").write_text(str(said), encoding="utf-8")
    return True


def fetch_words(code: str, then: Callable[[Any], None], missing: Callable[[Any], None]) -> None:
    """``then`` called once ``code``'s words are at hand (:func:`words_at_hand`): at
    once if they are, else once they have arrived; ``missing`` where they cannot be
    had."""
    if words.installed(code):
        then(None)
        return

    async def fetched() -> None:
        (then if await words_at_hand(code) else missing)(None)

    _fetching.append(asyncio.ensure_future(fetched()))


_fetching: list[asyncio.Future[None]] = []  # kept until the page goes
