"""What the benchmarks that go over every game need of Army Men Dice War (tests/per_game.py)."""

from __future__ import annotations

from typing import Any

from bot.games.armymen.model import Keep, Roll, points

SPEED_GOAL = 1000  # games/s: two players, a few dice (benchmarks/engine_speed.py)


def greedy(state: Any, seat: int, rng: Any) -> Any:
    """"Set aside the lowest die (a 1 scores 0); set aside a second die only when it scores ≤ 2." """
    if not state.rolled:
        return Roll()
    low = sorted(state.rolled, key=points)
    if len(low) >= 2 and points(low[1]) <= 2:
        return Keep(tuple(low[:2]))
    return Keep((low[0],))
