"""Armadillo at the Discord edge: its /armadillo commands, its table and hands, its picture — added to its id
once."""

from bot.i18n import N_
from cogs.games import GameEdge
from cogs.games.game_cog import Opening

from .cog import ArmadilloCog
from .picture import draw, sample
from .render import RENDERER

EDGE = GameEdge(renderer=RENDERER, drawer=draw, sample=sample, cog=ArmadilloCog,
                opening=Opening(N_("Open an Armadillo table here")))
