"""Undo and redo around the end of a game, by hypothesis, in one tab and in two tabs over
one store (tests/devices.py, as the page drives the engine): whatever the player undoes,
redoes, plays, waits or leaves, an end once recorded stays as it was, and the end window,
your games, the statistics, the host's events, the questions and Resume agree with it
(halfmoon/records/ending.py, issue 41)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from halfmoon.host.examples import WON
from halfmoon.page.results import resumable
from halfmoon.records.history import Entry
from halfmoon.rules.clock import format_time
from halfmoon.session.leaving import leave_question
from halfmoon.session.presenter import Presenter
from tests.devices import Device
from tests.test_ending import OTHER, STUCK, tap
from tests.test_history import NOON

LINES = {"win": WON.moves, "stuck": STUCK}
ACTIONS = st.sampled_from(
    [*["undo", "redo", "win"] * 4, *["stuck"] * 2, "move", "wait", "leave", "back", "restart"]
)


def near_the_end(tabs: int) -> tuple[Device, ...]:
    """``tabs`` tabs on the example deal, 40 moves along its winning line: 8 moves from
    its win, 7 from an impasse (``STUCK``)."""
    first = Device(NOON, WON.code)
    tap(first, WON.moves[:40])
    return (first, *(Device(NOON, store=first.memory) for _ in range(tabs - 1)))


def act(device: Device, action: str, pick: int) -> None:
    """One thing the player does in this tab (which first hears what another tab saved,
    as the page does between the player's actions)."""
    device.hear()
    session = device.session
    if action in ("undo", "redo", "restart"):
        device.act(getattr(session, action))
    elif action in LINES:  # the line's next moves, where the table is on that line
        line, made = LINES[action], [r.slots for r in session.game.history]
        if session.game.code == WON.code and made == list(line[: len(made)]):
            tap(device, line[len(made) :][: 1 + pick % 8])
    elif action == "move":
        device.move(pick)
    elif action == "wait":
        device.mono += 60_000 * (1 + pick % 5)
    elif action == "leave":
        device.act(lambda now: session.new_game(now, OTHER))
    else:  # back to the example deal: its kept play
        device.act(lambda now: session.new_game(now, WON.code))


def check(devices: tuple[Device, ...], seen: dict[str, Entry]) -> None:
    """What every tab shows agrees with the records, and no recorded win changed."""
    history, stats = devices[0].history(), devices[0].stats()
    won = [entry for entry in history if entry.result == "won"]
    for entry in won:
        assert seen.setdefault(entry.id, entry) == entry  # a win stays as it was
    assert set(seen) == {entry.id for entry in won}  # and is never taken back
    assert stats.won == len(won)
    assert stats.best_time_ms == min((entry.time_ms for entry in won), default=None)
    for device in devices:
        assert device.stats() == stats and device.history() == history
        session, play = device.session, device.session.play
        kept = {entry.id: entry for entry in history}
        if play.end is not None:
            assert leave_question(session, "new") is None
            entry = kept[play.id]
            assert (entry.result == "won") == play.end.won
            assert (entry.time_ms, entry.moves, entry.left) == (
                play.end.elapsed_ms,
                play.end.moves,
                play.end.left,
            )
        if session.game.status == "won":
            assert play.end is not None and play.end.won
            shown = Presenter(session)
            end = shown.end(device.mono, stats, history)
            assert end is not None and format_time(play.end.elapsed_ms) in end.text
            assert shown.counters(device.mono).time == format_time(play.end.elapsed_ms)
            assert shown.event("won", device.mono)["time"] == round(play.end.elapsed_ms / 1000)
        codes = (WON.code, OTHER)
        for code in resumable(codes, device.saver.find, play):
            found = play if code == play.code else device.saver.find(code)
            assert found is not None and found.end is None


def run(steps: list[tuple[int, str, int]], tabs: int) -> None:
    devices = near_the_end(tabs)
    seen: dict[str, Entry] = {}
    for which, action, pick in steps:
        device = devices[which % tabs]
        before = (device.stats(), device.history())
        act(device, action, pick)
        if action in ("undo", "redo"):  # looking back and forth never changes a record
            assert (device.stats(), device.history()) == before
        for other in devices:
            other.hear()
        check(devices, seen)


STEPS = st.lists(st.tuples(st.integers(0, 1), ACTIONS, st.integers(0, 99)), max_size=40)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(STEPS)
def test_an_end_stays_as_it_was_in_one_tab(steps: list[tuple[int, str, int]]) -> None:
    run(steps, tabs=1)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(STEPS)
def test_an_end_stays_as_it_was_across_two_tabs(steps: list[tuple[int, str, int]]) -> None:
    run(steps, tabs=2)
