"""DARDZ at the Discord edge: its /dardz commands, its table and points piles, its picture — registered once."""

from discord.ext import commands

from bot.games.dardz import DARDZ
from cogs.games import GameParts

from .cog import Dardz
from .picture import draw, sample
from .render import RENDERER

GAME = GameParts(engine=DARDZ, renderer=RENDERER, drawer=draw, sample=sample)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Dardz(bot))
