"""A restore by hypothesis (halfmoon/keeping/restore.py): over random histories and statistics,
nothing lost, no figure lowered or summed, the same file twice changing nothing; over
two full storages with plays shared between them and a write refused at any step (or
none), nothing in progress dropped without its moves listed, at most 30 games, the
table's play kept, the words what storage shows, and a second restore completing it."""

from __future__ import annotations

from dataclasses import replace
from datetime import date, timedelta

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from halfmoon.host.examples import IMPASSE, WON
from halfmoon.keeping.backup import Backup
from halfmoon.keeping.prefs import Prefs
from halfmoon.keeping.restore import (
    in_progress,
    later_save,
    left_entry,
    merge_history,
    merge_stats,
    newest,
    plan,
)
from halfmoon.keeping.saved import KEEP_GAMES, Play, code_of_key
from halfmoon.records.history import KEEP, Entry, trim
from halfmoon.records.localtime import utc_day
from halfmoon.records.stats import Stats
from halfmoon.rules.deal import format_code
from tests.devices import kept_here, latest, listed, readable, restore, stored_of, true_counts
from tests.test_history import NOON, finished
from tests.test_restore import keys_of, play_of

# ---------------------------------------------- the history and the figures, by hypothesis
DAY = date(2026, 11, 1)
GAMES = [WON, IMPASSE]


@st.composite
def entries(draw: st.DrawFn) -> list[Entry]:
    """A history: plays of the two example games, some of them deals of the day.  A
    play's deal and day are its own (they follow from its id); how far it went and when
    it was recorded vary from one side to the other."""
    ids = draw(st.lists(st.sampled_from("abcdefghij"), unique=True, max_size=8))
    out = []
    for i in ids:
        example = GAMES[ord(i) % 2]
        moves = draw(st.integers(2, len(example.moves)))
        ended = NOON + draw(st.integers(0, 50)) * 1000
        entry = finished(example, moves, id=i, ended=ended)
        daily = DAY + timedelta(days=ord(i) % 4) if ord(i) % 3 else None
        out.append(replace(entry, daily=daily))
    return out


stats_st = st.builds(
    lambda p, w, s, b, t: Stats(p + w + b, w + b, t, min(s, b), b),
    st.integers(0, 50),
    st.integers(0, 50),
    st.integers(0, 9),
    st.integers(0, 9),
    st.none() | st.integers(1, 10**6).map(float),
)


def merge_all(
    here_h: list[Entry], here_s: Stats | None, there_h: list[Entry], there_s: Stats
) -> tuple[list[Entry], Stats]:
    stats = merge_stats(here_s, there_s, newest(here_h), newest(there_h))
    return merge_history(here_h, there_h), stats


@settings(max_examples=150, deadline=None)
@given(entries(), st.none() | stats_st, entries(), stats_st)
def test_merging_the_same_file_again_changes_nothing_and_loses_nothing(
    here_h: list[Entry], here_s: Stats | None, there_h: list[Entry], there_s: Stats
) -> None:
    once = merge_all(here_h, here_s, there_h, there_s)
    twice = merge_all(*once[:1], once[1], there_h, there_s)
    assert twice == once
    history, stats = once
    ids = {e.id for e in history}
    assert ids == {e.id for e in here_h} | {e.id for e in there_h}  # nothing lost
    won = {e.id for e in [*here_h, *there_h] if e.result == "won"}
    assert won <= {e.id for e in history if e.result == "won"}  # a win is never lost
    for side in (here_s, there_s):
        if side is not None:  # no figure goes down, none is a sum
            assert stats.played >= side.played and stats.won >= side.won
            assert stats.best_streak >= side.best_streak
    assert stats.played <= max(s.played for s in (here_s, there_s) if s is not None)
    assert stats.streak <= stats.best_streak <= stats.won <= stats.played
    # the daily streak's days survive: every day played on either side is still there
    days = {e.daily for e in [*here_h, *there_h] if e.daily is not None}
    assert days == {e.daily for e in history if e.daily is not None}


# ---------------------------------------------- full storage on both sides, by hypothesis
POOL = [WON.code, IMPASSE.code, *(format_code(n) for n in range(1, 44))]
ENDS = {WON.code: len(WON.moves), IMPASSE.code: len(IMPASSE.moves)}


@st.composite
def side(draw: st.DrawFn, tag: str, moves_from: int) -> tuple[list[Play], list[Entry], Stats]:
    """A browser's games (up to 30 deals of the pool, some ended), its history (up to 200,
    some entries of its own games, some of plays the other side has too), statistics."""
    codes = draw(st.lists(st.sampled_from(POOL), unique=True, min_size=20, max_size=KEEP_GAMES))
    plays = []
    for code in codes:
        moves = draw(st.sampled_from([moves_from, 1, 2, 3, ENDS.get(code, 3)]))
        same = draw(st.booleans())  # the same play on both sides (restored there once)
        plays.append(
            play_of(
                code,
                moves,
                id=f"{code}-shared" if same else f"{code}-{tag}",
                rev=draw(st.integers(1, 9)),
                saved=NOON + draw(st.integers(-50, 50)) * 60_000,
            )
        )
    size = draw(st.integers(0, KEEP))
    history = [
        replace(
            finished(IMPASSE, id=f"{tag}{i}" if i % 3 else f"s{i}", ended=NOON - i * 60_000),
            daily=date(2026, 11, 1) + timedelta(days=i % 30) if i % 4 == 0 else None,
        )
        for i in range(size)
    ]
    history += [left_entry(p, utc_day) for p in plays if in_progress(p) and draw(st.booleans())]
    played = draw(st.integers(0, 300))
    won = draw(st.integers(0, played))
    stats = Stats(played, won, None, draw(st.integers(0, won)), won)
    return plays, trim(history), stats


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    phases=[Phase.explicit, Phase.reuse, Phase.generate],  # two full storages shrink for minutes
)
@given(side("a", 0), side("b", 1), st.data())
def test_a_restore_loses_nothing_and_says_what_it_did(
    here_side: tuple[list[Play], list[Entry], Stats],
    there_side: tuple[list[Play], list[Entry], Stats],
    data: st.DataObject,
) -> None:
    here, mine, my_stats = here_side
    there, theirs, their_stats = there_side
    table = data.draw(st.sampled_from(here))
    keys = keys_of(here, mine, my_stats, last=table.code)
    backup = Backup(NOON, Prefs(), their_stats, tuple(theirs), tuple(there), there[0].code)
    steps = plan(stored_of(keys), backup, table, utc_day).steps
    refuse = data.draw(st.none() | st.integers(0, max(0, len(steps) - 1)))
    outcome, after = restore(keys, backup, table, refuse)
    readable(after)
    games = {code_of_key(key) for key in after} - {None}
    assert len(games) <= KEEP_GAMES
    assert kept_here(after, table) or (outcome.shown and outcome.shown.code == table.code)
    further = {play.id: play for play in there}  # the file's saves, written or not
    for play in latest(here if refuse is not None else [*here, *there]):
        if in_progress(play):  # nothing in progress is dropped without its moves listed
            on = further.get(play.id)  # (or a later save of it, an undo perhaps, listed)
            on = on if on is not None and later_save(on, play) else play
            assert kept_here(after, play) or listed(after, on), play.id
    assert outcome.done == true_counts(keys, after, backup, table)
    assert outcome.complete == (refuse is None or not steps)
    final = restore(keys, backup, table)  # all at once
    retried = restore(after, backup, outcome.shown or table)[1]  # again, once there is room
    assert retried == final[1]
    again = restore(final[1], backup, final[0].shown or table)  # the same file twice
    assert again[1] == final[1] and not again[0].done.changed
