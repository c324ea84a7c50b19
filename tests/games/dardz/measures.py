"""What the benchmarks that go over every game need of DARDZ (tests/per_game.py)."""

from __future__ import annotations

from typing import Any

from bot.games.dardz.cards import POINTS, number
from bot.games.dardz.model import Guess, Lead, Pick, Play, Roll, leaders, unit_of
from bot.games.dardz.turn import action_kinds, candidates


def greedy(state: Any, seat: int, rng: Any) -> Any:
    """Pick the number scoring the most points for itself minus the points it gives the current leader (when
    that is not itself); enter the Bonus Roll whenever possible; Jackpot guess: any."""
    phase = state.phase
    if phase == "guess":
        return Guess(1)
    if phase == "play":
        return Play(action_kinds(state.hands[seat])[0])
    if phase == "lead":
        return Lead(seat)
    if phase == "roll":
        return Roll()
    own = state.teams[unit_of(state, seat)]
    lead = [u for u in leaders(state) if u != unit_of(state, seat)]
    rivals = [s for u in lead for s in state.teams[u]]

    def gain(n):
        mine = sum(POINTS[c] for s in own for c in state.hands[s] if number(c) == n)
        given = sum(POINTS[c] for s in rivals for c in state.hands[s] if number(c) == n)
        return mine - given

    best = max(candidates(state.dice), key=gain)
    return Pick(best if gain(best) > 0 else 0)
