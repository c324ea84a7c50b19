"""A table of automatic seats played the way the session service plays computers, for benchmarks and tests.
Self-contained (core and rng only), so `benchmarks/engine_speed.py` can run it on an earlier commit's engines.

The dice are the service's: move n draws from the table's stream n (the set-up from stream 0), and a seat's
decision before move n+1 from the stream "computer:n:seat" (`bot/service/turns.py` `_automatic_choice`). Seats are
asked in seat order: a seat to act moves; a seat not to act that has a legal interjection (a Block) is asked
too and may pass (None).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from .core import Game
from .rng import Rng, table_rng

Chooser = Callable[[Any, int, Rng], Any]  # (state, seat, rng) -> action, or None to pass an interjection

MAX_MOVES = 20_000


def computers(game: Game, players: int) -> list[Chooser]:
    """Every seat plays the game's own computer player (its default level)."""
    return [game.computer_action] * players


def play(game: Game, choosers: Sequence[Chooser], options: Mapping[str, Any], seed: str,
         client_seeds: Sequence[str] | None = None, *, on_move: Callable[[Any, int, Any], None] | None = None,
         ) -> tuple[Any, int]:
    """Play until the game ends; returns (final state, moves). `on_move(state, seat, action)` sees every move
    before it is applied."""
    seeds = list(client_seeds) if client_seeds is not None else [f"c{s}" for s in range(len(choosers))]
    state = game.setup(len(choosers), options, table_rng(seed, seeds, 0))
    for seq in range(MAX_MOVES):
        if game.outcome(state) is not None:
            return state, seq
        seat, action = _automatic_choice(game, state, choosers, seed, seeds, seq)
        if on_move is not None:
            on_move(state, seat, action)
        state = game.apply(state, seat, action, table_rng(seed, seeds, seq + 1))
    raise RuntimeError(f"{game.id}: no end after {MAX_MOVES} moves")


def _automatic_choice(game: Game, state: Any, choosers: Sequence[Chooser], seed: str, seeds: list[str],
                      seq: int) -> tuple[int, Any]:
    to_act = game.to_act(state)
    for seat, choose in enumerate(choosers):
        rng = table_rng(seed, seeds, f"computer:{seq}:{seat}")
        if seat in to_act:
            return seat, choose(state, seat, rng)
        if game.legal_actions(state, seat):  # an optional interjection, e.g. a Block
            action = choose(state, seat, rng)
            if action is not None:
                return seat, action
    raise RuntimeError(f"{game.id}: nobody moved")
