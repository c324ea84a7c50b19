"""Round robin: every member meets every other once, at a two-seat game. The schedule is Berger's (the circle
method): the members in seed order round a circle, the first one fixed; with an odd number one of them sits out
each round (a bye). The fixed member changes seats every round, so everyone sits first about half the time."""

from __future__ import annotations

from collections.abc import Sequence

from .pairing import Seating

MAX_ROUND_ROBIN = 8  # members: seven rounds at most, each a week at an async pace


def round_robin_rounds(seeds: Sequence[int]) -> list[list[tuple[int | None, int | None]]]:
    """Every round's pairs (None: the other sits out), for the members in seed order."""
    circle: list[int | None] = list(seeds) + ([None] if len(seeds) % 2 else [])
    n = len(circle)
    rounds = []
    for r in range(n - 1):
        pairs = []
        for i in range(n // 2):
            a, b = circle[i], circle[n - 1 - i]
            pairs.append((b, a) if i == 0 and r % 2 else (a, b))
        rounds.append(pairs)
        circle = [circle[0], circle[-1], *circle[1:-1]]
    return rounds


def round_robin_round(seeds: Sequence[int], number: int, dropped: set[int]) -> Seating:
    """Round `number` (1-based): its tables, and its byes — the member without an opponent this round, or whose
    opponent has dropped out."""
    tables, byes = [], []
    for a, b in round_robin_rounds(seeds)[number - 1]:
        present = [m for m in (a, b) if m is not None and m not in dropped]
        if len(present) == 2:
            tables.append((a, b))
        else:
            byes.extend(present)
    return Seating(tuple(tables), tuple(byes))
