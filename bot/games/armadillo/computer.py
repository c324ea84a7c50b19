"""Armadillo's normal computer (armadillo.md "Computer player"), the easy level's slips and the timeout's answer.

The roller maximises the chance that the total is in its hand; ties go to the higher expected card hit, fewer
dice, a higher mean total and more yellow dice (project decisions beyond "ties toward higher cards"). An answer
is an exact match, else the cheapest cost 1-3 that keeps 2 tokens (equal costs: the higher card), else a token.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from ..rng import Rng
from .model import COLOURS, DECK, ROLLS, Discard, Roll, State, Token, cost, distribution

ALL_DICE = 2 * len(COLOURS)


@cache
def _ways(roll: Roll) -> tuple[int, ...]:
    """`_ways(roll)[v]` = P(total = v) x 3**6 for v in 0..20: exact integers over one denominator for every
    choice of dice, so comparing them compares the exact probabilities."""
    dist = distribution(roll)
    return tuple(int(dist.get(v, 0) * 3 ** ALL_DICE) for v in range(max(DECK) + 1))


def best_roll(hand: Sequence[int]) -> Roll:
    """Maximise P(total is in hand); ties: higher expected card hit, fewer dice, higher mean total,
    more yellow dice (project decisions beyond "ties toward higher cards")."""
    return _best_roll(frozenset(hand))


def _best_roll(values: frozenset[int]) -> Roll:
    # Every roll's key (see _packed_keys) in one integer, 48 bits a roll: summed over the hand's values at once.
    packed = sum(map(_PACKED.__getitem__, values), _PACKED_TAIL)
    best, best_key = 0, -1
    for i in range(len(ROLLS)):
        key = (packed >> (_FIELD * i)) & _FIELD_MASK
        if key > best_key:  # the first of equal keys, as max() would
            best, best_key = i, key
    return ROLLS[best]


_FIELD = 48


def _packed_keys() -> tuple[list[int], int]:
    """`_best_roll`'s comparison key (P(hit), expected card hit, fewer dice, mean total, yellow dice) as one
    exact integer per roll, laid out field by field: hit x 2**29 + weighted x 2**11 + (6 - dice) x 2**8 +
    doubled mean x 2**2 + yellow. The hit parts are P x 3**6 (< 2**13 summed over a hand), the weighted parts
    v x P x 3**6 (< 2**18), so sums never carry into the next part, and comparing keys compares the tuples."""
    per_value = [0] * (max(DECK) + 1)
    tail = 0
    for i, roll in enumerate(ROLLS):
        ways = _ways(roll)
        dice = (roll.blue, roll.yellow, roll.red)
        mean = sum(n * (low + high) for n, (_, low, high) in zip(dice, COLOURS, strict=True))
        tail += (((ALL_DICE - sum(dice)) << 8) + (mean << 2) + roll.yellow) << (_FIELD * i)
        for v, w in enumerate(ways):
            per_value[v] += ((w << 29) + ((v * w) << 11)) << (_FIELD * i)
    return per_value, tail


_PACKED, _PACKED_TAIL = _packed_keys()
_FIELD_MASK = (1 << _FIELD) - 1


def normal_action(state: State, seat: int, rng: Rng | None = None) -> Roll | Discard | Token:
    """The rules spec's computer (ARM "Computer player"); it draws nothing from `rng`."""
    if state.phase == "roll":
        return best_roll(state.hands[seat])
    total, have = sum(state.faces), state.tokens[seat]
    if total in state.hands[seat]:
        return Discard(total)
    # Cheapest cost 1-3 that keeps 2 tokens; equal costs go to the higher card (project decision).
    options = [(cost(v, total), -v) for v in set(state.hands[seat])
               if cost(v, total) <= 3 and have - cost(v, total) >= 2]
    if options:
        return Discard(-min(options)[1])
    return Token()


def free_answer(state: State, seat: int) -> Discard | Token:
    """ARM-R9's timeout answer: an exact match, else a token; never spend tokens."""
    total = sum(state.faces)
    return Discard(total) if total in state.hands[seat] else Token()


def beginner_action(state: State, seat: int, rng: Rng) -> Roll | Discard | Token:
    """Easy's slips: any dice that can hit one of its cards, at random; an answer that never pays tokens (an exact
    match, else a token)."""
    if state.phase == "roll":
        hits = [r for r in ROLLS if set(distribution(r)) & set(state.hands[seat])]
        return hits[rng.randint(0, len(hits) - 1)]
    return free_answer(state, seat)
