"""A restore as a whole (halfmoon/restore.py): what is stored and a backup in, the keys
to write in order and the words out.  With full storage on both sides: nothing in
progress dropped without a history entry that keeps its moves, the history written
before anything that depends on it, at most 30 games kept, the table left on its deal,
every key readable and every word true whichever write is refused, and the same file
restored twice changing nothing the second time."""

from __future__ import annotations

import functools
from dataclasses import replace
from datetime import date, timedelta

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from halfmoon import Game
from halfmoon.backup import Backup
from halfmoon.daily import daily_code
from halfmoon.deal import format_code
from halfmoon.history import KEEP, Entry, read_history, trim, write_history
from halfmoon.host.examples import IMPASSE, WON
from halfmoon.localtime import local_day, utc_day
from halfmoon.prefs import Prefs
from halfmoon.restore import (
    Merged,
    Outcome,
    in_progress,
    later_record,
    left_entry,
    merge_history,
    merge_play,
    merge_stats,
    newest,
    plan,
    restored_words,
    run,
)
from halfmoon.saved import (
    KEEP_GAMES,
    KEYS,
    Play,
    code_of_key,
    game_key,
    read_last,
    read_play,
    read_prefs,
    read_stats,
    write_play,
    write_prefs,
    write_stats,
)
from halfmoon.session import Session
from halfmoon.stats import Stats
from tests.devices import stored_of
from tests.solver import legal_moves
from tests.test_history import NOON, finished

DAY_MS = 86_400_000


@functools.cache
def game_at(code: str, moves: int) -> Game:
    """The deal ``code`` after its first ``moves`` legal moves (the example deals: won or
    stuck after all theirs); shared by the plays built here, which a plan only reads."""
    game = Game.new(code)
    line = {WON.code: WON.moves, IMPASSE.code: IMPASSE.moves}.get(code)
    for n in range(moves):
        for slot in line[n] if line else legal_moves(game.tops())[0]:
            game.tap(slot, 1_000)
    return game


def play_of(code: str, moves: int, *, id: str = "p1", rev: int = 3, saved: float = NOON) -> Play:
    game = game_at(code, moves)
    return Play(game, id, begun=saved - 60_000, saved=saved, rev=rev, played=moves > 0)


def keys_of(
    plays: list[Play],
    history: list[Entry],
    stats: Stats | None = None,
    prefs: Prefs | None = None,
    last: str | None = None,
) -> dict[str, str]:
    """A browser's storage holding these."""
    keys = {game_key(play.code): write_play(play, play.saved) for play in plays}
    keys[KEYS["history"]] = write_history(history)
    if stats is not None:
        keys[KEYS["stats"]] = write_stats(stats)
    if prefs is not None:
        keys[KEYS["prefs"]] = write_prefs(prefs)
    if last is not None:
        keys[KEYS["last"]] = last
    return keys


def restore(
    keys: dict[str, str], backup: Backup, table: Play, refuse: int | None = None
) -> tuple[Outcome, dict[str, str]]:
    """``backup`` restored into ``keys`` (a copy), the ``refuse``-th write refused."""
    after = dict(keys)
    writes = iter(range(10**6))

    def write(key: str, value: str | None) -> bool:
        if next(writes) == refuse:
            return False
        if value is None:
            after.pop(key, None)
        else:
            after[key] = value
        return True

    return run(plan(stored_of(keys), backup, table, utc_day), write), after


def readable(keys: dict[str, str]) -> None:
    """Every key read back by the game's own readers (which raise on what they refuse)."""
    for key, raw in keys.items():
        code = code_of_key(key)
        if code is not None:
            read_play(raw, code)
        elif key == KEYS["history"]:
            read_history(raw)
        elif key == KEYS["stats"]:
            read_stats(raw)
        elif key == KEYS["prefs"]:
            read_prefs(raw)
        elif key == KEYS["last"]:
            read_last(raw)


def kept_here(keys: dict[str, str], play: Play) -> bool:
    """Whether ``play`` is kept as a game (as far on or further)."""
    raw = keys.get(game_key(play.code))
    found = None if raw is None else read_play(raw, play.code)
    return found is not None and found.id == play.id and found.rev >= play.rev


def listed(keys: dict[str, str], play: Play) -> bool:
    """Whether the history keeps ``play`` with its moves, or a later record of it (as
    the history's merge decides: a win, or one that ended later) — or, full, keeps 200
    games it ranks before ``play``'s (its own rule)."""
    history = read_history(keys[KEYS["history"]])
    entry = left_entry(play, utc_day)
    for kept in history:
        if kept.id == play.id:
            return kept == entry or not later_record(entry, kept)
    return len(history) == KEEP and trim([*history, entry]) == history


def true_counts(
    before: dict[str, str], after: dict[str, str], backup: Backup, table: Play
) -> Merged:
    """What a restore did, read from storage before and after (the words must say it): the
    games written in progress, brought back; the games in progress of either side (but
    the table's) that no key holds and the history lists, in your games only — where this
    browser held them, or their entry is new; the file's games newly listed (but games
    in progress, said as such); the statistics and options changed."""
    was, now = stored_of(before), stored_of(after)
    held_before = {play.id for play in was.plays.values()}
    held = {play.id for play in now.plays.values()}
    listed = {entry.id: entry for entry in now.history}
    in_play = {p.id for p in [*was.plays.values(), *backup.plays] if in_progress(p)}
    gone = [
        x
        for x in in_play - {table.id}
        if x in listed and x not in held and (x in held_before or listed[x] not in was.history)
    ]
    written = [
        play
        for code, play in now.plays.items()
        if before.get(game_key(code)) != after[game_key(code)]
    ]
    mine = {entry.id for entry in was.history}
    return Merged(
        added=len(({e.id for e in backup.history} - mine - in_play) & listed.keys()),
        known=sum(entry.id in mine for entry in backup.history),
        resumed=sum(play.game.status == "playing" for play in written),
        left=len(gone),
        stats=before.get(KEYS["stats"]) != after.get(KEYS["stats"]),
        prefs=before.get(KEYS["prefs"]) != after.get(KEYS["prefs"]),
    )


def latest(plays: list[Play]) -> list[Play]:
    """Each play at its latest save (a play both sides hold: the one saved more)."""
    by_id: dict[str, Play] = {}
    for play in plays:
        if play.id not in by_id or play.rev > by_id[play.id].rev:
            by_id[play.id] = play
    return list(by_id.values())


# ------------------------------------------------------------------ each kind of key
def test_a_game_in_progress_is_merged_by_its_save_never_over_a_newer_one() -> None:
    here = play_of(WON.code, 2, rev=5)
    ahead = replace(play_of(WON.code, 3, rev=7), played=False)
    behind = play_of(WON.code, 1, rev=2)
    assert merge_play(None, here).write is here  # a deal this browser does not have
    taken = merge_play(here, ahead).write  # the same play, further on in the file
    assert taken is not None and taken.game.moves == 3 and taken.played  # counted here
    assert merge_play(here, behind).write is None  # the same play, older in the file
    assert merge_play(here, here).write is None
    other = play_of(WON.code, 4, id="other", saved=NOON + 5)
    newer = merge_play(here, other)  # another play saved later: it stands, here's is kept
    assert newer.write is other and newer.dropped is here
    older = merge_play(other, here)
    assert older.write is None and older.dropped is here
    # a play with moves over one with none, whichever was saved last
    fresh = play_of(WON.code, 0, id="z", saved=NOON + 9)
    assert merge_play(fresh, here) == type(newer)(here, None)
    assert merge_play(here, fresh) == type(newer)(None, None)
    # the play on the table, once it has moves, never gives way to another
    assert merge_play(here, other, table=True) == type(newer)(None, other)
    assert merge_play(fresh, here, table=True).write is here  # a table with no move does
    assert merge_play(here, ahead, table=True).write is not None  # the same play, further


def test_a_play_left_is_recorded_with_its_day() -> None:
    daily = play_of(daily_code(date(2026, 12, 1)), 1, saved=NOON)
    entry = left_entry(daily, lambda ms: local_day(ms, 0))
    assert (entry.result, entry.moves, entry.daily) == ("left", 1, date(2026, 12, 1))
    assert not entry.late
    # a past day chosen in the calendar and begun later: its day, and made up
    past = replace(play_of(daily_code(date(2026, 11, 20)), 1), daily=date(2026, 11, 20))
    entry = left_entry(past, lambda ms: local_day(ms, 0))
    assert (entry.daily, entry.late) == (date(2026, 11, 20), True)


def test_the_history_is_merged_one_entry_a_play_and_a_win_is_never_lost() -> None:
    here = [finished(), finished(WON, 5, id="c", ended=NOON - 2)]
    there = [
        finished(WON, 3, id="a", ended=NOON + 9),
        finished(IMPASSE, id="b"),
        finished(WON, 9, id="c", ended=NOON),
    ]
    merged = merge_history(here, there)
    by_id = {e.id: e for e in merged}
    assert by_id["a"].result == "won"  # a later record of a won play does not undo it
    assert by_id["c"].moves == 9  # the later record of the same play
    assert set(by_id) == {"a", "b", "c"}
    assert merge_history(merged, there) == merged


def test_the_statistics_are_never_summed_nor_lowered() -> None:
    here = Stats(played=10, won=4, best_time_ms=400_000, streak=0, best_streak=3)
    there = Stats(played=6, won=5, best_time_ms=300_000, streak=2, best_streak=2)
    merged = merge_stats(here, there, here_newest=NOON, there_newest=NOON + 1)
    assert merged == Stats(played=10, won=5, best_time_ms=300_000, streak=2, best_streak=3)
    assert merge_stats(here, there, NOON + 1, NOON).streak == 0  # this browser played last
    assert merge_stats(None, there, 0, 0) == there
    assert merge_stats(merged, there, NOON + 1, NOON + 1) == merged  # again: no change


def test_the_options_come_from_the_file_only_where_there_are_none() -> None:
    table = play_of(WON.code, 1)
    backup = Backup(made=NOON, prefs=Prefs(theme="dark"))
    outcome, after = restore(keys_of([table], []), backup, table)
    assert outcome.done.prefs and read_prefs(after[KEYS["prefs"]]).theme == "dark"
    mine = keys_of([table], [], prefs=Prefs(four_colour=True))
    outcome, after = restore(mine, backup, table)
    assert not outcome.done.prefs and after == mine


def test_what_changed_in_words() -> None:
    def said(lang: str, complete: bool = True, **done: int) -> str:
        return restored_words(Outcome(Merged(**done), complete, written=1), lang)

    assert said("pt", added=12, known=3, resumed=1, stats=True) == (
        "Cópia restaurada: 12 partidas acrescentadas; 3 já estavam cá; "
        "1 partida em curso recuperada; estatísticas atualizadas."
    )
    assert said("en", added=1, prefs=True) == "Backup restored: 1 game added; options brought back."
    assert said("pt", known=2, resumed=1) == (  # nothing added: unsaid
        "Cópia restaurada: 2 já estavam cá; 1 partida em curso recuperada."
    )
    assert said("en", known=5) == (
        "Nothing to add: everything in this backup is already in this browser (5 games)."
    )
    assert said("en", False, left=1) == (
        "The backup was restored only in part: this browser would not keep the rest (its "
        "storage may be full; restore the file again once there is room). Done: 1 game in "
        "progress now only in Your games, as left."
    )
    assert said("pt", False, known=5).startswith("Não foi possível restaurar a cópia")


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
    st.integers(0, 50), st.integers(0, 50), st.integers(0, 9), st.integers(0, 9),
    st.none() | st.integers(1, 10**6).map(float),
)  # fmt: skip


def merge_all(here_h: list[Entry], here_s: Stats | None, there_h: list[Entry], there_s: Stats) -> tuple[list[Entry], Stats]:  # fmt: skip
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


# ------------------------------------------------------------------------- the table
def test_a_restore_leaves_the_table_on_its_deal() -> None:
    """A table with no move is not switched to the file's last game, even when there is
    nothing to add; it shows the file's play of its own deal where the file has it
    further on (the same play, or any play where the table had no move), never another
    play over moves made here — that one is kept in your games, as left."""
    table = play_of("HM1-N-AAAAAAD", 0, id="t", saved=NOON + 50)
    elsewhere = play_of("HM1-N-AAAAAAC", 2, id="e")
    backup = Backup(made=NOON, plays=(elsewhere,), last=elsewhere.code)
    keys = keys_of([table], [])
    outcome, after = restore(keys, backup, table)
    assert outcome.shown is None and outcome.done.resumed == 1  # the table stays
    assert read_history(after[KEYS["history"]])[0].id == "e"  # listed, to resume from there
    outcome, again = restore(after, backup, table)  # nothing to add: still nothing shown
    assert outcome.shown is None and again == after and not outcome.done.changed
    # the file's play of the table's deal
    mine = play_of("HM1-N-AAAAAAD", 3, id="t", rev=2)
    theirs = play_of("HM1-N-AAAAAAD", 2, id="x", saved=NOON + 99)
    for here, there, shown in (
        (table, theirs, theirs),  # no move here: the file's play is shown
        (mine, replace(mine, rev=9), replace(mine, rev=9)),  # the same play further on
        (mine, theirs, None),  # another play over moves made here: never
    ):
        outcome, after = restore(keys_of([here], []), Backup(NOON, plays=(there,)), here)
        assert outcome.shown == shown
        if shown is None:
            assert kept_here(after, here) and listed(after, there)


def test_the_table_shows_the_backups_play_of_its_deal_and_says_so() -> None:
    session = Session(play_of("HM1-N-AAAAAAD", 0, id="t"), Prefs(), "en")
    newer = play_of("HM1-N-AAAAAAD", 2, id="x")
    feedback = session.restored(newer, 0)
    assert session.play is newer and not feedback.deal and feedback.dialog is None
    assert feedback.message == "Game HM1-N-AAAAAAD goes on as the backup had it."
    ended = play_of(IMPASSE.code, len(IMPASSE.moves), id="y")
    assert Session(play_of(IMPASSE.code, 0), Prefs()).restored(ended, 0).dialog is None


# ----------------------------------------------- full storage on both sides, by example
def full_sides() -> tuple[dict[str, str], Backup, Play]:
    """This browser: 30 games in progress (the table's the newest of them), 29 of them
    left for another deal and so in its history, with 171 finished games: 200.  The
    file: 30 other games in progress, all saved later, the same way listed with 171
    finished games of its own, ended later than this browser's."""

    def side(tag: str, first: int, saved: float, ended: float) -> tuple[list[Play], list[Entry]]:
        plays = [
            play_of(format_code(first + i), 1, id=f"{tag}{i}", saved=saved + i * 1_000)
            for i in range(KEEP_GAMES)
        ]
        left = [left_entry(play, utc_day) for play in plays[:-1]]
        done = [finished(IMPASSE, id=f"{tag}f{i}", ended=ended + i) for i in range(171)]
        return plays, left + done

    here, mine = side("a", 100, NOON - 100_000, NOON - 10 * DAY_MS)
    there, theirs = side("b", 200, NOON, NOON - 5 * DAY_MS)
    stats = Stats(played=40, won=0)
    keys = keys_of(here, mine, stats, last=here[-1].code)
    backup = Backup(
        NOON + DAY_MS,
        None,
        Stats(played=50, won=0),
        tuple(theirs),
        tuple(there[::-1]),
        there[-1].code,
    )
    return keys, backup, read_play(keys[game_key(here[-1].code)], here[-1].code)  # fmt: skip


def test_a_full_file_into_a_full_browser() -> None:
    """The table's deal and the file's 29 newest games stay (30); this browser's 29
    others and the file's oldest give way, each recorded as left with its moves first;
    the history keeps its 200 (the 100 newest, then the newest others); every word is
    true."""
    keys, backup, table = full_sides()
    outcome, after = restore(keys, backup, table)
    assert outcome.complete and outcome.shown is None
    games = {code: read_play(raw, code) for key, raw in after.items() if (code := code_of_key(key))}
    assert len(games) == KEEP_GAMES and games[table.code].id == table.id
    assert {p.id for p in games.values()} == {table.id} | {f"b{i}" for i in range(1, 30)}
    history = read_history(after[KEYS["history"]])
    assert len(history) == KEEP
    for play in [*stored_of(keys).plays.values(), *backup.plays]:
        assert kept_here(after, play) or listed(after, play), play.id
    assert outcome.done == true_counts(keys, after, backup, table)
    assert restored_words(outcome, "en") == (
        "Backup restored: 141 games added; 29 games in progress brought back; "
        "30 games in progress now only in Your games, as left; statistics updated."
    )
    assert restored_words(outcome, "pt") == (
        "Cópia restaurada: 141 partidas acrescentadas; 29 partidas em curso recuperadas; "
        "30 partidas em curso ficaram só em As suas partidas, como deixadas; "
        "estatísticas atualizadas."
    )
    again, twice = restore(after, backup, table)
    assert twice == after and not again.done.changed  # the same file again: nothing


def test_the_history_is_written_before_any_game_gives_way() -> None:
    keys, backup, table = full_sides()
    steps = plan(stored_of(keys), backup, table, utc_day).steps
    order = [step.key for step in steps]
    assert order[:2] == [KEYS["stats"], KEYS["history"]]
    removed = [step.key for step in steps if step.value is None]
    assert len(removed) == 29 and order[2:31] == removed  # room made, then the file's games
    assert all(code_of_key(key) for key in order[31:])


def test_storage_full_partway_keeps_everything_readable_and_says_what_was_done() -> None:
    """The browser refuses a write partway (its quota): every key stays readable, nothing
    in progress here is lost, the player is told the restore did not complete and what
    it did; restored again once there is room, it completes."""
    keys, backup, table = full_sides()
    plan_ = plan(stored_of(keys), backup, table, utc_day)
    for refuse in (0, 1, 2, 20, 31, 35, len(plan_.steps) - 1):
        outcome, after = restore(keys, backup, table, refuse=refuse)
        assert not outcome.complete and outcome.written == refuse
        readable(after)
        for play in stored_of(keys).plays.values():
            assert kept_here(after, play) or listed(after, play), (refuse, play.id)
        assert outcome.done == true_counts(keys, after, backup, table), refuse
        rest, done = restore(after, backup, table)  # room again: the rest comes
        assert rest.complete and done == restore(keys, backup, table)[1]
    words = {n: restored_words(restore(keys, backup, table, refuse=n)[0], "en") for n in (0, 35)}
    assert words[0] == (
        "The backup could not be restored: this browser would not keep it (its storage may "
        "be full). Nothing from it was added."
    )
    assert words[35] == (
        "The backup was restored only in part: this browser would not keep the rest (its "
        "storage may be full; restore the file again once there is room). Done: 141 games "
        "added; 4 games in progress brought back; "
        "55 games in progress now only in Your games, as left; statistics updated."
    )


def test_a_history_that_cannot_be_read_lets_nothing_give_way() -> None:
    keys, backup, table = full_sides()
    stored = replace(stored_of(keys), locked=frozenset({KEYS["history"]}))
    outcome = run(plan(stored, backup, table, utc_day), lambda key, value: True)
    assert (outcome.complete, outcome.written) == (False, 0)
    assert restored_words(outcome, "pt").startswith("Não foi possível restaurar a cópia")


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
    for play in latest(here if refuse is not None else [*here, *there]):
        if in_progress(play):  # nothing in progress is dropped without its moves listed
            assert kept_here(after, play) or listed(after, play), play.id
    assert outcome.done == true_counts(keys, after, backup, table)
    assert outcome.complete == (refuse is None or not steps)
    final = restore(keys, backup, table)  # all at once
    retried = restore(after, backup, outcome.shown or table)[1]  # again, once there is room
    assert retried == final[1]
    again = restore(final[1], backup, final[0].shown or table)  # the same file twice
    assert again[1] == final[1] and not again[0].done.changed
