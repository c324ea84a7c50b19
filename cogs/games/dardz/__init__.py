"""DARDZ at the Discord edge: its /dardz commands, its table and points piles, its picture — added to its id once."""

from bot.i18n import N_
from cogs.games import GameEdge
from cogs.games.game_cog import Opening

from .cog import TARGET_CHOICES, Dardz
from .picture import draw, sample
from .render import RENDERER

EDGE = GameEdge(renderer=RENDERER, drawer=draw, sample=sample, cog=Dardz,
                opening=Opening(N_("Open a DARDZ table here"),
                                {"teams": N_("Team DARDZ: teams of two seated alternately (an even table)"),
                                 "target": N_("Score that wins the game (Team DARDZ: twice this)")},
                                {"target": TARGET_CHOICES}))
