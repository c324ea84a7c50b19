"""One scripted table per game (every die and card fixed with `ScriptedRng`): the pictures in docs/, the
speed benchmark and the visual regression tests all draw these."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.games import GAMES
from bot.games.armadillo.engine import Roll as ArmadilloRoll
from bot.games.armadillo.engine import Token
from bot.games.armymen.engine import Keep
from bot.games.armymen.engine import Roll as ArmyRoll
from bot.games.dardz.model import Roll as DardzRoll
from bot.games.doodle import Claim, Draw
from bot.games.rng import ScriptedRng
from bot.service.table import Seat, Table

NAMES = ("Ana", "Bruno", "Chiara", "Dev", "Emeka", "Fen")


def table(game_id: str, state: Any, players: int, *, computers: frozenset[int] = frozenset(),
          status: str = "active") -> Table:
    game = GAMES[game_id]
    seats = tuple(Seat(s, None if s in computers else 1000 + s, NAMES[s], is_computer=s in computers)
                  for s in range(players))
    return Table(id=7, guild_id=1, channel_id=2, game=game, options={}, status=status, host_id=1000, seq=5,
                 pace_seconds=300, message_id=3, deadline_at=None, seats=seats, state=state,
                 since=(0,) * players)


def _play(game_id: str, players: int, setup_rolls: list[int], moves: list[tuple[int, Any, list[int]]],
          decks: list[list[Any]] | None = None, options: dict[str, Any] | None = None) -> Any:
    game = GAMES[game_id]
    chosen = {name: option.default for name, option in game.options.items()} | (options or {})
    state = game.setup(players, chosen, ScriptedRng(setup_rolls, decks=decks or []))
    for seat, action, rolls in moves:
        state = game.apply(state, seat, action, ScriptedRng(rolls))
    return state


def armadillo() -> Table:
    """Bruno rolled blue 2, yellow 5, red 7 (14); Ana has answered with a token, the others are answering."""
    state = _play("armadillo", 3, [1], [
        (1, ArmadilloRoll(blue=1, yellow=1, red=1), [2, 5, 7]),
        (0, Token(), []),
    ])
    return table("armadillo", state, 3)


def armymen() -> Table:
    """Ana set a soldier aside and re-rolled five dice."""
    state = _play("armymen", 2, [0], [(0, ArmyRoll(), [5, 1, 2, 6, 3, 4]), (0, Keep((1,)), [6, 2, 2, 6, 3])])
    return table("armymen", state, 2)


def doodle() -> Table:
    """Ana claimed a card; Bruno drew and rolled all six figures; Chiara is the computer."""
    first = _play("doodle", 3, [], [(0, Draw(), [4, 4, 3, 1, 2, 5])])
    claim = next(iter(GAMES["doodle"].view(first, None)["matching"]), None)
    moves: list[tuple[int, Any, list[int]]] = [(0, Draw(), [4, 4, 3, 1, 2, 5])]
    if claim:
        moves.append((0, Claim(claim), []))
    moves.append((1, Draw(), [1, 2, 3, 4, 5, 6]))
    return table("doodle", _play("doodle", 3, [], moves), 3, computers=frozenset({2}))


def dardz() -> Table:
    """Round 1: Ana made Roll 1 and Roll 2; the two dice wait for her pick."""
    top = ["7", "G7", "12", "3", "SKULL", "9", "JACKPOT", "5", "11"]
    state = _play("dardz", 3, [6, 6, 1, 1, 2, 2], [(0, DardzRoll(), [4]), (0, DardzRoll(), [3, 5])],
                  decks=[top])
    return table("dardz", state, 3)


SAMPLES: dict[str, Callable[[], Table]] = {
    "armadillo": armadillo, "armymen": armymen, "doodle": doodle, "dardz": dardz,
}
PRIVATE_SEAT = {"armadillo": 0, "dardz": 0}  # the games with a private view: whose picture the samples show

