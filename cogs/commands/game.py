"""/game …: the commands every game shares, acting on this channel's table (each one service call, through the
controller), and the table edge's listeners (what is posted in a channel; controls whose message changed)."""

from __future__ import annotations

import asyncio
import io
import json

import discord
from discord import app_commands
from discord.ext import commands

from bot.games.levels import DEFAULT_LEVEL
from bot.i18n import N_, _, speaking, translated
from bot.service.fairness import verify
from cogs.table.controller import controller
from cogs.table.controls import DYNAMIC_ITEMS, add_controls, answer_choice, answer_unshown
from cogs.table.language import server_language
from cogs.table.levels import CHOICES as LEVEL_CHOICES

from .history import answer_history
from .replay import ReplayButton, show_replay


class TableCommands(commands.GroupCog, group_name="game",
                    group_description=N_("Join, start and manage this channel's table")):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        add_controls(self.bot, *DYNAMIC_ITEMS, ReplayButton)

    async def cog_unload(self) -> None:
        await self.bot.edge.closing.stop_retrying()  # type: ignore[attr-defined]

    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:
        edge = self.bot.edge  # type: ignore[attr-defined]
        edge.table_message.note_message(message)
        edge.closing.channel_touched(message.channel.id)

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        self.bot.edge.closing.channel_touched(interaction.channel_id)  # type: ignore[attr-defined]
        await answer_unshown(interaction)
        await answer_choice(interaction)

    @app_commands.command(description=N_("Join the table in this channel"))
    @app_commands.describe(seed=N_("Your client seed, mixed into the dice (default: random); in the lobby it "
                                   "replaces yours"))
    async def join(self, interaction: discord.Interaction, seed: str | None = None) -> None:
        await controller(self.bot).join(interaction, seed)

    @app_commands.command(description=N_("Leave the table (in a running game the computer takes your seat)"))
    async def leave(self, interaction: discord.Interaction) -> None:
        await controller(self.bot).leave(interaction)

    @app_commands.command(description=N_("Host: seat a computer player"))
    @app_commands.describe(level=N_("How it plays: easy (a beginner), normal (default) or hard (plans ahead)"))
    @app_commands.choices(level=LEVEL_CHOICES)
    async def addbot(self, interaction: discord.Interaction, level: str = DEFAULT_LEVEL) -> None:
        await controller(self.bot).lobby(interaction, interaction.channel_id, "addbot", level=level)

    @app_commands.command(description=N_("Host: take the last computer player out of the lobby"))
    async def removebot(self, interaction: discord.Interaction) -> None:
        await controller(self.bot).remove_computer(interaction)

    @app_commands.command(description=N_("Host: start the game"))
    async def start(self, interaction: discord.Interaction) -> None:
        await controller(self.bot).lobby(interaction, interaction.channel_id, "start")

    @app_commands.command(description=N_("Your private view and your move buttons (only you see it)"))
    async def hand(self, interaction: discord.Interaction) -> None:
        await controller(self.bot).hand(interaction, interaction.channel_id)

    @app_commands.command(description=N_("Show the table again at the bottom of the channel"))
    async def status(self, interaction: discord.Interaction) -> None:
        await controller(self.bot).status(interaction)

    @app_commands.command(description=N_("Host or Manage Server: end this table (not rated)"))
    async def end(self, interaction: discord.Interaction) -> None:
        await controller(self.bot).end(interaction, interaction.channel_id, confirmed=False)

    @app_commands.command(description=N_("Host or Manage Server: remove a player (in a running game the computer "
                                         "takes the seat)"))
    @app_commands.describe(member=N_("The player to remove"))
    async def kick(self, interaction: discord.Interaction, member: discord.Member) -> None:
        await controller(self.bot).kick(interaction, member)

    @app_commands.command(description=N_("Check a finished game's dice against its revealed seed; the game comes "
                                         "as a JSON file"))
    @app_commands.describe(table=N_("A table number (default: the last game played in this channel)"))
    async def verify(self, interaction: discord.Interaction, table: int | None = None) -> None:
        tables = controller(self.bot).tables
        record = await tables.game_record(interaction.guild_id, table, interaction.channel_id)
        table = record["table"]
        verdict = await asyncio.to_thread(verify, record, tables.games)  # it recomputes hard computers' moves
        data = json.dumps(record, ensure_ascii=False, indent=1).encode()
        with speaking(await server_language(self.bot, interaction.guild_id)):  # a public answer
            command = f"python3 run.py verify table-{table}.json"
            answer = _("Table {table}: {verdict}\nAnyone can check the file from a copy of the bot's code with "
                       "`{command}`.", table=table, verdict=translated(verdict.text), command=command)
        await interaction.response.send_message(
            answer, file=discord.File(io.BytesIO(data), filename=f"table-{table}.json"))

    @app_commands.command(description=N_("A finished game's story: players, every round, the result, the luck "
                                         "and the dice seed"))
    @app_commands.describe(table=N_("A table number (default: the last game played in this channel)"))
    async def history(self, interaction: discord.Interaction, table: int | None = None) -> None:
        await answer_history(interaction, table)

    @app_commands.command(description=N_("Step through a finished game: move by move, round by round, first to last"))
    @app_commands.describe(table=N_("A table number (default: the last game played in this channel)"))
    async def replay(self, interaction: discord.Interaction, table: int | None = None) -> None:
        await show_replay(interaction, table, 0, edit=False)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(TableCommands(bot))
