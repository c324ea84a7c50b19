"""/season: a server's seasons, for members with Manage Server — start one by name, or monthly ones that roll over
by themselves on the first of each month (the server's time zone: /settings timezone), end the running one. Ending
a season posts its podium per game as one picture, with its words for screen readers (the message and the
picture's alt text), where it was ended or in the channel chosen when it began; a monthly rollover's podium is
posted there by the timer (`season_ended`, once across processes)."""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import N_, _, speaking
from bot.names import escaped
from bot.pictures.community import Placed, podium
from bot.service.ratings import shown_rating
from bot.service.results import Standings
from bot.service.seasons import MAX_NAME, Ended, Seasons
from cogs.games import GameParts
from cogs.table.after_commit import attempt
from cogs.table.channel import Channel
from cogs.table.format import ALT_TEXT_CHARS, CONTENT_CHARS, PLACE_MEDALS, in_server, timestamp
from cogs.table.language import Languages
from cogs.table.permissions import ChannelAccess, manage_server_only

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Where:
    """A channel of a server, for the edge's channel helpers."""

    guild_id: int
    channel_id: int


async def podium_message(standings: Standings, games: Mapping[str, GameParts], ended: Ended) -> dict[str, Any]:
    """The podium as a message: its words (also the picture's alt text) and its picture, in the current
    language."""
    season = ended.season
    lines = [_("🏁 Season **{name}** is over. Its podium:", name=escaped(season.name))]
    drawn: dict[str, list[Placed]] = {}
    for game_id, parts in games.items():
        if game_id not in ended.podium:
            continue
        ranked = await standings.named(season.guild_id, ended.podium[game_id])
        placed = [Placed(place, r.name or _("a former member"), shown_rating(r.rating.mu, r.rating.sigma))
                  for place, r in enumerate(ranked, start=1)]
        drawn[parts.engine.title] = placed
        lines.append(f"{parts.renderer.emoji} **{parts.engine.title}**: " + " · ".join(
            f"{PLACE_MEDALS[p.place]} {escaped(p.name)} ({p.rating})" for p in placed))
    if not drawn:
        lines.append(_("No rated game was played in this season."))
    text = "\n".join(lines)[:CONTENT_CHARS]
    png = await asyncio.to_thread(podium, season.name, drawn)  # the language goes along
    picture = discord.File(io.BytesIO(png), filename="podium.png", description=text[:ALT_TEXT_CHARS])
    return {"content": text, "files": [picture], "allowed_mentions": discord.AllowedMentions.none()}


class SeasonCommands(commands.GroupCog, group_name="season", group_description=N_("This server's seasons")):
    def __init__(self, seasons: Seasons, standings: Standings, games: Mapping[str, GameParts], languages: Languages,
                 access: ChannelAccess, channel: Channel) -> None:
        """`standings` and `games`: a podium's members and games; `access` and `channel`: posting it."""
        super().__init__()
        self._seasons, self._standings, self._games, self._languages = seasons, standings, games, languages
        self._access, self._channel = access, channel

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        return manage_server_only(interaction, _("Only members with Manage Server can start or end seasons."))

    @app_commands.command(description=N_("Start a season: everyone's season ratings start fresh"))
    @app_commands.describe(name=N_("The season's name (each name once per server)"),
                           channel=N_("Where its podium is posted when it ends (default: where it is ended)"))
    @app_commands.guild_only()
    @app_commands.default_permissions(manage_guild=True)
    async def start(self, interaction: discord.Interaction, name: app_commands.Range[str, 1, MAX_NAME],
                    channel: discord.TextChannel | None = None) -> None:
        guild_id = in_server(interaction)
        season = await self._seasons.start(guild_id, name, channel.id if channel else None)
        with speaking(await self._languages.server(guild_id)):  # a public answer
            text = _("🏁 Season **{name}** starts now: everyone's season ratings start fresh (all-time ratings carry "
                     "on). `/leaderboard` shows it.", name=escaped(season.name))
        await attempt("announcing the season", interaction.response.send_message(text))

    @app_commands.command(description=N_("Monthly seasons, rolling over on the 1st (the server's time zone)"))
    @app_commands.describe(channel=N_("Where each month's podium is posted (default: here)"))
    @app_commands.guild_only()
    @app_commands.default_permissions(manage_guild=True)
    async def monthly(self, interaction: discord.Interaction, channel: discord.TextChannel | None = None) -> None:
        guild_id = in_server(interaction)
        where = channel.id if channel else interaction.channel_id
        season = await self._seasons.start(guild_id, None, where)
        assert season.ends_at is not None, "a monthly season ends with its month"
        with speaking(await self._languages.server(guild_id)):
            text = _("🏁 Monthly seasons: season **{name}** starts now and the next one {when}; each month's podium "
                     "is posted in <#{channel}>.", name=escaped(season.name), when=timestamp(season.ends_at),
                     channel=where)
        await attempt("announcing the season", interaction.response.send_message(text))

    @app_commands.command(description=N_("End the running season and post its podium"))
    @app_commands.guild_only()
    @app_commands.default_permissions(manage_guild=True)
    async def end(self, interaction: discord.Interaction) -> None:
        guild_id = in_server(interaction)
        ended = await self._seasons.end(guild_id)
        chosen = ended.season.channel_id
        with speaking(await self._languages.server(guild_id)):
            message = await podium_message(self._standings, self._games, ended)
        if chosen is None or chosen == interaction.channel_id:
            await attempt("posting the podium", interaction.response.send_message(**message))
            return
        posted = await self.post(Where(guild_id, chosen), message)
        await attempt("answering the member", interaction.response.send_message(
            _("Season {name} is over: its podium is in <#{channel}>.", name=escaped(ended.season.name),
              channel=chosen) if posted else
            _("Season {name} is over, but I could not post its podium in <#{channel}>: `/leaderboard` shows it.",
              name=escaped(ended.season.name), channel=chosen), ephemeral=True))

    @commands.Cog.listener()
    async def on_season_ended(self, ended: Ended) -> None:
        """A monthly season rolled over (the timer): its podium goes to its channel."""
        if ended.season.channel_id is None:
            return
        with speaking(await self._languages.server(ended.season.guild_id)):
            message = await podium_message(self._standings, self._games, ended)
        await self.post(Where(ended.season.guild_id, ended.season.channel_id), message)

    async def post(self, where: Where, message: dict[str, Any]) -> bool:
        """Post in a channel as far as the bot may there (a refusal is logged)."""
        access = self._access.of(where.channel_id)
        return await attempt("posting a season's podium", self._channel.post(where, access, "posting a podium",
                                                                             **message))
