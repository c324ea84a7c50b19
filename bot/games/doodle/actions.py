"""The moves of Doodle Dice (../shared/rules/doodle_dice.md): a turn's steal, draw, re-rolls, Free Roll, claim or
stop, and the Block any holder may play on a turn that has not begun (DD-R7)."""

from __future__ import annotations

import itertools
from dataclasses import dataclass


@dataclass(frozen=True)
class Steal:
    """Declare, before drawing, the one card of an opponent's set this turn can win (DD-R5)."""

    card: str


@dataclass(frozen=True)
class Draw:
    """Draw (until a doodle comes out; none if the deck is empty) and roll all six dice."""


@dataclass(frozen=True)
class Reroll:
    """Roll these dice again (indexes 0-5, any or all, DD-R3)."""

    dice: tuple[int, ...]


@dataclass(frozen=True)
class Free:
    """Use one of your Free Roll cards: one more roll this turn (DD-R6)."""


@dataclass(frozen=True)
class Claim:
    """Take this matching card (a Gallery doodle, or the declared steal); ends the turn."""

    card: str


@dataclass(frozen=True)
class Stop:
    """End your turn without claiming."""


@dataclass(frozen=True)
class Block:
    """Block `seat`'s turn before it begins (DD-R7); played by a seat that is not on turn."""

    seat: int


Action = Steal | Draw | Reroll | Free | Claim | Stop | Block
REROLLS = tuple(Reroll(c) for k in range(1, 7) for c in itertools.combinations(range(6), k))
_REROLL_SET = frozenset(REROLLS)


def is_reroll(action: Reroll) -> bool:
    """One of REROLLS (a set lookup: the check runs on every re-roll)."""
    try:
        return action in _REROLL_SET
    except TypeError:  # unhashable dice (a list): never one of them
        return False
