"""What every part of the table edge uses: the bot and its service, each game's renderer, what the bot may do in
a channel and posting there, the pictures, the readers' languages, and links to a table."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import discord

from bot.service import Table, Tables

from .channel import Channel
from .format import channel_url, jump_url
from .language import Languages
from .permissions import ChannelAccess
from .pictures import TablePictures
from .render import Renderer


@dataclass(frozen=True)
class Shared:
    bot: discord.Client
    renderers: Mapping[str, Renderer]  # by game id
    access: ChannelAccess
    channel: Channel
    pictures: TablePictures
    languages: Languages

    @property
    def tables(self) -> Tables | None:
        """The service (None while the bot shuts down)."""
        return self.bot.tables  # type: ignore[attr-defined]

    def renderer(self, table: Table) -> Renderer:
        return self.renderers[table.game.id]

    def jump_url(self, table: Table) -> str:
        return jump_url(table, link_base=getattr(self.bot, "link_base", None))

    def channel_url(self, table: Any) -> str:
        return channel_url(table, link_base=getattr(self.bot, "link_base", None))
