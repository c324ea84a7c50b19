"""Army Men's normal computer (army_men_dice_war.md "Computer player"): set aside what minimises the expected round
score, exactly (a dynamic programme over the dice left)."""

from __future__ import annotations

import itertools
from functools import cache

from ..rng import Rng
from .model import Keep, Roll, State, points, round_score


@cache
def expected_score(dice: int) -> float:
    """Exact expected sum set aside from rolling `dice` dice under the best policy (AMD computer)."""
    if dice == 0:
        return 0.0
    total = 0.0
    outcomes = list(itertools.product(range(1, 7), repeat=dice))
    for outcome in outcomes:
        total += best_keep(tuple(sorted(outcome)))[1]
    return total / len(outcomes)


@cache
def best_keep(rolled: tuple[int, ...]) -> tuple[tuple[int, ...], float]:
    """The keep that minimises the expected round score from here, and that expectation."""
    ordered = sorted(rolled, key=points)
    options = []
    for k in (1, 2):
        if k <= len(ordered):
            keep = tuple(ordered[:k])
            options.append((round_score(keep) + expected_score(len(ordered) - k), k, keep))
    value, _, keep = min(options)
    return keep, value


def normal_action(state: State, seat: int, rng: Rng | None = None) -> Roll | Keep:
    """Minimise the expected round score (the rules spec's computer); it draws nothing from `rng`."""
    if not state.rolled:
        return Roll()
    return Keep(best_keep(state.rolled)[0])
