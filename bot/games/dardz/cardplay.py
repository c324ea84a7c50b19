"""The six action cards (dardz.md "Action cards", DZ-R5, DZ-R7, DZ-R8, DZ-R9).

A played card goes to a points pile; the roller then draws a replacement, except during a Bonus Roll
(DZ-R5). The dice of action cards are not among the turn's rolls. Every card leaves one event.
"""

from __future__ import annotations

from ..core import Event, emit, replace
from ..rng import Rng
from .cards import BOOST, BUNK, CLOCK, JACKPOT, ROLLOFF, SKULL
from .model import (
    BONUS,
    State,
    add_score,
    draw,
    put,
    roll_off,
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
    played = {"seat": seat, "card": card}
    if card == JACKPOT:
        state = _to_pile(state, seat, seat, card)
        return emit(replace(state, phase="guess"), Event("card_played", played))
    if card == SKULL:
        state = _to_pile(state, seat, seat, card)
        return emit(_replace_card(state, seat), Event("card_played", played))
    if card == CLOCK:  # DZ-R8: pile, replacement, then every hand moves one seat clockwise
        state = _replace_card(_to_pile(state, seat, seat, card), seat)
        n = state.players
        hands = tuple(state.hands[(s - 1) % n] for s in range(n))
        return emit(replace(state, hands=hands), Event("card_played", played))
    if card == ROLLOFF:  # DZ-R7
        other = (seat + 1) % state.players
        winner, throws = roll_off(rng, (seat, other))
        state = _replace_card(_to_pile(state, seat, winner, card), seat)
        return emit(state, Event("card_played", {**played, "throws": throws, "winner": winner}))
    if card in (BOOST, BUNK):  # DZ-R9: current (team) scores, everyone tied is affected
        a, b = rng.randint(1, 6), rng.randint(1, 6)
        state = _replace_card(_to_pile(state, seat, seat, card), seat)
        scores = state.scores
        hit = []
        if len(set(scores)) > 1:  # all tied: nothing happens
            mark = min(scores) if card == BOOST else max(scores)
            hit = [u for u, score in enumerate(scores) if score == mark]
        delta = a + b if card == BOOST else -(a + b)
        for u in hit:
            state = add_score(state, u, delta)  # a score never goes below 0
        return emit(state, Event("card_played", {**played, "dice": [a, b], "units": hit, "delta": delta}))
    raise ValueError(f"not an action card: {card}")


def guess(state: State, n: int, rng: Rng) -> State:
    """Resolve the Jackpot: roll one die; a right guess scores +15 at once."""
    seat = state.turn
    assert seat is not None
    die = rng.randint(1, 6)
    prize = JACKPOT_PRIZE if die == n else 0
    state = add_score(state, unit_of(state, seat), prize)
    guessed = Event("jackpot", {"seat": seat, "guess": n, "die": die, "points": prize})
    return emit(_replace_card(replace(state, phase="roll"), seat), guessed)
