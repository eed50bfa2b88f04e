"""What the game keeps in the browser: every storage key, and the format of each value.

The page's persistence room (``halfmoon/web/persistence.py``) only moves strings in and
out of the browser's storage; reading them back, and refusing what is damaged, is done
here, where CPython tests reach it.  Every stored value is untrusted: it is read with
:mod:`.safejson` (bounded size and depth) and every field is checked, type and range,
before anything is built from it.  The keys are also handed by the build to the page's
start-up script and to the rules pages, which read the stored options before Python
runs (docs/design.md, "What is saved").

Version 2 keeps one record per deal, so that no game in progress is ever replaced by
another; version 1 kept a single game, and :func:`migrate` carries it over.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import asdict, dataclass, replace
from datetime import date
from typing import Final

from ..challenges.challenge import Challenge, read_challenge
from ..records import safejson as sj
from ..records.daily import daily_code
from ..records.ending import End, former_end, read_end, write_end
from ..records.stats import Stats
from ..rules.clock import MAX_ELAPSED_MS
from ..rules.deal import CodeError, canonical_code
from ..rules.game import Game
from ..words.i18n import normalise_language
from .prefs import FELTS, FRAMED, SWITCHES, THEMES, Prefs

VERSION: Final = 2
KEYS: Final[dict[str, str]] = {
    "prefs": "halfmoon.v2.prefs",
    "stats": "halfmoon.v2.stats",
    "last": "halfmoon.v2.last",
    "game": "halfmoon.v2.game.",
    "aside": "halfmoon.v2.aside.",
    "history": "halfmoon.v2.history",
    "view": "halfmoon.v2.view",
    "snapshot": "halfmoon.v2.snapshot",
    "name": "halfmoon.v2.name",
}
"""Every key the game writes, by its job.  ``game`` and ``aside`` are prefixes: one
game per deal (``halfmoon.v2.game.HM1-N-AAAAAAB``), and, under ``aside`` plus the key
it came from, a value that could not be read, kept rather than overwritten.  ``last``
names the deal saved last: the one a visit without a link resumes; ``history`` the games
that ended or were left (:mod:`halfmoon.records.history`); ``view`` what the table showed when
it was saved last, for the next visit's first paint (:mod:`halfmoon.page.painted`);
``snapshot`` whether this build's memory snapshot was made or could not be (the page's
start-up script alone writes it: ``static/boot/python.js``); ``name`` the name the player
gave last to a challenge (:mod:`halfmoon.challenges.challenge`), offered again."""

LEGACY: Final[dict[str, str]] = {
    "game": "halfmoon.rules.game.v1",
    "prefs": "halfmoon.keeping.prefs.v1",
    "stats": "halfmoon.records.stats.v1",
    "unreadable": "halfmoon.rules.game.unreadable",
}
"""Version 1's keys: read once by :func:`migrate`, then removed (but ``unreadable``,
a save version 1 could not load, which stays where it was kept)."""

MAX_CHARS: Final = {"prefs": 1_000, "stats": 1_000, "game": 16_000, "last": 64}
MAX_DEPTH: Final = {"prefs": 1, "stats": 1, "game": 4, "last": 0}
KEEP_GAMES: Final = 30
"""How many deals' games are kept; beyond that the ones saved longest ago go."""
_MAX_COUNT: Final = 10**9


def game_key(code: str) -> str:
    return KEYS["game"] + code


def code_of_key(key: str) -> str | None:
    """The deal a game key belongs to (its canonical code), or None for any other key."""
    if not key.startswith(KEYS["game"]):
        return None
    code = key.removeprefix(KEYS["game"])
    try:
        return code if canonical_code(code) == code else None
    except CodeError:
        return None


def _load(raw: str, kind: str) -> object:
    return sj.parse(raw, max_chars=MAX_CHARS[kind], max_depth=MAX_DEPTH[kind])


# ------------------------------------------------------------------- options
def write_prefs(prefs: Prefs) -> str:
    """The options as stored; the options the player chose as one text, ``"felt,calm"``,
    and the languages chosen over an address's as ``"fr:es,en:pt"`` (the stored options
    hold no list)."""
    langs = ",".join(f"{asked}:{chosen}" for asked, chosen in prefs.langs)
    data = {"v": VERSION, **asdict(prefs), "chosen": ",".join(prefs.chosen), "langs": langs}
    return json.dumps(data)


def read_prefs(raw: str) -> Prefs:
    """Stored options.  Unknown fields are ignored and a field that is not valid keeps
    its default, so a choice made by a newer or older version survives where it can."""
    data = sj.obj(_load(raw, "prefs"), "the options")
    defaults = Prefs()
    switches = {
        name: data[name]
        for name in (*SWITCHES.values(), *FRAMED.values())
        if isinstance(data.get(name), bool)
    }
    chosen = data.get("chosen")
    names = chosen.split(",") if isinstance(chosen, str) else []
    return Prefs(
        **switches,
        theme=next((t for t in THEMES if t == data.get("theme")), defaults.theme),
        felt=next((f for f in FELTS if f == data.get("felt")), defaults.felt),
        lang=normalise_language(data.get("lang")),
        chosen=tuple(dict.fromkeys(n for n in names if n in (*SWITCHES, "theme", "felt"))),
        langs=_langs(data.get("langs")),
    )


def _langs(value: object) -> tuple[tuple[str, str], ...]:
    """The stored ``"fr:es,en:pt"``: each pair of languages the game has, once per
    address's language; anything else dropped."""
    pairs: dict[str, str] = {}
    for pair in value.split(",") if isinstance(value, str) else []:
        asked, _, chosen = pair.partition(":")
        asked_code, chosen_code = normalise_language(asked), normalise_language(chosen)
        if asked_code is not None and chosen_code is not None:
            pairs.setdefault(asked_code, chosen_code)
    return tuple(sorted(pairs.items()))


# ---------------------------------------------------------------- statistics
def write_stats(stats: Stats) -> str:
    return json.dumps({"v": VERSION, **asdict(stats)})


def read_stats(raw: str) -> Stats:
    """Stored statistics; :class:`~halfmoon.records.safejson.Invalid` unless every figure is in
    range and they agree with each other."""
    data = sj.obj(_load(raw, "stats"), "the statistics")
    stats = Stats(
        played=sj.integer(data.get("played"), "games played", 0, _MAX_COUNT),
        won=sj.integer(data.get("won"), "games won", 0, _MAX_COUNT),
        best_time_ms=sj.optional(
            lambda v, w: sj.number(v, w, 0, MAX_ELAPSED_MS), data.get("best_time_ms"), "best time"
        ),
        streak=sj.integer(data.get("streak"), "the streak", 0, _MAX_COUNT),
        best_streak=sj.integer(data.get("best_streak"), "the best streak", 0, _MAX_COUNT),
    )
    if not stats.streak <= stats.best_streak <= stats.won <= stats.played:
        raise sj.Invalid("the statistics contradict each other")
    return stats


# --------------------------------------------------------------------- games
@dataclass(frozen=True)
class Play:
    """One play of a deal: the game, and what is kept with it.  A value: the session
    takes a changed one in place of it (its bookkeeping decides the end and what is
    counted: :class:`~halfmoon.keeping.books.Books`; its saver the save's stamp:
    :meth:`~halfmoon.keeping.saving.Saver.stamped`), though the game it holds goes on
    by the player's taps.

    ``id`` tells one play of a deal from another (a restart is a new play); ``rev``
    counts its saves, so that a tab never writes an older state over a newer one;
    ``begun`` and ``saved`` are wall-clock times (milliseconds since 1970); ``played``
    and ``won`` say whether the statistics have counted it yet; ``daily`` is the date
    whose deal of the day it plays, when it was begun for that date (from the calendar,
    Play again or Restart) — otherwise the date it was begun on decides; ``end`` is how
    it ended, fixed when it ended (:mod:`halfmoon.records.ending`): a play built without one
    whose game is over, or counted as won, gets the game's own; ``challenge`` is the
    result to beat a challenge link brought with the deal (:mod:`halfmoon.challenges.challenge`),
    ``seen`` whether the player has seen the challenger's moves (gave up to see them, or
    watched them once the game ended): the attempt is over then, and ``attempt`` is the
    end it is compared with — the play's end when they were seen (None: given up before
    any end); nothing played after is compared (docs/design.md, "Challenges")."""

    game: Game
    id: str
    begun: float
    saved: float = 0.0
    rev: int = 0
    played: bool = False
    won: bool = False
    daily: date | None = None
    end: End | None = None
    challenge: Challenge | None = None
    seen: bool = False
    attempt: End | None = None

    def __post_init__(self) -> None:
        if self.end is None:  # (a value being made: its own field, set once)
            object.__setattr__(self, "end", former_end(self.game, self.won, self.saved))

    @property
    def code(self) -> str:
        assert self.game.code is not None  # the page only plays deals with a code
        return self.game.code

    @property
    def open(self) -> bool:
        """Whether the play goes on: it never ended (an ended play undone is looked back
        on, not resumed as a game in progress)."""
        return self.end is None and self.game.status == "playing"


def next_save(play: Play, wall: float) -> Play:
    """``play`` as its next save writes it: one save more, stamped with the wall clock,
    but never earlier than its last save (a clock set back never makes a later save look
    older to another tab)."""
    return replace(play, rev=play.rev + 1, saved=max(wall, play.saved))


def write_play(play: Play, now_ms: float, *, clock_at: float | None = None) -> str:
    """``play`` as stored, saved at wall-clock ``now_ms``; ``clock_at``: the moment on
    the page's monotonic clock at which a running game clock is read (the time played
    then is what another tab and your games show of it)."""
    data: dict[str, object] = {
        "v": VERSION,
        "id": play.id,
        "rev": play.rev,
        "begun": round(play.begun),
        "saved": round(now_ms),
        "counted": {"played": play.played, "won": play.won},
        "game": play.game.to_dict(clock_at),
    }
    if play.daily is not None:  # only then: older versions read the rest as ever
        data["daily"] = play.daily.isoformat()
    if play.end is not None:  # likewise
        data["end"] = write_end(play.end)
    if play.challenge is not None:  # likewise: its link's text, read back as a link is
        kept: dict[str, object] = {"link": play.challenge.link_text(), "seen": play.seen}
        if play.seen and play.attempt is not None:
            kept["attempt"] = write_end(play.attempt)
        data["challenge"] = kept
    return json.dumps(data, separators=(",", ":"))


def read_play(raw: str, code: str | None = None) -> Play:
    """A stored play, checked whole: ranges, the game's removals replayed on its deal,
    and (when ``code`` is given) that it is that deal's.  Raises
    :class:`~halfmoon.records.safejson.Invalid`.

    >>> game = Game.new("HM1-N-AAAAAAA")
    >>> [game.tap(slot).outcome for slot in ("P4", "P5", "P1")]
    ['select', 'pair', 'select']
    >>> stored = write_play(Play(game, "a1", begun=1_796_083_200_000), 1_796_083_260_000)
    >>> play = read_play(stored, "HM1-N-AAAAAAA")
    >>> play.id, play.saved, play.game.moves, play.game.selection, play.open
    ('a1', 1796083260000.0, 1, ('P1',), True)
    >>> read_play(stored, "HM1-N-AAAAAAB")
    Traceback (most recent call last):
      ...
    halfmoon.records.safejson.Invalid: the saved game is not of its deal
    """
    data = sj.obj(_load(raw, "game"), "the saved game")
    if data.get("v") != VERSION or isinstance(data.get("v"), bool):
        raise sj.Invalid("a saved game of another version")
    counted = sj.obj(data.get("counted"), "counted")
    try:
        game = Game.from_dict(data.get("game"))
    except ValueError as exc:
        raise sj.Invalid(f"the game: {exc}") from None
    if game.code is None or (code is not None and game.code != code):
        raise sj.Invalid("the saved game is not of its deal")
    play = Play(
        game,
        id=sj.text(data.get("id"), "id", 40),
        begun=sj.moment(data.get("begun"), "begun"),
        saved=sj.moment(data.get("saved"), "saved"),
        rev=sj.integer(data.get("rev"), "rev"),
        played=sj.flag(counted.get("played"), "counted.played"),
        won=sj.flag(counted.get("won"), "counted.won"),
        daily=sj.day(data.get("daily"), "daily") if "daily" in data else None,
        end=read_end(data["end"]) if "end" in data else None,
    )
    challenge, seen, attempt = _challenge(data.get("challenge"), play.code)
    play = replace(play, challenge=challenge, seen=seen, attempt=attempt)
    if play.won and not play.played:
        raise sj.Invalid("a game counted as won but not as played")
    if play.daily is not None and daily_code(play.daily) != play.code:
        raise sj.Invalid("the saved game is not the deal of its day")
    if play.won and (play.end is None or not play.end.won):
        raise sj.Invalid("the saved game's win contradicts its end")
    return play


def _challenge(value: object, code: str) -> tuple[Challenge | None, bool, End | None]:
    """A play's stored challenge, checked as a link's is (its moves replayed), whether
    its moves were seen, and the end compared with then; a damaged one is dropped, the
    play kept (a damaged end compared with: the attempt counts as given up)."""
    if not isinstance(value, dict) or not isinstance(value.get("link"), str):
        return None, False, None
    challenge = read_challenge(value["link"])
    if not isinstance(challenge, Challenge) or challenge.code != code:
        return None, False, None
    seen = value.get("seen") is True
    attempt = None
    if seen and "attempt" in value:
        try:
            attempt = read_end(value["attempt"])
        except sj.Invalid:
            attempt = None
    return challenge, seen, attempt


@dataclass(frozen=True, slots=True)
class Head:
    """Which play of a deal is stored and how far its saves went: enough to tell a newer
    save from an older one without replaying the game."""

    id: str
    rev: int
    saved: float


def peek(raw: str) -> Head | None:
    """The :class:`Head` of a stored play, or None if it cannot be read."""
    try:
        data = sj.obj(_load(raw, "game"), "the saved game")
        return Head(
            sj.text(data.get("id"), "id", 40),
            sj.integer(data.get("rev"), "rev"),
            sj.moment(data.get("saved"), "saved"),
        )
    except sj.Invalid:
        return None


def is_newer(stored: Head, play: Play) -> bool:
    """Whether the stored play was saved by someone else after ``play`` was last saved
    or read here: a later state of the same play, or another play of the deal begun or
    saved since."""
    if stored.id == play.id:
        return stored.rev > play.rev
    return stored.saved > play.saved


def read_last(raw: str) -> str:
    """The deal code ``last`` names; Invalid if it is not a code."""
    value = _load(raw, "last") if raw.startswith('"') else raw
    try:
        return canonical_code(sj.text(value, "last", 64))
    except CodeError as exc:
        raise sj.Invalid(str(exc)) from None


def oldest(saved: Mapping[str, float], keep: int = KEEP_GAMES) -> list[str]:
    """The game keys to remove so that ``keep`` remain: those saved longest ago (by
    their wall-clock time of saving)."""
    ordered = sorted(saved, key=lambda key: (saved[key], key), reverse=True)
    return ordered[keep:]


# ----------------------------------------------------------------- version 1
@dataclass(frozen=True)
class Migrated:
    """Version 1's data as version 2 keeps it (None where there was nothing to keep)."""

    prefs: Prefs | None
    stats: Stats | None
    play: Play | None
    unreadable: tuple[str, ...]  # the version 1 keys whose value could not be read


def migrate(old: Mapping[str, str | None], new_id: str, now_ms: float) -> Migrated:
    """Version 1's options, statistics and single saved game, as version 2 keeps them.
    Version 1 marked whether the game in progress had been counted in its statistics;
    that mark moves onto the game's record, so the game is never counted twice."""
    bad: list[str] = []

    def value(name: str) -> object:
        raw = old.get(LEGACY[name])
        if raw is None:
            return None
        try:
            return _load(raw, name)
        except sj.Invalid:
            bad.append(LEGACY[name])
            return None

    prefs_data = value("prefs")
    prefs = read_prefs(json.dumps(prefs_data)) if isinstance(prefs_data, dict) else None
    stats_data = value("stats")
    stats: Stats | None = None
    counted = {"played": False, "won": False}
    if isinstance(stats_data, dict):
        try:
            stats = read_stats(json.dumps(stats_data))
        except sj.Invalid:
            bad.append(LEGACY["stats"])
        else:
            for name in counted:
                counted[name] = stats_data.get(f"current_{name}") is True
    play: Play | None = None
    game_data = value("game")
    if game_data is not None:
        try:
            game = Game.from_dict(game_data)
        except ValueError:
            game = None
        if game is None or game.code is None:
            bad.append(LEGACY["game"])
        else:
            won = counted["won"] and counted["played"]
            play = Play(game, new_id, begun=now_ms, saved=now_ms, played=counted["played"], won=won)
    return Migrated(prefs, stats, play, tuple(bad))
