"""Doodle Dice at the Discord edge: its /doodle commands, its table and Block buttons, its picture — registered
once."""

from discord.ext import commands

from cogs.games import GameEdge

from .cog import Doodle
from .picture import draw, sample
from .render import RENDERER

EDGE = GameEdge(renderer=RENDERER, drawer=draw, sample=sample)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Doodle(bot))
