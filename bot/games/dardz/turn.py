"""A turn: action cards, rolls 1-3, picks, the Bonus Roll and the refill (dardz.md "A turn").

`settle` is the engine's loop after every move: it checks the round end (DZ-R10, DZ-R2), plays the
roller's action cards (asking for an order when several kinds are in hand), ends the turn when its
rolls are done, and stops where a player must decide.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations

from ..core import Event, emit, replace
from ..rng import Rng
from .cardplay import play
from .cards import ACTIONS, number
from .model import (
    BONUS,
    HAND_SIZE,
    TURN_OVER,
    State,
    add_score,
    bonus_seats,
    draw,
    move_number,
    seats_from,
    unit_of,
)
from .rounds import check_round_end

THREE_OF_A_KIND = 20
CLEAN_UP = 5


@cache
def candidates(dice: tuple[int, ...]) -> tuple[int, ...]:
    """The numbers a roll offers: any one die, or the sum of two dice (never all three)."""
    return tuple(sorted(set(dice) | {a + b for a, b in combinations(dice, 2)}))


def action_kinds(hand: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(a for a in ACTIONS if a in hand)


def begin_turn(state: State, seat: int) -> State:
    return replace(state, turn=seat, step=1, dice=(), phase="roll")


def settle(state: State, rng: Rng) -> State:
    while True:
        ended = check_round_end(state, rng)
        if ended is not None:
            if ended.phase in ("lead", "over"):
                return ended
            state = ended  # a new round: its first roller starts with their action cards
            continue
        seat = state.turn
        assert seat is not None
        kinds = action_kinds(state.hands[seat])
        if len(kinds) > 1:
            return replace(state, phase="play")  # the roller chooses the order
        if kinds:
            state = play(state, kinds[0], rng)
            if state.phase == "guess":
                return state
            continue
        step = state.step
        if step == BONUS and not state.hands[seat]:
            step = TURN_OVER  # nothing left to roll for (project decision)
        if step == TURN_OVER:
            state = end_turn(state)
            continue
        return state if state.phase == "roll" and state.step == step else replace(state, phase="roll", step=step)


def end_turn(state: State) -> State:
    """The roller (and with Team DARDZ the teammate, after a Bonus Roll) refills to 3; next seat."""
    seat = state.turn
    assert seat is not None
    for s in bonus_seats(state, seat):
        state = draw(state, s, HAND_SIZE - len(state.hands[s]))
    return begin_turn(state, (seat + 1) % state.players)


def roll(state: State, rng: Rng) -> State:
    seat = state.turn
    assert seat is not None
    if state.step == 1:
        die = rng.randint(1, 6)
        rolled = Event("rolled", {"seat": seat, "roll": 1, "dice": [die]})
        state, moved = score_number(replace(state, dice=(die,), events=state.events + (rolled,)), die)
        picked = Event("picked", {"seat": seat, "n": die, "moved": moved, "automatic": True})
        return settle(replace(state, step=2, events=state.events + (picked,)), rng)
    count = 3 if state.step == 3 else 2
    dice = tuple(rng.randint(1, 6) for _ in range(count))
    state = emit(replace(state, dice=dice, phase="pick"), Event("rolled", {"seat": seat, "roll": state.step,
                                                                           "dice": dice}))
    if count == 3 and len(set(dice)) == 1:  # DZ-R4
        state = add_score(state, unit_of(state, seat), THREE_OF_A_KIND)
        state = emit(state, Event("three_of_a_kind", {"seat": seat, "points": THREE_OF_A_KIND}))
    return state


def score_number(state: State, n: int) -> tuple[State, list[tuple[int, int]]]:
    """Every holder moves all copies of n to their pile, then draws replacements from the roller on (DZ-R1)."""
    assert state.turn is not None, "a number is scored on a roller's turn"
    order = seats_from(state, state.turn)
    state, moved = move_number(state, n, order)
    for seat, k in moved:
        state = draw(state, seat, k)
    return state, moved


def pick(state: State, n: int, rng: Rng) -> State:
    seat = state.turn
    assert seat is not None
    step = state.step
    picked = {"seat": seat, "n": n, "roll": step}
    if step == BONUS:
        hit = n != 0 and any(number(c) == n for s in bonus_seats(state, seat) for c in state.hands[s])
        if not hit:  # nothing, or a miss: the turn is over
            state = emit(state, Event("picked", {**picked, "moved": []}))
            return settle(replace(state, step=TURN_OVER), rng)
        state, moved = move_number(state, n, bonus_seats(state, seat))  # DZ-R5: no draws
        state = emit(state, Event("picked", {**picked, "moved": moved}))
        if not state.hands[seat]:
            state = add_score(state, unit_of(state, seat), CLEAN_UP)
            state = emit(replace(state, step=TURN_OVER), Event("cleaned_up", {"seat": seat, "points": CLEAN_UP}))
        return settle(state, rng)
    if n == 0:
        return settle(replace(state, step=TURN_OVER if step == 3 else step + 1,
                              events=state.events + (Event("picked", {**picked, "moved": []}),)), rng)
    bonus = step == 3 and any(number(c) == n for c in state.hands[seat])
    state, moved = score_number(state, n)
    picked_event = Event("picked", {**picked, "moved": moved, "bonus_roll": bonus})
    return settle(replace(state, step=BONUS if bonus else (TURN_OVER if step == 3 else step + 1),
                          events=state.events + (picked_event,)), rng)
