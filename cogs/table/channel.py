"""Posting and editing in a table's channel, and a DM to a member: each call guarded by what the bot may do there
(`permissions.py`: a 403 for a permission is remembered, logged and raised as `ChannelRefused`)."""

from __future__ import annotations

import contextlib
from typing import Any

import discord

from bot.service import Table

from .permissions import ATTACH, EMBED, VIEW, Access, ChannelAccess


def embeds(payload: dict[str, Any]) -> bool:
    """Whether a message embeds: an embed, or a Components V2 Container (the table's card in the game's colour,
    which the table message shows only where the bot may embed)."""
    view = payload.get("view")
    return bool(payload.get("embed")) or isinstance(view, discord.ui.LayoutView) and any(
        isinstance(item, discord.ui.Container) for item in view.children)


class Channel:
    def __init__(self, bot: discord.Client, access: ChannelAccess) -> None:
        self._bot, self._access = bot, access

    async def post(self, table: Any, access: Access, what: str, **payload: Any) -> discord.Message:
        """A message in the table's channel (a 403 for a permission raises `ChannelRefused`, logged)."""
        needs = [VIEW, access.sending, *([EMBED] if embeds(payload) else []),
                 *([ATTACH] if payload.get("files") else [])]
        channel = self._bot.get_partial_messageable(table.channel_id, guild_id=table.guild_id)
        return await self._access.guard(table.channel_id, what, needs, channel.send(**payload))

    async def edit(self, table: Any, access: Access, message_id: int, what: str, **payload: Any) -> None:
        """Edit one of the bot's messages there. An embed or a file counts only where the bot may send."""
        carries = [*([EMBED] if embeds(payload) else []), *([ATTACH] if payload.get("attachments") else [])]
        needs = [VIEW, *([access.sending] if carries else []), *carries]
        channel = self._bot.get_partial_messageable(table.channel_id, guild_id=table.guild_id)
        await self._access.guard(table.channel_id, what, needs, channel.get_partial_message(message_id).edit(**payload))

    async def delete(self, table: Table, access: Access, message_id: int, what: str) -> None:
        """Delete one of the bot's own messages there (its own need no Manage Messages: Discord API, Delete
        Message); one already gone is no failure."""
        channel = self._bot.get_partial_messageable(table.channel_id, guild_id=table.guild_id)
        with contextlib.suppress(discord.NotFound):
            await self._access.guard(table.channel_id, what, [VIEW], channel.get_partial_message(message_id).delete())

    async def dm(self, user_id: int, text: str, **payload: Any) -> None:
        """A DM: the DM channel this process opened before, or one opened now — no look-up of the member first."""
        channel = await self._bot.create_dm(discord.Object(user_id))
        await channel.send(text, **payload)
