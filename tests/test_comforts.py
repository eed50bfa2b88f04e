"""A table of one's own, in CPython: the clock held by the pause, a window or a hidden
page (and the statistics' time with it), a card dragged onto another as two taps, the
keys P and F, sound and the felt among the options (sound apart inside a frame), what
each move sounds like, and what the end window says of a win."""

from __future__ import annotations

import re
from datetime import date
from pathlib import Path

import pytest

from halfmoon import Game
from halfmoon.keeping.books import Books
from halfmoon.keeping.prefs import FELTS, Prefs
from halfmoon.keeping.saved import Play, read_play, read_prefs, write_play, write_prefs
from halfmoon.page.drag import drop_taps
from halfmoon.page.keys import resumes, shortcut
from halfmoon.page.results import win_lines
from halfmoon.records.daily import daily_code
from halfmoon.records.history import Entry
from halfmoon.records.stats import Stats
from halfmoon.session.presenter import Presenter
from halfmoon.session.session import Session
from tests.positions import position
from tests.solver import legal_moves

CODE = "HM1-N-AAAAAAB"  # tops P5 6H, P6 5H, P2 QC, P3 KS, R3 JH, P4 9H, P1 8S
TODAY = date(2026, 12, 2)


def session_of(game: Game, **prefs: bool) -> Session:
    books = Books(wall=lambda: 1.7e12, make_id=lambda: "id", day_of=lambda wall: TODAY)
    return Session(game, Prefs(**prefs), "en", books=books)


# ------------------------------------------------------------------- the clock held
def test_a_window_the_pause_and_a_hidden_page_each_hold_the_clock_until_all_let_go() -> None:
    session = session_of(Game.new(CODE))
    session.tap("P5", 0)  # the clock starts at the first tap
    session.hold("window", 10_000)  # the rules opened after 10 s
    assert session.game.elapsed(70_000) == 10_000
    session.hold("hidden", 70_000)  # then the page hidden, the window still open
    session.hold("window", 80_000, on=False)  # closed while hidden: still stopped
    assert session.game.elapsed(90_000) == 10_000
    session.pause(95_000)  # paused in between (the pause is the player's)
    session.hold("hidden", 100_000, on=False)
    assert session.paused and session.game.elapsed(200_000) == 10_000
    session.pause(200_000)  # the pause ends: nothing holds the clock any more
    assert not session.paused and session.game.elapsed(201_000) == 11_000


def test_the_pause_is_said_toggled_and_never_saved() -> None:
    session = session_of(Game.new(CODE))
    session.tap("P5", 0)
    paused = session.pause(4_000)
    assert paused.message.startswith("Paused: the clock has stopped") and paused.save
    assert session.pause(5_000, on=True).message == ""  # already paused: nothing to say
    kept = write_play(session.play, 1.7e12)  # what a save writes while paused
    back = session.pause(9_000)
    assert back.message == "Back to the game." and not session.paused
    reloaded = read_play(kept, CODE)
    assert "pause" not in kept and reloaded.game.elapsed() == 4_000
    reloaded.game.resume(0)  # a reload shows the table, its clock running again
    assert reloaded.game.clock_running


def test_a_deal_begun_behind_a_window_runs_its_clock_only_when_the_window_closes() -> None:
    kept = Game.new("HM1-N-AAAAAAC")
    kept.tap("P1", 0)
    kept.pause(3_000)  # a deal left after 3 s, its clock stopped
    session = session_of(Game.new(CODE))
    session.library = type("Shelf", (), {"find": lambda self, code: Play(kept, "k", 1, 1)})()
    session.hold("window", 5_000)  # the deal-code window, still open as the code plays
    session.new_game(5_000, "HM1-N-AAAAAAC")
    assert session.game is kept and session.game.elapsed(60_000) == 3_000
    session.hold("window", 60_000, on=False)
    assert session.game.elapsed(61_000) == 4_000
    session.hold("window", 62_000)  # a restart confirmed in its window
    session.restart(62_000)
    session.tap("P1", 62_500)  # not yet possible with a window open; the clock waits
    assert not session.game.clock_running


def test_the_statistics_count_a_win_s_time_without_what_a_window_or_the_pause_held() -> None:
    game = position(P1="5S", P2="6D")
    session = session_of(game)
    session.tap("P1", 1_000)
    session.hold("window", 2_000)  # the statistics looked at for a minute
    session.hold("window", 62_000, on=False)
    session.pause(63_000)
    session.pause(120_000)  # a pause of 57 s
    won = session.tap("P2", 121_000)
    assert won.dialog == "won" and [(c.kind, c.time_ms) for c in won.counts] == [
        ("played", 0.0),
        ("won", 3_000),
    ]


# ------------------------------------------------------------------------ keys
@pytest.mark.parametrize(
    ("key", "mods", "action"),
    [
        ("p", {}, "pause"),
        ("P", {}, "pause"),
        ("f", {}, "fullscreen"),
        ("F", {}, "fullscreen"),
        ("p", {"ctrl": True}, None),
        ("f", {"meta": True}, None),
        ("f", {"alt": True}, None),
        ("P", {"shift": True}, None),
    ],
)
def test_p_pauses_and_f_takes_the_full_screen(
    key: str, mods: dict[str, bool], action: str | None
) -> None:
    flags = {"ctrl": False, "meta": False, "shift": False, "alt": False} | mods
    assert shortcut(key, **flags) == action


def test_any_key_but_a_modifier_alone_ends_the_pause() -> None:
    assert all(resumes(key) for key in ("p", "x", "Enter", " ", "ArrowLeft", "Escape", "Tab"))
    assert not any(resumes(key) for key in ("Shift", "Control", "Alt", "Meta", "CapsLock"))


# -------------------------------------------------------------------- dragging
def dropped(game: Game, source: str, target: str) -> list[str]:
    """The card of ``source`` dropped on ``target``: the outcomes of the taps it makes."""
    return [game.tap(slot, 0).outcome for slot in drop_taps(game.selection, source, target)]


def test_a_card_dropped_on_its_partner_makes_the_pair_as_two_taps_would() -> None:
    game = Game.new(CODE)
    assert dropped(game, "P5", "P6") == ["select", "pair"] and game.moves == 1
    assert dropped(game, "P4", "P4") == [] and game.selection == ()  # dropped on itself
    game.tap("P4", 0)  # 9H selected, then dragged onto 8S: as two taps, refused
    assert dropped(game, "P4", "P1") == ["clear"] and game.selection == ()


def test_courts_dragged_together_are_selected_and_the_third_completes_the_trio() -> None:
    game = Game.new(CODE)
    assert dropped(game, "P2", "P3") == ["select", "select"]  # Q onto K: both selected
    assert game.selection == ("P2", "P3")
    assert dropped(game, "R3", "P3") == ["trio"]  # J onto the selected K: the trio leaves
    game = Game.new(CODE)
    game.tap("P2", 0)  # a Queen selected, then dragged onto the King
    assert dropped(game, "P2", "P3") == ["select"] and game.selection == ("P2", "P3")
    assert dropped(game, "P3", "R3") == ["trio"]  # a selected court onto the third


def test_a_drop_taps_only_what_is_not_selected_yet() -> None:
    assert drop_taps(("P1",), "P1", "P2") == ("P2",)
    assert drop_taps(("P1", "P2"), "P3", "P1") == ("P3",)
    assert drop_taps(("P1",), "P3", "P4") == ("P3", "P4")
    assert drop_taps((), "R1", "R1") == ()


# --------------------------------------------------------------------- options
def test_the_felt_is_one_of_four_and_kept_with_the_options() -> None:
    prefs = Prefs()
    assert prefs.felt == "green" and len(FELTS) >= 4
    prefs = prefs.change("felt", "burgundy")
    assert read_prefs(write_prefs(prefs)).felt == "burgundy"
    prefs = prefs.change("felt", "<script>")  # not a felt: nothing changes
    assert prefs.felt == "burgundy"
    assert read_prefs('{"v": 2, "felt": "purple"}').felt == "green"
    assert read_prefs('{"v": 2, "felt": 3}').felt == "green"


def test_sound_is_off_at_first_and_a_frame_keeps_its_own_choice() -> None:
    prefs = Prefs()
    assert not prefs.switch("sound") and not prefs.switch("sound", framed=True)
    prefs = prefs.change("sound", True)  # turned on on the game's own page
    assert prefs.switch("sound") and not prefs.switch("sound", framed=True)
    prefs = prefs.change("sound", True, framed=True)  # and in a frame, there
    prefs = prefs.change("sound", False)
    back = read_prefs(write_prefs(prefs))
    assert not back.switch("sound") and back.switch("sound", framed=True)
    prefs = prefs.change("errors", True, framed=True)  # the other options are the same everywhere
    assert prefs.switch("errors")


def test_each_move_of_the_player_s_own_has_its_sound() -> None:
    session = session_of(position(P1="5S", P2="6D", P3="9H", P4="JC", P5="QD", P6="KS"))
    heard = [session.tap(slot, 0).sound for slot in ("P1", "P1", "P1", "P3")]
    assert heard == ["select", "select", "select", "refused"]
    heard = [session.tap(slot, 0).sound for slot in ("P1", "P2", "P4", "P5", "P6")]
    assert heard == ["select", "pair", "select", "select", "trio"]
    assert session.undo(0).sound == "undo" and session.redo(0).sound == "trio"
    assert session.tap("P12", 0).sound is None  # nothing there: nothing heard
    assert session.pause(0).sound is None and session.read_aloud(0).sound is None
    last = session_of(position(P1="5S", P2="6D"))
    last.tap("P1", 0)
    assert last.tap("P2", 0).sound == "win"


# ------------------------------------------------------------------------ a win
def entry(day: date, result: str = "won", *, late: bool = False) -> Entry:
    return Entry(
        id=day.isoformat(),
        code=daily_code(day),
        begun=0.0,
        ended=0.0,
        result=result,
        left=0,
        time_ms=60_000.0,
        moves=48,
        daily=day,
        late=late,
        removals=(),
    )


def test_a_first_win_a_new_best_and_a_slower_win_are_told_apart() -> None:
    lines, best = win_lines(200_000, Stats(1, 1, 200_000, 1, 1), [], TODAY, None, "en")
    assert lines == ("Your first win: 3:20 is the time to beat.",) and best
    lines, best = win_lines(200_000, Stats(5, 3, 200_000, 2, 2), [], TODAY, None, "en")
    assert lines == ("3:20: a new best time!", "2 wins in a row.") and best
    lines, best = win_lines(260_000, Stats(5, 3, 200_000, 1, 2), [], TODAY, None, "pt")
    assert lines == ("4:20; o seu melhor tempo é 3:20.",) and not best


def test_a_deal_of_the_day_won_says_the_days_in_a_row_and_the_month() -> None:
    days = [entry(date(2026, 11, 30)), entry(date(2026, 12, 1), "stuck"), entry(TODAY)]
    stats = Stats(9, 4, 100_000, 1, 3)
    lines, _ = win_lines(300_000, stats, days, TODAY, (TODAY, False), "en")
    assert lines == (
        "5:00; your best time is 1:40.",
        "3 days in a row playing the deal of the day.",
        "December 2026: 1 of 2 days won so far.",
    )
    late = [*days, entry(date(2026, 11, 2), late=True)]  # a day made up: its month only
    lines, _ = win_lines(300_000, stats, late, TODAY, (date(2026, 11, 2), True), "pt")
    assert lines[1:] == ("Novembro de 2026: 2 de 30 dias ganhos.",)


def test_the_end_window_of_a_win_carries_its_record_and_an_impasse_none() -> None:
    session = session_of(position(P1="5S", P2="6D"))
    session.tap("P1", 0)
    session.tap("P2", 90_000)
    shown = Presenter(session)
    view = shown.end(95_000, Stats(3, 2, 60_000, 2, 2), [])
    assert view is not None and view.ending == "won" and not view.best
    assert view.record == ("1:30; your best time is 1:00.", "2 wins in a row.")
    assert shown.end(95_000) == shown.end(95_000, None)  # no statistics: no record
    stuck = session_of(position(P1="5S", P2="7D"))
    view = Presenter(stuck).end(0, Stats(3, 2, 60_000, 2, 2), [])
    assert view is not None and view.ending == "impasse" and view.record == ()


def test_a_drag_of_the_last_pair_wins_as_taps_do() -> None:
    game = Game.new(CODE)
    while game.status == "playing" and legal_moves(game.tops()):
        source, *rest = legal_moves(game.tops())[0]
        for slot in drop_taps(game.selection, source, rest[0]):
            game.tap(slot, 0)
        for slot in rest[1:]:
            game.tap(slot, 0)
    assert game.status in ("won", "impasse") and game.moves > 0


# --------------------------------------------------------------------- the felts
CSS = (Path(__file__).parents[1] / "static" / "halfmoon.css").read_text(encoding="utf-8")
INKS = ("--ink", "--ink-dim", "--gold", "--notice-ink", "--error-ink")
"""The colours of words drawn on the felt: the bar, captions, the message line, notices."""


def tokens(selector: str) -> dict[str, tuple[str, str]]:
    """The colour tokens a rule of the stylesheet sets: name → (light theme, dark theme)."""
    block = CSS[CSS.index(selector + " {") :]
    block = block[: block.index("}")]
    found = {}
    for name, value in re.findall(r"(--[\w-]+):\s*([^;]+);", block):
        pair = re.fullmatch(r"light-dark\((#\w+),\s*(#\w+)\)", value.strip())
        if pair:
            found[name] = (pair[1], pair[2])
        elif re.fullmatch(r"#\w{6}", value.strip()):
            found[name] = (value.strip(), value.strip())
    return found


def luminance(colour: str) -> float:
    def linear(c: int) -> float:
        s = c / 255
        return s / 12.92 if s <= 0.03928 else ((s + 0.055) / 1.055) ** 2.4

    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)


def contrast(a: str, b: str) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def lighter(colour: str, white: float) -> str:
    """``colour`` under a veil of white (the bar's buttons: 7 %)."""
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return "#" + "".join(f"{round(c + (255 - c) * white):02x}" for c in (r, g, b))


@pytest.mark.parametrize("felt", FELTS)
def test_every_word_on_every_felt_keeps_aa_contrast_in_both_themes(felt: str) -> None:
    root = tokens(":root")
    own = root if felt == "green" else tokens(f'html[data-felt="{felt}"]')
    colours = {**root, **own}
    for theme in (0, 1):  # light, dark
        ground = colours["--felt"][theme]  # the lightest point of the felt's gradient
        for ink in INKS:
            ratio = contrast(colours[ink][theme], ground)
            assert ratio >= 4.5, (felt, theme, ink, round(ratio, 2))
        button = lighter(ground, 0.07)  # the bar's and the actions' buttons
        assert contrast(colours["--ink"][theme], button) >= 4.5, (felt, theme)
    if felt != "green":  # a felt of its own, not green under another name
        assert own["--felt"] != root["--felt"] and own["--felt-dark"] != root["--felt-dark"]
    assert contrast("#ffffff", colours["--accent"][0]) >= 4.5  # primary buttons' words
