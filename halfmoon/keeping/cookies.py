"""What the game keeps where the browser blocks its storage but not its cookies — a frame
in another site's page, in a browser that blocks a third party's site data (Chromium's
default): the game's keys packed into a few small cookies (docs/embedding.md, "What a
frame keeps").

Cookies travel with every request to the game's site, so all of them together stay
under :data:`BUDGET` bytes, and this room decides what fits: the options and the
statistics first, then the game in progress (one: the deal played last), then as many of
the last games of the history as fit (without their moves), then the name given to a
challenge.  Nothing else is kept: the other deals' games, the record of the table for the
first paint, values kept aside.  A write that cannot be kept raises, as a full storage
does, so that :class:`~halfmoon.keeping.shelf.Shelf` says so.

Each cookie is read back as any stored value is (:mod:`halfmoon.keeping.saved`): its
packing first (:func:`unpack`: this version's mark, base64, a bounded inflate), then its
text field by field, by the readers of the keys it holds.  Another tab of the same page
shares these cookies: a tab never writes its game over another deal's that a second tab
kept since (:attr:`CookieStore.displaced`), and the saves of the same deal are compared
as everywhere (:class:`~halfmoon.keeping.saving.Saver`).

>>> jar = MemoryJar()
>>> store = CookieStore(jar)
>>> store.set("halfmoon.v2.prefs", '{"v": 2, "felt": "blue", "theme": "auto"}')
>>> jar.read()
'hm.p=1jeyJ2IjoyLCJmZWx0IjoiYmx1ZSJ9'
>>> store.get("halfmoon.v2.prefs")
'{"v":2,"felt":"blue"}'
>>> store.set("halfmoon.v2.view", "{}")
Traceback (most recent call last):
  ...
halfmoon.keeping.cookies.Unkept: halfmoon.v2.view is not kept in cookies
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from collections.abc import Mapping
from dataclasses import asdict, replace
from typing import Final, Protocol

from ..records import safejson as sj
from ..records.history import read_history, trim, write_history
from .prefs import Prefs
from .saved import KEYS, code_of_key, game_key, read_play, read_prefs, read_stats

BUDGET: Final = 1_000
"""Bytes of kept data a request to the game's site may carry: the cookies' names and
values, with the ``; `` between them (the ``Cookie`` header's value)."""
NAMES: Final = {"prefs": "hm.p", "stats": "hm.s", "game": "hm.g", "history": "hm.h", "name": "hm.n"}
"""Each cookie by what it holds, in the order they are kept: the first fit first."""
REQUIRED: Final = ("prefs", "stats", "game")
"""What a write refuses to drop: it raises instead, as a full storage does."""
RECENT: Final = 5
"""The newest games of the history kept before the older deals of the day."""
MARK: Final = "1"
"""The first character of every value this version packs; another is another version's."""
MAX_TEXT: Final = 20_000
"""The most characters a cookie's value may unpack to (an inflate is bounded by it)."""
_PLAIN, _DEFLATED = "j", "z"


class Unkept(Exception):
    """A value these cookies do not keep, or have no room for: not written."""


class Jar(Protocol):
    """The page's cookies: ``document.cookie``, as the engine sees it."""

    def read(self) -> str:
        """Every cookie the page sees, as ``a=1; b=2``."""

    def write(self, name: str, value: str | None) -> None:
        """Keep ``value`` under ``name`` (None: remove it)."""


class MemoryJar:
    """Cookies in memory, as a browser keeps them: for the engine's tests and examples."""

    def __init__(self, cookies: Mapping[str, str] | None = None) -> None:
        self.cookies: dict[str, str] = dict(cookies or {})

    def read(self) -> str:
        return "; ".join(f"{name}={value}" for name, value in self.cookies.items())

    def write(self, name: str, value: str | None) -> None:
        if value is None:
            self.cookies.pop(name, None)
        else:
            self.cookies[name] = value


# -------------------------------------------------------------------- packing
def pack(text: str, *, plain: bool = False) -> str:
    """``text`` as a cookie's value: this version's mark, then base64 (URL-safe, no
    padding) of the text as it is, or deflated where that is shorter (``plain``: never
    deflated, for the page's start-up script to read: the options).

    >>> pack('{"v":2}', plain=True)
    '1jeyJ2IjoyfQ'
    >>> packed = pack("x" * 200)
    >>> packed[:2], len(packed), unpack(packed) == "x" * 200
    ('1z', 10, True)
    """
    data = text.encode()
    packed = MARK + _PLAIN + _b64(data)
    if plain:
        return packed
    squeezer = zlib.compressobj(9, zlib.DEFLATED, -15)
    deflated = MARK + _DEFLATED + _b64(squeezer.compress(data) + squeezer.flush())
    return deflated if len(deflated) < len(packed) else packed


def unpack(value: str) -> str:
    """The text :func:`pack` packed; :class:`~halfmoon.records.safejson.Invalid` for a
    value of another version, broken base64 or deflate, or one that unpacks to more than
    :data:`MAX_TEXT` characters.

    >>> unpack("0jeyJ2IjoyfQ")
    Traceback (most recent call last):
      ...
    halfmoon.records.safejson.Invalid: a cookie of another version
    """
    if len(value) < 2 or value[0] != MARK:
        raise sj.Invalid("a cookie of another version")
    if len(value) > 4 * MAX_TEXT:
        raise sj.Invalid("a cookie too long")
    try:
        data = base64.urlsafe_b64decode(value[2:] + "=" * (-len(value[2:]) % 4))
        if value[1] == _DEFLATED:
            inflater = zlib.decompressobj(-15)
            data = inflater.decompress(data, MAX_TEXT + 1)
            if inflater.unconsumed_tail or not inflater.eof:
                raise sj.Invalid("a cookie too long, or cut short")
        elif value[1] != _PLAIN:
            raise sj.Invalid("a cookie of another version")
        text = data.decode()
    except (binascii.Error, zlib.error, UnicodeDecodeError, ValueError) as exc:
        if isinstance(exc, sj.Invalid):
            raise
        raise sj.Invalid("a cookie that is not the game's") from None
    if len(text) > MAX_TEXT:
        raise sj.Invalid("a cookie too long")
    return text


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def cookies_of(header: str) -> dict[str, str]:
    """The game's cookies in ``document.cookie`` (the first of a name: a browser lists
    the most specific first), any other page's cookies ignored."""
    found: dict[str, str] = {}
    ours = set(NAMES.values())
    for part in header.split(";"):
        name, sep, value = part.strip().partition("=")
        if sep and name in ours:
            found.setdefault(name, value)
    return found


def header_bytes(cookies: Mapping[str, str]) -> int:
    """How many bytes ``cookies`` add to each request's ``Cookie`` header."""
    pairs = [f"{name}={value}" for name, value in cookies.items()]
    return len("; ".join(pairs).encode())


# ----------------------------------------------------------- what fits, in order
def _lean_prefs(raw: str) -> str:
    """Stored options without the fields that hold their default (read back as
    defaults), so that they cost a few bytes."""
    try:
        data = sj.obj(sj.parse(raw, max_chars=MAX_TEXT, max_depth=1), "the options")
    except sj.Invalid:
        return raw  # kept as it is: read back, it is refused as anything damaged
    defaults = json.loads(json.dumps(asdict(Prefs()))) | {"langs": "", "chosen": ""}
    lean = {k: v for k, v in data.items() if k == "v" or defaults.get(k, object()) != v}
    return json.dumps(lean, separators=(",", ":"))


def _histories(raw: str) -> list[str]:
    """The stored history shortened step by step for the cookies: its games without
    their moves; the :data:`RECENT` newest, then the deals of the day (newest first),
    then the other games; each step one game fewer, from the end."""
    try:
        entries = [replace(entry, removals=()) for entry in read_history(raw)]
    except sj.Invalid:
        return [raw]  # as it is: read back, it is refused as anything damaged
    newest = trim(entries, len(entries))  # newest first
    recent, older = newest[:RECENT], newest[RECENT:]
    ordered = recent + sorted(older, key=lambda e: e.daily is None)  # (a stable sort)
    return [write_history(ordered[:keep]) for keep in range(len(ordered), 0, -1)]


def fit(kept: Mapping[str, str], budget: int = BUDGET) -> dict[str, str]:
    """The cookies that keep ``kept`` (the game's keys and their values, as the saver
    writes them): in the order of :data:`NAMES`, each that fits in ``budget`` with those
    before it; the history as long as fits.  ``kept`` holds at most one game.

    >>> kept = {"halfmoon.v2.stats": '{"v":2,"played":3,"won":1}', "halfmoon.v2.name": "Ana"}
    >>> sorted(fit(kept)), sorted(fit(kept, budget=50))
    (['hm.n', 'hm.s'], ['hm.s'])
    """
    by_name: dict[str, list[str]] = {}
    for key, value in kept.items():
        if key == KEYS["prefs"]:
            by_name[NAMES["prefs"]] = [pack(_lean_prefs(value), plain=True)]
        elif key == KEYS["stats"]:
            by_name[NAMES["stats"]] = [pack(value)]
        elif key == KEYS["history"]:
            by_name[NAMES["history"]] = [pack(text) for text in _histories(value)]
        elif key == KEYS["name"]:
            by_name[NAMES["name"]] = [pack(value)]
        elif code_of_key(key) is not None:  # the deal's code as it is, then its play
            by_name[NAMES["game"]] = [f"{code_of_key(key)}.{pack(value)}"]
    cookies: dict[str, str] = {}
    for name in NAMES.values():
        for value in by_name.get(name, []):
            if header_bytes(cookies | {name: value}) <= budget:
                cookies[name] = value
                break
    return cookies


# ----------------------------------------------------------------- the store
class CookieStore:
    """The game's keys (:class:`~halfmoon.keeping.keyvalue.KeyValue`) in the page's
    cookies, within :data:`BUDGET`.  Read anew at every access, since another tab may
    have written since.  ``displaced``: another tab of this page now keeps its game of
    another deal here, so this tab's game is no longer written over it."""

    def __init__(self, jar: Jar, budget: int = BUDGET) -> None:
        self.jar = jar
        self.budget = budget
        self.displaced = False
        self._game = self._cookies().get(NAMES["game"])  # the game cookie as this tab saw it
        self.damaged_game = self._game is not None and not any(map(code_of_key, self._kept()))

    def _cookies(self) -> dict[str, str]:
        return cookies_of(self.jar.read())

    def _kept(self) -> dict[str, str]:
        """The keys the cookies hold now, each value unpacked (one that cannot be is
        handed on as it is, for its reader to refuse and the player to be told)."""
        kept: dict[str, str] = {}
        for name, value in self._cookies().items():
            kind = next(kind for kind, known in NAMES.items() if known == name)
            if kind == "game":  # its deal's code, then its play (no deal: never read)
                code, _, value = value.partition(".")
                if code_of_key(game_key(code)) is None:
                    continue
            try:
                text = unpack(value)
            except sj.Invalid:
                text = value
            kept[game_key(code) if kind == "game" else KEYS[kind]] = text
        return kept

    def get(self, key: str) -> str | None:
        kept = self._kept()
        if key == KEYS["last"]:
            return next((code_of_key(k) for k in kept if code_of_key(k)), None)
        return kept.get(key)

    def keys(self) -> list[str]:
        kept = list(self._kept())
        return kept + [KEYS["last"]] if any(code_of_key(k) for k in kept) else kept

    def set(self, key: str, value: str) -> None:
        kept = self._kept()
        if key == KEYS["last"]:
            if code_of_key(game_key(value)) is None or game_key(value) not in kept:
                raise Unkept(f"{key}: its game is not kept in cookies")
            return  # the deal of the one game kept
        if code_of_key(key) is None and key not in (KEYS[n] for n in NAMES if n != "game"):
            raise Unkept(f"{key} is not kept in cookies")
        if code_of_key(key) is not None:
            self._take_game(key, kept)
            kept = {k: v for k, v in kept.items() if code_of_key(k) is None}
        kept[key] = value
        cookies = self._write(kept, key)
        if code_of_key(key) is not None:  # this tab's game, as it wrote it
            self._game = cookies.get(NAMES["game"])

    def _take_game(self, key: str, kept: Mapping[str, str]) -> None:
        """Refuse to write this tab's game over another deal's that another tab kept
        since this one last saw the cookie."""
        now = self._cookies().get(NAMES["game"])
        others = [k for k in kept if code_of_key(k) is not None and k != key]
        if self.displaced or (others and now != self._game):
            self.displaced = True
            raise Unkept(f"{key}: another tab keeps its game here")

    def remove(self, key: str) -> None:
        kept = self._kept()
        if key == KEYS["last"] or key not in kept:
            return
        del kept[key]
        self._write(kept, None)

    def _write(self, kept: Mapping[str, str], key: str | None) -> dict[str, str]:
        """Write the cookies that keep ``kept`` (what changed, and remove the rest), and
        give them; raise, writing nothing, if the options, the statistics or the game
        do not all fit — the history and the name are kept as far as they fit (the
        record's figures are the statistics')."""
        cookies = fit(kept, self.budget)
        dropped = [
            k
            for k, v in kept.items()
            if _kind(k) in REQUIRED
            and NAMES[_kind(k)] not in cookies
            and (k == key or _sound(k, v))
        ]
        if dropped:  # nothing of these goes to make room for another (but what is damaged)
            raise Unkept(f"{key}: no room in cookies for {', '.join(dropped)}")
        before = self._cookies()
        changed = [n for n in NAMES.values() if before.get(n) != cookies.get(n)]
        # what shrinks or goes first, so that the cookies are never over the budget
        for name in sorted(changed, key=lambda n: len(cookies.get(n, "")) - len(before.get(n, ""))):
            self.jar.write(name, cookies.get(name))
        return cookies


def _sound(key: str, text: str) -> bool:
    """Whether ``text`` reads as the value of ``key`` (a damaged one may make room)."""
    reader = {"prefs": read_prefs, "stats": read_stats}.get(_kind(key))
    try:
        if reader is not None:
            reader(text)
        else:
            read_play(text, code_of_key(key))
    except sj.Invalid:
        return False
    return True


def _kind(key: str) -> str:
    if code_of_key(key) is not None:
        return "game"
    return next(kind for kind in NAMES if KEYS.get(kind) == key)
