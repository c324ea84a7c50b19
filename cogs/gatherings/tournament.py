"""/tournament: a Swiss or round-robin tournament in a channel, its rounds played as ordinary tables at async pace.

`/tournament new` (Manage Server) posts the sign-up message, where members press Join or Leave until it starts —
at the time chosen, or at the host's Start (the command, or the message's button). The timer then seats each round
(once, across processes) and the gatherings' listener gives each table a thread and posts the standings; a member
drops out with `/tournament drop` (their table of the round goes to the computer, their points stay), the host
removes one with `/tournament remove`, or cancels. `/tournament standings` and `/tournament history` answer the
member privately, in their own language. One tournament (or game night) at a time per channel."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.games.text import Text
from bot.gatherings import FINISHED, NIGHT
from bot.i18n import N_, _, speaking
from bot.names import escaped
from bot.service.errors import NotHost, Refusal
from bot.service.gatherings import Gathering, Gatherings, NoGathering
from bot.service.guild_settings import GuildSettings
from bot.service.table import PACES, Table
from cogs.games import GameParts, live
from cogs.table.after_commit import attempt
from cogs.table.channel import Channel
from cogs.table.clock_lines import CLOCK_HELP
from cogs.table.format import CONTENT_CHARS, is_admin
from cogs.table.language import Languages
from cogs.table.permissions import ChannelAccess
from cogs.table.publisher import Publisher

from bot.service.calendar import typed_moment
from .messages import standings_payload
from .tournament_text import history_lines, signup_payload

SIGN_UP_DAYS = 7  # without `starts:`, sign-ups wait this long for the host's Start
GAMES = live()
GAME_CHOICES = [app_commands.Choice(name=parts.engine.title, value=game_id) for game_id, parts in GAMES.items()]


class NotATournament(Refusal):
    default = N_("The game night in this channel is run with `/gamenight`.")


class TournamentCommands(commands.GroupCog, group_name="tournament",
                         group_description=N_("Swiss and round-robin tournaments in this channel")):
    def __init__(self, gatherings: Gatherings, games: Mapping[str, GameParts], settings: GuildSettings,
                 languages: Languages, access: ChannelAccess, channel: Channel, publisher: Publisher) -> None:
        """`settings`: a server's time zone and pictures; `access` and `channel`: whether the bot may run tables in
        threads here, and editing the sign-up message; `publisher`: shows the tables a member's drop handed to the
        computer."""
        super().__init__()
        self._gatherings, self._games, self._settings = gatherings, games, settings
        self._languages, self._access, self._channel, self._publisher = languages, access, channel, publisher

    @app_commands.command(description=N_("Plan a tournament here, with a sign-up message (Manage Server)"))
    @app_commands.describe(game=N_("The game its tables play"),
                           format=N_("Swiss: rounds paired by points; round robin: everyone meets everyone"),
                           rounds=N_("How many rounds (a round robin plays one per opponent)"),
                           pace=N_("Time per move: live 2 min, casual 1 h, async 24 h"),
                           clock=CLOCK_HELP,
                           starts=N_("When sign-ups close and round 1 starts: 2026-12-05 18:00 (server time) or "
                                     "a Discord timestamp; default: the host's Start"),
                           name=N_("The tournament's name"))
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.guild_only()
    async def new(self, interaction: discord.Interaction, game: str, format: Literal["swiss", "round-robin"],
                  rounds: app_commands.Range[int, 1, 12], pace: Literal["live", "casual", "async"],
                  clock: Literal["fixed", "bank"] | None = None, starts: str | None = None,
                  name: app_commands.Range[str, 1, 100] | None = None) -> None:
        guild_id, channel_id = self._where(interaction)
        if not is_admin(interaction):
            raise NotHost(N_("Only members with Manage Server can plan a tournament."))
        if isinstance(interaction.channel, discord.Thread):
            raise Refusal(N_("A tournament's tables are threads of its channel: run this in the channel itself."))
        settings = await self._settings.of(guild_id)
        self._access.check_opening(interaction, new_thread=True, pictures=settings.pictures)
        now = self._gatherings.now()
        starts_at = typed_moment(starts, settings.time_zone, now) if starts else now + SIGN_UP_DAYS * 86_400
        parts = self._games[game]
        with speaking(await self._languages.server(guild_id)):  # its name is public
            title = name or _("{game} tournament", game=parts.engine.title)
        gathering = await self._gatherings.plan(
            guild_id=guild_id, channel_id=channel_id, kind=format, game_id=game, host_id=interaction.user.id,
            starts_at=starts_at, title=title, rounds=rounds, pace_seconds=PACES[pace], clock=clock)
        with speaking(await self._languages.server(guild_id)):
            payload = signup_payload(gathering, parts)
        await interaction.response.send_message(**payload)
        message = await attempt("reading the sign-up message", interaction.original_response())
        if message is not None:
            await self._gatherings.record(gathering.id, announcement_id=message.id)

    @app_commands.command(description=N_("Close the sign-ups and start round 1 now (the host)"))
    @app_commands.guild_only()
    async def start(self, interaction: discord.Interaction) -> None:
        gathering = await self._open_here(interaction)
        await self._gatherings.start(gathering.id, interaction.user.id, is_admin(interaction))
        await interaction.response.send_message(
            _("Sign-ups are closed: round 1's tables open in a moment, each in its own thread."), ephemeral=True)

    @app_commands.command(description=N_("The tournament's standings: points and tie-breaks"))
    @app_commands.guild_only()
    async def standings(self, interaction: discord.Interaction) -> None:
        guild_id, channel_id = self._where(interaction)
        gathering = await self._latest_here(guild_id, channel_id)
        ranked = await self._gatherings.standings(gathering.id)
        payload = await standings_payload(gathering, ranked, final=gathering.state == FINISHED)
        await interaction.response.send_message(**payload, ephemeral=True)

    @app_commands.command(description=N_("Leave the tournament: your table goes to the computer, your points stay"))
    @app_commands.guild_only()
    async def drop(self, interaction: discord.Interaction) -> None:
        gathering = await self._open_here(interaction)
        after, changed = await self._gatherings.leave(gathering.id, interaction.user.id)
        await interaction.response.send_message(
            _("You left **{title}**: the computer plays your table of this round, and your points stay in the "
              "standings.", title=escaped(after.title)) if after.playing else
            _("You are no longer signed up for **{title}**.", title=escaped(after.title)), ephemeral=True)
        await self._show_changed(changed, interaction.user.display_name)
        await self._refresh_signup(after)

    @app_commands.command(description=N_("Remove a member from the tournament (the host)"))
    @app_commands.describe(member=N_("Who leaves it"))
    @app_commands.guild_only()
    async def remove(self, interaction: discord.Interaction, member: discord.Member) -> None:
        gathering = await self._open_here(interaction)
        after, changed = await self._gatherings.remove(gathering.id, interaction.user.id, member.id,
                                                       is_admin(interaction))
        await interaction.response.send_message(
            _("{name} is out of **{title}**.", name=escaped(member.display_name), title=escaped(after.title)),
            ephemeral=True, allowed_mentions=discord.AllowedMentions.none())
        await self._show_changed(changed, member.display_name)
        await self._refresh_signup(after)

    @app_commands.command(description=N_("Cancel the tournament (the host); tables under way play on"))
    @app_commands.guild_only()
    async def cancel(self, interaction: discord.Interaction) -> None:
        gathering = await self._open_here(interaction)
        after = await self._gatherings.cancel(gathering.id, interaction.user.id, is_admin(interaction))
        await interaction.response.send_message(
            _("**{title}** is cancelled.", title=escaped(after.title)), ephemeral=True)

    @app_commands.command(description=N_("This server's tournaments, the latest first"))
    @app_commands.guild_only()
    async def history(self, interaction: discord.Interaction) -> None:
        guild_id, _channel = self._where(interaction)
        found = [g for g in await self._gatherings.listed(guild_id) if g.kind != NIGHT][:10]
        if not found:
            raise Refusal(N_("No tournament has been held in this server yet: `/tournament new` plans one."))
        winners = {g.id: (await self._gatherings.standings(g.id))[:1] for g in found if g.state == "finished"}
        text = "\n".join(history_lines(found, self._games, winners))[:CONTENT_CHARS]
        await interaction.response.send_message(text, ephemeral=True, allowed_mentions=discord.AllowedMentions.none())

    # --- helpers ------------------------------------------------------------------------------
    @staticmethod
    def _where(interaction: discord.Interaction) -> tuple[int, int]:
        if interaction.guild_id is None or interaction.channel_id is None:
            raise Refusal(N_("Tournaments are held in a server channel, not in DMs."))
        return interaction.guild_id, interaction.channel_id

    async def _open_here(self, interaction: discord.Interaction) -> Gathering:
        """The tournament planned or running in this channel (or in the channel of this table's thread)."""
        _guild, channel_id = self._where(interaction)
        channel = interaction.channel
        parent = channel.parent_id if isinstance(channel, discord.Thread) else None
        try:
            gathering = await self._gatherings.open_in(channel_id)
        except NoGathering:
            if parent is None:
                raise NoGathering(N_("There is no tournament in this channel: `/tournament new` plans one.")) from None
            gathering = await self._gatherings.open_in(parent)
        if gathering.kind == NIGHT:
            raise NotATournament()
        return gathering

    async def _latest_here(self, guild_id: int, channel_id: int) -> Gathering:
        """The tournament open here, or the last one held here."""
        for gathering in await self._gatherings.listed(guild_id):
            if gathering.kind != NIGHT and gathering.channel_id == channel_id:
                return gathering
        raise NoGathering(N_("There is no tournament in this channel: `/tournament new` plans one."))

    async def _show_changed(self, changed: list[Table], name: str) -> None:
        note = Text(N_("{name} left the tournament; the computer plays their seat from here."),
                    {"name": escaped(name)})
        for table in changed:
            await attempt("showing a dropped member's table", self._publisher.show(table, announce=note))

    async def _refresh_signup(self, gathering: Gathering) -> None:
        """The sign-up message lists who signed up: edited while sign-ups are open."""
        if not gathering.planned or gathering.announcement_id is None:
            return
        with speaking(await self._languages.server(gathering.guild_id)):
            payload = signup_payload(gathering, self._games[gathering.game_id])
        access = self._access.of(gathering.channel_id)
        await attempt("editing the sign-up message", self._channel.edit(
            gathering, access, gathering.announcement_id, "editing the sign-up message", **payload))
