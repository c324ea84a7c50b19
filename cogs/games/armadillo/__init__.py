"""Armadillo at the Discord edge: its /armadillo commands, its table and hands, its picture — registered once."""

from discord.ext import commands

from bot.games.armadillo import ARMADILLO
from cogs.games import GameParts

from .cog import ArmadilloCog
from .picture import draw, sample
from .render import RENDERER

GAME = GameParts(engine=ARMADILLO, renderer=RENDERER, drawer=draw, sample=sample)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(ArmadilloCog(bot))
