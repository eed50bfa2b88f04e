"""Asking before a game in progress is dropped (issue 33, item 3).

New game, the deal of the day, a typed code, a calendar day, Play again on another
deal, a challenge link and the N key all leave the play on the table for another deal.
When that play has moves and has not ended, the statistics count it as left (its
streak of wins ends) and it goes into your games: the page asks first, in one window,
saying so.  A challenge link may also deal again a game under way of its own deal (one
play is kept per deal): it asks first too.  A restart asks in the same window (it
undoes moves).  This module decides whether an action asks and what the window says;
the page only shows it (``halfmoon.web``).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from ..challenges.challenge import Challenge, read_challenge
from ..page.choosing import Action, chosen_deal
from ..rules.deal import CodeError
from ..words.i18n import Counted, Phrase, phrase
from .session import Session


@dataclass(frozen=True, slots=True)
class Question:
    """What the confirmation window says: its title, its text, and its two buttons'
    words (``yes`` does the action; ``no`` keeps everything as it was)."""

    title: Phrase
    text: Phrase
    yes: Phrase
    no: Phrase

    def words(self, lang: str) -> tuple[str, str, str, str]:
        return self.title.text(lang), self.text.text(lang), self.yes.text(lang), self.no.text(lang)


def in_progress(session: Session) -> bool:
    """Whether the play on the table would be dropped with something in it: it has
    moves and has not ended (won or stuck), not even before an undo: an end stays
    recorded as it was (:mod:`halfmoon.records.ending`)."""
    return session.game.moves > 0 and session.play.open


def target(
    session: Session,
    action: Action,
    *,
    code: str | None = None,
    day: date | None = None,
) -> str | None:
    """The deal an action would put on the table (:func:`~halfmoon.page.choosing.chosen_deal`;
    ``"*"`` for a new random deal), or None when it would leave the table's play where
    it is: the deal already in play (resumed as it is), an invalid code (explained,
    nothing changes), a day to come.

    ``action``: ``"new"`` (the button, the N key), ``"daily"`` (today's deal),
    ``"code"`` (a typed ``code``), ``"day"`` (a calendar ``day``), ``"again"`` (a game
    of your games, its ``code``)."""
    try:
        chosen = chosen_deal(action, today=session.books.today, code=code, day=day)
    except (CodeError, ValueError):
        return None
    if chosen is None:
        return None
    if chosen.code is None:
        return "*"
    return None if chosen.code == session.game.code else chosen.code


def leave_question(
    session: Session,
    action: Action,
    *,
    code: str | None = None,
    day: date | None = None,
) -> Question | None:
    """The question to ask before ``action`` (:func:`target`), or None when it may go
    at once: it stays on this deal, or the play on the table has no moves or has
    ended."""
    if not in_progress(session) or target(session, action, code=code, day=day) is None:
        return None
    return _leaving(session)


def _leaving(session: Session) -> Question:
    """Leave the table's game under way for another deal?  (It is kept, to resume.)"""
    moves = Counted(session.game.moves, "moves")
    return Question(
        title=phrase("leave.title"),
        text=phrase("leave.text", code=session.game.code or "—", moves=moves),
        yes=phrase("leave.yes"),
        no=phrase("leave.no"),
    )


def link_question(session: Session, fragment: str) -> Question | None:
    """The question to ask before following a link (:meth:`Session.follow_link`), or
    None.  A deal link never asks: Back and Forward resume each deal's play as it was.
    A challenge link does when something under way would be left: a game of its deal
    that its new play would deal again from the start (one play is kept per deal: that
    game goes into your games, to replay, not to resume; :meth:`Session.replaces`),
    or the table's game left for another deal, as leaving for another deal asks."""
    claim = read_challenge(fragment)
    if not isinstance(claim, Challenge) or claim == session.play.challenge:
        return None
    replaced = session.replaces(claim)
    if replaced is None:
        return _leaving(session) if in_progress(session) else None
    moves = Counted(replaced.game.moves, "moves")
    if replaced is not session.play and in_progress(session):
        said = phrase(
            "challenge.replace.text.both",
            code=replaced.code,
            moves=moves,
            table=session.game.code or "—",
        )
    else:
        said = phrase("challenge.replace.text", code=replaced.code, moves=moves)
    return Question(
        title=phrase("challenge.replace.title"),
        text=said,
        yes=phrase("challenge.replace.yes"),
        no=phrase("leave.no"),
    )


def restart_question(session: Session) -> Question | None:
    """The question to ask before a restart: only when it undoes moves."""
    game = session.game
    if not game.moves:
        return None
    text_key = "restart.text.left" if in_progress(session) else "restart.text"
    moves = Counted(game.moves, "moves")
    return Question(
        title=phrase("restart.title"),
        text=phrase(text_key, code=session.game.code or "—", moves=moves),
        yes=phrase("action.restart"),
        no=phrase("leave.no") if in_progress(session) else phrase("action.cancel"),
    )
