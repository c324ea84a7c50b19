"""The table as a picture in its messages (bot/pictures): a Media Gallery shows `attachment://table.png`, uploaded
with the same send or edit (one REST call), with the picture's description as its alt text (layout.py). A server
may switch pictures off (`/settings pictures off`): its tables are text only.
"""

from __future__ import annotations

import io
from collections.abc import Mapping
from typing import Any

import discord

from bot.metrics import UNMEASURED, Unmeasured
from bot.pictures import FILENAME, Drawer, Pictures
from bot.service import Table
from bot.service.guild_settings import GuildSettings


def as_new(payload: dict[str, Any]) -> dict[str, Any]:
    """An edit's payload for a new message: an edit takes `attachments` (replacing the old ones), a send `files`;
    a new Components V2 message carries no `content` or `embeds` at all (Create Message: providing them fails)."""
    payload = {key: value for key, value in payload.items() if not (key in ("content", "embed") and value is None)}
    files = payload.pop("attachments", None)
    if files:
        payload["files"] = files
    return payload


class TablePictures:
    def __init__(self, settings: GuildSettings, drawers: Mapping[str, Drawer], metrics: Unmeasured = UNMEASURED
                 ) -> None:
        self._settings = settings
        self.drawn = Pictures(drawers, metrics=metrics)

    async def wanted(self, table: Table) -> bool:
        """Whether this table's messages show a picture (a game has begun, and the server wants pictures)."""
        if not self.drawn.has(table):
            return False
        return (await self._settings.of(table.guild_id)).pictures

    async def attach(self, table: Table, embed: discord.Embed) -> list[discord.File]:
        """Point `embed` (a replay's) at the table's picture and return the file to upload with it; [] for text
        only."""
        if not await self.wanted(table):
            return []
        embed.set_image(url=f"attachment://{FILENAME}")
        return await self.files(table)

    async def files(self, table: Table, seat: int | None = None) -> list[discord.File]:
        """The picture as a file (drawn in a worker thread unless this exact view was drawn before), in the
        current language."""
        png = await self.drawn.of(table, seat)
        return [discord.File(io.BytesIO(png), filename=FILENAME)]
