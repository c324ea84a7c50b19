"""The rules engines, pure and Discord-free. `GAMES` maps a game id to its engine."""

from .armadillo import ARMADILLO
from .armymen import ARMYMEN
from .core import Game
from .dardz import DARDZ
from .doodle import DOODLE

GAMES: dict[str, Game] = {game.id: game for game in (ARMYMEN, ARMADILLO, DOODLE, DARDZ)}
