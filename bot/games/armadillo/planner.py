"""The hard Armadillo computer: dice that help it more than the others, and tokens spent when they pay off.

It plans on `ARMADILLO.determinize(state, seat, rng)`: its own hand, the public sizes, tokens and dice, every
other hand redrawn (ARM-R12: card values are secret) and answers not yet revealed cleared (ARM-R9). The other
hands are then used only through what the seat can know: the chance that a hand of that size, dealt from the
cards it cannot see, holds a value (exact, hypergeometric), never the drawn cards themselves.

- Roller: expectimax over the dice. For each choice of dice (ARM-R2), the exact distribution of the total; for
  each total, what its own answer is worth (a card shed, less the tokens paid; a token taken) minus ALPHA times
  what the others' answers are expected to be worth to them (answering as the normal computer does).
- Answer: an exact match; else the cheapest discard whose price leaves RESERVE[price] tokens (cost 1 is paid
  freely), or any price when a rival is about to go out or when a token could not be taken (5 tokens, ARM-R7);
  else a token.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from math import comb
from typing import TYPE_CHECKING

from .model import DECK, MAX_TOKENS, ROLLS, Discard, Roll, Token, cost, distribution

if TYPE_CHECKING:
    from .model import State

ALPHA = 1.25  # weight of the others' gain against its own, when choosing dice
TOKEN = 0.3  # a token's worth, in cards
RESERVE = {1: 0, 2: 1, 3: 2, 4: MAX_TOKENS + 1}  # tokens to keep after paying this price, in calm times
NEAR = 1  # a rival with this many cards or fewer: pay any price
TOTALS = tuple(range(1, 55))  # every total six dice can show


@cache
def _chances(roll: Roll) -> tuple[tuple[int, float], ...]:
    return tuple((total, float(p)) for total, p in sorted(distribution(roll).items()))


def choose(view: State, seat: int) -> Roll | Discard | Token:
    hand, tokens = view.hands[seat], view.tokens[seat]
    rivals = [s for s in range(view.players) if s != seat]
    urgent = min(len(view.hands[s]) for s in rivals) <= NEAR
    if view.phase != "roll":
        card = answer(hand, sum(view.faces), tokens, urgent)
        return Token() if card is None else Discard(card)
    others = _others_gain(view, seat, rivals)

    def worth(roll: Roll) -> float:
        return sum(p * (_gain(hand, total, tokens, urgent) - ALPHA * others[total]) for total, p in _chances(roll))

    return max(ROLLS, key=worth)


def answer(hand: tuple[int, ...], total: int, tokens: int, urgent: bool) -> int | None:
    """The card to discard for `total` (None: take a token)."""
    if total in hand:
        return total
    best = None
    for card in set(hand):
        price = cost(card, total)
        affordable = price <= tokens and (urgent or tokens == MAX_TOKENS or tokens - price >= RESERVE[price])
        if affordable and (best is None or (price, -card) < (best[0], -best[1])):
            best = (price, card)
    return None if best is None else best[1]


def _gain(hand: tuple[int, ...], total: int, tokens: int, urgent: bool) -> float:
    card = answer(hand, total, tokens, urgent)
    if card is None:
        return TOKEN if tokens < MAX_TOKENS else 0.0
    return 1.0 - TOKEN * cost(card, total)


def _others_gain(view: State, seat: int, rivals: list[int]) -> dict[int, float]:
    """For every total: the others' expected gain (averaged over them) if they answer as the normal computer
    (exact match; else a price of 1-3 that leaves 2 tokens; else a token), their hands unknown."""
    mine = Counter(view.hands[seat])
    unseen = len(DECK) - len(view.hands[seat])
    gains = dict.fromkeys(TOTALS, 0.0)
    for rival in rivals:
        size, tokens = len(view.hands[rival]), view.tokens[rival]
        for total in TOTALS:
            exact = _holds(mine, unseen, size, (total,))
            gain, rest = exact, 1.0 - exact
            for price in (1, 2, 3):
                if tokens - price >= 2:
                    near = _holds(mine, unseen, size, (total - price, total + price)) * rest
                    gain += near * (1.0 - TOKEN * price)
                    rest -= near
            gains[total] += (gain + rest * (TOKEN if tokens < MAX_TOKENS else 0.0)) / len(rivals)
    return gains


def _holds(mine: Counter[int], unseen: int, size: int, values: tuple[int, ...]) -> float:
    """P(a hand of `size` cards dealt from the `unseen` cards holds one of `values`), `mine` being seen."""
    copies = sum(3 - mine[v] for v in values if 1 <= v <= 20)
    return 1.0 - comb(unseen - copies, size) / comb(unseen, size)
