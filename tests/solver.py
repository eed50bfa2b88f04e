"""A search for winning lines, for tests only.

The product has no solver and must never ship one: this module lives under ``tests/``
and is used to find complete games that the tests then play through ``Game.tap``.
"""

from __future__ import annotations

from itertools import combinations

from halfmoon.rules.cards import Card
from halfmoon.rules.deal import deal, parse_code
from halfmoon.rules.layout import SLOTS

Move = tuple[str, ...]


def legal_moves(tops: dict[str, Card]) -> list[Move]:
    """Every pair and trio among the given playable cards (one per distinct set of places)."""
    moves: list[Move] = []
    numbers = [(s, c) for s, c in tops.items() if not c.is_face]
    for (s1, c1), (s2, c2) in combinations(numbers, 2):
        if c1.rank + c2.rank == 11:
            moves.append((s1, s2))
    faces: dict[int, list[str]] = {11: [], 12: [], 13: []}
    for s, c in tops.items():
        if c.is_face:
            faces[c.rank].append(s)
    for j in faces[11]:
        for q in faces[12]:
            for k in faces[13]:
                moves.append((j, q, k))
    return moves


def solve(places: list[list[Card]], node_limit: int = 200_000) -> list[Move] | None:
    """A winning line (list of moves, slots in tap order) or None if none was found
    within ``node_limit`` positions."""
    stacks = [list(s) for s in places]
    failed: set[tuple[int, ...]] = set()
    line: list[Move] = []
    nodes = 0

    def key() -> tuple[int, ...]:
        return tuple(len(s) for s in stacks)

    def search() -> bool:
        nonlocal nodes
        if not any(stacks):
            return True
        k = key()
        if k in failed:
            return False
        nodes += 1
        if nodes > node_limit:
            raise TimeoutError
        tops = {SLOTS[i]: s[-1] for i, s in enumerate(stacks) if s}
        moves = legal_moves(tops)
        # Prefer moves that dig into tall piles and keep reserve cards for later.
        moves.sort(key=lambda m: -sum(len(stacks[SLOTS.index(s)]) for s in m))
        for move in moves:
            popped = [stacks[SLOTS.index(s)].pop() for s in move]
            line.append(move)
            if search():
                return True
            line.pop()
            for s, c in zip(move, popped):
                stacks[SLOTS.index(s)].append(c)
        failed.add(k)
        return False

    try:
        return list(line) if search() else None
    except TimeoutError:
        return None


def solve_code(code: str, node_limit: int = 200_000) -> list[Move] | None:
    piles, reserve = deal(parse_code(code))
    return solve([list(p) for p in piles] + [[c] for c in reserve], node_limit)
