"""Rules benchmark: the cost of one ``Game.tap`` (impasse check included) over full
random games.  Prints figures; it is not a test.  Run: ``make bench-rules``."""

from __future__ import annotations

import random
import statistics
import sys
import time

from halfmoon import Game
from halfmoon.rules.deal import DEAL_COUNT, format_code
from tests.solver import legal_moves


def main(games: int = 400, seed: int = 1) -> None:
    rng = random.Random(seed)
    samples: list[int] = []
    removal_samples: list[int] = []
    clock = time.perf_counter_ns
    for _ in range(games):
        game = Game.new(format_code(rng.randrange(DEAL_COUNT)))
        while game.status == "playing":
            if rng.random() < 0.2:  # a stray tap now and then: select, error or ignore
                slot = rng.choice(game.playable())
                t0 = clock()
                game.tap(slot, now=t0 / 1e6)
                samples.append(clock() - t0)
            for s in game.selection:
                game.tap(s)
            tops = game.tops()
            move = rng.choice(legal_moves(tops))
            for s in move:
                t0 = clock()
                result = game.tap(s, now=t0 / 1e6)
                elapsed = clock() - t0
                samples.append(elapsed)
                if result.removal is not None:
                    removal_samples.append(elapsed)
    samples.sort()
    removal_samples.sort()

    def pct(data: list[int], p: float) -> float:
        return data[min(len(data) - 1, int(p * len(data)))] / 1000

    print(f"Python {sys.version.split()[0]}; {games} random games, {len(samples)} taps")
    print(
        f"  every tap        median {statistics.median(samples) / 1000:6.2f} µs   "
        f"p95 {pct(samples, 0.95):6.2f} µs   max {samples[-1] / 1000:7.2f} µs"
    )
    print(
        f"  removing taps    median {statistics.median(removal_samples) / 1000:6.2f} µs   "
        f"p95 {pct(removal_samples, 0.95):6.2f} µs   (impasse check included)"
    )
    print("  target: median ≤ 50 µs per tap")


if __name__ == "__main__":
    main()
