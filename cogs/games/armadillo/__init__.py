"""Armadillo at the Discord edge: its /armadillo commands, its table and hands, its picture — registered once."""

from discord.ext import commands

from cogs.games import GameEdge

from .cog import ArmadilloCog
from .picture import draw, sample
from .render import RENDERER

EDGE = GameEdge(renderer=RENDERER, drawer=draw, sample=sample)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(ArmadilloCog(bot))
