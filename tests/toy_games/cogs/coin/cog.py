"""/coin's move: call a side and flip; `new` and `rules` are every game's (cogs/games/game_cog.py)."""

from __future__ import annotations

from typing import Literal

import discord
from discord import app_commands

from bot.service import played
from cogs.games.game_cog import GameCog
from tests.toy_games.games.coin import Call


class CoinCog(GameCog, group_name="coin", group_description="Coin Race: the first to three heads wins"):
    @app_commands.command(description="Call a side and flip the coin")
    @app_commands.describe(side="The side you call")
    async def flip(self, interaction: discord.Interaction, side: Literal["heads", "tails"] = "heads") -> None:
        await self.move(interaction, played(Call(side)))
