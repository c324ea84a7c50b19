"""/settings: a server's own choices, for members with Manage Server: the language of its public messages,
pictures, and its time zone (seasons)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import LANGUAGES, N_, _
from bot.service.calendar import checked_zone, zone_names
from bot.service.guild_settings import GuildSettings
from bot.service.seasons import Seasons
from cogs.table.format import in_server
from cogs.table.language import Languages
from cogs.table.permissions import manage_server_only

SERVER_DEFAULT = "server"



class Settings(commands.GroupCog, group_name="settings", group_description=N_("This server's settings for its tables")):
    def __init__(self, settings: GuildSettings, seasons: Seasons, languages: Languages) -> None:
        """`seasons`: the running season follows the server's time zone."""
        super().__init__()
        self._settings, self._seasons, self._languages = settings, seasons, languages

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        return manage_server_only(interaction, _("Only members with Manage Server can change this server's settings."))

    @app_commands.command(description=N_("The language of this server's public table messages"))
    @app_commands.describe(language=N_("A language, or the server's own Discord language"))
    @app_commands.choices(language=[
        app_commands.Choice(name=N_("The server's Discord language"), value=SERVER_DEFAULT),
        *(app_commands.Choice(name=name, value=code) for code, name in LANGUAGES.items()),
    ])
    @app_commands.guild_only()
    @app_commands.default_permissions(manage_guild=True)
    async def language(self, interaction: discord.Interaction, language: str) -> None:
        guild_id = in_server(interaction)
        await self._settings.change(guild_id, language=None if language == SERVER_DEFAULT else language)
        chosen = await self._languages.server(guild_id)
        await interaction.response.send_message(
            _("Public table messages here are now in {language}. Each member's own answers, DMs and "
              "My hand follow their Discord language.", language=LANGUAGES.get(chosen, chosen)),
            ephemeral=True)

    @app_commands.command(description=N_("Show each table as a picture, or as text only"))
    @app_commands.describe(pictures=N_("on: the table message shows a picture of the table; off: text only"))
    @app_commands.choices(pictures=[app_commands.Choice(name=N_("on"), value="on"),
                                    app_commands.Choice(name=N_("off"), value="off")])
    @app_commands.guild_only()
    @app_commands.default_permissions(manage_guild=True)
    async def pictures(self, interaction: discord.Interaction, pictures: str) -> None:
        await self._settings.change(in_server(interaction), pictures=pictures == "on")
        await interaction.response.send_message(
            _("Tables here now show a picture of the table above their text; it changes with the next move.")
            if pictures == "on" else
            _("Tables here are now text only; the picture goes with the next move."), ephemeral=True)

    @app_commands.command(description=N_("This server's time zone: when its days and months begin (seasons)"))
    @app_commands.describe(zone=N_("A time zone such as Europe/Madrid or America/New_York (default: UTC)"))
    @app_commands.guild_only()
    @app_commands.default_permissions(manage_guild=True)
    async def timezone(self, interaction: discord.Interaction, zone: app_commands.Range[str, 1, 100]) -> None:
        chosen, guild_id = checked_zone(zone), in_server(interaction)
        await self._settings.change(guild_id, time_zone=chosen)
        await self._seasons.retime(guild_id, chosen)
        await interaction.response.send_message(
            _("This server's days and months now begin at midnight in {zone}: monthly seasons roll over, and a "
              "fair-play day begins, then.", zone=chosen), ephemeral=True)

    @timezone.autocomplete("zone")
    async def zone_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        typed = current.strip().casefold().replace(" ", "_")
        found = [z for z in zone_names() if typed in z.casefold()]
        return [app_commands.Choice(name=z, value=z) for z in found[:25]]


