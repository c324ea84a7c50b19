"""The hard Doodle Dice computer: it plays the race for six colours, not the next easy card.

Everything but the deck order is public (DD-R11); it plans on `DOODLE.determinize(state, seat, rng)` and
never needs the deck. A colour is worth the turns it would otherwise cost: 1 / (the chance to complete a card of
that colour in a turn of three rolls). Winning a card from an opponent's set is worth its colour to it plus the
same again as the opponent's loss (DD-R5, STEAL). Every choice maximises the expected worth: the chance to
complete a card with the rolls left (the exact dynamic programme of `chance.py`: expectimax over the dice,
keeping what serves it) times that card's worth:

- before drawing: a steal, or the Gallery (its best card), with all its rolls and Free Rolls;
- after a roll: claim the matched card worth most, unless another card is worth more in expectation with
  the rolls left; else re-roll every die that does not serve the best card;
- Blocks and Free Rolls as the normal computer (a Block for a player holding five colours; a Free Roll when
  out of rolls with a card still to go for).
"""

from __future__ import annotations

from functools import cache
from statistics import fmean

from .actions import Action, Claim, Draw, Free, Reroll, Steal, Stop
from .cards import CARDS, COLOURS, DOODLES, FREE_ROLL, serving
from .chance import card_chance
from .computer import computer_block
from .model import EXTRA_ROLLS, State, claimable, colours, matching, owner, unused

STEAL = 2.0  # a stolen card's worth, in multiples of its colour's worth


@cache
def colour_worth(colour: str) -> float:
    """Turns a colour costs: 1 / its cards' mean chance to be completed in one turn of three rolls."""
    return 1 / fmean(card_chance(CARDS[c].figures, (), 1 + EXTRA_ROLLS) for c in DOODLES if CARDS[c].colour == colour)


def worth(state: State, seat: int, card: str) -> float:
    """A card's worth to `seat`: its colour's, and for a card of a rival's set also that rival's loss, shared
    among the rivals (it counts in full with one rival, a quarter with four)."""
    held = owner(state, card)
    stolen = held is not None and held != seat
    return colour_worth(CARDS[card].colour) * (1.0 + (STEAL - 1.0) / (state.players - 1) if stolen else 1.0)


def may_steal(state: State, seat: int, other: int) -> bool:
    """Steal to win at once; else, with one rival, any steal worth more than the Gallery, and with several only
    from a rival holding five colours (robbing the others helps the rest of the table more than itself). Once the
    deck is empty, only from a rival holding at least GAP colours more: every turn draws from the deck, and
    after it each steal narrows a gap (the sum of the squared colour counts falls), so computers never rob each
    other round and round."""
    theirs, mine = len(colours(state, other)), len(colours(state, seat))
    if mine == len(COLOURS) - 1:
        return True
    if not state.deck and theirs - mine < GAP:
        return False
    return state.players == 2 or theirs == len(COLOURS) - 1


GAP = 2
FREE_AT = 0.0


def choose(view: State, seat: int) -> Action | None:
    block = computer_block(view, seat)
    if block is not None or seat != view.turn:
        return block
    free = len(unused(view, seat, FREE_ROLL))
    if not view.dice:
        return Draw() if view.begun else _draw_or_steal(view, seat, 1 + EXTRA_ROLLS + free)
    targets = claimable(view, seat)
    if not targets:
        return Stop()
    rolls = view.rolls_left + free
    expected = {c: card_chance(CARDS[c].figures, view.dice, rolls) * worth(view, seat, c) for c in targets}
    best = max(targets, key=lambda c: (expected[c], CARDS[c].rank))
    found = matching(view, seat)
    if found:
        claim = max(found, key=lambda c: (worth(view, seat, c), CARDS[c].rank))
        if rolls == 0 or best in found or worth(view, seat, claim) >= expected[best]:
            return Claim(best if best in found else claim)
    if view.rolls_left == 0:
        return Free() if free and card_chance(CARDS[best].figures, view.dice, 1) * worth(view, seat, best) >= FREE_AT \
            else Stop()
    keep = set(serving(CARDS[best].figures, view.dice))
    return Reroll(tuple(i for i in range(6) if i not in keep))


def _draw_or_steal(view: State, seat: int, rolls: int) -> Draw | Steal:
    def expected(card: str) -> float:
        return card_chance(CARDS[card].figures, (), rolls) * worth(view, seat, card)

    gallery = max(map(expected, claimable(view, seat)), default=0.0)
    mine = colours(view, seat)
    steals = [c for other, cards in enumerate(view.sets) if other != seat and may_steal(view, seat, other)
              for c in cards if CARDS[c].colour not in mine]
    best = max(steals, key=lambda c: (expected(c), CARDS[c].rank), default=None)
    return Steal(best) if best is not None and expected(best) > gallery else Draw()
