"""Engine soak: random taps, undos and redos over random deals, with every invariant
checked after every step.  ``make soak`` runs 1,000,000 steps; CI runs a short profile.

    python3 -m tests.soak [--steps N] [--seed S]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from dataclasses import dataclass, field

from halfmoon import Game
from halfmoon.rules.deal import DEAL_COUNT, format_code
from tests.invariants import check_invariants
from tests.positions import observable
from tests.solver import Move, legal_moves, solve_code


@dataclass
class Report:
    steps: int = 0
    deals: int = 0
    removals: int = 0
    wins: int = 0
    impasses: int = 0
    violations: list[str] = field(default_factory=list)


def new_deal(rng: random.Random) -> tuple[Game, list[Move] | None]:
    """A random deal; one in twenty follows a winning line (when the search finds one
    quickly), so that won games are soaked too."""
    code = format_code(rng.randrange(DEAL_COUNT))
    line = solve_code(code, node_limit=20_000) if rng.random() < 0.05 else None
    return Game.new(code), line


def soak(steps: int, seed: int) -> Report:
    rng = random.Random(seed)
    report = Report()
    game, line = new_deal(rng)
    report.deals = 1
    clock = 0.0
    while report.steps < steps:
        report.steps += 1
        clock += rng.uniform(50, 3000)
        step = report.steps
        try:
            if game.status != "playing" and rng.random() < 0.3:
                report.wins += game.status == "won"
                report.impasses += game.status == "impasse"
                game, line = new_deal(rng)
                report.deals += 1
            roll = rng.random()
            if roll < 0.08:
                moves, selection = game.moves, game.selection
                changed = game.undo(clock)
                assert game.moves == moves - changed
                assert game.selection == (() if changed else selection)
            elif roll < 0.12:
                moves, selection = game.moves, game.selection
                changed = game.redo(clock)
                assert game.moves == moves + changed
                assert game.selection == (() if changed else selection)
            elif (roll < 0.5 or line is not None) and game.status == "playing":
                for s in game.selection:
                    game.tap(s, clock)
                tops = game.tops()
                made = [r.slots for r in game.history]
                if line is not None and made == line[: len(made)] and len(made) < len(line):
                    move = line[len(made)]
                else:
                    move = rng.choice(legal_moves(tops))
                before = observable(game)
                for s in move:
                    result = game.tap(s, clock)
                assert result.removal is not None
                report.removals += 1
                after = observable(game)
                assert game.undo(clock)
                assert observable(game)[:2] + observable(game)[3:] == before[:2] + before[3:]
                assert game.redo(clock)
                assert observable(game) == after
            else:
                playable = game.playable() or ("P1",)
                game.tap(rng.choice(playable), clock)
            check_invariants(game)
        except AssertionError as exc:
            report.violations.append(f"seed {seed}, step {step}, deal {game.code}: {exc!r}")
            game, line = new_deal(rng)
    return report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--steps", type=int, default=1_000_000)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    started = time.perf_counter()
    report = soak(args.steps, args.seed)
    seconds = time.perf_counter() - started
    print(
        f"soak: {report.steps:,} steps over {report.deals:,} deals (seed {args.seed}): "
        f"{report.removals:,} removals, {report.wins:,} wins, {report.impasses:,} impasses; "
        f"{len(report.violations)} violations; {seconds:.0f} s"
    )
    for line in report.violations[:20]:
        print("  " + line)
    sys.exit(1 if report.violations else 0)


if __name__ == "__main__":
    main()
