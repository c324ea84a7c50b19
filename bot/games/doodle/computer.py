"""Doodle Dice's normal computer (doodle_dice.md "Computer player"): block a player holding five colours, steal only
from one and only when likelier than the Gallery, claim the most-needed card, re-roll toward the likeliest one."""

from __future__ import annotations

from ..rng import Rng
from .actions import Action, Block, Claim, Draw, Free, Reroll, Steal, Stop
from .cards import CARDS, COLOURS, FREE_ROLL, serving
from .chance import card_chance
from .model import EXTRA_ROLLS, State, block_targets, claimable, colours, matching, most_needed, unused


def computer_block(state: State, seat: int) -> Block | None:
    """Block the first player holding five colours whose turn can still be blocked."""
    threats = [t for t in block_targets(state, seat) if len(colours(state, t)) == len(COLOURS) - 1]
    return Block(threats[0]) if threats else None


def normal_action(state: State, seat: int, rng: Rng | None = None) -> Action | None:
    """The rules spec's computer (DD "Computer player"); None: no interjection. It draws nothing from `rng`."""
    if seat != state.turn:  # the interjection: block a player holding five colours
        return computer_block(state, seat)
    block = computer_block(state, seat)
    if block is not None:
        return block
    free = len(unused(state, seat, FREE_ROLL))
    if not state.dice:
        if state.begun:
            return Draw()
        mine = colours(state, seat)
        steals = [c for other, cards in enumerate(state.sets) if other != seat
                  and len(colours(state, other)) == len(COLOURS) - 1
                  for c in cards if CARDS[c].colour not in mine]
        if not steals:
            return Draw()
        # PD: ... and only when the steal is likelier to succeed than the best Gallery target
        # (stealing whenever possible makes computers rob each other for ever).
        rolls = 1 + EXTRA_ROLLS + free
        gallery = max((card_chance(CARDS[c].figures, (), rolls) for c in claimable(state, seat)), default=0.0)
        odds = {c: card_chance(CARDS[c].figures, (), rolls) for c in steals}
        best = max(steals, key=odds.__getitem__, default=None)
        if best is not None and odds[best] > gallery:
            return Steal(best)
        return Draw()
    found = matching(state, seat)
    if found:
        return Claim(most_needed(found))
    targets = claimable(state, seat)
    if not targets:
        return Stop()
    if state.rolls_left == 0:
        return Free() if free else Stop()
    rolls = state.rolls_left + free
    target = max(targets, key=lambda c: (card_chance(CARDS[c].figures, state.dice, rolls), CARDS[c].rank))
    keep = set(serving(CARDS[target].figures, state.dice))
    return Reroll(tuple(i for i in range(6) if i not in keep))
