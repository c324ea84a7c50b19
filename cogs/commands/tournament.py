"""/tournament: a Swiss or round-robin tournament in a channel, its rounds played as ordinary tables (each in a
thread of the channel) at the pace chosen, with every table's clocks, away days and the vote to replace.

`new` (Manage Server) posts the sign-up message (signup.py); the rest go through the gatherings' door, as
/gamenight's do: `start` and `cancel` (the host, or Manage Server), `standings` (privately, a picture and its words),
`drop` (a member leaves: their table of the round goes to the computer, their points stay), `remove member` (the
host), `history` (the server's tournaments, the latest first, with their winners). One tournament or game night at
a time per channel."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.gatherings import FINISHED, NIGHT
from bot.i18n import N_
from bot.service.errors import Refusal
from bot.service.gatherings import Gathering, Gatherings, NoGathering
from bot.service.gatherings.service import MAX_ROUNDS
from cogs.gatherings.door import GatheringDoor
from cogs.gatherings.tournament_text import history_lines
from cogs.table.clock_lines import CLOCK_HELP
from cogs.table.format import CONTENT_CHARS

HISTORY = 10  # tournaments listed
NONE_HERE = N_("There is no tournament in this channel: `/tournament new` plans one.")


class TournamentCommands(commands.GroupCog, group_name="tournament",
                         group_description=N_("Swiss and round-robin tournaments in this channel")):
    def __init__(self, door: GatheringDoor, gatherings: Gatherings, titles: Mapping[str, str]) -> None:
        """`titles`: each game's title by its id (the games a tournament can be of)."""
        super().__init__()
        self._door, self._gatherings, self._titles = door, gatherings, titles

    @app_commands.command(description=N_("Plan a tournament here, with a sign-up message (Manage Server)"))
    @app_commands.describe(game=N_("The game its tables play"),
                           format=N_("Swiss: rounds paired by points; round robin: everyone meets everyone"),
                           rounds=N_("How many rounds (a round robin plays one per opponent)"),
                           pace=N_("Time per move: live 2 min, casual 1 h, async 24 h"),
                           clock=CLOCK_HELP,
                           starts=N_("When round 1 starts: a time in the server's zone or a Discord timestamp "
                                     "(default: the host's Start)"),
                           name=N_("The tournament's name (default: the game's)"))
    @app_commands.guild_only()
    async def new(self, interaction: discord.Interaction, game: str, format: Literal["swiss", "round-robin"],
                  rounds: app_commands.Range[int, 1, MAX_ROUNDS], pace: Literal["live", "casual", "async"],
                  clock: Literal["fixed", "bank"] | None = None, starts: str | None = None,
                  name: app_commands.Range[str, 1, 100] | None = None) -> None:
        await self._door.signups.plan(interaction, game_id=game, kind=format, rounds=rounds, pace=pace, clock=clock,
                                 starts=starts, name=name)

    @new.autocomplete("game")
    async def game_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        typed = current.casefold().strip()
        return [app_commands.Choice(name=title, value=game_id) for game_id, title in self._titles.items()
                if typed in title.casefold() or typed in game_id][:25]

    @app_commands.command(description=N_("Host: close the sign-ups and start round 1 now"))
    @app_commands.guild_only()
    async def start(self, interaction: discord.Interaction) -> None:
        await self._door.start(interaction, (await self._here(interaction)).id)

    @app_commands.command(description=N_("The tournament's standings (only you see them)"))
    @app_commands.guild_only()
    async def standings(self, interaction: discord.Interaction) -> None:
        await self._door.standings(interaction, (await self._latest_here(interaction)).id)

    @app_commands.command(description=N_("Leave the tournament: your table goes to the computer, your points stay"))
    @app_commands.guild_only()
    async def drop(self, interaction: discord.Interaction) -> None:
        await self._door.leave(interaction, (await self._here(interaction)).id)

    @app_commands.command(description=N_("Host: remove a member from the tournament"))
    @app_commands.describe(member=N_("Who leaves it"))
    @app_commands.guild_only()
    async def remove(self, interaction: discord.Interaction, member: discord.Member) -> None:
        await self._here(interaction)  # a tournament's, not a night's
        await self._door.remove(interaction, member)

    @app_commands.command(description=N_("Host: cancel the tournament (tables under way play on)"))
    @app_commands.guild_only()
    async def cancel(self, interaction: discord.Interaction) -> None:
        await self._here(interaction)
        await self._door.cancel(interaction)

    @app_commands.command(description=N_("This server's tournaments, the latest first"))
    @app_commands.guild_only()
    async def history(self, interaction: discord.Interaction) -> None:
        found = [g for g in await self._gatherings.listed(interaction.guild_id or 0) if g.kind != NIGHT][:HISTORY]
        if not found:
            raise Refusal(N_("No tournament has been held in this server yet: `/tournament new` plans one."))
        winners = {g.id: (await self._gatherings.standings(g.id))[:1] for g in found if g.state == FINISHED}
        text = "\n".join(history_lines(found, self._titles, winners))[:CONTENT_CHARS]
        await interaction.response.send_message(text, ephemeral=True, allowed_mentions=discord.AllowedMentions.none())

    async def _here(self, interaction: discord.Interaction) -> Gathering:
        """The tournament planned or running in this channel (or in the channel of this table's thread)."""
        try:
            gathering = await self._door.in_channel(interaction)
        except NoGathering:
            raise NoGathering(NONE_HERE) from None
        if gathering.kind == NIGHT:
            raise Refusal(N_("This channel's game night is run with `/gamenight`."))
        return gathering

    async def _latest_here(self, interaction: discord.Interaction) -> Gathering:
        """The tournament open here, or else the last one held here."""
        channel = interaction.channel
        where = {interaction.channel_id, getattr(channel, "parent_id", None)} - {None}
        for gathering in await self._gatherings.listed(interaction.guild_id or 0):
            if gathering.kind != NIGHT and gathering.channel_id in where:
                return gathering
        raise NoGathering(NONE_HERE)
