"""/armadillo: open a table, read the rules, and every move typed (a roll, an answer) for keyboards and screen
readers. Answers typed off turn are refused by the engine's own reasons (`Armadillo.explain`)."""

from __future__ import annotations

from typing import Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.games.armadillo import Discard, Roll, Token
from bot.i18n import N_
from cogs.table.clock_lines import AWAY_HELP, CLOCK_HELP
from cogs.table.controller import controller
from cogs.table.render import send_rules

from .render import RENDERER


class ArmadilloCog(commands.GroupCog, group_name="armadillo", group_description=N_("Armadillo: shed your cards")):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(description=N_("Open an Armadillo table here"))
    @app_commands.describe(pace=N_("Time per move: live 2 min, casual 1 h, async 24 h"),
                           minutes=N_("Or a pace in minutes"), thread=N_("Open the table in a new thread"),
                           clock=CLOCK_HELP, away=AWAY_HELP)
    async def new(self, interaction: discord.Interaction, pace: Literal["live", "casual", "async"] = "casual",
                  minutes: app_commands.Range[int, 1, 10080] | None = None, thread: bool = False,
                  clock: Literal["fixed", "bank"] = "fixed", away: Literal["on", "off"] = "on") -> None:
        await controller(self.bot).open_table(interaction, "armadillo", pace=pace, minutes=minutes, thread=thread,
                                              clock=clock, away=away == "on",
                                              options={})

    @app_commands.command(description=N_("How to play, with the project's rulings"))
    async def rules(self, interaction: discord.Interaction) -> None:
        await send_rules(interaction, RENDERER)

    @app_commands.command(description=N_("Roller: pick dice (0-2 of each colour, at least one) and roll"))
    @app_commands.describe(blue=N_("Blue dice, faces 1-3"), yellow=N_("Yellow dice, faces 4-6"),
                           red=N_("Red dice, faces 7-9"))
    async def roll(self, interaction: discord.Interaction, blue: app_commands.Range[int, 0, 2] = 0,
                   yellow: app_commands.Range[int, 0, 2] = 0, red: app_commands.Range[int, 0, 2] = 0) -> None:
        await self._play(interaction, Roll(blue=blue, yellow=yellow, red=red))

    @app_commands.command(description=N_("Answer the roll in secret: discard a card, or take a token"))
    @app_commands.describe(card=N_("The card to discard (its cost is paid in tokens); leave empty to take a token"))
    async def respond(self, interaction: discord.Interaction,
                      card: app_commands.Range[int, 1, 20] | None = None) -> None:
        await self._play(interaction, Token() if card is None else Discard(card))

    async def _play(self, interaction: discord.Interaction, action: Any) -> None:
        await controller(self.bot).play_typed(interaction, "armadillo", action)
