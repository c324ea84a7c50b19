"""DARDZ at the Discord edge: its /dardz commands, its table and points piles, its picture — registered once."""

from discord.ext import commands

from cogs.games import GameEdge

from .cog import Dardz
from .picture import draw, sample
from .render import RENDERER

EDGE = GameEdge(renderer=RENDERER, drawer=draw, sample=sample)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Dardz(bot))
