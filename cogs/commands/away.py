"""`/me away days:N` and `/me back`: a member's away days (bot/service/away.py), answered privately with their card
(the days left; until when they are away). Every casual and async table they sit at shows it ("⏸ alice is away
until Friday"), one edit each. The `/me` group holds a member's own settings, set once for every server."""

from __future__ import annotations

from datetime import UTC, date, datetime, time

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import N_
from bot.service.away import MOST_DAYS
from bot.service.errors import Refusal
from cogs.table.controller import controller


class MeCommands(commands.GroupCog, group_name="me", group_description=N_("Your own settings, for every table")):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(description=N_("Go away for whole days: your casual and async tables wait for you"))
    @app_commands.describe(days=N_("Whole days away, from your budget (7, +2 each month, at most 21)"),
                           until=N_("Or the day you are back, as 2026-12-24 (midnight UTC)"))
    async def away(self, interaction: discord.Interaction,
                   days: app_commands.Range[int, 1, MOST_DAYS] | None = None,
                   until: app_commands.Range[str, 10, 10] | None = None) -> None:
        await controller(self.bot).away(interaction, days=days, until=None if until is None else back_on(until))

    @app_commands.command(description=N_("I'm back: your clocks run again, and unused whole days come back"))
    async def back(self, interaction: discord.Interaction) -> None:
        await controller(self.bot).away(interaction, back=True)


def back_on(day: str) -> float:
    """The moment a member is back, from the day they typed (YYYY-MM-DD): its midnight, UTC."""
    try:
        return datetime.combine(date.fromisoformat(day), time(), UTC).timestamp()
    except ValueError:
        raise Refusal(N_("Write the day you are back as year-month-day, for example 2026-12-24.")) from None


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(MeCommands(bot))
