"""Army Men Dice War at the Discord edge: its /armymen commands, its table, its picture — added to its id once."""

from bot.i18n import N_
from cogs.games import GameEdge
from cogs.games.game_cog import Opening

from .cog import ArmyMen
from .picture import draw, sample
from .render import RENDERER

EDGE = GameEdge(renderer=RENDERER, drawer=draw, sample=sample, cog=ArmyMen,
                opening=Opening(N_("Open an Army Men Dice War table here"),
                                {"campaign": N_("Three games; the lowest sum wins")}))
