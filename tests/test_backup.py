"""Backups: the file holds everything the game keeps and reads back whole; a hostile or
damaged file is refused before anything is merged, saying why; merging never loses
anything newer, never loses a win, never counts twice, and merging the same file again
changes nothing."""

from __future__ import annotations

import contextlib
import json
from dataclasses import replace
from datetime import date, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from halfmoon import Game
from halfmoon.backup import (
    MAX_CHARS,
    Backup,
    Merged,
    Refused,
    file_name,
    keeping,
    left_entry,
    merge_history,
    merge_play,
    merge_prefs,
    merge_stats,
    newest,
    read_backup,
    refused_words,
    restored_words,
    write_backup,
)
from halfmoon.daily import daily_code
from halfmoon.history import KEEP, Entry
from halfmoon.host.examples import IMPASSE, WON
from halfmoon.localtime import local_day
from halfmoon.prefs import Prefs
from halfmoon.saved import Play
from halfmoon.session import Session
from halfmoon.stats import Stats
from tests.solver import legal_moves
from tests.test_history import NOON, finished
from tests.test_session import Shelf

MADE = NOON + 3_600_000


def play_of(code: str, moves: int, *, id: str = "p1", rev: int = 3, saved: float = NOON) -> Play:
    """A kept play of ``code`` with its first ``moves`` legal moves made."""
    game = Game.new(code)
    for _ in range(moves):
        for slot in legal_moves(game.tops())[0]:
            game.tap(slot, 1000)
    return Play(game, id, begun=saved - 60_000, saved=saved, rev=rev, played=moves > 0)


def full() -> Backup:
    return Backup(
        made=MADE,
        prefs=Prefs(errors=True, theme="dark", lang="en"),
        stats=Stats(played=12, won=3, best_time_ms=312_000, streak=1, best_streak=2),
        history=(finished(), finished(IMPASSE, id="b", ended=NOON - 1), finished(WON, 5, id="c", ended=NOON - 2)),
        plays=(play_of("HM1-N-AAAAAAB", 2), play_of("HM1-N-AAAAAAC", 1, id="p2")),
        last="HM1-N-AAAAAAC",
    )  # fmt: skip


def as_data(backup: Backup) -> dict:
    return json.loads(write_backup(backup))


def test_a_backup_holds_everything_and_reads_back_whole() -> None:
    backup = full()
    raw = write_backup(backup)
    back = read_backup(raw)
    assert (back.made, back.prefs, back.stats, back.history, back.last) == (
        backup.made, backup.prefs, backup.stats, backup.history, backup.last,
    )  # fmt: skip
    assert [p.game.to_dict() for p in back.plays] == [p.game.to_dict() for p in backup.plays]
    assert [(p.id, p.rev, p.saved, p.played) for p in back.plays] == [
        (p.id, p.rev, p.saved, p.played) for p in backup.plays
    ]
    data = json.loads(raw)
    assert (data["format"], data["v"]) == ("halfmoon-backup", 1)
    assert file_name(date(2026, 12, 1)) == "halfmoon-2026-12-01.json"
    assert read_backup(write_backup(Backup(made=MADE))) == Backup(made=MADE)  # an empty one


def test_the_largest_backup_fits() -> None:
    won = finished()
    history = tuple(replace(won, id=f"{i:040d}", ended=NOON - i) for i in range(KEEP))
    plays = tuple(
        replace(play_of(f"HM1-N-AAAAA{chr(65 + i // 26)}{chr(65 + i % 26)}", 0), id="f" * 40)
        for i in range(30)
    )
    for play in plays:  # the longest game in progress: every move made and undone
        for move in legal_moves(play.game.tops())[:1]:
            for slot in move:
                play.game.tap(slot, 1)
    raw = write_backup(Backup(MADE, Prefs(), Stats(), history, plays, plays[0].code))
    assert len(raw) < MAX_CHARS
    assert len(read_backup(raw).history) == KEEP


def damaged(path: str, value: object) -> str:
    """The full backup with the field at ``path`` (dots; digits index lists) set."""
    data = as_data(full())
    *parents, last = path.split(".")
    target = data
    for part in parents:
        target = target[int(part)] if part.isdigit() else target[part]
    if last.isdigit():
        target[int(last)] = value
    else:
        target[last] = value
    return json.dumps(data)


def forged_history() -> str:
    """A game of the history whose moves have the right form but are not legal on its
    deal (they are another deal's)."""
    data = as_data(full())
    data["history"]["games"][2]["code"] = "HM1-N-AAAAAAB"
    return json.dumps(data)


def forged_play() -> str:
    data = as_data(full())
    game = data["games"][0]["game"]
    game["removals"] = [["P1", "P2"]] + game["removals"][1:]
    return json.dumps(data)


HOSTILE: dict[str, tuple[str, str, str]] = {
    "not JSON": ("Half Moon!", "format", ""),
    "truncated": (write_backup(full())[:-40], "format", ""),
    "a list": ("[1, 2, 3]", "format", ""),
    "another format": (json.dumps({"format": "solitaire", "v": 1}), "format", ""),
    "no format": (json.dumps({"v": 1, "made": 1}), "format", ""),
    "version 2": (damaged("v", 2), "version", ""),
    "version as text": (damaged("v", "1"), "version", ""),
    "version true": (damaged("v", True), "version", ""),
    "10,000 deep": ("[" * 10_000 + "]" * 10_000, "damaged", ""),
    "deep inside": (damaged("options", json.loads("[" * 50 + "]" * 50)), "damaged", ""),
    "tens of megabytes": ('{"format": "halfmoon-backup", "x": "' + "a" * 20_000_000 + '"}', "size", ""),
    "a 400-digit time": (damaged("made", 10**400), "damaged", ""),
    "NaN": (write_backup(full()).replace('"made": ', '"made": NaN, "x": '), "format", ""),
    "a 400-digit count": (damaged("statistics.played", 10**400), "damaged", "stats"),
    "more won than played": (damaged("statistics.won", 13), "damaged", "stats"),
    "a streak past the best": (damaged("statistics.streak", 3), "damaged", "stats"),
    "a negative count": (damaged("statistics.played", -1), "damaged", "stats"),
    "statistics as a list": (damaged("statistics", [1]), "damaged", "stats"),
    "options as text": (damaged("options", "dark"), "damaged", "prefs"),
    "forged moves in a game": (forged_play(), "damaged", "game"),
    "a game of another version": (damaged("games.0.v", 3), "damaged", "game"),
    "a game counted won, not played": (damaged("games.0.counted", {"played": False, "won": True}), "damaged", "game"),
    "a 1e300 clock": (damaged("games.0.game.clock", 1e300), "damaged", "game"),
    "one deal twice": (damaged("games.1", as_data(full())["games"][0]), "damaged", "game"),
    "31 games": (damaged("games", as_data(full())["games"] * 31), "damaged", "game"),
    "a game saved after the backup": (damaged("games.0.saved", MADE + 1), "damaged", "game"),
    "last is no code": (damaged("last", "HM1-N-0"), "damaged", "game"),
    "forged moves in the history": (forged_history(), "damaged", "history"),
    "a win with moves that do not win": (damaged("history.games.2.result", "won"), "damaged", "history"),
    "stuck where moves remain": (damaged("history.games.2.result", "stuck"), "damaged", "history"),
    "a game twice in the history": (damaged("history.games.1.id", "a"), "damaged", "history"),
    "a history of another version": (damaged("history.v", 1), "damaged", "history"),
    "a game ended after the backup": (damaged("history.games.0.ended", MADE + 1), "damaged", "history"),
    "201 games": (damaged("history.games", as_data(full())["history"]["games"] * 67), "damaged", "history"),
}  # fmt: skip


@pytest.mark.parametrize("name", HOSTILE)
def test_a_hostile_or_damaged_file_is_refused_saying_why(name: str) -> None:
    raw, reason, part = HOSTILE[name]
    with pytest.raises(Refused) as refused:
        read_backup(raw)
    assert (refused.value.reason, refused.value.part) == (reason, part), refused.value


def test_why_a_file_was_refused_in_the_players_language() -> None:
    words = {}
    for raw, _, _ in (HOSTILE["not JSON"], HOSTILE["version 2"], HOSTILE["more won than played"]):
        with pytest.raises(Refused) as refused:
            read_backup(raw)
        words[refused.value.reason] = (
            refused_words(refused.value, "pt"),
            refused_words(refused.value, "en"),
        )
    assert words["format"] == (
        "Este ficheiro não é uma cópia de segurança do Half Moon. Nada foi alterado.",
        "This file is not a Half Moon backup. Nothing was changed.",
    )
    assert words["version"][1].startswith("This backup is from another version of Half Moon")
    assert words["damaged"] == (
        "Esta cópia de segurança está danificada ou foi alterada: há um erro nas estatísticas. "
        "Nada foi alterado.",
        "This backup is damaged or has been altered: there is an error in the statistics. "
        "Nothing was changed.",
    )


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=300) | st.binary(max_size=300).map(lambda b: b.decode("latin-1")))
def test_any_text_is_read_or_refused_never_crashes(raw: str) -> None:
    with contextlib.suppress(Refused):
        read_backup(raw)


# ------------------------------------------------------------------------ merging
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
    assert (
        merge_play(play_of(WON.code, 1, id="z", saved=NOON + 9), play_of(WON.code, 0)).dropped
        is None
    )
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
    by_id = {e.id: e for e in merged.entries}
    assert by_id["a"].result == "won"  # a later record of a won play does not undo it
    assert by_id["c"].moves == 9  # the later record of the same play
    assert (merged.added, merged.known) == (1, 2)
    again = merge_history(merged.entries, there)
    assert again.entries == merged.entries and again.added == 0 and again.known == 3  # fmt: skip


def test_the_statistics_are_never_summed_nor_lowered() -> None:
    here = Stats(played=10, won=4, best_time_ms=400_000, streak=0, best_streak=3)
    there = Stats(played=6, won=5, best_time_ms=300_000, streak=2, best_streak=2)
    merged = merge_stats(here, there, here_newest=NOON, there_newest=NOON + 1)
    assert merged == Stats(played=10, won=5, best_time_ms=300_000, streak=2, best_streak=3)
    assert merge_stats(here, there, NOON + 1, NOON).streak == 0  # this browser played last
    assert merge_stats(None, there, 0, 0) == there
    assert merge_stats(merged, there, NOON + 1, NOON + 1) == merged  # again: no change


def test_the_options_come_from_the_file_only_where_there_are_none() -> None:
    mine, theirs = Prefs(four_colour=True), Prefs(theme="dark")
    assert merge_prefs(None, theirs) is theirs
    assert merge_prefs(mine, theirs) is None
    assert merge_prefs(None, None) is None


def test_what_changed_in_words() -> None:
    words = restored_words(Merged(added=12, known=3, resumed=1, stats=True), "pt")
    assert words == (
        "Cópia restaurada: 12 partidas acrescentadas; 3 já estavam cá; "
        "1 partida em curso recuperada; estatísticas atualizadas."
    )
    assert restored_words(Merged(added=1, prefs=True), "en") == (
        "Backup restored: 1 game added; options brought back."
    )
    assert restored_words(Merged(known=2, resumed=1), "pt") == (  # nothing added: unsaid
        "Cópia restaurada: 2 já estavam cá; 1 partida em curso recuperada."
    )
    assert restored_words(Merged(known=5), "en") == (
        "Nothing to add: everything in this backup is already in this browser (5 games)."
    )


def test_the_statistics_say_whether_this_browser_keeps_the_games() -> None:
    assert keeping(True, blocked=False, installed=False, framed=False) == "keep.yes"
    assert keeping(False, blocked=False, installed=False, framed=False) == "keep.no"
    assert keeping(None, blocked=False, installed=False, framed=False) == "keep.no"
    assert keeping(False, blocked=False, installed=True, framed=False) == "keep.backup"
    assert keeping(False, blocked=False, installed=False, framed=True) == "keep.backup"
    assert keeping(True, blocked=True, installed=False, framed=False) == "keep.blocked"


# -------------------------------------------------------- merging as a whole, by hypothesis
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
    return merge_history(here_h, there_h).entries, stats


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


def test_a_table_with_no_move_gives_way_to_the_games_restored() -> None:
    kept = play_of(WON.code, 2)
    other = play_of("HM1-N-AAAAAAC", 1, id="p9")
    ended = play_of(IMPASSE.code, 0, id="p8")
    for move in IMPASSE.moves:
        for slot in move:
            ended.game.tap(slot, 1)
    session = Session(Game.new("HM1-N-AAAAAAD"), Prefs(), "pt", Shelf(kept, other, ended))
    assert session.restored(IMPASSE.code, 0) is None  # a game that ended does not
    assert session.restored(None, 0) is None
    feedback = session.restored(WON.code, 0)
    assert feedback is not None and feedback.deal
    assert (session.game.code, session.game.moves) == (WON.code, 2)  # where it was
    assert session.restored("HM1-N-AAAAAAC", 0) is None  # a table with moves stays
