"""The table message: what it carries (in Components V2, layout.py: a Container in the game's colour with the
picture, its text and the controls — or bare text where the bot may not embed), its edits in place, and a table
buried under other messages posted again at the bottom.

The table message follows what the bot may do in its channel (`permissions.py`): without Attach Files it has no
picture, without Embed Links (or sending) it is bare text and controls, no Container and no picture, and without
View Channel only a click on it (an interaction's answer, which needs no channel permission) still changes it.
"""

from __future__ import annotations

from collections import OrderedDict, deque
from typing import Any

import discord

from bot.i18n import _, speaking
from bot.service import Table

from .after_commit import attempt
from .layout import edit_payload, layout
from .permissions import VIEW, Access, ChannelRefused
from .pictures import as_new
from .shared import Shared

BURIED_AFTER = 3  # messages below the table (not the bot's own pings) before a change posts it again at the bottom
RECENT_CHANNELS = 10_000  # channels whose last messages are remembered (the least recently active are forgotten)


def moved_down() -> dict[str, Any]:
    """What an old table message says once the table was posted again further down (its controls and picture
    gone; in Components V2, which a message keeps once it has it)."""
    return edit_payload(layout([_("This table moved further down ⤵")]), [])


class TableMessage:
    def __init__(self, shared: Shared) -> None:
        self._shared = shared
        # channel -> ids of the last messages seen there (since the bot started): enough to tell a buried table
        self._recent: OrderedDict[int, deque[int]] = OrderedDict()

    async def payload(self, table: Table, access: Access, *, above: str | None = None) -> dict[str, Any]:
        """The table message (an edit's payload: `as_new` makes it a send's), in the server's language, with
        its picture; `above` heads it (a ping), and an edit without one clears the ping it was posted with.
        Where the bot may not attach files it has no picture; where it may not embed, it is bare text."""
        shared = self._shared
        renderer = shared.renderer(table)
        pictured = access.can_embed and access.can_attach and await shared.pictures.wanted(table)
        with speaking(await shared.languages.public(table)):
            view = layout(renderer.texts(table, pictured=pictured), renderer.table_items(table), above=above,
                          colour=renderer.colour if access.can_embed else None,
                          alt_text=renderer.picture_text(table) if pictured else None)
            files = await shared.pictures.files(table) if pictured else []
        return edit_payload(view, files)

    async def edit_clicked(self, interaction: discord.Interaction, table: Table, access: Access) -> None:
        """Edit the table message through the click on it (the interaction's answer: one call)."""
        await interaction.response.edit_message(**await self.payload(table, access))

    async def post_as_answer(self, interaction: discord.Interaction, table: Table) -> None:
        access = self._shared.access.of(table.channel_id, interaction)
        response = await interaction.response.send_message(**as_new(await self.payload(table, access)))
        message_id = response.message_id or (await interaction.original_response()).id
        await self._shared.tables.turns.set_message(table.id, message_id)

    async def edit(self, table: Table, access: Access | None = None) -> None:
        """Edit the table message in place (posting it anew if it was deleted or never recorded). Refused for a
        permission the bot thought it had, it tries once more with what the refusal taught it."""
        shared = self._shared
        known = shared.access.narrowed(table.channel_id, access) if access else shared.access.of(table.channel_id)
        try:
            await self._edit(table, known)
        except ChannelRefused:
            fewer = shared.access.narrowed(table.channel_id, known)
            if fewer == known or not fewer.can_see:
                raise
            await self._edit(table, fewer)

    async def _edit(self, table: Table, access: Access) -> None:
        if not access.can_see:
            raise ChannelRefused([VIEW])  # no call: only a click on the table (or /game status) shows it now
        channel = self._shared.channel
        if table.message_id:
            try:
                await channel.edit(table, access, table.message_id, "editing the table message",
                                   **await self.payload(table, access))
                return
            except discord.NotFound:
                pass
        # A payload of its own: the edit's request used up its picture's reader (a file is sent once).
        message = await channel.post(table, access, "posting the table", **as_new(await self.payload(table, access)))
        await self._shared.tables.turns.set_message(table.id, message.id)

    async def retire(self, table: Table, access: Access, message_id: int) -> None:
        """An old table message says the table moved further down (and loses its controls)."""
        with speaking(await self._shared.languages.public(table)):
            retired = moved_down()
        await attempt("retiring the old table message", self._shared.channel.edit(
            table, access, message_id, "retiring the old table message", **retired))

    # --- a buried table ---------------------------------------------------------------------------
    def note_message(self, message: discord.Message) -> None:
        """Remember what members post in a channel (and the bot's answers to them), in memory and without any
        lookup. The bot's own pings and notices are left out: they alone never bury a table."""
        me = self._shared.client.user
        if me is not None and message.author.id == me.id and message.interaction_metadata is None:
            return
        channel_id = message.channel.id
        recent = self._recent.pop(channel_id, None) or deque(maxlen=BURIED_AFTER + 1)
        recent.append(message.id)
        self._recent[channel_id] = recent
        if len(self._recent) > RECENT_CHANNELS:
            self._recent.popitem(last=False)

    def is_buried(self, table: Table) -> bool:
        if table.status != "active" or not table.message_id:
            return False
        below = sum(1 for message_id in self._recent.get(table.channel_id, ()) if message_id > table.message_id)
        return below > BURIED_AFTER

    async def move_down(self, table: Table, access: Access, click: discord.Interaction | None,
                        moved_to: list[int], ping: tuple[str, discord.AllowedMentions] | None) -> None:
        """Post the table anew at the bottom, under the ping if there is one; the old message is retired (through
        the click, if it was clicked). With a ping, it costs what the ping and the table's edit cost anyway."""
        shared = self._shared
        above, mentions = ping if ping is not None else (None, None)
        new = as_new(await self.payload(table, access, above=above))  # under the ping, a Text Display above
        if mentions is not None:
            new["allowed_mentions"] = mentions
        message = await shared.channel.post(table, access, "posting the table again at the bottom", **new)
        await shared.tables.turns.set_message(table.id, message.id)
        moved_to.append(message.id)
        if click is not None:
            with speaking(await shared.languages.public(table)):
                retired = moved_down()
            await attempt("retiring the old table message", click.response.edit_message(**retired))
        elif table.message_id:
            await self.retire(table, access, table.message_id)
