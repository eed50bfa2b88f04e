"""A challenge by link: a deal, the result to beat, who set it, and the moves that made
it — checked by replaying those moves on the deal, never trusted.

A player who ended (or left) a game shares a link that deals the same cards and carries
their result (docs/design.md, "Challenges").  A friend who opens it plays the deal with
that result to beat on the table; the moves stay hidden until the friend's game has
ended or been given up, and then the two results are set side by side and the
challenger's game can be watched.  The link's text is :mod:`halfmoon.challenges.challenge_link`'s;
this module makes a challenge of a game of the history, reads one back (its moves
replayed by the engine: a result they do not give is refused), compares two results and
says all of it in words.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from ..records.history import Entry
from ..rules.cards import DOUBLE_DECK
from ..rules.clock import format_time
from ..rules.deal import CodeError
from ..rules.game import Game
from ..rules.links import code_from_hash
from ..words.i18n import Counted, Phrase, phrase, text
from . import challenge_link as fmt

ALL_CARDS: Final = len(DOUBLE_DECK)
Verdict = Literal["won", "lost", "tie"]
ChallengeError = fmt.ChallengeError


@dataclass(frozen=True, slots=True)
class Result:
    """A result as a challenge compares it: cards cleared, whole seconds of play, moves."""

    cleared: int
    seconds: int
    moves: int

    @property
    def won(self) -> bool:
        return self.cleared == ALL_CARDS

    def values(self, *, calm: bool = False) -> dict[str, object]:
        """Its figures as the catalogue's phrases take them (``cleared``, ``time``,
        ``moves``); on a calm table, no ``time``."""
        said: dict[str, object] = {"cleared": Counted(self.cleared, "cards")}
        if not calm:
            said["time"] = format_time(self.seconds * 1000)
        said["moves"] = Counted(self.moves, "moves")
        return said

    def words(self, lang: str, *, calm: bool = False) -> str:
        """``104 cartas, 4:12, 48 jogadas`` (on a calm table, no time)."""
        key = "challenge.result.calm" if calm else "challenge.result"
        return text(lang, key, **self.values(calm=calm))


@dataclass(frozen=True, slots=True)
class Challenge:
    """A deal (canonical code), the result to beat, the challenger's name (plain text,
    bounded; empty when none was given) and the moves that made the result, each the
    places of a pair or a trio in tap order."""

    code: str
    result: Result
    name: str
    removals: tuple[tuple[str, ...], ...]

    def link_text(self) -> str:
        """The text of its link, after ``#``."""
        taps = tuple(slot for removal in self.removals for slot in removal)
        claim = fmt.Claim(
            self.code,
            self.result.cleared,
            self.result.moves,
            self.result.seconds,
            taps,
            self.name,
        )
        return fmt.write(claim)


def of_entry(entry: Entry, name: str) -> Challenge:
    """The challenge of a game of the history (or the game on the table, as it would be
    kept), set by ``name``: its moves replayed, so that its cards cleared and moves are
    what a friend's game will find them.  Raises :class:`ChallengeError` for stored
    moves that are not legal on the deal."""
    taps = tuple(slot for removal in entry.removals for slot in removal)
    seconds = min(int(entry.time_ms // 1000), fmt.MAX_SECONDS)
    claim = fmt.Claim(entry.code, 0, 0, seconds, taps, fmt.clean_name(name))
    game = _played(claim)
    return Challenge(entry.code, _result(game, seconds), claim.name, _removals(game))


def read_challenge(fragment: str) -> Challenge | ChallengeError | None:
    """The challenge a link carries (``#…``, percent-encoded or not): None when it
    carries none, or its deal code is no code (the link is then no deal link either);
    the :class:`ChallengeError` that says why it cannot be read; or the challenge, its
    moves replayed on the deal and giving exactly the result it claims.

    Ana cleared 2 cards in 1:35 and one move (9♠ with 2♥); her link is read back as
    she made it, and one that claims more than its moves give is refused:

    >>> ana = Challenge("HM1-N-AAAAAAA", Result(2, 95, 1), "Ana", (("P4", "P5"),))
    >>> ana.link_text()
    'HM1-N-AAAAAAA~c1.2.1.2n.DE.QW5h.2wr-'
    >>> read_challenge("#HM1-N-AAAAAAA~c1.2.1.2n.DE.QW5h.2wr-") == ana
    True
    >>> boast = Challenge("HM1-N-AAAAAAA", Result(4, 95, 2), "Ana", (("P4", "P5"),))
    >>> read_challenge("#" + boast.link_text())
    ChallengeError('the result is not what the moves give')
    >>> read_challenge("#HM1-N-AAAAAAA~c1.2.1.2n.DE.QW5h.2wrA")
    ChallengeError("the challenge's check does not match: it was changed")
    >>> read_challenge("#HM1-N-AAAAAAA") is None
    True
    """
    wanted = code_from_hash(fragment).strip()
    if not fmt.has_challenge(wanted):
        return None
    try:
        claim = fmt.read(wanted)
    except CodeError:
        return None
    except ChallengeError as exc:
        return exc
    try:
        return replayed(claim)
    except ChallengeError as exc:
        return exc


def replayed(claim: fmt.Claim) -> Challenge:
    """The challenge a claim makes, once its taps are played on its deal by the engine:
    each tap must select a card or complete a pair or a trio, none may be left selected,
    and the cards cleared and the moves must be what they claim.  Raises
    :class:`ChallengeError`."""
    game = _played(claim)
    result = _result(game, claim.seconds)
    if (result.cleared, result.moves) != (claim.cleared, claim.moves):
        raise ChallengeError("the result is not what the moves give")
    return Challenge(claim.code, result, claim.name, _removals(game))


def _played(claim: fmt.Claim) -> Game:
    """The claim's deal with its taps played by the engine; :class:`ChallengeError` at
    the first tap that neither selects a card nor completes a pair or a trio, or when
    a move is left half made."""
    game = Game.new(claim.code)
    for number, slot in enumerate(claim.taps, start=1):
        outcome = game.tap(slot).outcome
        if outcome not in ("select", "pair", "trio"):
            raise ChallengeError(f"tap {number} ({slot}) is no move here: {outcome}")
    if game.selection:
        raise ChallengeError("the moves end half made")
    if not game.moves:  # 0 cards cleared: no result, beaten by any move
        raise ChallengeError("no move was made: there is nothing to beat")
    return game


def _result(game: Game, seconds: int) -> Result:
    return Result(ALL_CARDS - game.cards_left, seconds, game.moves)


def _removals(game: Game) -> tuple[tuple[str, ...], ...]:
    return tuple(removal.slots for removal in game.history)


def verdict(mine: Result, theirs: Result, *, calm: bool = False) -> Verdict:
    """How the friend's result stands against the challenger's: more cards cleared
    wins; as many, the shorter time; as long, a tie.  On a calm table, where no time is
    shown, as many cards cleared is a tie.

    >>> verdict(Result(104, 300, 48), Result(104, 250, 48))
    'lost'
    >>> verdict(Result(104, 300, 48), Result(104, 250, 48), calm=True)
    'tie'
    """
    if calm:
        ours, yours = (mine.cleared, 0), (theirs.cleared, 0)
    else:
        ours, yours = (mine.cleared, -mine.seconds), (theirs.cleared, -theirs.seconds)
    if ours == yours:
        return "tie"
    return "won" if ours > yours else "lost"


def who(challenge: Challenge, *, start: bool = True) -> str | Phrase:
    """The challenger: their name, or "Um amigo" / "a friend" when none was given
    (``start``: at the start of a sentence)."""
    if challenge.name:
        return challenge.name
    return phrase("challenge.someone" if start else "challenge.someone.mid")


def line_phrase(challenge: Challenge, *, calm: bool = False) -> Phrase:
    """The table's line while the friend plays: ``Ana tirou 104 cartas da mesa em 4:12
    e 48 jogadas — consegue fazer melhor?`` (on a calm table, without the time)."""
    key = "challenge.line.calm" if calm else "challenge.line"
    return phrase(key, who=who(challenge), **challenge.result.values(calm=calm))


def line_words(challenge: Challenge, lang: str, *, calm: bool = False) -> str:
    """:func:`line_phrase` in ``lang``.

    >>> from halfmoon.host.locale import use_locale
    >>> use_locale()  # on the host, the words come from locale/*.po
    >>> ana = Challenge("HM1-N-AAAAAAA", Result(2, 95, 1), "Ana", (("P4", "P5"),))
    >>> line_words(ana, "en")
    'Ana cleared 2 cards in 1:35 and 1 move — beat that!'
    >>> line_words(ana, "pt", calm=True)
    'Ana tirou 2 cartas da mesa em 1 jogada — consegue fazer melhor?'
    """
    return line_phrase(challenge, calm=calm).text(lang)


def done_phrase(challenge: Challenge, mine: Result, *, seen: bool, calm: bool = False) -> Phrase:
    """The table's line once the friend's game has ended (the verdict), or they gave up
    to see the challenger's game (``seen``); on a calm table, no time is said."""
    if seen:
        key = "challenge.result.calm" if calm else "challenge.result"
        result = phrase(key, **challenge.result.values(calm=calm))
        return phrase("challenge.seen", who=who(challenge, start=False), theirs=result)
    return verdict_phrase(challenge, mine, calm=calm)


def verdict_phrase(challenge: Challenge, mine: Result, *, calm: bool = False) -> Phrase:
    """``Bateu o resultado de Ana!`` / ``Ana is still ahead.`` / ``A tie with Ana.``"""
    outcome = verdict(mine, challenge.result, calm=calm)
    start = outcome == "lost"
    return phrase(f"challenge.verdict.{outcome}", who=who(challenge, start=start))


def verdict_words(challenge: Challenge, mine: Result, lang: str, *, calm: bool = False) -> str:
    """:func:`verdict_phrase` in ``lang``."""
    return verdict_phrase(challenge, mine, calm=calm).text(lang)


def share_words(challenge: Challenge, link: str, lang: str, *, calm: bool = False) -> str:
    """What Challenge a friend shares: the result to beat and the link (from a calm
    table, without the time; the link still carries it, for a friend who plays with a
    clock)."""
    key = "challenge.share.calm" if calm else "challenge.share"
    return text(lang, key, link=link, **challenge.result.values(calm=calm))
