"""Keyboard navigation and shortcuts, statistics, and the live-region announcements."""

from __future__ import annotations

from dataclasses import replace

import pytest

from halfmoon import Game
from halfmoon.keeping.prefs import Prefs
from halfmoon.keeping.saved import (
    Play,
    read_play,
    read_prefs,
    read_stats,
    write_play,
    write_prefs,
    write_stats,
)
from halfmoon.page.keys import fallback, first, last, neighbour, shortcut, target
from halfmoon.page.view import stats_view
from halfmoon.records.safejson import Invalid
from halfmoon.records.stats import Count, Stats
from halfmoon.rules.layout import SLOTS
from halfmoon.session.session import Feedback, Session
from tests.positions import position
from tests.solver import solve_code

ALL = set(SLOTS)


@pytest.mark.parametrize(
    ("slot", "direction", "expected"),
    [
        # up the left side
        ("P1", "up", "P2"),
        ("P2", "up", "P3"),
        ("P3", "up", "P4"),
        # along the top
        ("P4", "right", "P5"),
        ("P9", "right", "P10"),
        # down the right side
        ("P10", "down", "P11"),
        ("P11", "down", "P12"),
        ("P4", "down", "P3"),
        ("P12", "up", "P11"),
        ("P3", "right", "R1"),
        ("R1", "right", "R2"),
        ("R4", "right", "P11"),
        ("R1", "down", "R5"),
        ("R5", "up", "R1"),
        ("R8", "right", "P12"),
        ("P2", "right", "R5"),
        ("R1", "up", "P5"),
        ("R4", "up", "P8"),
        ("P1", "right", "R5"),
    ],
)
def test_arrows_follow_the_table(slot: str, direction: str, expected: str) -> None:
    assert neighbour(slot, direction, ALL) == expected  # type: ignore[arg-type]


def test_arrows_stop_at_the_edges_and_skip_empty_places() -> None:
    assert neighbour("P4", "up", ALL) is None
    assert neighbour("P4", "left", ALL) is None
    assert neighbour("P1", "down", ALL) is None
    assert neighbour("P3", "right", ALL - {"R1"}) == "R2"  # stays on its row
    assert neighbour("P3", "right", ALL - {"R1", "R2", "R3", "R4", "R5", "R6", "R7", "R8"}) == "P11"
    assert neighbour("P1", "up", {"P1"}) is None
    assert first(ALL - {"P1", "P2"}) == "P3" and first(set()) is None


def test_every_card_can_be_reached_from_every_other() -> None:
    for start in SLOTS:
        seen, todo = {start}, [start]
        while todo:
            here = todo.pop()
            for d in ("left", "right", "up", "down"):
                there = neighbour(here, d, ALL)  # type: ignore[arg-type]
                if there and there not in seen:
                    seen.add(there)
                    todo.append(there)
        assert seen == ALL, start


def test_home_and_end_reach_the_first_and_last_cards() -> None:
    assert (first(ALL), last(ALL)) == ("P1", "R8")
    assert target("Home", "R5", ALL - {"P1"}) == "P2"
    assert target("End", "P2", ALL - {"R8", "R7"}) == "R6"
    assert target("ArrowUp", "P1", ALL) == "P2"
    assert last(set()) is None and target("End", "P1", set()) is None


def test_focus_moves_on_when_its_card_leaves() -> None:
    assert fallback("P5", ALL) == "P5"  # still there: it stays
    assert fallback("P5", ALL - {"P5"}) == "P6"  # to the right first
    assert fallback("P10", ALL - {"P10"}) == "P9"  # then to the left
    assert fallback("P4", ALL - {"P4", "P5", "P6", "P7", "P8", "P9", "P10"}) == "R1"
    assert fallback("P4", {"P3", "P2"}) == "P3"  # below
    assert fallback("P1", {"P2"}) == "P2"  # above
    assert fallback("R8", {"P1"}) == "P1"  # else the first card left
    assert fallback("R8", set()) is None


@pytest.mark.parametrize(
    ("key", "mods", "action"),
    [
        ("u", {}, "undo"),
        ("U", {"shift": True}, None),
        ("z", {"ctrl": True}, "undo"),
        ("z", {"meta": True}, "undo"),
        ("Z", {"ctrl": True, "shift": True}, "redo"),
        ("z", {"meta": True, "shift": True}, "redo"),
        ("y", {"ctrl": True}, "redo"),
        ("r", {}, "redo"),
        ("n", {}, "new"),
        ("N", {}, "new"),
        ("n", {"ctrl": True}, None),
        ("r", {"ctrl": True}, None),
        ("y", {}, None),
        ("u", {"alt": True}, None),
        ("Enter", {}, None),
        ("y", {"meta": True}, None),
        ("t", {}, "read"),
        ("T", {}, "read"),
        ("t", {"ctrl": True}, None),
        ("T", {"shift": True}, None),
    ],
)
def test_shortcuts(key: str, mods: dict[str, bool], action: str | None) -> None:
    flags = {"ctrl": False, "meta": False, "shift": False, "alt": False} | mods
    assert shortcut(key, **flags) == action


# --------------------------------------------------------------------- stats
class Shelf:
    """A library in memory: what the browser's storage is to the page."""

    def __init__(self) -> None:
        self.plays: dict[str, Play] = {}

    def find(self, code: str) -> Play | None:
        return self.plays.get(code)


def count(stats: Stats, feedback: Feedback) -> list[str]:
    """Apply what an action counted, as the page does; the kinds counted."""
    for event in feedback.counts:
        stats.count(event)
    return [event.kind for event in feedback.counts]


def win(stats: Stats, session: Session, code: str, undo_after: bool = False) -> None:
    line = solve_code(code)
    assert line is not None
    count(stats, session.new_game(0, code))
    for i, move in enumerate(line):
        for s in move:
            count(stats, session.tap(s, now=1000.0 * i))
    if undo_after:
        count(stats, session.undo(now=1e6))
        count(stats, session.redo(now=1e6 + 10))


def test_a_game_is_played_at_its_first_removal_not_before() -> None:
    stats, session = Stats(), Session(position(P1="4S", P2="7S", P3="5S", P4="6S"), Prefs())
    assert count(stats, session.tap("P1", 0)) == [] and stats.played == 0
    assert count(stats, session.tap("P2", 0)) == ["played"] and stats.played == 1
    assert count(stats, session.undo(0)) == [] and count(stats, session.redo(0)) == []
    assert stats.played == 1


def test_a_win_counts_once_even_after_undo_and_redo() -> None:
    stats = Stats()
    win(stats, Session(Game.new("HM1-N-AAAAAAB"), Prefs()), "HM1-N-AAAAAAA", undo_after=True)
    assert (stats.played, stats.won, stats.streak, stats.best_streak) == (1, 1, 1, 1)
    assert stats.best_time_ms == 47_000
    assert stats.win_rate == 100


def test_streaks_and_abandoned_games() -> None:
    stats, session = Stats(), Session(Game.new("HM1-N-AAAAAAD"), Prefs(), "pt", Shelf())
    win(stats, session, "HM1-N-AAAAAAA")
    win(stats, session, "HM1-N-AAAAAAB")
    assert (stats.streak, stats.best_streak) == (2, 2)
    count(stats, session.new_game(0, "HM1-N-AAAAAAC"))
    line = solve_code("HM1-N-AAAAAAC")
    assert line is not None
    for s in line[0]:  # played, then left unwon for another deal: the streak ends
        count(stats, session.tap(s, 0))
    assert count(stats, session.new_game(0)) == ["left"]
    assert (stats.played, stats.won, stats.streak, stats.best_streak) == (3, 2, 0, 2)
    assert stats.win_rate == 67
    assert count(stats, session.new_game(0)) == []  # an unplayed game left changes nothing
    assert (stats.played, stats.streak) == (3, 0)


def test_stats_survive_storage_and_refuse_nonsense() -> None:
    stats = Stats()
    win(stats, Session(Game.new("HM1-N-AAAAAAB"), Prefs()), "HM1-N-AAAAAAA")
    assert read_stats(write_stats(stats)) == stats
    for bad in (
        "",
        "{",
        "[]",
        '{"played": -1, "won": 0, "streak": 0, "best_streak": 0, "best_time_ms": null}',
        '{"played": 1, "won": 5, "streak": 0, "best_streak": 0, "best_time_ms": null}',
        '{"played": "9", "won": 0, "streak": 0, "best_streak": 0, "best_time_ms": null}',
        '{"played": 1, "won": 1, "streak": 2, "best_streak": 2, "best_time_ms": null}',
        '{"played": 2, "won": 1}',
    ):
        with pytest.raises(Invalid):
            read_stats(bad)


def test_a_reset_does_not_count_the_game_in_progress_again() -> None:
    stats, session = Stats(), Session(Game.new("HM1-N-AAAAAAB"), Prefs())
    win(stats, session, "HM1-N-AAAAAAA")
    stats = Stats()  # the player resets the statistics
    assert count(stats, session.undo(1)) + count(stats, session.redo(2)) == []
    assert (stats.played, stats.won) == (0, 0)


def test_a_game_played_before_a_reset_and_won_after_is_played_too() -> None:
    """Reset mid-game (the game counted as played already), then won: the figures never
    say more games won than played, so they read back (they used to be kept aside as
    damaged)."""
    stats = Stats()
    stats.count(Count("won", 60_000))
    assert (stats.played, stats.won, stats.streak, stats.best_streak) == (1, 1, 1, 1)
    assert read_stats(write_stats(stats)) == stats


def test_a_reload_does_not_count_a_game_again() -> None:
    stats = Stats()
    session, _ = Session.start(
        last=None, library=Shelf(), prefs=Prefs(), fragment="#HM1-N-AAAAAAB", lang="pt"
    )
    count(stats, session.tap("P5", 0)), count(stats, session.tap("P6", 1))
    assert stats.played == 1
    kept = read_play(write_play(session.play, 1000), "HM1-N-AAAAAAB")
    shelf = Shelf()
    shelf.plays[kept.code] = kept
    again, _ = Session.start(
        last=None, library=shelf, prefs=Prefs(), fragment="#HM1-N-AAAAAAB", lang="pt"
    )
    assert again.game.moves == 1
    for slot in ("P2", "P3", "R3"):
        count(stats, again.tap(slot, 3))
    assert stats.played == 1
    assert count(stats, again.new_game(4, "HM1-N-AAAAAAC")) == ["left"]
    assert stats.streak == 0


# ------------------------------------------------------------- announcements
def test_announcements_for_pair_trio_undo_redo_and_end() -> None:
    session = Session(Game.new("HM1-N-AAAAAAB"), Prefs(), "pt")
    session.tap("P5", 0)
    pair = session.tap("P6", 1).message  # what the move scored, then the score
    assert pair == "Par retirado: Seis de Copas e Cinco de Copas: +10 pontos; total 10."
    session.tap("P2", 2), session.tap("P3", 3)
    trio = session.tap("R3", 4)
    assert trio.message == (
        "Trio retirado: Dama de Paus, Rei de Espadas e Valete de Copas: +15 pontos; total 25."
    )
    # an undo says which cards came back, a redo which left again
    assert session.undo(5).message == (
        "Jogada anulada: Dama de Paus, Rei de Espadas e Valete de Copas voltaram à mesa; total 10."
    )
    assert session.redo(6).message == (
        "Jogada refeita: Dama de Paus, Rei de Espadas e Valete de Copas saíram outra vez; total 25."
    )
    session.undo(7)
    assert session.undo(8).message == (
        "Jogada anulada: Seis de Copas e Cinco de Copas voltaram à mesa; total 0."
    )
    en = Session(position(P1="4S", P2="7H"), Prefs(), "en")
    en.tap("P1", 0)
    assert (
        en.tap("P2", 1).message
        == "Pair removed: Four of Spades and Seven of Hearts: +10 points; score 10. You won!"
    )
    assert en.undo(2).message == (
        "Move undone: Four of Spades and Seven of Hearts are back on the table; score 0."
    )
    assert en.redo(3).message.startswith("Move redone: Four of Spades and Seven of Hearts removed")
    stuck = Session(position(under={"P1": ["KS"], "P2": ["KH"]}, P1="5S", P2="6D"), Prefs(), "en")
    stuck.tap("P1", 0)
    assert stuck.tap("P2", 1).message.endswith("+10 points; score 10. No moves left.")


def test_escape_lets_go_of_the_selection() -> None:
    for lang, said in (("pt", "Seleção largada."), ("en", "Selection let go.")):
        session = Session(Game.new("HM1-N-AAAAAAB"), Prefs(), lang)
        assert session.let_go(0).message == "" and not session.let_go(0).save  # nothing held
        session.tap("P2", 1), session.tap("P3", 2)  # two courts of a trio in progress
        assert session.game.selection == ("P2", "P3")
        gone = session.let_go(3)
        assert session.game.selection == () and gone.message == said and gone.save
        assert session.game.moves == 0 and session.game.score == 0
    assert shortcut("Escape", ctrl=False, meta=False, shift=False, alt=False) == "let-go"
    assert shortcut("Escape", ctrl=True, meta=False, shift=False, alt=False) is None


def test_the_table_read_aloud_says_every_place_and_the_bar_and_no_hint() -> None:
    session = Session(Game.new("HM1-N-AAAAAAB"), Prefs(placement_help=True), "pt")
    session.tap("P5", 0), session.tap("P6", 1_000)  # a pair: 6♥ and 5♥ leave
    session.tap("P2", 2_000)  # a selection, with placement help dimming cards
    words = session.read_aloud(65_000)
    assert words.reading and not words.save and not words.events  # nothing changes
    said = words.message
    assert said.startswith("Monte 1: Oito de Espadas, 8 cartas. Monte 2: Dama de Paus")
    assert "Monte 2: Dama de Paus (selecionada), 8 cartas." in said
    assert "Monte 5: Ás de Paus, 7 cartas." in said  # the card the pair uncovered
    assert "Reserva 3: Valete de Copas. " in said
    assert said.endswith(
        "Reserva 8: Sete de Paus. Tempo 1:05. 10 pontos. 1 jogada. Partida HM1-N-AAAAAAB."
    )
    places = [p for p in said.split(". ") if p.startswith(("Monte", "Reserva"))]
    assert [p.split(":")[0] for p in places] == [
        *(f"Monte {n}" for n in range(1, 13)),
        *(f"Reserva {n}" for n in range(1, 9)),
    ]  # every place, in order
    # nothing about which cards fit: the same words without placement help's dimming
    session.use_prefs(replace(session.prefs, placement_help=False))
    assert session.read_aloud(65_000).message == said
    assert session.game.dimmed() and not any(w in said for w in ("escurec", "dimmed"))
    english = Session(position(under={"P1": ["KS"]}, P1="5S", P2="6D"), Prefs(), "en")
    english.tap("P1", 0)
    assert english.read_aloud(0).message.startswith(
        "Pile 1: Five of Spades (selected), 2 cards. Pile 2: Six of Diamonds, 1 card. "
        "Pile 3: empty."
    )
    assert (
        "Reserve 8: empty. Time 0:00. 0 points. 0 moves. Deal —." in english.read_aloud(0).message
    )


def test_the_statistics_dialog_shows_words_and_figures() -> None:
    stats = Stats()
    assert stats_view(stats, "pt") == {
        "played": "0",
        "won": "0",
        "rate": "—",
        "best-time": "—",
        "streak": "0",
        "best-streak": "0",
    }
    win(stats, Session(Game.new("HM1-N-AAAAAAB"), Prefs()), "HM1-N-AAAAAAA")
    en = stats_view(stats, "en")
    assert (en["played"], en["won"], en["rate"], en["best-time"]) == ("1", "1", "100%", "0:47")
    assert stats_view(stats, "pt")["rate"] == "100 %"


def test_new_preferences_round_trip() -> None:
    prefs = Prefs(four_colour=True, large_index=True, reduce_motion=True, theme="dark")
    assert read_prefs(write_prefs(prefs)) == prefs
    assert read_prefs('{"theme": "neon"}').theme == "auto"
    assert read_prefs('{"large_index": "yes"}').large_index is False  # not a choice: the default
    assert Prefs(large_index=True).switch("large-index")
