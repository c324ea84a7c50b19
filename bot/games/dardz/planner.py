"""The hard DARDZ computer: every pick valued to the end of its turn, by expectimax over the dice.

It plans on `DARDZ.determinize(state, seat, rng)` (the draw pile and the other piles redrawn: DZ-R13), in
SAMPLES such worlds, and takes the pick worth most on average. In a world, a pick moves every holder's copies
and draws their replacements from the top of the pile (DZ-R1, as `score_number`); its worth is

    what the cards moved add to their holders: a card's points, less what it was already worth in the hand
      (LATER: it would likely have reached the pile this round anyway), plus the worth of each replacement
      drawn (its unit's gain minus the rivals', averaged over rival units)
    + on roll 3, a pick from its own hand: the Bonus Roll's exact expected worth (DZ-R5: every sequence of
      2-dice rolls, best pick each time, clean-up +5)
    + `race.race_value` of the pile counts at the end of the turn (the +10 of the race to 10, Lucky Loser),

and on roll 2 also the expectation over the 56 throws of roll 3 of the best roll-3 pick (or none). Team DARDZ
counts a team as one unit (race counts halved: the goal is 20). Other decisions are the normal computer's.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from itertools import combinations_with_replacement
from math import factorial
from typing import TYPE_CHECKING

from .cards import POINTS, number
from .model import BONUS, Pick, bonus_seats, unit_of
from .race import race_value
from .turn import CLEAN_UP, candidates

if TYPE_CHECKING:
    from ..core import Game
    from ..rng import Rng
    from .model import State

SAMPLES = 4  # determinized worlds per decision
# P(a card in a hand reaches its holder's pile before the round ends), by number (0: action cards), for rounds
# whose largest pile holds 0-2, 3-5, 6-8 cards: measured over 600 games of two normal computers; 9+ (too few
# samples to measure) taken as 0.4 x the row before.
LATER = (
    (0.85, 0.92, 0.91, 0.93, 0.92, 0.92, 0.94, 0.83, 0.76, 0.72, 0.66, 0.49, 0.31),
    (0.87, 0.87, 0.88, 0.91, 0.88, 0.91, 0.91, 0.79, 0.72, 0.65, 0.56, 0.38, 0.24),
    (0.86, 0.72, 0.74, 0.70, 0.74, 0.79, 0.77, 0.63, 0.50, 0.45, 0.39, 0.20, 0.11),
    (0.34, 0.29, 0.30, 0.28, 0.30, 0.32, 0.31, 0.25, 0.20, 0.18, 0.16, 0.08, 0.04),
)
NUMBERS = tuple(range(1, 13))


@cache
def throws(k: int) -> tuple[tuple[tuple[int, ...], float, tuple[int, ...]], ...]:
    """Every multiset of k dice: (dice, chance, the numbers it offers)."""
    result = []
    for dice in combinations_with_replacement(range(1, 7), k):
        ways = factorial(k)
        for n in Counter(dice).values():
            ways //= factorial(n)
        result.append((dice, ways / 6**k, candidates(dice)))
    return tuple(result)


@cache
def bonus_worth(hand: tuple[tuple[int, float], ...]) -> tuple[float, float]:
    """(expected worth, expected cards) of a Bonus Roll chain from a hand of (number, worth moving it), sorted."""
    if not hand:
        return 0.0, 0.0
    held = {n for n, _ in hand}
    points = cards = 0.0
    for _, p, offered in throws(2):
        best = (0.0, 0.0)
        for n in held.intersection(offered):
            rest = tuple(c for c in hand if c[0] != n)
            later = (CLEAN_UP, 0.0) if not rest else bonus_worth(rest)
            moved = len(hand) - len(rest)
            best = max(best, (sum(pts for m, pts in hand if m == n) + later[0], moved + later[1]))
        points += p * best[0]
        cards += p * best[1]
    return points, cards


class Turn:
    """One determinized world of the roller's turn: who is in which unit, and the value of the turn's end."""

    def __init__(self, view: State, seat: int) -> None:
        self.view, self.seat = view, seat
        self.players = view.players
        self.me = unit_of(view, seat)
        self.unit = [unit_of(view, s) for s in range(self.players)]
        self.rivals = len(view.teams) - 1
        self.scale = len(view.teams[self.me])  # a team races to 20: counts halved
        self.order = [(seat + i) % self.players for i in range(self.players)]
        self.later = LATER[min(max(len(p) for p in view.piles) // 3, len(LATER) - 1)]

    def kept(self, card: str) -> float:
        """What a card in a hand is worth already: it will likely reach its holder's pile this round anyway."""
        return self.later[number(card) or 0] * POINTS[card]

    def counts(self, piles: tuple[tuple[str, ...], ...]) -> tuple[int, int]:
        """(my unit's pile cards, the most of any rival unit), in the race's scale."""
        per_unit: Counter[int] = Counter()
        for s, pile in enumerate(piles):
            per_unit[self.unit[s]] += len(pile)
        mine = per_unit.pop(self.me, 0)
        return mine, max(per_unit.values(), default=0)

    def pick(self, hands: list[tuple[str, ...]], deck: list[str], n: int
             ) -> tuple[list, list, float, float, int]:
        """Pick n: (hands, deck, points mine minus rivals', cards into my unit's piles, most into a rival's)."""
        theirs: Counter[int] = Counter()
        hands, gained, mine = list(hands), 0.0, 0
        moved = []
        for s in self.order:
            hit = [c for c in hands[s] if number(c) == n]
            if hit:
                hands[s] = tuple(c for c in hands[s] if number(c) != n)
                moved.append((s, len(hit)))
                value = sum(POINTS[c] - self.kept(c) for c in hit)
                if self.unit[s] == self.me:
                    gained += value
                    mine += len(hit)
                else:
                    gained -= value / self.rivals
                    theirs[self.unit[s]] += len(hit)
        drawn = 0
        for s, k in moved:  # DZ-R1: replacements in seat order from the roller
            new = tuple(deck[drawn:drawn + k])
            hands[s] = hands[s] + new
            drawn += k
            value = sum(map(self.kept, new))
            gained += value if self.unit[s] == self.me else -value / self.rivals
        return hands, deck[drawn:], gained, mine, max(theirs.values(), default=0)

    def end(self, mine: float, theirs: int) -> float:
        return race_value(round(mine / self.scale), round(theirs / self.scale), False)

    def bonus_hand(self, hands: list[tuple[str, ...]]) -> tuple[tuple[int, float], ...]:
        return tuple(sorted((n, POINTS[c] - self.kept(c)) for s in bonus_seats(self.view, self.seat)
                            for c in hands[s]
                            if (n := number(c)) is not None))

    def roll3(self, hands: list, deck: list, mine: float, theirs: int) -> dict[int, float]:
        """The worth of each roll-3 pick (to the end of the turn), and of none (key 0)."""
        own = {number(c) for s in bonus_seats(self.view, self.seat) for c in hands[s]}
        worth = {0: self.end(mine, theirs)}
        for n in NUMBERS:
            after, _, gained, m, t = self.pick(hands, deck, n)
            if n in own:  # a Bonus Roll follows (its dice move only the roller's unit's cards)
                points, cards = bonus_worth(self.bonus_hand(after))
                gained, m = gained + points, m + cards
            worth[n] = gained + self.end(mine + m, theirs + t)
        return worth


def expected_roll3(worth: dict[int, float]) -> float:
    return sum(p * max(worth[0], *(worth[n] for n in offered)) for _, p, offered in throws(3))


def choose(game: Game, view: State, seat: int, rng: Rng) -> Pick:
    """The pick worth most, averaged over SAMPLES worlds (the first is `view` itself)."""
    options = (0, *candidates(view.dice))
    totals = dict.fromkeys(options, 0.0)
    for k in range(SAMPLES):
        world = view if k == 0 else game.determinize(view, seat, rng)
        turn = Turn(world, seat)
        mine, theirs = turn.counts(world.piles)
        hands, deck = list(world.hands), list(world.deck)
        if world.step == BONUS:
            for n in options:
                totals[n] += _bonus_pick(turn, hands, n, mine, theirs)
            continue
        for n in options:
            after, rest, gained, m, t = turn.pick(hands, deck, n) if n else (hands, deck, 0.0, 0, 0)
            if world.step == 3:
                own = n and any(number(c) == n for s in bonus_seats(world, seat) for c in hands[s])
                if own:
                    points, cards = bonus_worth(turn.bonus_hand(after))
                    gained, m = gained + points, m + cards
                totals[n] += gained + turn.end(mine + m, theirs + t)
            else:
                totals[n] += gained + expected_roll3(turn.roll3(after, rest, mine + m, theirs + t))
    return Pick(max(options, key=lambda n: (totals[n], -options.index(n))))


def _bonus_pick(turn: Turn, hands: list, n: int, mine: int, theirs: int) -> float:
    """A Bonus Roll pick: a hit moves the unit's copies (no draws, DZ-R5) and the chain goes on; else it ends."""
    hand = turn.bonus_hand(hands)
    if n == 0 or all(m != n for m, _ in hand):
        return turn.end(mine, theirs)
    rest = tuple(c for c in hand if c[0] != n)
    moved = len(hand) - len(rest)
    points = sum(p for m, p in hand if m == n)
    later = (CLEAN_UP, 0.0) if not rest else bonus_worth(rest)
    return points + later[0] + turn.end(mine + moved + later[1], theirs)
