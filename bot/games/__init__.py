"""The rules engines, pure and Discord-free. `GAMES` maps a game id to its engine."""

from .armadillo import ARMADILLO
from .army_men import ARMY_MEN
from .core import Game
from .dardz import DARDZ
from .doodle_dice import DOODLE_DICE

GAMES: dict[str, Game] = {game.id: game for game in (ARMY_MEN, ARMADILLO, DOODLE_DICE, DARDZ)}
