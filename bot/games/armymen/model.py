"""Army Men Dice War's state and moves, and the scores every part reads (../shared/rules/army_men_dice_war.md)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..core import Event

DICE_PER_PLAYER = 6
CAMPAIGN_GAMES = 3


def points(face: int) -> int:
    """A 1 is a soldier and scores 0; any other face scores its pips."""
    return 0 if face == 1 else face


@dataclass(frozen=True)
class Roll:
    """Roll every die still to roll (only at the start of a turn)."""


@dataclass(frozen=True)
class Keep:
    """Set aside these faces (1 or 2 of the dice just rolled); the rest are rolled again."""

    faces: tuple[int, ...]


@dataclass(frozen=True)
class State:
    campaign: bool
    game_no: int  # 1-based; only a campaign has more than one
    first_starter: int  # who started round 1 of this game (AMD-R8)
    starter: int  # who starts this round
    dice: tuple[int, int]  # dice each player owns, ante included
    turn: int | None  # whose turn; None once the game (or campaign) is over
    rolled: tuple[int, ...]  # the dice just rolled, awaiting a Keep; () = must Roll
    to_roll: int  # dice the player on turn still has to roll (includes `rolled`)
    kept: tuple[tuple[int, ...], tuple[int, ...]]  # dice set aside this round
    done: tuple[bool, bool]  # who has finished their turn this round
    rounds: tuple[tuple[int, int], ...]  # round scores of this game
    games: tuple[tuple[int, int], ...]  # totals of the campaign's finished games
    game_winners: tuple[int | None, ...]  # per finished game: winning seat, None for a draw
    events: tuple[Event, ...] = ()  # the account of the last move (core.Event)

    @property
    def round_no(self) -> int:
        return len(self.rounds) + 1


def round_score(kept: Sequence[int]) -> int:
    return sum(points(f) for f in kept)


def game_totals(rounds: Sequence[tuple[int, int]]) -> tuple[int, int]:
    return (sum(r[0] for r in rounds), sum(r[1] for r in rounds))


def rounds_won(rounds: Sequence[tuple[int, int]]) -> tuple[int, int]:
    return (sum(a < b for a, b in rounds), sum(b < a for a, b in rounds))
