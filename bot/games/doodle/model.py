"""Doodle Dice's state and the facts every part reads (../shared/rules/doodle_dice.md): the colours a seat holds,
the cards a turn can win, and who may block whom (DD-R7)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..core import Event
from ..text import N_
from .cards import BLOCK, CARDS, matches

EXTRA_ROLLS = 2  # after the first roll
STALL_ROUNDS = 3  # DD-R9


@dataclass(frozen=True)
class State:
    players: int
    deck: tuple[str, ...]  # top first
    gallery: tuple[str, ...]
    sets: tuple[tuple[str, ...], ...]  # doodles held, per seat
    held: tuple[tuple[str, ...], ...]  # action cards held, per seat (used ones stay, face down)
    used: frozenset[str]  # action cards used
    turn: int | None  # whose turn; None once the game is over
    begun: bool  # the turn began (steal declared or drawn): it can no longer be blocked
    dice: tuple[str, ...]  # figures showing; () = not rolled yet this turn
    rolls_left: int
    steal: str | None  # the declared card, this turn
    quiet: int  # turns ended with the deck empty and no card changing hands since (DD-R9)
    turns: int = 0  # turns played or blocked so far
    events: tuple[Event, ...] = ()  # the account of the last move (core.Event)
    blocked: frozenset[int] = frozenset()  # seats whose coming turn a Block was announced against (DD-R7)


def colours(state: State, seat: int) -> frozenset[str]:
    return frozenset(CARDS[c].colour for c in state.sets[seat])


def owner(state: State, card: str) -> int | None:
    return next((seat for seat, cards in enumerate(state.sets) if card in cards), None)


def unused(state: State, seat: int, name: str) -> tuple[str, ...]:
    return tuple(c for c in state.held[seat] if CARDS[c].name == name and c not in state.used)


def claimable(state: State, seat: int) -> tuple[str, ...]:
    """The cards this turn could win, matched or not (the declared steal, else Gallery doodles, DD-R4)."""
    if state.steal is not None:
        return (state.steal,)
    mine = colours(state, seat)
    return tuple(c for c in state.gallery if CARDS[c].colour not in mine)


def matching(state: State, seat: int) -> tuple[str, ...]:
    if not state.dice:
        return ()
    return tuple(c for c in claimable(state, seat) if matches(CARDS[c].figures, state.dice))


def set_at(seq: tuple[Any, ...], i: int, value: Any) -> tuple[Any, ...]:
    return seq[:i] + (value,) + seq[i + 1 :]


def most_needed(cards: tuple[str, ...]) -> str:
    """The most-needed card: the hardest colour (most figures), first in order on a tie (PD)."""
    return max(cards, key=lambda c: (CARDS[c].rank, -cards.index(c)))


def block_error(state: State, seat: int, target: int) -> str | None:
    """Why `seat` may not block `target`'s turn now (DD-R7); None: it may."""
    if state.turn is None:
        return N_("The game is over.")
    if not 0 <= seat < state.players:
        return N_("You are not playing in this game.")
    if seat == target:
        return N_("You cannot block your own turn (DD-R7).")
    if not 0 <= target < state.players:
        return N_("That player is not in this game.")
    if target == state.turn and state.begun:
        return N_("Too late: that turn has already begun (DD-R7).")
    if target in state.blocked:
        return N_("That player's coming turn is already blocked: one block per turn (DD-R7).")
    if not unused(state, seat, BLOCK):
        return N_("You hold no unused Block A Turn card (DD-R7).")
    return None


def block_targets(state: State, seat: int) -> list[int]:
    """The opponents whose turn `seat` may block now (DD-R7), the player on turn first."""
    if state.turn is None or not 0 <= seat < state.players:
        return []
    order = [(state.turn + i) % state.players for i in range(state.players)]
    return [t for t in order if block_error(state, seat, t) is None]
