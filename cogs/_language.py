"""Which language a message is in: who reads it decides.

A member's own answers, DMs and My hand follow their Discord client language; a public table message
follows the server (its `/settings language`, else the server's Discord language). Build each message
inside `with speaking(...)` of the right one; `_()` then speaks it.
"""

from __future__ import annotations

import discord

from bot.i18n import language_of


def member_language(interaction: discord.Interaction) -> str:
    return language_of(interaction.locale)


async def server_language(client: discord.Client, guild_id: int | None) -> str:
    """The language of public messages in this server (also when no interaction is at hand: timers)."""
    chosen = (await client.guild_settings.of(guild_id)).language  # type: ignore[attr-defined]
    if chosen:
        return chosen
    guild = client.get_guild(guild_id) if guild_id else None
    return language_of(guild.preferred_locale if guild else None)
