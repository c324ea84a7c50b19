"""What the benchmarks that go over every game need of Coin Race (tests/per_game.py): its greedy player; its speed
goal is the default."""

from __future__ import annotations

from typing import Any

from tests.toy_games.games.coin import Call


def greedy(state: Any, seat: int, rng: Any) -> Any:
    """A coin has no memory: call heads."""
    return Call("heads")
