"""The six action cards (dardz.md "Action cards", DZ-R5, DZ-R7, DZ-R8, DZ-R9).

A played card goes to a points pile; the roller then draws a replacement, except during a Bonus Roll
(DZ-R5). The dice of action cards are not among the turn's rolls. Every card leaves one log line.
"""

from __future__ import annotations

from dataclasses import replace

from ..rng import Rng
from .cards import BOOST, BUNK, CLOCK, JACKPOT, ROLLOFF, SKULL
from .model import (
    BONUS,
    State,
    add_log,
    add_score,
    draw,
    put,
    roll_off,
    seat_name,
    unit_name,
    unit_of,
)

JACKPOT_PRIZE = 15


def _to_pile(state: State, seat: int, owner: int, card: str) -> State:
    """Take one `card` out of `seat`'s hand and put it in `owner`'s pile."""
    hand = list(state.hands[seat])
    hand.remove(card)
    state = replace(state, hands=put(state.hands, seat, tuple(hand)))
    return replace(state, piles=put(state.piles, owner, state.piles[owner] + (card,)))


def _replace_card(state: State, seat: int) -> State:
    return state if state.step == BONUS else draw(state, seat, 1)


def play(state: State, card: str, rng: Rng) -> State:
    """The roller plays `card` from their hand. A Jackpot stops at phase "guess"."""
    seat = state.turn
    assert seat is not None
    me = seat_name(seat)
    if card == JACKPOT:
        state = _to_pile(state, seat, seat, card)
        return add_log(replace(state, phase="guess"), f"{me} plays Jackpot: guess a number 1-6.")
    if card == SKULL:
        state = _to_pile(state, seat, seat, card)
        return add_log(_replace_card(state, seat), f"{me} plays a Skull: into their pile (−5 at round end).")
    if card == CLOCK:  # DZ-R8: pile, replacement, then every hand moves one seat clockwise
        state = _replace_card(_to_pile(state, seat, seat, card), seat)
        n = state.players
        hands = tuple(state.hands[(s - 1) % n] for s in range(n))
        return add_log(replace(state, hands=hands),
                       f"{me} plays Clock: every player passes their hand to the next player.")
    if card == ROLLOFF:  # DZ-R7
        other = (seat + 1) % state.players
        winner, text = roll_off(rng, (seat, other), seat_name)
        state = _replace_card(_to_pile(state, seat, winner, card), seat)
        return add_log(state, f"{me} plays Roll-Off: {text} → {seat_name(winner)} puts it in their pile.")
    if card in (BOOST, BUNK):  # DZ-R9: current (team) scores, everyone tied is affected
        a, b = rng.randint(1, 6), rng.randint(1, 6)
        state = _replace_card(_to_pile(state, seat, seat, card), seat)
        scores = state.scores
        label = "Boost 'em" if card == BOOST else "Bunk 'em"
        if len(set(scores)) == 1:
            return add_log(state, f"{me} plays {label}: rolled {a}+{b}={a + b}; all scores are tied, nothing happens.")
        mark = min(scores) if card == BOOST else max(scores)
        hit = [u for u, score in enumerate(scores) if score == mark]
        for u in hit:
            state = add_score(state, u, a + b if card == BOOST else -(a + b))  # a score never goes below 0
        who = ", ".join(unit_name(state, u) for u in hit)
        effect = f"{who} (last) +{a + b}" if card == BOOST else f"{who} (first) −{a + b}"
        return add_log(state, f"{me} plays {label}: rolled {a}+{b}={a + b}; {effect}.")
    raise ValueError(f"not an action card: {card}")


def guess(state: State, n: int, rng: Rng) -> State:
    """Resolve the Jackpot: roll one die; a right guess scores +15 at once."""
    seat = state.turn
    assert seat is not None
    die = rng.randint(1, 6)
    me = seat_name(seat)
    if die == n:
        state = add_score(state, unit_of(state, seat), JACKPOT_PRIZE)
        line = f"Jackpot: {me} guessed {n} and rolled {die}: +{JACKPOT_PRIZE}!"
    else:
        line = f"Jackpot: {me} guessed {n} and rolled {die}: no prize."
    return add_log(_replace_card(replace(state, phase="roll"), seat), line)
