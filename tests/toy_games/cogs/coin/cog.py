"""/coin: open a Coin Race table, read its rules, flip by command."""

from __future__ import annotations

from typing import Literal

import discord
from discord import app_commands
from discord.ext import commands

from cogs.table.controller import controller
from cogs.table.render import send_rules
from tests.toy_games.games.coin import Call

from .render import RENDERER


class CoinCog(commands.GroupCog, group_name="coin", group_description="Coin Race: the first to three heads wins"):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(description="Open a Coin Race table here")
    @app_commands.describe(pace="Time per move: live 2 min, casual 1 h, async 24 h", minutes="Or a pace in minutes",
                           thread="Open the table in a new thread")
    async def new(self, interaction: discord.Interaction, pace: Literal["live", "casual", "async"] = "casual",
                  minutes: app_commands.Range[int, 1, 10080] | None = None, thread: bool = False) -> None:
        await controller(self.bot).open_table(interaction, "coin", pace=pace, minutes=minutes, thread=thread,
                                              options={})

    @app_commands.command(description="How to play")
    async def rules(self, interaction: discord.Interaction) -> None:
        await send_rules(interaction, RENDERER)

    @app_commands.command(description="Call a side and flip the coin")
    @app_commands.describe(side="The side you call")
    async def flip(self, interaction: discord.Interaction, side: Literal["heads", "tails"] = "heads") -> None:
        await controller(self.bot).play_typed(interaction, "coin", Call(side))
