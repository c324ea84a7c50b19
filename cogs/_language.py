"""Which language a message is in: who reads it decides.

A member's own answers, DMs and My hand follow their Discord client language (`DiceBot.hear` sets it for
each interaction, and remembers it for DMs); a public table message follows the server (its
`/settings language`, else the server's Discord language): build it inside `speaking(server_language(…))`.
"""

from __future__ import annotations

import discord

from bot.i18n import language_of


async def server_language(client: discord.Client, guild_id: int | None) -> str:
    """The language of public messages in this server (also when no interaction is at hand: timers)."""
    chosen = (await client.guild_settings.of(guild_id)).language  # type: ignore[attr-defined]
    if chosen:
        return chosen
    guild = client.get_guild(guild_id) if guild_id else None
    return language_of(guild.preferred_locale if guild else None)
