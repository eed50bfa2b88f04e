"""What the page shows of a session: the table, the bar's counters (with the deal of the
day's badge), the record of the table kept for the next visit's first paint, the
calendar's month, today's deal in the statistics, the end of a game, and the events
told to an embedding page (the confirmation's words: :mod:`halfmoon.session.leaving`).

It decides nothing about the game (:class:`~halfmoon.session.session.Session` does) and keeps
only what the page shows: the date on the page (:attr:`Presenter.day`, turned by the
clock's tick) and the bar's badge, worked out once per deal, play, day and language.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from datetime import date
from typing import Any

from ..page import painted
from ..page.results import daily_badge, daily_view, win_lines
from ..page.view import Counters, EndView, PlaceView, counters, end_view, table_view
from ..records.daily import daily_code
from ..records.history import Entry
from ..records.month import Month, month_view
from ..records.stats import Stats
from ..rules.clock import format_time
from .feedback import EventType
from .session import Session


class Presenter:
    """The session's play as the page shows it."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.day = session.books.today()  # the date the page shows; moved on by turn_day
        # the bar's daily badge, once per deal, play, day and language (asked every tap)
        self._badge: tuple[tuple[str | None, float, date | None, date, str], str] | None = None

    def turn_day(self) -> bool:
        """Whether the calendar has turned to another date since ``day`` was set (a page
        left open overnight); ``day`` follows it."""
        today = self.session.books.today()
        turned, self.day = today != self.day, today
        return turned

    def table(self) -> dict[str, PlaceView]:
        session = self.session
        return table_view(session.game, session.lang, session.prefs.placement_help)

    def counters(self, now: float) -> Counters:
        session = self.session
        play, lang = session.play, session.lang
        key = (play.game.code, play.begun, play.daily, self.day, lang)
        if self._badge is None or self._badge[0] != key:
            daily = session.books.daily_date(play)
            self._badge = (key, daily_badge(play.game.code, daily, self.day, lang))
        return counters(play.game, now, self._badge[1], calm=session.prefs.calm)

    def painted(
        self, now: float, build: str, views: Mapping[str, PlaceView] | None = None
    ) -> dict[str, object]:
        """What the table shows now (``views``, if already at hand), as the next visit's
        first paint draws it (:mod:`halfmoon.page.painted`)."""
        session = self.session
        return painted.record(
            views if views is not None else self.table(),
            self.counters(now),
            build=build,
            lang=session.lang,
            code=session.play.code,
            daily=session.books.daily_date(session.play),
        )

    def month(self, entries: Sequence[Entry], shown: date | None = None) -> Month:
        """The calendar's month of ``shown`` (today's by default), the play in progress
        counted as tried once it has moves."""
        game = self.session.game
        playing = game.code if game.moves else None
        return month_view(shown or self.day, entries, self.day, self.session.lang, playing=playing)

    def daily_results(self, entries: Sequence[Entry]) -> dict[str, str]:
        """Today's deal and the streak of days, for the statistics dialog."""
        session, books = self.session, self.session.books
        today = books.today()
        game = session.game
        playing = game.code == daily_code(today) and game.moves > 0 and game.status == "playing"
        # the deal of the day on the table counts for its own day, left or not, when it
        # was begun on that day (one made up later from the calendar never counts)
        daily = books.daily_date(session.play) if game.moves else None
        on_table = daily if daily is not None and daily == books.begun_day(session.play) else None
        return daily_view(entries, today, playing, session.lang, on_table)

    def time_text(self, now: float) -> str:
        return format_time(self.session.game.elapsed(now))

    def end(
        self, now: float, stats: Stats | None = None, entries: Sequence[Entry] = ()
    ) -> EndView | None:
        """The end window of a game that is over; a win's with its record (``stats`` and
        ``entries``: the statistics and the history, this win counted in them), in the
        figures its end recorded, however often it was undone and redone since."""
        session = self.session
        end = session.play.end
        calm = session.prefs.calm
        view = end_view(session.game, session.lang, now, end, calm=calm)
        if view is None or view.ending != "won" or stats is None or end is None:
            return view
        books = session.books
        daily, late = books.deal_day(session.play)
        record, best = win_lines(
            end.elapsed_ms,
            stats,
            entries,
            books.today(),
            None if daily is None else (daily, late),
            session.lang,
            calm=calm,
        )
        return replace(view, record=record, best=best)

    def event(self, kind: EventType, now: float) -> dict[str, Any]:
        """The message posted to a parent window (docs/embedding.md): the game as it is,
        or for its end (``won``, ``impasse``) the end as it was recorded."""
        game, end = self.session.game, self.session.play.end
        score, moves, elapsed = game.score, game.moves, game.elapsed(now)
        if kind in ("won", "impasse") and end is not None:
            score, moves, elapsed = end.score, end.moves, end.elapsed_ms
        return {
            "source": "halfmoon",
            "type": kind,
            "code": game.code,
            "score": score,
            "moves": moves,
            "time": round(elapsed / 1000),
        }
