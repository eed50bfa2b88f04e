"""A restore as a whole (halfmoon/keeping/restore.py): what is stored and a backup in, the keys
to write in order and the words out, rule by rule and by example — the table left on
its deal, a full file into a full browser (nothing in progress dropped without a history
entry that keeps its moves, the history written before any game gives way, at most 30
games, every word true), a write refused at each step (every key readable, the words
true, a second restore completing it), the same file twice changing nothing.  By
hypothesis: tests/test_restore_random.py."""

from __future__ import annotations

import functools
from dataclasses import replace
from datetime import date

from halfmoon import Game
from halfmoon.host.examples import IMPASSE, WON
from halfmoon.keeping.backup import Backup
from halfmoon.keeping.prefs import Prefs
from halfmoon.keeping.restore import (
    Merged,
    Outcome,
    left_entry,
    merge_history,
    merge_play,
    merge_stats,
    plan,
    restored_words,
    run,
)
from halfmoon.keeping.saved import (
    KEEP_GAMES,
    KEYS,
    Play,
    code_of_key,
    game_key,
    read_play,
    read_prefs,
    write_play,
    write_prefs,
    write_stats,
)
from halfmoon.records.daily import daily_code
from halfmoon.records.history import KEEP, Entry, read_history, write_history
from halfmoon.records.localtime import local_day, utc_day
from halfmoon.records.stats import Stats
from halfmoon.rules.deal import format_code
from halfmoon.session.session import Session
from tests.devices import (
    kept_here,
    listed,
    readable,
    restore,
    stored_of,
    true_counts,
)
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


# ------------------------------------------------------------------ each kind of key
def test_a_game_in_progress_is_merged_by_its_save_never_over_a_newer_one() -> None:
    here = play_of(WON.code, 2, rev=5)
    ahead = replace(play_of(WON.code, 3, rev=7), played=False)
    behind = play_of(WON.code, 1, rev=2)
    assert merge_play(None, here).write is here  # a deal this browser does not have
    taken = merge_play(here, ahead).write  # the same play, further on in the file
    assert taken is not None and taken.game.moves == 3 and taken.played  # counted here
    assert merge_play(here, behind).write is None  # the same play, older in the file
    # saved as many times on two devices that went on from one restore: the later save
    went_on = play_of(WON.code, 4, rev=5, saved=NOON + 60_000)
    later = merge_play(here, went_on).write
    assert later is not None and later.game.moves == 4 and later.saved == went_on.saved
    assert later.rev == 6  # a tab holding here's save hears that a later one was written
    assert merge_play(went_on, here).write is None
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


def test_two_saves_of_one_play_as_many_times_at_once_the_one_further_on_stands() -> None:
    # two devices went on from one restore and saved as many times in the same
    # millisecond: one save must stand whichever side holds it, or a second restore of
    # the same file would change what the first one wrote
    still = play_of(WON.code, 0, rev=4)
    moved = play_of(WON.code, 1, rev=4)
    taken = merge_play(still, moved).write
    assert taken is not None and taken.game.moves == 1 and taken.rev == 5
    assert merge_play(moved, still).write is None


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
    return keys, backup, read_play(keys[game_key(here[-1].code)], here[-1].code)


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
