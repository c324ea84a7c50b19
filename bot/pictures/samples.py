"""Scripted sample tables (every die and card fixed with `ScriptedRng`): each game's drawer has one
(`cogs/games/<id>/picture.py` `sample(players)`), which the pictures in docs/, the speed benchmark and the visual
regression tests draw, and the phone test at five seats."""

from __future__ import annotations

from typing import Any

from bot.games.core import Game
from bot.games.rng import ScriptedRng
from bot.service import Seat, Table

NAMES = ("Ana", "Bruno", "Chiara", "Dev", "Emeka", "Fen")


def sample_table(game: Game, state: Any, players: int, *, computers: frozenset[int] = frozenset(),
                 status: str = "active") -> Table:
    """A table of `game` in `state`, seated by the sample names (`computers`: the computer seats)."""
    seats = tuple(Seat(s, None if s in computers else 1000 + s, NAMES[s], is_computer=s in computers)
                  for s in range(players))
    return Table(id=7, guild_id=1, channel_id=2, game=game, options={}, status=status, host_id=1000, seq=5,
                 pace_seconds=300, message_id=3, deadline_at=None, seats=seats, state=state,
                 since=(0,) * players)


def played(game: Game, players: int, setup_rolls: list[int], moves: list[tuple[int, Any, list[int]]],
           decks: list[list[Any]] | None = None, options: dict[str, Any] | None = None) -> Any:
    """The state after `moves` ((seat, action, its dice)), from a set-up with `setup_rolls` and `decks`."""
    chosen = {name: option.default for name, option in game.options.items()} | (options or {})
    state = game.setup(players, chosen, ScriptedRng(setup_rolls, decks=decks or []))
    for seat, action, rolls in moves:
        state = game.apply(state, seat, action, ScriptedRng(rolls))
    return state
