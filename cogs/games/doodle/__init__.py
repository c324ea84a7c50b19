"""Doodle Dice at the Discord edge: its /doodle commands, its table and Block buttons, its picture — registered
once."""

from discord.ext import commands

from bot.games.doodle import DOODLE
from cogs.games import GameParts

from .cog import Doodle
from .picture import draw, sample
from .render import RENDERER

GAME = GameParts(engine=DOODLE, renderer=RENDERER, drawer=draw, sample=sample)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Doodle(bot))
