"""Round end and game end (DZ-R2, DZ-R10, DZ-R11, DZ-R12, Team DARDZ), the deal and the first roller.

`check_round_end` runs after every resolution (DZ-R10). When a round ends it scores it, then either
ends the game or deals the next round and names its first roller (phase "roll", step 1: the caller
resolves that player's action cards) or, when a team chooses, stops at phase "lead".
"""

from __future__ import annotations

from dataclasses import replace

from ..rng import Rng
from .cards import ALL_CARDS, points
from .model import (
    HAND_SIZE,
    State,
    add_log,
    goal,
    hand_count,
    lucky_limit,
    multiplier,
    pile_count,
    roll_off,
    seat_name,
    unit_name,
)

ROUND_BONUS = 10


def deal(state: State, rng: Rng) -> State:
    """Shuffle all 90 cards; deal 3 face up to each player in seat order (seat 0 takes the first 3)."""
    deck = list(ALL_CARDS)
    rng.shuffle(deck)
    n = state.players
    hands = tuple(tuple(deck[HAND_SIZE * s:HAND_SIZE * (s + 1)]) for s in range(n))
    return replace(state, round_no=state.round_no + 1, deck=tuple(deck[HAND_SIZE * n:]), hands=hands,
                   piles=((),) * n, dice=(), step=1)


def first_roller(state: State, rng: Rng) -> tuple[int, str]:
    """DZ-R12: everyone rolls 2 dice in seat order, highest sum starts, ties roll off with one die."""
    sums = []
    for seat in range(state.players):
        a, b = rng.randint(1, 6), rng.randint(1, 6)
        sums.append((seat, a, b))
    text = ", ".join(f"{seat_name(s)} {a}+{b}={a + b}" for s, a, b in sums)
    top = max(a + b for _, a, b in sums)
    tied = [s for s, a, b in sums if a + b == top]
    if len(tied) == 1:
        return tied[0], f"Who rolls first: {text} → {seat_name(tied[0])} (DZ-R12)."
    starter, tie = roll_off(rng, tied, seat_name)
    return starter, f"Who rolls first: {text}; Roll-Off {tie} → {seat_name(starter)} (DZ-R12)."


def check_round_end(state: State, rng: Rng) -> State | None:
    """DZ-R10 and DZ-R2; None while the round goes on."""
    units = range(len(state.teams))
    counts = [pile_count(state, u) for u in units]
    reached = [u for u in units if counts[u] >= goal(state, u)]
    if reached:
        # DZ-R10: the most cards wins (with teams and a solo player: the most cards beyond the goal).
        best = max(counts[u] - goal(state, u) for u in reached)
        tied = [u for u in reached if counts[u] - goal(state, u) == best]
        lines = []
        winner = tied[0]
        if len(tied) > 1:
            winner, text = roll_off(rng, tied, lambda u: unit_name(state, u))
            lines.append(f"{' and '.join(unit_name(state, u) for u in tied)} reach {counts[winner]} pile cards "
                         f"at once: Roll-Off {text} (DZ-R10).")
        team = len(state.teams[winner]) > 1
        lines.append(f"Round {state.round_no} over: {unit_name(state, winner)} {'reach' if team else 'reaches'} "
                     f"{counts[winner]} pile cards and {'win' if team else 'wins'} the round (+{ROUND_BONUS}).")
        return end_round(state, winner, rng, lines)
    stuck = not state.deck and all(counts[u] + hand_count(state, u) < goal(state, u) for u in units)
    if stuck or not any(state.hands):
        why = "every hand is empty" if not any(state.hands) else "the draw pile is empty and nobody can reach the goal"
        return end_round(state, None, rng, [f"Round {state.round_no} over: {why}; nobody gets +{ROUND_BONUS} (DZ-R2)."])
    return None


def end_round(state: State, winner: int | None, rng: Rng, lines: list[str]) -> State:
    units = range(len(state.teams))
    scores = list(state.scores)
    if winner is not None:
        scores[winner] += ROUND_BONUS
    gains = []
    for u in units:
        value = sum(points(state.piles[s]) for s in state.teams[u]) * multiplier(state, u)
        scores[u] = max(0, scores[u] + value)  # no score goes below 0
        gains.append(f"{unit_name(state, u)} {value:+d}")
    lines.append("Points piles: " + ", ".join(gains) + ".")
    lucky = []
    for u in units:  # Lucky Loser, in seat order
        if pile_count(state, u) <= lucky_limit(state, u):
            a, b = rng.randint(1, 6), rng.randint(1, 6)
            scores[u] += a * b
            lucky.append(f"{unit_name(state, u)} {a}×{b}=+{a * b}")
    if lucky:
        lines.append("Lucky Loser: " + ", ".join(lucky) + ".")
    lines.append("Scores: " + ", ".join(f"{unit_name(state, u)} {scores[u]}" for u in units) + ".")
    state = replace(state, scores=tuple(scores), round_winner=winner, dice=(), turn=None, lead=None)
    top = max(scores)
    if top >= state.target:  # DZ-R11: only now can the game be won
        tied = [u for u in units if scores[u] == top]
        champion = tied[0]
        if len(tied) > 1:
            champion, text = best_of_three(state, tied, rng)
            lines.append(f"Tied on {top}: best-of-3 Roll-Off {text} (DZ-R11).")
        lines.append(f"{unit_name(state, champion)} {'win' if len(state.teams[champion]) > 1 else 'wins'} "
                     f"the game with {top}!")
        return add_log(replace(state, phase="over", champion=champion, starter=None), *lines)
    chooser = None
    if winner is not None and state.team_mode:
        chooser = winner  # Team DARDZ: the round's winners choose (a solo winner simply starts)
    else:
        low = min(scores)
        lowest = [u for u in units if scores[u] == low]
        chooser = lowest[0]
        if len(lowest) > 1:
            chooser, text = roll_off(rng, lowest, lambda u: unit_name(state, u))
            lines.append(f"Lowest score tie: Roll-Off {text} (DZ-R12).")
    state = deal(state, rng)
    members = state.teams[chooser]
    if len(members) > 1:
        lines.append(f"Round {state.round_no}: {unit_name(state, chooser)} choose who rolls first.")
        return add_log(replace(state, phase="lead", lead=chooser, starter=None), *lines)
    lines.append(f"Round {state.round_no}: {seat_name(members[0])} rolls first.")
    return add_log(replace(state, phase="roll", turn=members[0], starter=members[0]), *lines)


def best_of_three(state: State, tied: list[int], rng: Rng) -> tuple[int, str]:
    wins = dict.fromkeys(tied, 0)
    parts = []
    while max(wins.values()) < 2:
        w, text = roll_off(rng, tied, lambda u: unit_name(state, u))
        wins[w] += 1
        parts.append(f"{text} → {unit_name(state, w)}")
    return max(wins, key=lambda u: wins[u]), " | ".join(parts)
