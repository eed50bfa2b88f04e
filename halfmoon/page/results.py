"""Your results in words and figures: dates, the history's rows, the text a result is
shared with, today's deal and the streak of days, and the chart of recent games.

Everything the history dialog, the statistics dialog and the share action show is
decided here, from :class:`~halfmoon.records.history.Entry` values and the date on the player's
calendar, so that CPython tests reach it; the page only copies it out.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Final

from ..keeping.saved import Play
from ..records.daily import daily_code
from ..records.history import KEEP, RECENT, Entry
from ..records.month import month_view
from ..records.stats import Stats
from ..rules.clock import format_time
from ..words.i18n import Counted, long_day, short_day, text, text_for
from .replay import moves_words


# ------------------------------------------------------------------------ dates
def when(moment: datetime, today: date, lang: str) -> str:
    """When a game ended, as a player says it: ``Hoje, 18:40``, ``Ontem, 09:05``,
    ``28 nov, 18:40``, ``28 nov 2025, 18:40``."""
    clock = f"{moment.hour:02d}:{moment.minute:02d}"
    day = moment.date()
    if day == today:
        return text(lang, "date.today", time=clock)
    if day == today - timedelta(days=1):
        return text(lang, "date.yesterday", time=clock)
    written = short_day(day, lang)
    if day.year != today.year:
        written += f" {day.year}"
    return text(lang, "date.when", day=written, time=clock)


# ------------------------------------------------------------------ the history
def result_words(entry: Entry, lang: str) -> str:
    """``Ganha`` / ``Sem saída`` / ``Deixada``."""
    return text(lang, f"history.result.{entry.result}")


@dataclass(frozen=True, slots=True)
class Row:
    """One row of the history dialog, in words."""

    id: str
    code: str
    when: str
    result: str
    summary: str  # ``24 cartas na mesa · 3:40 · 40 jogadas``
    daily: str  # the badge of a deal of the day, or ''
    again: str  # the buttons' accessible names
    replay: str  # '' where its moves were not kept: no replay, no challenge
    share: str
    ending: str  # won, stuck or left: for the style
    again_key: str = "action.again"  # the again button's words: Resume or Play again


def again_words(code: str, resumable: Collection[str], lang: str) -> tuple[str, str]:
    """The again button's catalogue key and accessible name: ``Retomar`` when the deal
    has a play in progress, which it resumes with its moves (``resumable``: those
    deals), else ``Jogar de novo``, which deals it afresh."""
    if code in resumable:
        return "action.resume", text(lang, "history.resume.label", code=code)
    return "action.again", text(lang, "history.again.label", code=code)


def resumable(
    codes: Iterable[str], find: Callable[[str], Play | None], table: Play
) -> frozenset[str]:
    """The deals among ``codes`` that Play again would resume rather than deal afresh
    (:meth:`~halfmoon.session.session.Session.again`): a kept play still in progress, the
    table's own when it is (``find``: the kept play of a deal); a play that ended, even
    undone since, is not (:attr:`~halfmoon.keeping.saved.Play.open`)."""
    found = set()
    for code in set(codes):
        play = table if code == table.code else find(code)
        if play is not None and play.open:
            found.add(code)
    return frozenset(found)


def rows(
    entries: Sequence[Entry],
    today: date,
    local: Callable[[float], datetime],
    lang: str,
    resumable: Collection[str] = (),
) -> list[Row]:
    """The history's rows; ``local`` turns a wall-clock time into the player's;
    ``resumable``: the deals with a play in progress (their button resumes it)."""
    out = []
    for entry in entries:
        said_when = when(local(entry.ended), today, lang)
        left = Counted(entry.left, "cards")
        parts = [] if entry.result == "won" else [text(lang, "history.cards", left=left)]
        parts += [format_time(entry.time_ms), moves_words(entry.moves, lang)]
        if entry.seen:
            parts.append(text(lang, "history.seen"))
        out.append(
            Row(
                id=entry.id,
                code=entry.code,
                when=said_when,
                result=result_words(entry, lang),
                summary=" · ".join(parts),
                daily=_daily_mark(entry, lang),
                again=again_words(entry.code, resumable, lang)[1],
                replay=(
                    text(lang, "history.replay.label", code=entry.code, when=said_when)
                    if entry.replayable
                    else ""
                ),
                share=text(lang, "history.share.label", code=entry.code, when=said_when),
                ending=entry.result,
                again_key=again_words(entry.code, resumable, lang)[0],
            )
        )
    return out


def _daily_mark(entry: Entry, lang: str) -> str:
    """The badge of a deal of the day in the history: ``Do dia``, or for a day made up
    later, the day it was the deal of (``Do dia 28 nov``)."""
    if entry.daily is None:
        return ""
    if entry.late:
        return text(lang, "history.daily.past", day=short_day(entry.daily, lang))
    return text(lang, "history.daily")


def history_note(lang: str) -> str:
    """What the history dialog keeps (``history.record``)."""
    return text(lang, "history.note", keep=KEEP, recent=RECENT)


# ---------------------------------------------------------------------- sharing
def share_text(entry: Entry, link: str, lang: str, *, calm: bool = False) -> str:
    """What a result is shared as: the deal (and its date, for a deal of the day), the
    result, time and moves (on a ``calm`` table: the cards cleared instead), and the
    link that deals it."""
    deal = entry.code
    if entry.daily is not None:
        deal = text(lang, "share.daily", day=long_day(entry.daily, lang), code=entry.code)
    result = text(lang, f"share.{entry.result}", left=Counted(entry.left, "cards"))
    if calm:
        total = Counted(entry.cleared + entry.left, "cards")
        cleared = text(lang, "calm.cleared", cleared=entry.cleared, total=total)
        return f"{text(lang, 'calm.share', deal=deal, result=result, cleared=cleared)}\n{link}"
    line = text(
        lang,
        "share.text",
        deal=deal,
        result=result,
        time=format_time(entry.time_ms),
        moves=moves_words(entry.moves, lang),
    )
    return f"{line}\n{link}"


# ---------------------------------------------------------------- the daily deal
def daily_badge(code: str | None, day: date | None, today: date, lang: str) -> str:
    """What the bar says of the deal in play: ``Partida do dia`` when it is today's,
    ``Partida do dia 30 nov`` when it is the deal of ``day`` (the date it was begun on,
    or the day it was chosen for in the calendar), else ''."""
    if code is None:
        return ""
    if code == daily_code(today):
        return text(lang, "daily.badge")
    if day is not None and code == daily_code(day):
        return text(lang, "daily.badge.past", day=short_day(day, lang))
    return ""


def daily_today(entries: Sequence[Entry], today: date, playing: bool, lang: str) -> str:
    """Today's outcome: a win beats any other play of the deal, then the play in
    progress (``playing``: today's deal is on the table with moves), then the latest."""
    mine = [e for e in entries if e.daily == today]
    won = [e for e in mine if e.result == "won"]
    if won:
        best = min(won, key=lambda e: e.time_ms)
        return text(lang, "stats.daily.won", time=format_time(best.time_ms))
    if playing:
        return text(lang, "stats.daily.playing")
    if mine:
        latest = mine[0]
        return text(lang, f"stats.daily.{latest.result}", left=Counted(latest.left, "cards"))
    return text(lang, "stats.daily.none")


def daily_streak(
    entries: Sequence[Entry], today: date, playing: bool, on_table: date | None = None
) -> int:
    """Days in a row the deal of the day was played on the day, up to today (or up to
    yesterday, while today's is still to be played); a day made up later from the
    calendar does not count.  ``on_table``: the day of a deal of the day on the table
    with moves, played on its day, which counts though the history has it not yet."""
    days = {e.daily for e in entries if e.daily is not None and not e.late}
    if playing:
        days.add(today)
    if on_table is not None:
        days.add(on_table)
    day = today if today in days else today - timedelta(days=1)
    streak = 0
    while day in days:
        streak += 1
        day -= timedelta(days=1)
    return streak


def daily_view(
    entries: Sequence[Entry], today: date, playing: bool, lang: str, on_table: date | None = None
) -> dict[str, str]:
    """The statistics dialog's two daily figures, by their ``data-stats`` name."""
    return {
        "daily": daily_today(entries, today, playing, lang),
        "daily-streak": str(daily_streak(entries, today, playing, on_table)),
    }


# ------------------------------------------------------------------------ a win
def win_lines(
    time_ms: float,
    stats: Stats,
    entries: Sequence[Entry],
    today: date,
    daily: tuple[date, bool] | None,
    lang: str,
    *,
    calm: bool = False,
) -> tuple[tuple[str, ...], bool]:
    """What the end window adds to a win, and whether its time is a new best: the time
    against the best (``stats``, this win counted; never on a ``calm`` table), the wins
    in a row, and for a deal of the day (``daily``: its date, and whether it was made up
    later) the days in a row it was played on the day and its month's tally
    (``entries``, this win recorded).  A streak of one is left unsaid."""
    best = stats.best_time_ms
    new_best = not calm and (best is None or time_ms <= best)
    lines = [] if calm else [_time_line(time_ms, stats, new_best, lang)]
    if stats.streak > 1:
        lines.append(text_for(lang, "win.streak", stats.streak))
    if daily is not None:
        day, late = daily
        days = daily_streak(entries, today, False)
        if not late and days > 1:
            lines.append(text_for(lang, "win.days", days))
        month = month_view(day, entries, today, lang)
        lines.append(text(lang, "win.month", month=month.title, tally=month.tally))
    return tuple(lines), new_best


def _time_line(time_ms: float, stats: Stats, new_best: bool, lang: str) -> str:
    """A win's time against the best (``stats``, this win counted)."""
    time = format_time(time_ms)
    if stats.won <= 1:
        return text(lang, "win.first", time=time)
    if new_best:
        return text(lang, "win.best.new", time=time)
    return text(lang, "win.best", time=time, best=format_time(stats.best_time_ms or 0.0))


# -------------------------------------------------------------------- the chart
@dataclass(frozen=True, slots=True)
class Bar:
    cleared: int  # cards that left the table, 0 … 104
    won: bool


CHART_GAMES: Final = 30
"""How many of the latest games the statistics' chart shows."""
CHART_FEW: Final = 8
"""The fewest places the chart draws its bars in: two games fill a quarter of it with
bars wide enough to see, not two slivers at the edge of an empty box."""


def chart_places(n: int) -> int:
    """How many bars' places the chart's width is shared among, for ``n`` games."""
    return max(CHART_FEW, min(n, CHART_GAMES))


def chart(entries: Sequence[Entry], n: int = CHART_GAMES) -> list[Bar]:
    """The bars of the last ``n`` games, oldest first."""
    return [Bar(e.cleared, e.result == "won") for e in reversed(entries[:n])]


def chart_words(bars: Sequence[Bar], lang: str) -> str:
    """The chart's text alternative: every bar's figure, in order."""
    if not bars:
        return text(lang, "chart.empty")
    figures = [
        text(lang, "chart.one.won", n=bar.cleared) if bar.won else str(bar.cleared) for bar in bars
    ]
    won = sum(bar.won for bar in bars)
    return text_for(lang, "chart.words", len(bars), list=", ".join(figures), won=won)
