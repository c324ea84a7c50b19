"""/gamenight: a game night on Discord's own calendar — planned by members with Manage Events (or Manage Server),
joined with Discord's Interested or the announcement's Join, checked in at its start, played in rounds of tables
in threads, its standings kept as tables end, its podium at the end. `plan`, `start`, `cancel`, `standings`,
`history`, `remove`; the scheduled event moved, cancelled or deleted in Discord is followed (the gateway's
scheduled-event updates, a non-privileged intent)."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.gatherings import NIGHT
from bot.i18n import N_
from bot.service.errors import Refusal
from bot.service.gatherings import Gathering, Gatherings
from bot.service.gatherings.service import MAX_ROUNDS
from cogs.gatherings.door import GatheringDoor, Zones
from cogs.gatherings.notices import CANCELLED_IN_DISCORD, DELETED_IN_DISCORD
from cogs.gatherings.when import evenings

log = logging.getLogger(__name__)


class GameNight(commands.GroupCog, group_name="gamenight", group_description=N_("Game nights on this server's "
                                                                                 "calendar")):
    def __init__(self, door: GatheringDoor, gatherings: Gatherings, zones: Zones, titles: Mapping[str, str]) -> None:
        """`titles`: each game's title by its id (the games a night can be of)."""
        super().__init__()
        self._door, self._gatherings, self._zones, self._titles = door, gatherings, zones, titles

    @app_commands.command(description=N_("Plan a game night: an event on the server's calendar, rounds of tables"))
    @app_commands.describe(game=N_("The game of the night"),
                           when=N_("When it starts: a date and time in the server's time zone, or a Discord timestamp"),
                           rounds=N_("How many rounds (default 3)"),
                           pace=N_("Time per move: live 2 min (default), casual 1 h, async 24 h"),
                           channel=N_("Where it is played (default: here); each table gets a thread of it"))
    @app_commands.guild_only()
    @app_commands.default_permissions(manage_events=True)
    async def plan(self, interaction: discord.Interaction, game: str, when: str,
                   rounds: app_commands.Range[int, 1, MAX_ROUNDS] | None = None,
                   pace: Literal["live", "casual", "async"] | None = None,
                   channel: discord.TextChannel | None = None) -> None:
        if game not in self._titles:
            raise Refusal(N_("Pick a game from the list."))
        await self._door.plan(interaction, game, when, rounds=rounds, pace=pace, channel=channel)

    @plan.autocomplete("game")
    async def game_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        typed = current.casefold().strip()
        return [app_commands.Choice(name=title, value=game_id) for game_id, title in self._titles.items()
                if typed in title.casefold() or typed in game_id][:25]

    @plan.autocomplete("when")
    async def when_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        zone = (await self._zones.of(interaction.guild_id)).time_zone
        return [app_commands.Choice(name=shown, value=value)
                for shown, value in evenings(self._gatherings.now(), zone, current)]

    @app_commands.command(description=N_("Host: start the night's check-in now, or end it and seat the tables"))
    @app_commands.guild_only()
    async def start(self, interaction: discord.Interaction) -> None:
        await self._door.start_here(interaction)

    @app_commands.command(description=N_("Host: cancel the night planned or running here"))
    @app_commands.guild_only()
    async def cancel(self, interaction: discord.Interaction) -> None:
        await self._door.cancel(interaction)

    @app_commands.command(description=N_("The night's standings (only you see them)"))
    @app_commands.guild_only()
    async def standings(self, interaction: discord.Interaction) -> None:
        await self._door.standings_here(interaction)

    @app_commands.command(description=N_("This server's game nights, the latest first"))
    @app_commands.guild_only()
    async def history(self, interaction: discord.Interaction) -> None:
        await self._door.history(interaction)

    @app_commands.command(description=N_("Host: take a member out of the night (their table goes to the computer)"))
    @app_commands.describe(member=N_("The member to take out"))
    @app_commands.guild_only()
    async def remove(self, interaction: discord.Interaction, member: discord.Member) -> None:
        await self._door.remove(interaction, member)

    # --- the event in Discord -----------------------------------------------------------------
    @commands.Cog.listener()
    async def on_scheduled_event_update(self, before: discord.ScheduledEvent, after: discord.ScheduledEvent) -> None:
        gathering = await self._of_event(after)
        if gathering is None:
            return
        if after.status is discord.EventStatus.cancelled:
            await self._end(gathering, CANCELLED_IN_DISCORD)
        elif gathering.planned and after.start_time.timestamp() != before.start_time.timestamp() and \
                abs(after.start_time.timestamp() - gathering.starts_at) > 1:
            try:
                await self._gatherings.move(gathering.id, after.start_time.timestamp())
            except Refusal:  # begun meanwhile, or moved into the past: the night keeps its time
                log.info("gathering %s keeps its start: its event moved to %s", gathering.id, after.start_time)

    @commands.Cog.listener()
    async def on_scheduled_event_delete(self, event: discord.ScheduledEvent) -> None:
        gathering = await self._of_event(event)
        if gathering is not None:
            await self._end(gathering, DELETED_IN_DISCORD)

    async def _of_event(self, event: discord.ScheduledEvent) -> Gathering | None:
        if event.creator_id is not None and event.guild is not None and event.guild.me is not None and \
                event.creator_id != event.guild.me.id:
            return None  # not one of the bot's
        listed = await self._gatherings.listed(event.guild_id, NIGHT)
        return next((g for g in listed if g.scheduled_event_id == event.id and g.open), None)

    async def _end(self, gathering: Gathering, reason: str) -> None:
        try:
            await self._gatherings.cancel(gathering.id, gathering.host_id, is_admin=True, reason=reason)
        except Refusal:  # over meanwhile
            log.info("gathering %s was over when its event ended in Discord", gathering.id)

