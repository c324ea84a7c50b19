"""Which language a message is in: who reads it decides.

A member's own answers, DMs and My hand follow their Discord client language (`DiceBot.hear` sets it for
each interaction, and remembers it for DMs); a public table message follows the server (its
`/settings language`, else the server's Discord language): build it inside `speaking(languages.server(…))`.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.i18n import language_of
from bot.service.guild_settings import GuildSettings
from bot.service.member_languages import MemberLanguages


class Languages:
    """Who reads a table's messages decides their language: the server for what is public, each member for
    their own view (the language their client last spoke)."""

    def __init__(self, client: discord.Client, settings: GuildSettings, members: MemberLanguages) -> None:
        self._client, self._settings, self._members = client, settings, members

    async def public(self, table: Any) -> str:
        """The language of the table's public messages: the server's (a member's own answers, in an
        interaction's task, already speak the member's language)."""
        return await self.server(table.guild_id)

    async def server(self, guild_id: int | None) -> str:
        """The language of public messages in this server (also when no interaction is at hand: timers)."""
        chosen = (await self._settings.of(guild_id)).language
        if chosen:
            return chosen
        guild = self._client.get_guild(guild_id) if guild_id else None
        return language_of(guild.preferred_locale if guild else None)

    async def seat(self, table: Any, seat: int) -> str:
        return await self.member(table.seats[seat].user_id)

    async def member(self, user_id: int | None) -> str:
        return await self._members.of(user_id)
