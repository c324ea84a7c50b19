"""Round end and game end (DZ-R2, DZ-R10, DZ-R11, DZ-R12, Team DARDZ), the deal and the first roller.

`check_round_end` runs after every resolution (DZ-R10). When a round ends it scores it, then either
ends the game or deals the next round and names its first roller (phase "roll", step 1: the caller
resolves that player's action cards) or, when a team chooses, stops at phase "lead".
"""

from __future__ import annotations

from ..core import Event, emit, replace
from ..rng import Rng
from .cards import ALL_CARDS, points
from .model import (
    HAND_SIZE,
    State,
    goal,
    hand_count,
    lucky_limit,
    multiplier,
    pile_count,
    roll_off,
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


def first_roller(state: State, rng: Rng) -> tuple[int, Event]:
    """DZ-R12: everyone rolls 2 dice in seat order, highest sum starts, ties roll off with one die."""
    sums = []
    for seat in range(state.players):
        a, b = rng.randint(1, 6), rng.randint(1, 6)
        sums.append([seat, a, b])
    top = max(a + b for _, a, b in sums)
    tied = [s for s, a, b in sums if a + b == top]
    starter, throws = (tied[0], []) if len(tied) == 1 else roll_off(rng, tied)
    return starter, Event("first_roller", {"rolls": sums, "throws": throws, "seat": starter})


def check_round_end(state: State, rng: Rng) -> State | None:
    """DZ-R10 and DZ-R2; None while the round goes on."""
    if not state.team_mode and state.deck and max(map(len, state.piles)) < 10 and any(state.hands):
        return None  # the common case (every unit one seat, nobody at 10), first: this runs after every resolution
    units = range(len(state.teams))
    counts = [pile_count(state, u) for u in units]
    reached = [u for u in units if counts[u] >= goal(state, u)]
    if reached:
        # DZ-R10: the most cards wins (with teams and a solo player: the most cards beyond the goal).
        best = max(counts[u] - goal(state, u) for u in reached)
        tied = [u for u in reached if counts[u] - goal(state, u) == best]
        winner, throws = (tied[0], []) if len(tied) == 1 else roll_off(rng, tied)
        return end_round(state, winner, rng, Event("round_won", {
            "round": state.round_no, "unit": winner, "cards": counts[winner], "tied": tied, "throws": throws,
            "points": ROUND_BONUS}))
    stuck = not state.deck and all(counts[u] + hand_count(state, u) < goal(state, u) for u in units)
    if stuck or not any(state.hands):
        why = "hands_empty" if not any(state.hands) else "deck_empty"
        return end_round(state, None, rng, Event("round_stalled", {"round": state.round_no, "reason": why}))
    return None


def end_round(state: State, winner: int | None, rng: Rng, ended: Event) -> State:
    units = range(len(state.teams))
    scores = list(state.scores)
    if winner is not None:
        scores[winner] += ROUND_BONUS
    events = [ended]
    gains = []
    for u in units:
        value = sum(points(state.piles[s]) for s in state.teams[u]) * multiplier(state, u)
        scores[u] = max(0, scores[u] + value)  # no score goes below 0
        gains.append(value)
    events.append(Event("piles_scored", {"points": gains}))  # the piles are revealed at the round's end
    lucky = []
    for u in units:  # Lucky Loser, in seat order
        if pile_count(state, u) <= lucky_limit(state, u):
            a, b = rng.randint(1, 6), rng.randint(1, 6)
            scores[u] += a * b
            lucky.append([u, a, b])
    if lucky:
        events.append(Event("lucky_loser", {"rolls": lucky}))
    events.append(Event("scores", {"scores": scores}))
    state = replace(state, scores=tuple(scores), round_winner=winner, dice=(), turn=None, lead=None)
    top = max(scores)
    if top >= state.target:  # DZ-R11: only now can the game be won
        tied = [u for u in units if scores[u] == top]
        champion, throws = (tied[0], []) if len(tied) == 1 else best_of_three(tied, rng)
        events.append(Event("game_won", {"unit": champion, "score": top, "tied": tied, "throws": throws}))
        return emit(replace(state, phase="over", champion=champion, starter=None), *events)
    chooser = None
    if winner is not None and state.team_mode:
        chooser = winner  # Team DARDZ: the round's winners choose (a solo winner simply starts)
    else:
        low = min(scores)
        lowest = [u for u in units if scores[u] == low]
        chooser = lowest[0]
        if len(lowest) > 1:
            chooser, throws = roll_off(rng, lowest)
            events.append(Event("lowest_tie", {"tied": lowest, "throws": throws, "unit": chooser}))
    state = deal(state, rng)
    members = state.teams[chooser]
    if len(members) > 1:
        events.append(Event("round_started", {"round": state.round_no, "unit": chooser, "seat": None}))
        return emit(replace(state, phase="lead", lead=chooser, starter=None), *events)
    events.append(Event("round_started", {"round": state.round_no, "unit": chooser, "seat": members[0]}))
    return emit(replace(state, phase="roll", turn=members[0], starter=members[0]), *events)


def best_of_three(tied: list[int], rng: Rng) -> tuple[int, list[list[list[int]]]]:
    """DZ-R11: Roll-Offs until one unit has won two; every throw of every Roll-Off, in order."""
    wins = dict.fromkeys(tied, 0)
    throws = []
    while max(wins.values()) < 2:
        w, more = roll_off(rng, tied)
        wins[w] += 1
        throws += more
    return max(wins, key=lambda u: wins[u]), throws
