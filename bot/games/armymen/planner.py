"""The hard Army Men computer: it sets dice aside to win the game, not to score low.

Everything is public (AMD-R10), so nothing is determinized. At each decision it solves the rest of its turn
exactly: dynamic programming over (dice still to roll, points set aside), every keep of 1 or 2 dice (AMD-R3),
every roll of the dice weighted by its chance. A turn's end is valued by the chance to win the game from there:
the round is resolved (AMD-R5) against the opponent's known score, or, when it has not rolled yet, against the
distribution of the normal computer's score; later rounds are valued by `win_value`, the chance to win from a
round start when both play the normal computer's keep from then on (a one-step improvement on it). Ties of the
totals count half mid-game and by rounds won at the end (AMD-R7).

Against a fixed opponent this comes within about a point of the exact best response (benchmarks/
army_men_ceiling.py), which is the most any player can win.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from functools import cache
from math import factorial
from typing import TYPE_CHECKING

from .computer import best_keep
from .model import CAMPAIGN_GAMES, DICE_PER_PLAYER, Keep, Roll, game_totals, points, rounds_won

if TYPE_CHECKING:
    from .model import State

MAX_SCORE = (DICE_PER_PLAYER - 1) * 6  # every die but the ante, 6 points each
WIDTH = MAX_SCORE + 1
PAD = [0.0] * 12  # lets a row be read at s + (points set aside) without a bounds check
NEGLIGIBLE = 1e-9  # round scores less likely than this are left out of the valuation
DECIDED = 60  # a total difference taken as final (about five standard deviations of the rest of a game)


@cache
def outcomes(k: int) -> tuple[tuple[tuple[int, ...], float], ...]:
    """Every multiset of k dice with its probability."""
    result = []
    for combo in itertools.combinations_with_replacement(range(1, 7), k):
        ways = factorial(k)
        for n in Counter(combo).values():
            ways //= factorial(n)
        result.append((combo, ways / 6**k))
    return tuple(result)


@cache
def keeps(combo: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """The distinct (points set aside, dice set aside) choices for a roll (AMD-R3)."""
    choices = {(points(f), 1) for f in combo}
    if len(combo) >= 2:
        choices |= {(points(a) + points(b), 2) for a, b in itertools.combinations(combo, 2)}
    return tuple(sorted(choices))


@cache
def normal_scores(k: int) -> tuple[tuple[int, float], ...]:
    """The normal computer's round score with k dice to roll: (score, probability), the negligible left out."""
    if k == 0:
        return ((0, 1.0),)
    dist: dict[int, float] = {}
    for combo, p in outcomes(k):
        keep, _ = best_keep(combo)
        gained = sum(points(f) for f in keep)
        for s, q in normal_scores(k - len(keep)):
            dist[s + gained] = dist.get(s + gained, 0.0) + p * q
    return tuple((s, p) for s, p in sorted(dist.items()) if p > NEGLIGIBLE)


@cache
def game_spread() -> float:
    """Standard deviation of one game's total difference between two normal computers (for a campaign's games
    still to come): exact second moment over round starts."""
    @cache
    def moments(a: int, b: int) -> tuple[float, float]:
        if min(a, b) <= 1:
            return 0.0, 0.0
        m1 = m2 = 0.0
        for sa, p in normal_scores(a - 1):
            for sb, q in normal_scores(b - 1):
                d = sa - sb
                f1, f2 = moments(*next_dice(a, b, sa, sb))
                m1 += p * q * (d + f1)
                m2 += p * q * (d * d + 2 * d * f1 + f2)
        return m1, m2

    return math.sqrt(moments(DICE_PER_PLAYER, DICE_PER_PLAYER)[1])


def next_dice(mine: int, theirs: int, sm: int, so: int) -> tuple[int, int]:
    """AMD-R5: the higher score loses its ante die; a tie loses both."""
    return (mine - (sm >= so), theirs - (so >= sm))


def final_value(diff: float, tiebreak: int, games_left: int) -> float:
    """Chance to win (a draw half) once this game is over: `diff` my total minus theirs (campaign totals in a
    campaign), `tiebreak` > 0 when I would win a tie. With games to come, their difference is taken as normal."""
    if games_left:
        spread = game_spread() * math.sqrt(games_left)
        return 0.5 * (1 + math.erf(-diff / (spread * math.sqrt(2))))
    if diff or tiebreak:
        return 1.0 if diff < 0 or (not diff and tiebreak > 0) else 0.0
    return 0.5


def win_value(mine: int, theirs: int, diff: int, start: bool, games_left: int) -> float:
    """Chance to win from a round start (dice, total difference, whether I start) if both play the normal
    computer's keep from here; a tie of totals counts half."""
    if min(mine, theirs) <= 1 or abs(diff) > DECIDED:  # AMD-R1/R2; or out of reach in practice
        return final_value(diff, 0, games_left)
    return _win_row(mine, theirs, start, games_left)[diff + DECIDED]


@cache
def _round_diffs(mine: int, theirs: int) -> tuple[tuple[int, float], ...]:
    """The round's score difference (mine minus theirs) when both keep as the normal computer: (d, chance)."""
    diffs: dict[int, float] = {}
    for sm, p in normal_scores(mine - 1):
        for so, q in normal_scores(theirs - 1):
            diffs[sm - so] = diffs.get(sm - so, 0.0) + p * q
    return tuple(sorted(diffs.items()))


@cache
def _win_row(mine: int, theirs: int, start: bool, games_left: int) -> list[float]:
    """`win_value` for every total difference in -DECIDED..DECIDED (one row: the rows are built once)."""
    width = 2 * DECIDED + 1
    row = [0.0] * width
    for d, p in _round_diffs(mine, theirs):
        a, b = next_dice(mine, theirs, d, 0)  # AMD-R5 depends only on the sign of the difference
        if min(a, b) <= 1:
            after = [final_value(diff, 0, games_left) for diff in range(d - DECIDED, d + DECIDED + 1)]
        else:
            after = _shifted(_win_row(a, b, not start, games_left), d, games_left)
        row = [r + p * v for r, v in zip(row, after, strict=True)]
    return row


def _shifted(row: list[float], d: int, games_left: int) -> list[float]:
    """row read at diff + d for every diff, final values beyond its ends."""
    low = [final_value(diff, 0, games_left) for diff in range(d - DECIDED, -DECIDED)]
    high = [final_value(diff, 0, games_left) for diff in range(max(DECIDED + 1, d - DECIDED), d + DECIDED + 1)]
    inside = row[max(0, d):min(len(row), len(row) + d)]
    return low + inside + high


def choose(state: State, seat: int) -> Roll | Keep:
    if not state.rolled:
        return Roll()
    opp = 1 - seat
    totals, won = game_totals(state.rounds), rounds_won(state.rounds)
    diff = totals[seat] - totals[opp] + sum(g[seat] - g[opp] for g in state.games)
    games_left = CAMPAIGN_GAMES - state.game_no if state.campaign else 0
    mine, theirs, start = state.dice[seat], state.dice[opp], state.starter == seat
    wins = won[seat] - won[opp]

    def after(sm: int, so: int) -> float:
        a, b = next_dice(mine, theirs, sm, so)
        d = diff + sm - so
        if min(a, b) <= 1:
            return final_value(d, 0 if state.campaign else wins + (sm < so) - (so < sm), games_left)
        return win_value(a, b, d, not start, games_left)

    kept = sum(points(f) for f in state.kept[seat])
    if state.done[opp]:
        score = sum(points(f) for f in state.kept[opp])
        terminal = [after(s, score) for s in range(WIDTH)]
    else:
        theirs_dist = normal_scores(theirs - 1)
        terminal = [sum(q * after(s, so) for so, q in theirs_dist) for s in range(WIDTH)]
    table = turn_table(terminal, state.to_roll)
    options = {tuple(sorted(c)) for k in ((1,) if len(state.rolled) == 1 else (1, 2))
               for c in itertools.combinations(state.rolled, k)}
    best = max(sorted(options), key=lambda keep: table[state.to_roll - len(keep)][kept + sum(map(points, keep))])
    return Keep(best)


def turn_table(terminal: list[float], dice: int) -> list[list[float]]:
    """table[k][s]: the value with k dice still to roll and s points set aside, under the best keeps."""
    table = [terminal + PAD]
    for k in range(1, dice):
        row = [0.0] * WIDTH
        for combo, p in outcomes(k):
            choices = keeps(combo)
            best = list(map(max, *(table[k - c][d:d + WIDTH] for d, c in choices))) if len(choices) > 1 else \
                table[k - choices[0][1]][choices[0][0]:choices[0][0] + WIDTH]
            row = [r + p * b for r, b in zip(row, best, strict=True)]
        table.append(row + PAD)
    return table
