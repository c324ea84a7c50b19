"""Coin Race, the toy game: registered once, here, like any game of the bot (cogs/games/<id>/__init__.py)."""

from pathlib import Path

from discord.ext import commands

from cogs.games import GameParts

from .cog import CoinCog
from .engine import COIN
from .picture import draw, sample
from .render import RENDERER

GAME = GameParts(engine=COIN, renderer=RENDERER, drawer=draw, sample=sample,
                 rules_doc=Path(__file__).with_name("rules.md"))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(CoinCog(bot))
