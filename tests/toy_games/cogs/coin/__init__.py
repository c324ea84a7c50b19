"""Coin Race at the Discord edge: its cog, table, picture and rules doc — added to its id once, here, as a game of
the bot adds its own (cogs/games/<id>/__init__.py)."""

from pathlib import Path

from discord.ext import commands

from cogs.games import GameEdge

from .cog import CoinCog
from .picture import draw, sample
from .render import RENDERER

EDGE = GameEdge(renderer=RENDERER, drawer=draw, sample=sample, rules_doc=Path(__file__).with_name("rules.md"))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(CoinCog(bot))
