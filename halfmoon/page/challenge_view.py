"""What the page shows of a challenge: the line on the table, and the two results side
by side in the end window — with, once the friend's game has ended or been given up,
the way to watch the challenger's game, and never before (docs/design.md,
"Challenges")."""

from __future__ import annotations

from dataclasses import dataclass

from ..challenges.challenge import (
    ALL_CARDS,
    Challenge,
    Result,
    done_phrase,
    line_phrase,
    verdict_phrase,
    verdict_words,
    who,
)
from ..keeping.saved import Play
from ..records.ending import End
from ..rules.clock import format_time
from ..words.i18n import Phrase, count_text, text


@dataclass(frozen=True, slots=True)
class ChallengeLine:
    """The table's line (``data-role="challenge"``): its words, whether *Give up and see
    their game* is offered (the friend's game goes on) and whether *Watch their game*
    is (it has ended, or was given up)."""

    words: str
    see: bool
    watch: bool


@dataclass(frozen=True, slots=True)
class Versus:
    """The two results side by side: the columns' heads (the challenger, the player),
    one row per figure (its name, theirs, the player's), and the verdict."""

    heads: tuple[str, str]
    rows: tuple[tuple[str, str, str], ...]
    verdict: str


def revealed(play: Play) -> bool:
    """Whether the challenger's moves may be shown: the play has ended (won or stuck,
    even if undone since) or the player gave up to see them."""
    return play.challenge is not None and (play.seen or play.end is not None)


def result_of(play: Play, now: float | None) -> Result:
    """The player's result as the end window shows it: the play's end as it was
    recorded, else the game as it stands."""
    if play.end is not None:
        return _of_end(play.end)
    game = play.game
    return Result(ALL_CARDS - game.cards_left, int(game.elapsed(now) // 1000), game.moves)


def compared(play: Play, now: float | None) -> Result | None:
    """The player's result as the challenge compares it: once the challenger's moves
    were seen, the attempt's end as it was then (None: given up before any end; what
    was played after is never compared); else :func:`result_of`."""
    if not play.seen:
        return result_of(play, now)
    return None if play.attempt is None else _of_end(play.attempt)


def _of_end(end: End) -> Result:
    return Result(ALL_CARDS - end.left, end.elapsed_ms // 1000, end.moves)


def line_said(play: Play, now: float | None, *, calm: bool = False) -> Phrase | None:
    """The words of the table's line for a play with a challenge (None without one):
    the result to beat while the game goes on, then the verdict or the giving up (on a
    calm table, without times)."""
    challenge = play.challenge
    if challenge is None:
        return None
    if not revealed(play):
        return line_phrase(challenge, calm=calm)
    mine = compared(play, now)
    if mine is None:  # given up to see their game
        return done_phrase(challenge, result_of(play, now), seen=True, calm=calm)
    return verdict_phrase(challenge, mine, calm=calm)


def challenge_line(
    play: Play, now: float | None, lang: str, *, calm: bool = False
) -> ChallengeLine | None:
    """The line a play with a challenge shows on the table, or None without one."""
    said = line_said(play, now, calm=calm)
    if said is None:
        return None
    if not revealed(play):
        return ChallengeLine(said.text(lang), see=play.open, watch=False)
    return ChallengeLine(said.text(lang), see=False, watch=True)


def versus(play: Play, now: float | None, lang: str, *, calm: bool = False) -> Versus | None:
    """The end window's comparison, for a play with a challenge that has ended (on a
    calm table, without the times); an end reached after the challenger's moves were seen
    is shown beside theirs, and said not to be compared."""
    challenge = play.challenge
    if challenge is None or play.end is None:
        return None
    theirs, mine = challenge.result, result_of(play, now)
    after = play.seen and play.end != play.attempt
    name = who(challenge)
    head = name if isinstance(name, str) else name.text(lang)
    cleared = (
        text(lang, "challenge.versus.cleared"),
        count_text(theirs.cleared, "cards", lang),
        count_text(mine.cleared, "cards", lang),
    )
    time = (
        text(lang, "challenge.versus.time"),
        format_time(theirs.seconds * 1000),
        format_time(mine.seconds * 1000),
    )
    moves = (
        text(lang, "challenge.versus.moves"),
        count_text(theirs.moves, "moves", lang),
        count_text(mine.moves, "moves", lang),
    )
    rows = (cleared, moves) if calm else (cleared, time, moves)
    heads = (head, text(lang, "challenge.versus.you"))
    if after:
        words = text(lang, "challenge.verdict.seen", who=_who_text(challenge, lang))
        return Versus(heads, rows, words)
    return Versus(heads, rows, verdict_words(challenge, mine, lang, calm=calm))


def _who_text(challenge: Challenge, lang: str) -> str:
    name = who(challenge, start=False)
    return name if isinstance(name, str) else name.text(lang)
