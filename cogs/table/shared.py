"""What every part of the table edge uses: the Discord client and the service, the server settings, each game's
renderer, what the bot may do in a channel and posting there, the pictures, the readers' languages, and links to a
table. Built once (edge.py) and handed to each part."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import discord

from bot.service import Table, Tables

from .channel import Channel
from .format import Links
from .language import Languages
from .permissions import ChannelAccess
from .pictures import TablePictures
from .render import Renderer


@dataclass(frozen=True)
class Shared:
    client: discord.Client  # discord.py's client: channels, DMs, the bot's own user, events
    tables: Tables
    renderers: Mapping[str, Renderer]  # by game id
    access: ChannelAccess
    channel: Channel
    pictures: TablePictures
    languages: Languages
    links: Links

    def renderer(self, table: Table) -> Renderer:
        return self.renderers[table.game.id]
