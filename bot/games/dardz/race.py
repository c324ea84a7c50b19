"""The race to 10 pile cards, for the hard computer: what pile counts are worth before the round ends.

A Markov chain over (my pile count, the rival's, who rolls): each turn the roller moves `a` cards into their pile
and the rival `b` into theirs, with the chances TURN measured over 47,893 turns of two normal computers (2,000
games). When a count reaches the goal the round ends (DZ-R10: more cards wins, equal counts a Roll-Off), the
winner takes ROUND_BONUS, and a pile of LUCKY_LIMIT cards or fewer makes the Lucky Loser roll (2 dice
multiplied: 12.25 points on average). `race_value` is my expected share of those points minus the rival's.
"""

from __future__ import annotations

from functools import cache

from .rounds import ROUND_BONUS

GOAL = 10
LUCKY_LIMIT = 3
LUCKY = 3.5 * 3.5  # the Lucky Loser roll's mean
TURN = {  # (cards into the roller's pile, cards into the rival's pile): chance, for one turn
    (0, 0): 0.2285, (0, 1): 0.0385, (0, 2): 0.0083, (0, 3): 0.0011, (1, 0): 0.1377, (1, 1): 0.0514,
    (1, 2): 0.0174, (1, 3): 0.0044, (2, 0): 0.1208, (2, 1): 0.0577, (2, 2): 0.0193, (2, 3): 0.0059,
    (3, 0): 0.0833, (3, 1): 0.0442, (3, 2): 0.0175, (3, 3): 0.0055, (4, 0): 0.0459, (4, 1): 0.0280,
    (4, 2): 0.0114, (4, 3): 0.0038, (5, 0): 0.0200, (5, 1): 0.0142, (5, 2): 0.0064, (5, 3): 0.0023,
    (6, 0): 0.0075, (6, 1): 0.0065, (6, 2): 0.0028, (6, 3): 0.0011, (7, 0): 0.0041, (7, 1): 0.0029,
    (7, 2): 0.0012,
}
_MOVING = {k: p / (1 - TURN[0, 0]) for k, p in TURN.items() if k != (0, 0)}  # a turn that moves a card


def race_value(mine: int, theirs: int, my_turn: bool) -> float:
    """My expected round-end bonuses minus the rival's (points), from these pile counts."""
    return _value(min(mine, GOAL + 7), min(theirs, GOAL + 7), my_turn)


@cache
def _value(mine: int, theirs: int, my_turn: bool) -> float:
    if mine >= GOAL or theirs >= GOAL:
        won = 1.0 if mine > theirs else 0.0 if theirs > mine else 0.5
        return ROUND_BONUS * (2 * won - 1) + LUCKY * ((mine <= LUCKY_LIMIT) - (theirs <= LUCKY_LIMIT))
    # Turns that move nothing only pass the dice: the next moving turn is mine with chance 1 / (1 + p00).
    still = TURN[0, 0]
    mine_first = 1 / (1 + still)
    return mine_first * _turn(mine, theirs, my_turn) + (1 - mine_first) * _turn(mine, theirs, not my_turn)


def _turn(mine: int, theirs: int, my_turn: bool) -> float:
    """The value after the next turn that moves a card, `my_turn` saying whose it is."""
    if my_turn:
        return sum(p * _value(mine + a, theirs + b, False) for (a, b), p in _MOVING.items())
    return sum(p * _value(mine + b, theirs + a, True) for (a, b), p in _MOVING.items())
