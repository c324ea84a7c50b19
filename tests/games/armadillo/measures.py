"""What the benchmarks that go over every game need of Armadillo (tests/per_game.py)."""

from __future__ import annotations

from typing import Any

from bot.games.armadillo.model import ROLLS, Discard, Token, cost, distribution


def greedy(state: Any, seat: int, rng: Any) -> Any:
    """Roller: the dice most likely to hit one of its cards exactly, ties toward higher cards. Responder: an
    exact match; else the smallest cost ≤ 3 that keeps at least 2 tokens; else a token."""
    hand = state.hands[seat]
    if state.phase == "roll":
        def chance(roll):
            dist = distribution(roll)
            hittable = [v for v in set(hand) if dist.get(v)]
            return sum(dist[v] for v in hittable), max(hittable, default=0)
        return max(ROLLS, key=chance)
    total, tokens = sum(state.faces), state.tokens[seat]
    if total in hand:
        return Discard(total)
    paid = [(cost(v, total), v) for v in set(hand) if cost(v, total) <= 3 and tokens - cost(v, total) >= 2]
    return Discard(min(paid)[1]) if paid else Token()
