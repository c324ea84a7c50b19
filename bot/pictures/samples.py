"""Sample tables, every die and card fixed: each game's drawer has one (`cogs/games/<id>/picture.py`
`sample(players)`), which the pictures in docs/, the visual regression tests, the speed benchmark and the phone
measure (scripts/phone.py) draw. A game's sample is its table with the most to show and to choose: at its most
seats, mid-turn (`richest`: the best moment of a seeded game the computer plays against itself), or scripted
die by die (`played`)."""

from __future__ import annotations

import hashlib
from collections import deque
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from bot.games.core import Game
from bot.games.rng import ScriptedRng, SeededRng
from bot.service import Seat, Table

RECENT = 4  # moves whose events a sample tells
NAMES = ("Ana", "Bruno", "Chiara", "Dev", "Emeka", "Fen", "Giulia", "Hiro")


def sample_table(game: Game, state: Any, players: int, *, computers: frozenset[int] = frozenset(),
                 status: str = "active") -> Table:
    """A table of `game` in `state`, seated by the sample names (`computers`: the computer seats)."""
    seats = tuple(Seat(s, None if s in computers else 1000 + s, NAMES[s], is_computer=s in computers)
                  for s in range(players))
    return Table(id=7, guild_id=1, channel_id=2, game=game, options={}, status=status, host_id=1000, seq=5,
                 pace_seconds=300, message_id=3, deadline_at=None, seats=seats, state=state,
                 since=(0,) * players, news=tuple(state.events),
                 commitment=hashlib.sha256(f"{game.id} sample".encode()).hexdigest())


def played(game: Game, players: int, setup_rolls: list[int], moves: list[tuple[int, Any, list[int]]],
           decks: list[list[Any]] | None = None, options: dict[str, Any] | None = None) -> Any:
    """The state after `moves` ((seat, action, its dice)), from a set-up with `setup_rolls` and `decks`."""
    chosen = {name: option.default for name, option in game.options.items()} | (options or {})
    state = game.setup(players, chosen, ScriptedRng(setup_rolls, decks=decks or []))
    for seat, action, rolls in moves:
        state = game.apply(state, seat, action, ScriptedRng(rolls))
    return state


def richest(game: Game, players: int, score: Callable[[dict[str, Any]], float | None], *,
            options: dict[str, Any] | None = None, seeds: tuple[str, ...] = ("sample",)) -> Any:
    """The state of whole games the computer plays against itself at `players` seats (a game per seed, the seats
    to act in seat order) whose public view scores highest by `score` (None: not a moment to show); the first
    of equals. Its `events` are those of the last `RECENT` moves, as a table's news is when computers played."""
    chosen = {name: option.default for name, option in game.options.items()} | (options or {})
    best, best_score = None, float("-inf")
    for seed in seeds:
        state = game.setup(players, chosen, SeededRng(seed, 0))
        move, recent = 0, deque[Any](maxlen=RECENT)
        while to_act := sorted(game.to_act(state)):
            move += 1
            action = game.computer_action(state, to_act[0], SeededRng(seed, f"computer:{move}"))
            state = game.apply(state, to_act[0], action, SeededRng(seed, move))
            recent.append(state.events)
            shown = score(game.view(state, None)) if game.to_act(state) else None
            if shown is not None and shown > best_score:
                best, best_score = replace(state, events=tuple(e for events in recent for e in events)), shown
    if best is None:
        raise ValueError(f"no moment of {game.id} at {players} seats scores")
    return best
