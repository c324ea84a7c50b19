"""The best any player can do against Army Men's greedy baseline and against the normal computer: an exact
best response (the optimal policy of the Markov decision process the fixed opponent leaves), so its value is
the ceiling of every possible computer's score against that opponent in a two-seat game (draws half).

The opponent's keep rule depends only on the dice it rolled, so its round score has a fixed distribution for
each number of dice. The best response is computed by memoised recursion over round starts (my dice, its
dice, my total minus its total, rounds won minus rounds lost, who starts), and inside a round by exact dynamic
programming over (dice still to roll, points set aside) with every keep of 1 or 2 dice (AMD-R3). Ties of the
game totals go to more rounds won, then a draw (AMD-R7), exactly. Single games, not campaigns.

    .venv/bin/python benchmarks/army_men_ceiling.py  (several minutes; one core)
"""

from __future__ import annotations

import sys
import time
from functools import cache
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.setrecursionlimit(10_000)

from bot.games.armymen.computer import best_keep  # noqa: E402
from bot.games.armymen.model import DICE_PER_PLAYER, points  # noqa: E402
from bot.games.armymen.planner import keeps, outcomes  # noqa: E402  (the dice and keeps, AMD-R3: 1 or 2 dice)
from tests.games.armymen.measures import greedy  # noqa: E402

MAX_SCORE = 5 * 6  # five dice rolled (the sixth is the ante), 6 points each


KEEPS = {k: tuple(keeps(combo) for combo, _ in outcomes(k)) for k in range(1, 6)}


def opponent_distribution(rule) -> dict[int, dict[int, float]]:
    """Round score distribution of a fixed keep rule, per number of dice rolled."""
    dist: dict[int, dict[int, float]] = {0: {0: 1.0}}
    for k in range(1, DICE_PER_PLAYER):
        out: dict[int, float] = {}
        for combo, p in outcomes(k):
            kept = rule(combo)
            gained = sum(points(f) for f in kept)
            for s, q in dist[k - len(kept)].items():
                out[s + gained] = out.get(s + gained, 0.0) + p * q
        dist[k] = out
    return dist


class BestResponse:
    def __init__(self, rule) -> None:
        self.opponent = opponent_distribution(rule)
        self.value = cache(self._value)

    def end(self, mine: int, theirs: int, diff: int, won: int, start: bool, sm: int, so: int) -> float:
        """Value after a round with scores sm (mine) and so (theirs): AMD-R5, then the next round or the end."""
        if sm < so:
            mine2, theirs2, won2 = mine, theirs - 1, won + 1
        elif sm > so:
            mine2, theirs2, won2 = mine - 1, theirs, won - 1
        else:
            mine2, theirs2, won2 = mine - 1, theirs - 1, won
        return self.value(mine2, theirs2, diff + sm - so, won2, not start)

    def _value(self, mine: int, theirs: int, diff: int, won: int, start: bool) -> float:
        """P(win) + P(draw)/2 at a round start under my best play (diff: my total minus theirs)."""
        if min(mine, theirs) <= 1:  # AMD-R1/R2: the game ends; AMD-R7 for ties
            key = diff if diff else -won
            return 1.0 if key < 0 else 0.0 if key > 0 else 0.5
        theirs_dist = self.opponent[theirs - 1]
        if start:
            terminal = [sum(q * self.end(mine, theirs, diff, won, start, s, so) for so, q in theirs_dist.items())
                        for s in range(MAX_SCORE + 1)]
            return self.round_value(mine - 1, terminal)
        total = 0.0
        for so, q in theirs_dist.items():
            terminal = [self.end(mine, theirs, diff, won, start, s, so) for s in range(MAX_SCORE + 1)]
            total += q * self.round_value(mine - 1, terminal)
        return total

    @staticmethod
    def round_value(dice: int, terminal: list[float]) -> float:
        """Exact DP over my turn: table[k][s] = value with k dice to roll and s points set aside (vectors over s,
        padded so that s + d never leaves them)."""
        width = MAX_SCORE + 1
        pad = [0.0] * (2 * 6)
        table = [terminal + pad]
        for k in range(1, dice + 1):
            row = [0.0] * width
            for (_, p), choices in zip(outcomes(k), KEEPS[k], strict=True):
                best = list(map(max, *(table[k - c][d:d + width] for d, c in choices))) if len(choices) > 1 \
                    else table[k - choices[0][1]][choices[0][0]:choices[0][0] + width]
                row = [r + p * b for r, b in zip(row, best, strict=True)]
            table.append(row + pad)
        return table[dice][0]


def main() -> None:
    normal_rule = lambda combo: best_keep(combo)[0]  # noqa: E731
    greedy_rule = lambda combo: greedy_keep(combo)  # noqa: E731
    for name, rule in (("greedy baseline", greedy_rule), ("normal computer", normal_rule)):
        start = time.time()
        best = BestResponse(rule)
        six = DICE_PER_PLAYER
        value = (best.value(six, six, 0, 0, True) + best.value(six, six, 0, 0, False)) / 2  # AMD-R6: random starter
        print(f"best response vs the {name}: {value:.2%} of a two-seat game (draws half), "
              f"{best.value.cache_info().currsize} round starts, {time.time() - start:.0f} s", flush=True)


def greedy_keep(combo: tuple[int, ...]) -> tuple[int, ...]:
    from bot.games.armymen.model import Keep, State  # the baseline reads only `rolled`
    state = State(campaign=False, game_no=1, first_starter=0, starter=0, dice=(6, 6), turn=0, rolled=combo,
                  to_roll=len(combo), kept=((), ()), done=(False, False), rounds=(), games=(), game_winners=())
    action = greedy(state, 0, None)
    assert isinstance(action, Keep)
    return action.faces


if __name__ == "__main__":
    main()
