"""/dardz: open a table, read the rules, and every move typed (a roll, a pick, a guess, a card, who leads)."""

from __future__ import annotations

from typing import Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.games.dardz.cards import ACTIONS, NAMES
from bot.games.dardz.model import Guess, Lead, Pick, Play, Roll
from bot.i18n import N_
from bot.service import Table
from bot.service.errors import Refusal
from cogs.table.clock_lines import AWAY_HELP, CLOCK_HELP
from cogs.table.controller import controller
from cogs.table.render import send_rules

from .render import RENDERER

CARD_CHOICES = [app_commands.Choice(name=NAMES[c], value=c) for c in ACTIONS]  # translated by the Translator
TARGET_CHOICES = [app_commands.Choice(name=N_("150 (standard)") if t == 150 else str(t), value=t)
                  for t in (50, 100, 150, 200, 300)]


class Dardz(commands.GroupCog, group_name="dardz", group_description=N_("DARDZ: roll, pick numbers, race to 10 cards")):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(description=N_("Open a DARDZ table here"))
    @app_commands.describe(pace=N_("Time per move: live 2 min, casual 1 h, async 24 h"),
                           minutes=N_("Or a pace in minutes"), thread=N_("Open the table in a new thread"),
                           clock=CLOCK_HELP, away=AWAY_HELP,
                           teams=N_("Team DARDZ: teams of two seated alternately (an even table)"),
                           target=N_("Score that wins the game (Team DARDZ: twice this)"))
    @app_commands.choices(target=TARGET_CHOICES)
    async def new(self, interaction: discord.Interaction,
                  pace: Literal["live", "casual", "async"] = "casual",
                  minutes: app_commands.Range[int, 1, 10080] | None = None, thread: bool = False,
                  clock: Literal["fixed", "bank"] = "fixed", away: Literal["on", "off"] = "on",
                  teams: bool = False, target: int = 150) -> None:
        await controller(self.bot).open_table(interaction, "dardz", pace=pace, minutes=minutes, thread=thread,
                                              clock=clock, away=away == "on",
                                              options={"teams": teams, "target": target})

    @app_commands.command(description=N_("How to play, with the project's rulings"))
    async def rules(self, interaction: discord.Interaction) -> None:
        await send_rules(interaction, RENDERER)

    @app_commands.command(description=N_("Make your next roll"))
    async def roll(self, interaction: discord.Interaction) -> None:
        await controller(self.bot).play_typed(interaction, "dardz", Roll())

    @app_commands.command(description=N_("Pick a number from your roll: one die or the sum of two (0 = nothing)"))
    @app_commands.describe(number=N_("One die or the sum of two dice you rolled; 0 picks nothing"))
    async def pick(self, interaction: discord.Interaction, number: app_commands.Range[int, 0, 12]) -> None:
        await controller(self.bot).play_typed(interaction, "dardz", Pick(number))

    @app_commands.command(description=N_("Jackpot: guess the die (1-6); right = +15"))
    @app_commands.describe(number=N_("Your guess, 1 to 6"))
    async def guess(self, interaction: discord.Interaction, number: app_commands.Range[int, 1, 6]) -> None:
        await controller(self.bot).play_typed(interaction, "dardz", Guess(number))

    @app_commands.command(description=N_("Choose which of your action cards to play next"))
    @app_commands.describe(card=N_("One of the action cards in your hand"))
    @app_commands.choices(card=CARD_CHOICES)
    async def play(self, interaction: discord.Interaction, card: str) -> None:
        await controller(self.bot).play_typed(interaction, "dardz", Play(card))

    @app_commands.command(description=N_("Team DARDZ: name who of your team rolls first this round"))
    @app_commands.describe(member=N_("You or your teammate"))
    async def lead(self, interaction: discord.Interaction, member: discord.Member) -> None:
        def read(table: Table, seat: int) -> Lead:
            named = table.seat_of(member.id)
            if named is None:
                raise Refusal(N_("That member is not seated at this table: name yourself or your teammate."))
            return Lead(named)

        await controller(self.bot).play_typed(interaction, "dardz", read)
