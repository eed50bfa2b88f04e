"""Opening the session: what the browser kept, and the address, made into the session
this visit starts with."""

from __future__ import annotations

from typing import Any

import js  # type: ignore[import-not-found]

from ..keeping.books import Books
from ..keeping.saved import KEYS, code_of_key
from ..keeping.saving import recovered
from ..page.address import Given, given
from ..session.session import Session
from ..words.i18n import Phrase, choose_language
from . import start_script
from .clock import player_day
from .persistence import Persistence
from .storage import Storage


def open_session(saves: Persistence, win: Any, fragment: str) -> tuple[Session, tuple[Phrase, ...]]:
    """The session this visit opens with: version 1's save carried over once, the
    options (those the address gives over the stored ones: :mod:`halfmoon.page.address`),
    the page's language (the player's, else the address's ``?lang=``, else the browser's),
    and the deal the address names or the one saved last — or, for a new player, the
    deal the start-up script painted."""
    saves.migrate()
    saves.stats()  # checked now, so that damaged statistics are said at once
    given = address_options(win)
    prefs = given.over(saves.prefs())
    # the player's choice for this page, else the address's language, else the browser's
    lang = choose_language(prefs.lang, given.lang, list(win.navigator.languages or []))
    return Session.start(
        last=saves.last(),
        library=saves,
        prefs=prefs,
        fragment=fragment,
        lang=lang,
        books=Books(day_of=player_day),
        drawn=start_script.drawn(),  # a new player's deal, as painted (static/boot/paint.js)
    )


def recover(storage: Storage, copied: tuple[str, str] | None) -> None:
    """The durable copy of the play on the table written back where the quick store lost
    it, a browser killed before it wrote (:func:`halfmoon.keeping.saving.recovered`), and
    that deal named the last played."""
    if copied is None or storage.blocked:
        return
    key, value = copied
    code = code_of_key(key)
    if code is not None and recovered(key, value, storage.get(key)):
        storage.set(key, value)
        storage.set(KEYS["last"], code)


def address_options(win: Any) -> Given:
    """The options the page's address gives (``?theme=dark&calm=1`` …)."""
    params = js.URLSearchParams.new(win.location.search)
    return given(lambda name: params.get(name))
