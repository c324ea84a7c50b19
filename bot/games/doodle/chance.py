"""Exact chance to complete one doodle, for the computer player (a small exact dynamic programme).

Against one target it is optimal to keep every die that serves it and re-roll the rest, so the chance
depends only on the figures still missing, the number of free dice and the rolls left.
"""

from __future__ import annotations

from functools import cache
from math import factorial

from .cards import FIGURES, counts

_SIDES = len(FIGURES)


def _compositions(n: int, parts: int) -> list[tuple[int, ...]]:
    if parts == 1:
        return [(n,)]
    return [(k,) + rest for k in range(n + 1) for rest in _compositions(n - k, parts - 1)]


@cache
def _outcomes(dice: int) -> tuple[tuple[tuple[int, ...], float], ...]:
    """Every unordered result of rolling `dice` dice (counts per figure) with its probability."""
    total = _SIDES**dice
    result = []
    for comp in _compositions(dice, _SIDES):
        ways = factorial(dice)
        for k in comp:
            ways //= factorial(k)
        result.append((comp, ways / total))
    return tuple(result)


@cache
def chance(missing: tuple[int, ...], free: int, rolls: int) -> float:
    """Chance to roll the `missing` figure counts with `free` dice and `rolls` rolls, keeping what serves."""
    if not any(missing):
        return 1.0
    if rolls <= 0 or free < sum(missing):
        return 0.0
    total = 0.0
    for comp, p in _outcomes(free):
        got = tuple(min(m, c) for m, c in zip(missing, comp, strict=True))
        left = tuple(m - g for m, g in zip(missing, got, strict=True))
        total += p * chance(tuple(sorted(left)), free - sum(got), rolls - 1)
    return total


def card_chance(figures: tuple[str, ...], dice: tuple[str, ...], rolls: int) -> float:
    """Chance to complete `figures` from the dice showing (() = nothing rolled yet) with `rolls` rolls."""
    need = counts(figures)
    kept = [min(n, h) for n, h in zip(need, counts(dice), strict=True)]  # the dice that serve it are kept
    missing = tuple(sorted(n - k for n, k in zip(need, kept, strict=True)))  # figures are symmetric: one form
    return chance(missing, 6 - sum(kept), rolls)
