"""Find the two games the examples page replays (run by hand; nothing here ships).

    python3 -m tests.find_examples won       # scans deal numbers with a small C program
    python3 -m tests.find_examples impasse

The won game must be the one the user's rules text quotes: its first move is 5♠ from
pile 1 with 6♦ from pile 8, pile 8 then shows V♣ (J♣), taken next with D♥ (Q♥) from
pile 5 and R♥ (K♥) from pile 3; A♥ and a second R♥ are playable in the same deal (the
text's examples of refused taps).  The five placements occur about once in 340 million
deals, everything together only a handful of times among all 26⁷, so the scan is compiled
C (about 15 minutes on two cores); each candidate is then checked in Python with the real
dealer and completed by the test-only search.
"""

from __future__ import annotations

import random
import subprocess
import sys
import tempfile
from pathlib import Path

from halfmoon import Game
from halfmoon.rules.deal import format_code
from tests.solver import Move, legal_moves, solve

OPENING: list[Move] = [("P1", "P8"), ("P8", "P5", "P3")]

# Card index in the canonical deck mod 52: suit (S H D C) * 13 + rank - 1.
SCAN_C = r"""
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
static inline uint64_t next(uint64_t *s) {
  uint64_t z = (*s += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}
static inline uint64_t below(uint64_t *s, uint64_t k) {
  uint64_t limit = 0 - ((0 - k) % k);  /* 2^64 - (2^64 mod k); 0 stands for 2^64 */
  for (;;) { uint64_t x = next(s); if (limit == 0 || x < limit) return x % k; }
}
int main(int argc, char **argv) {
  uint64_t a = strtoull(argv[1], 0, 10), b = strtoull(argv[2], 0, 10);
  unsigned char d[104];
  for (uint64_t n = a; n < b; n++) {
    uint64_t s = n; int ok = 1;
    for (int i = 0; i < 104; i++) d[i] = i;
    for (int i = 103; i >= 1; i--) {
      uint64_t j = below(&s, i + 1); unsigned char t = d[i]; d[i] = d[j]; d[j] = t;
      /* deck[i] is final once step i is done: reject as early as possible */
      if ((i == 63 && d[63] % 52 != 31) || (i == 62 && d[62] % 52 != 49) ||
          (i == 39 && d[39] % 52 != 24) || (i == 23 && d[23] % 52 != 25) ||
          (i == 7 && d[7] % 52 != 4)) { ok = 0; break; }
    }
    if (ok) { printf("%llu\n", (unsigned long long)n); fflush(stdout); }
  }
  return 0;
}
"""


def scan(start: int, stop: int, workers: int = 2) -> list[int]:
    """Deal numbers in [start, stop) whose layout matches the quoted opening."""
    with tempfile.TemporaryDirectory() as tmp:
        source, program = Path(tmp) / "scan.c", Path(tmp) / "scan"
        source.write_text(SCAN_C)
        subprocess.run(["gcc", "-O3", "-o", str(program), str(source)], check=True)
        step = (stop - start + workers - 1) // workers
        procs = [
            subprocess.Popen(
                [str(program), str(lo), str(min(lo + step, stop))], stdout=subprocess.PIPE
            )
            for lo in range(start, stop, step)
        ]
        found = [int(line) for p in procs for line in p.communicate()[0].split()]
    return sorted(found)


def playable_codes(game: Game) -> list[str]:
    return [c.code for c in game.tops().values()]


def won_line(number: int) -> tuple[str, list[Move]] | None:
    """The deal's code and a complete winning line starting with OPENING, if the deal
    also shows A♥ and both R♥ at the start."""
    code = format_code(number)
    game = Game.new(code)
    start = playable_codes(game)
    if "AH" not in start or start.count("KH") < 2:
        return None
    for move in OPENING:
        results = [game.tap(s) for s in move]
        if results[-1].outcome not in ("pair", "trio"):
            return None
    places = [list(p) for p in game.piles] + [[c] if c else [] for c in game.reserve]
    rest = solve(places, node_limit=2_000_000)
    return None if rest is None else (code, OPENING + rest)


def impasse_line(deals: int = 3000, tries: int = 60, seed: int = 7) -> tuple[str, list[Move]]:
    """The shortest line into impasse that random short playouts find."""
    rng = random.Random(seed)
    best: tuple[str, list[Move]] | None = None
    for number in range(deals):
        code = format_code(number)
        for _ in range(tries):
            game, line = Game.new(code), []
            while game.status == "playing" and len(line) < 10:
                tops = game.tops()
                move = rng.choice(legal_moves(tops))
                for s in move:
                    game.tap(s)
                line.append(move)
            if game.status == "impasse":
                if best is None or len(line) < len(best[1]):
                    best = (code, line)
                break
        if best is not None and len(best[1]) <= 4:
            break
    assert best is not None
    return best


def main() -> None:
    what = sys.argv[1] if len(sys.argv) > 1 else "won"
    if what == "won":
        for number in scan(0, 26**7):
            result = won_line(number)
            print(format_code(number), "won" if result else "-", result and result[1])
    else:
        print(impasse_line())


if __name__ == "__main__":
    main()
