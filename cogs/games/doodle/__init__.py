"""Doodle Dice at the Discord edge: its /doodle commands, its table and Block buttons, its picture — added to its id
once."""

from bot.i18n import N_
from cogs.games import GameEdge
from cogs.games.game_cog import Opening

from .cog import Doodle
from .picture import draw, sample
from .render import RENDERER, BlockButton

EDGE = GameEdge(renderer=RENDERER, drawer=draw, sample=sample, cog=Doodle,
                opening=Opening(N_("Open a Doodle Dice table here")),
                rules=N_("How to play, the figure symbols, and the project's rulings"), controls=(BlockButton,))
