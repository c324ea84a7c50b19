"""Greedy players written from each rules spec's "Computer player" section (docs/rules/*.md), the plain play a
member would try first: the yardstick of `computer_strength.py`. Benchmarks only, never in the bot.

Each is a chooser `(state, seat, rng) -> action` (None: no interjection); they use the engines only to list
legal moves and for the rules' own arithmetic (dice odds, card numbers), never the engines' computer players.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from bot.games.armadillo.model import ROLLS, Discard, Token, cost, distribution
from bot.games.armymen.model import Keep, Roll, points
from bot.games.dardz.cards import POINTS, number
from bot.games.dardz.model import Guess, Lead, Pick, Play, leaders, unit_of
from bot.games.dardz.model import Roll as DardzRoll
from bot.games.dardz.turn import action_kinds, candidates
from bot.games.doodle.actions import Block, Claim, Draw, Free, Reroll, Steal, Stop
from bot.games.doodle.cards import CARDS, COLOURS, FREE_ROLL
from bot.games.doodle.model import block_targets, claimable, colours, matching, unused


def army_men(state, seat, rng) -> Any:
    """"Set aside the lowest die (a 1 scores 0); set aside a second die only when it scores ≤ 2." """
    if not state.rolled:
        return Roll()
    low = sorted(state.rolled, key=points)
    if len(low) >= 2 and points(low[1]) <= 2:
        return Keep(tuple(low[:2]))
    return Keep((low[0],))


def armadillo(state, seat, rng) -> Any:
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


def doodle(state, seat, rng) -> Any:
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


def dardz(state, seat, rng) -> Any:
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
        return DardzRoll()
    own = state.teams[unit_of(state, seat)]
    lead = [u for u in leaders(state) if u != unit_of(state, seat)]
    rivals = [s for u in lead for s in state.teams[u]]

    def gain(n):
        mine = sum(POINTS[c] for s in own for c in state.hands[s] if number(c) == n)
        given = sum(POINTS[c] for s in rivals for c in state.hands[s] if number(c) == n)
        return mine - given

    best = max(candidates(state.dice), key=gain)
    return Pick(best if gain(best) > 0 else 0)


BASELINES = {"armymen": army_men, "armadillo": armadillo, "doodle": doodle, "dardz": dardz}
