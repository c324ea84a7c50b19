"""The timeout default (DZ-R14) and the computer player (dardz.md "Computer player")."""

from __future__ import annotations

from ..rng import Rng
from .cards import BUNK, CLOCK, JACKPOT, POINTS, SKULL, number
from .model import BONUS, Guess, Lead, Pick, Play, Roll, State, bonus_seats, rivals, unit_of
from .turn import action_kinds, candidates

TIMEOUT_GUESS = 6


def _own_seats(state: State, seat: int) -> tuple[int, ...]:
    """Whose cards count as the roller's own: the roller's unit (only Bonus Roll hands on a Bonus Roll)."""
    if state.step == BONUS:
        return bonus_seats(state, seat)
    return state.teams[unit_of(state, seat)]


def _cards(state: State, seats: tuple[int, ...], n: int) -> list[str]:
    return [c for s in seats for c in state.hands[s] if number(c) == n]


def timeout_action(state: State, seat: int) -> Roll | Pick | Play | Guess | Lead:
    phase = state.phase
    if phase == "roll":
        return Roll()
    if phase == "guess":
        return Guess(TIMEOUT_GUESS)
    if phase == "play":
        return Play(action_kinds(state.hands[seat])[0])
    if phase == "lead":
        assert state.lead is not None
        return Lead(min(state.teams[state.lead]))
    # DZ-R14: the number moving the most of the roller's own cards and none of the leader's.
    own = _own_seats(state, seat)
    leader = () if state.step == BONUS else rivals(state, seat)
    best = max(((len(_cards(state, own, n)), n) for n in candidates(state.dice)
                if _cards(state, own, n) and not _cards(state, leader, n)), default=None)
    return Pick(best[1] if best else 0)


def computer_action(state: State, seat: int, rng: Rng) -> Roll | Pick | Play | Guess | Lead:
    phase = state.phase
    if phase == "guess":
        return Guess(rng.randint(1, 6))  # "Jackpot guess: any"
    if phase == "play":
        kinds = action_kinds(state.hands[seat])
        leads = not rivals(state, seat) and len(set(state.scores)) > 1
        if CLOCK in kinds and (SKULL in kinds or (BUNK in kinds and leads)):
            return Play(CLOCK)  # pass the bad card on with the hand
        return Play(JACKPOT if JACKPOT in kinds else kinds[0])
    if phase == "lead":
        return Lead(seat)
    if phase != "pick":
        return Roll()  # the Bonus Roll is always entered: it is never a choice here
    own = _by_number(state, _own_seats(state, seat))
    leader = _by_number(state, () if state.step == BONUS else rivals(state, seat))
    best = (0, 0, 0)  # (value, own cards, n): picking nothing is worth 0
    for n in candidates(state.dice):
        points, cards = own.get(n, (0, 0))
        value = points - leader.get(n, (0, 0))[0]
        best = max(best, (value, cards, n))
    return Pick(best[2] if best[0] > 0 else 0)


def _by_number(state: State, seats: tuple[int, ...]) -> dict[int | None, tuple[int, int]]:
    """number -> (points, cards) of the cards in these seats' hands."""
    found: dict[int | None, tuple[int, int]] = {}
    for s in seats:
        for c in state.hands[s]:
            n = number(c)
            points, cards = found.get(n, (0, 0))
            found[n] = (points + POINTS[c], cards + 1)
    return found
