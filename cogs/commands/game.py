"""/game …: the commands every game shares, acting on this channel's table (each one service call, through the
controller), and a closed table's verification, history and replay."""

from __future__ import annotations

import asyncio
import io
import json
from collections.abc import Mapping

import discord
from discord import app_commands
from discord.ext import commands

from bot.games.core import Game
from bot.games.levels import DEFAULT_LEVEL
from bot.i18n import N_, _, speaking, translated
from bot.service.fairness import verify
from bot.service.records import Records
from cogs.table.controller import Controller, in_channel
from cogs.table.language import Languages
from cogs.table.levels import CHOICES as LEVEL_CHOICES

from .history import answer_history


class TableCommands(commands.GroupCog, group_name="game",
                    group_description=N_("Join, start and manage this channel's table")):
    def __init__(self, controller: Controller, records: Records, languages: Languages, engines: Mapping[str, Game]
                 ) -> None:
        """`engines`: the games a game record is verified with."""
        super().__init__()
        self._controller, self._records, self._languages, self._engines = controller, records, languages, engines

    @app_commands.command(description=N_("Join the table in this channel"))
    @app_commands.describe(seed=N_("Your client seed, mixed into the dice (default: random); in the lobby it "
                                   "replaces yours"))
    async def join(self, interaction: discord.Interaction, seed: str | None = None) -> None:
        await self._controller.join(interaction, seed)

    @app_commands.command(description=N_("Leave the table (in a running game the computer takes your seat)"))
    async def leave(self, interaction: discord.Interaction) -> None:
        await self._controller.leave(interaction)

    @app_commands.command(description=N_("Host: seat a computer player"))
    @app_commands.describe(level=N_("How it plays: easy (a beginner), normal (default) or hard (plans ahead)"))
    @app_commands.choices(level=LEVEL_CHOICES)
    async def addbot(self, interaction: discord.Interaction, level: str = DEFAULT_LEVEL) -> None:
        await self._controller.lobby(interaction, in_channel(interaction), "addbot", level=level)

    @app_commands.command(description=N_("Host: take the last computer player out of the lobby"))
    async def removebot(self, interaction: discord.Interaction) -> None:
        await self._controller.remove_computer(interaction)

    @app_commands.command(description=N_("Host: start the game"))
    async def start(self, interaction: discord.Interaction) -> None:
        await self._controller.lobby(interaction, in_channel(interaction), "start")

    @app_commands.command(description=N_("Your private view and your move buttons (only you see it)"))
    async def hand(self, interaction: discord.Interaction) -> None:
        await self._controller.hand(interaction, in_channel(interaction))

    @app_commands.command(description=N_("Show the table again at the bottom of the channel"))
    async def status(self, interaction: discord.Interaction) -> None:
        await self._controller.status(interaction)

    @app_commands.command(description=N_("Host or Manage Server: end this table (not rated)"))
    async def end(self, interaction: discord.Interaction) -> None:
        await self._controller.end(interaction, in_channel(interaction), confirmed=False)

    @app_commands.command(description=N_("Host or Manage Server: remove a player (in a running game the computer "
                                         "takes the seat)"))
    @app_commands.describe(member=N_("The player to remove"))
    async def kick(self, interaction: discord.Interaction, member: discord.Member) -> None:
        await self._controller.kick(interaction, member)

    @app_commands.command(description=N_("Check a finished game's dice against its revealed seed; the game comes "
                                         "as a JSON file"))
    @app_commands.describe(table=N_("A table number (default: the last game played in this channel)"))
    async def verify(self, interaction: discord.Interaction, table: int | None = None) -> None:
        record = await self._records.game_record(interaction.guild_id, table, in_channel(interaction))
        table = record["table"]
        verdict = await asyncio.to_thread(verify, record, self._engines)  # it recomputes hard computers' moves
        data = json.dumps(record, ensure_ascii=False, indent=1).encode()
        with speaking(await self._languages.server(interaction.guild_id)):  # a public answer
            command = f"python3 run.py verify table-{table}.json"
            answer = _("Table {table}: {verdict}\nAnyone can check the file from a copy of the bot's code with "
                       "`{command}`.", table=table, verdict=translated(verdict.text), command=command)
        await interaction.response.send_message(
            answer, file=discord.File(io.BytesIO(data), filename=f"table-{table}.json"))

    @app_commands.command(description=N_("A finished game's story: players, every round, the result, the luck "
                                         "and the dice seed"))
    @app_commands.describe(table=N_("A table number (default: the last game played in this channel)"))
    async def history(self, interaction: discord.Interaction, table: int | None = None) -> None:
        await answer_history(interaction, table, self._records, self._controller.renderer, self._languages)

    @app_commands.command(description=N_("Step through a finished game: move by move, round by round, first to last"))
    @app_commands.describe(table=N_("A table number (default: the last game played in this channel)"))
    async def replay(self, interaction: discord.Interaction, table: int | None = None) -> None:
        await self._controller.replay(interaction, table, 0, edit=False)
