"""Army Men Dice War at the Discord edge: its /armymen commands, its table, its picture — registered once."""

from discord.ext import commands

from cogs.games import GameEdge

from .cog import ArmyMen
from .picture import draw, sample
from .render import RENDERER

EDGE = GameEdge(renderer=RENDERER, drawer=draw, sample=sample)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(ArmyMen(bot))
