"""/dardz's moves, typed (a roll, a pick, a guess, a card, who leads); `new` and `rules` are every game's
(game_cog.py)."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.games.dardz.cards import ACTIONS, NAMES
from bot.games.dardz.model import Guess, Lead, Pick, Play, Roll
from bot.i18n import N_
from bot.service import Table, played
from bot.service.errors import Refusal
from cogs.games.game_cog import GameCog

CARD_CHOICES = [app_commands.Choice(name=NAMES[c], value=c) for c in ACTIONS]  # translated by the Translator
TARGET_CHOICES = [app_commands.Choice(name=N_("150 (standard)") if t == 150 else str(t), value=t)
                  for t in (50, 100, 150, 200, 300)]


class Dardz(GameCog, group_name="dardz", group_description=N_("DARDZ: roll, pick numbers, race to 10 cards")):
    @app_commands.command(description=N_("Make your next roll"))
    async def roll(self, interaction: discord.Interaction) -> None:
        await self.move(interaction, played(Roll()))

    @app_commands.command(description=N_("Pick a number from your roll: one die or the sum of two (0 = nothing)"))
    @app_commands.describe(number=N_("One die or the sum of two dice you rolled; 0 picks nothing"))
    async def pick(self, interaction: discord.Interaction, number: app_commands.Range[int, 0, 12]) -> None:
        await self.move(interaction, played(Pick(number)))

    @app_commands.command(description=N_("Jackpot: guess the die (1-6); right = +15"))
    @app_commands.describe(number=N_("Your guess, 1 to 6"))
    async def guess(self, interaction: discord.Interaction, number: app_commands.Range[int, 1, 6]) -> None:
        await self.move(interaction, played(Guess(number)))

    @app_commands.command(description=N_("Choose which of your action cards to play next"))
    @app_commands.describe(card=N_("One of the action cards in your hand"))
    @app_commands.choices(card=CARD_CHOICES)
    async def play(self, interaction: discord.Interaction, card: str) -> None:
        await self.move(interaction, played(Play(card)))

    @app_commands.command(description=N_("Team DARDZ: name who of your team rolls first this round"))
    @app_commands.describe(member=N_("You or your teammate"))
    async def lead(self, interaction: discord.Interaction, member: discord.Member) -> None:
        def read(table: Table, seat: int) -> Lead:
            named = table.seat_of(member.id)
            if named is None:
                raise Refusal(N_("That member is not seated at this table: name yourself or your teammate."))
            return Lead(named)

        await self.move(interaction, read)
