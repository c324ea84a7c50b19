"""What the benchmarks that go over every game need of Doodle Dice (tests/per_game.py)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from bot.games.doodle.actions import Block, Claim, Draw, Free, Reroll, Steal, Stop
from bot.games.doodle.cards import CARDS, COLOURS, FREE_ROLL
from bot.games.doodle.model import block_targets, claimable, colours, matching, unused


def greedy(state: Any, seat: int, rng: Any) -> Any:
    """Target the claimable card closest to completion (fewest figures missing from the dice); keep the dice
    that serve it, re-roll the rest; claim as soon as a card matches; steal only from a player holding five
    colours a colour it lacks; block a player who holds five colours."""
    five = len(COLOURS) - 1
    threats = [t for t in block_targets(state, seat) if len(colours(state, t)) == five]
    if threats:
        return Block(threats[0])
    if seat != state.turn:
        return None
    if not state.dice:
        if state.begun:
            return Draw()
        mine = colours(state, seat)
        steals = [c for other in range(state.players) if other != seat and len(colours(state, other)) == five
                  for c in state.sets[other] if CARDS[c].colour not in mine]
        return Steal(steals[0]) if steals else Draw()
    found = matching(state, seat)
    if found:
        return Claim(max(found, key=lambda c: CARDS[c].rank))
    targets = claimable(state, seat)
    if state.rolls_left == 0 or not targets:
        return Free() if targets and unused(state, seat, FREE_ROLL) else Stop()
    have = Counter(state.dice)

    def missing(card):
        return sum((Counter(CARDS[card].figures) - have).values()), CARDS[card].rank

    target = min(targets, key=missing)
    need, keep = Counter(CARDS[target].figures), set()
    for i, face in enumerate(state.dice):
        if need[face] > 0:
            need[face] -= 1
            keep.add(i)
    rest = tuple(i for i in range(6) if i not in keep)
    return Reroll(rest) if rest else Stop()
