"""Armadillo's state, moves and the facts every part reads (../shared/rules/armadillo.md): the deck, the dice and
the odds of their totals, what a card costs (ARM-R4) and how a game is ranked."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from ..core import Event

ROUNDS = 3
HAND = 10
START_TOKENS = 2
MAX_TOKENS = 5
ANY_CARD_COST = 4
COLOURS = (("blue", 1, 3), ("yellow", 4, 6), ("red", 7, 9))
DECK = tuple(value for value in range(1, 21) for _ in range(3))


@dataclass(frozen=True)
class Roll:
    """Roll this many blue, yellow and red dice (0-2 each, at least one die: ARM-R2)."""

    blue: int = 0
    yellow: int = 0
    red: int = 0


@dataclass(frozen=True)
class Discard:
    """Discard one card of this value; the engine charges the tokens (ARM-R4)."""

    card: int


@dataclass(frozen=True)
class Token:
    """Take a token instead of discarding (nothing is gained at 5, ARM-R7)."""


@dataclass(frozen=True)
class Answer:
    card: int | None  # None: took a token
    paid: int = 0
    gained: int = 0  # filled in when revealed: 1 for a token taken below the cap


@dataclass(frozen=True)
class Reveal:
    roller: int
    faces: tuple[int, ...]
    answers: tuple[Answer, ...]


@dataclass(frozen=True)
class State:
    players: int
    round_no: int  # 1..3
    turn_no: int  # roll number within the round, 1-based
    roller: int
    phase: str  # "roll", "respond" or "over"
    hands: tuple[tuple[int, ...], ...]  # sorted values, secret (ARM-R12)
    tokens: tuple[int, ...]
    faces: tuple[int, ...] = ()  # the roll being answered, blue then yellow then red
    answers: tuple[Answer | None, ...] = ()  # secret until all are in (ARM-R9)
    rounds: tuple[tuple[int, ...], ...] = ()  # negative points of each finished round
    last: Reveal | None = None
    events: tuple[Event, ...] = ()  # the account of the last move (core.Event)


def colour(face: int) -> str:
    return next(name for name, low, high in COLOURS if low <= face <= high)


COLOUR_OF = {face: colour(face) for _, low, high in COLOURS for face in range(low, high + 1)}


def cost(card: int, total: int) -> int:
    """ARM-R4: |card - total| when 0-3, else 4 for "any card" (the lowest applicable cost)."""
    diff = abs(card - total)
    return diff if diff <= 3 else ANY_CARD_COST


def totals(state: State) -> tuple[int, ...]:
    return tuple(sum(r[seat] for r in state.rounds) for seat in range(state.players))


def ranking(points: Sequence[int], tokens: Sequence[int]) -> tuple[int, ...]:
    """Placings: fewest points, then most tokens; equal keys share a place."""
    keys = [(p, -t) for p, t in zip(points, tokens, strict=True)]
    return tuple(1 + sum(other < key for other in keys) for key in keys)


# --- dice odds -----------------------------------------------------------------------------------
ROLLS = tuple(Roll(b, y, r) for b in range(3) for y in range(3) for r in range(3) if b + y + r)


@cache
def distribution(roll: Roll) -> dict[int, Fraction]:
    """Exact probability of each total for a choice of dice."""
    dist = {0: Fraction(1)}
    for (_, low, high), count in zip(COLOURS, (roll.blue, roll.yellow, roll.red), strict=True):
        for _ in range(count):
            nxt: dict[int, Fraction] = {}
            for total, p in dist.items():
                for face in range(low, high + 1):
                    nxt[total + face] = nxt.get(total + face, Fraction(0)) + p / 3
            dist = nxt
    return dist


def answer_to(action: Discard | Token, faces: tuple[int, ...]) -> Answer:
    """The answer an action gives to the dice showing `faces`: a card and its price (ARM-R4), or a token."""
    if isinstance(action, Discard):
        return Answer(card=action.card, paid=cost(action.card, sum(faces)))
    return Answer(card=None)
