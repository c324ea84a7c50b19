"""Computer levels, shared by the engines: `easy` (a beginner), `normal` (the rules spec's computer) and `hard`
(plans ahead, see each game's planner). Every random choice of a computer comes from the rng it is given (the
table's seeded stream for that decision), so the same table replays the same computer moves.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .rng import Rng
from .text import N_

LEVELS = ("easy", "normal", "hard")
DEFAULT_LEVEL = "normal"
NAMES = {"easy": N_("easy"), "normal": N_("normal"), "hard": N_("hard")}  # how a level is said (translated)
EASY_SLIP = 30  # percent of its decisions where easy slips: a beginner's move, or another legal move


def check_level(level: str) -> None:
    if level not in LEVELS:
        raise ValueError(f"unknown computer level {level!r}: one of {', '.join(LEVELS)}")


Chooser = Callable[[Any, int, Rng], Any]


def easy_action(game: Any, state: Any, seat: int, rng: Rng, normal: Chooser, beginner: Chooser | None = None) -> Any:
    """Normal's choice, except on EASY_SLIP % of decisions: the game's `beginner` move if it has one, else
    another legal move drawn with `rng` (for a seat that may interject, passing counts as a move)."""
    slip = rng.randint(1, 100) <= EASY_SLIP
    chosen = normal(state, seat, rng)
    if not slip:
        return chosen
    if beginner is not None:
        return beginner(state, seat, rng)
    options = list(game.legal_actions(state, seat))
    if seat not in game.to_act(state):
        options.append(None)  # an interjection (a Block) is never owed
    others = [a for a in options if a != chosen]
    return others[rng.randint(0, len(others) - 1)] if others else chosen
