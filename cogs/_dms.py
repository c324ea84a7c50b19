"""Private views by DM: one DM per table and seat, edited only when what it shows changed.

A mixin of the publisher (`cogs/_table.py`): it uses the publisher's `private_payload`, `private_files`,
`sessions`, `seat_language`, `public_language`, `access` and `post`.
"""

from __future__ import annotations

import hashlib
import json
import logging
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

import discord

from bot.i18n import _, speaking
from bot.names import escaped
from bot.service import Seat, Table

from ._after_commit import attempt
from ._ui import mention

log = logging.getLogger(__name__)

DM_CLOSED = 0  # dm_channel_id stored when a member's DMs are closed (error 50007)
DM_TABLES = 10_000  # open tables whose DMs are remembered (the least recently changed are forgotten)


@dataclass
class _Shown:
    """What a table's DMs show, as far as this process knows (forgetting it costs one edit, never a wrong DM)."""

    turn: Any = None  # the turn they were last brought up to date in (games with `dms_per_turn`)
    seats: dict[int, str] = field(default_factory=dict)  # seat -> fingerprint of the DM last sent


class DirectMessages:
    bot: discord.Client

    def __init__(self) -> None:
        self._dm_shown: OrderedDict[int, _Shown] = OrderedDict()  # table -> its DMs; bounded, dropped at close

    def _shown(self, table_id: int) -> _Shown:
        shown = self._dm_shown.pop(table_id, None) or _Shown()
        self._dm_shown[table_id] = shown
        while len(self._dm_shown) > DM_TABLES:
            self._dm_shown.popitem(last=False)
        return shown

    def dm_shown(self, table: Table, seat: int, embed: discord.Embed, view: discord.ui.View) -> None:
        """The seat's DM now shows this (edited through a click on it)."""
        if table.status == "active":
            self._shown(table.id).seats[seat] = fingerprint(embed, view)

    async def update_dms(self, table: Table) -> None:
        try:
            await self._update_dms(table)
        finally:
            if table.status != "active":  # its last DMs are out: nothing left to compare with
                self._dm_shown.pop(table.id, None)

    async def _update_dms(self, table: Table) -> None:
        shown = self._shown(table.id)
        if self.renderer(table).dms_per_turn and table.status == "active":
            turn = table.game.turn_key(table.state)
            if shown.turn == turn:
                return
            shown.turn = turn
        for seat in table.seats:
            if not seat.human or seat.dm_channel_id == DM_CLOSED:
                continue
            embed, view = await self.private_payload(table, seat.seat, dm=True)
            now = fingerprint(embed, view)
            if shown.seats.get(seat.seat) == now:
                continue
            try:
                await self._send_dm(table, seat.seat, embed, view)
                shown.seats[seat.seat] = now
            except discord.Forbidden:
                await attempt("noting closed DMs", self.tables.set_dm(table.id, seat.seat, DM_CLOSED, None))
                await attempt("telling a member their DMs are closed", self._dm_closed_notice(table, seat))
            except Exception:  # an outage: the move stands; the next change tries this DM again
                log.warning("could not update the DM of seat %s at table %s", seat.seat, table.id, exc_info=True)

    async def _dm_closed_notice(self, table: Table, seat: Seat) -> None:
        access = self.access.of(table.channel_id)
        if not access.can_post:
            return  # neither here nor by DM: My hand (or /game hand) still shows the member everything
        with speaking(await self.public_language(table)):
            text = _("{member}, I can't DM you — use **My hand** on the table message (or `/game hand`) to see "
                     "your private view and play.", member=mention(table, seat.seat))
        await self.post(table, access, "telling a member their DMs are closed", content=text,
                        allowed_mentions=discord.AllowedMentions(users=[discord.Object(seat.user_id)]))

    async def _send_dm(self, table: Table, seat: int, embed: discord.Embed, view: discord.ui.View) -> None:
        info = table.seats[seat]
        if info.dm_message_id and info.dm_channel_id:
            channel = self.bot.get_partial_messageable(info.dm_channel_id)
            try:
                await channel.get_partial_message(info.dm_message_id).edit(
                    embed=embed, view=view, attachments=await self.private_files(table, seat, embed))
                return
            except discord.NotFound:
                pass
        user = self.bot.get_user(info.user_id) or await self.bot.fetch_user(info.user_id)
        dm = user.dm_channel or await user.create_dm()
        where = self.bot.get_channel(table.channel_id)
        with speaking(await self.seat_language(table, seat)):
            in_server = where is not None and hasattr(where, "guild")
            place = f"**{escaped(where.guild.name)}** · {where.mention}" if in_server else _("your server")
            content = _("Your private view for the table in {place}.", place=place)
        message = await dm.send(content=content, embed=embed, view=view,
                                files=await self.private_files(table, seat, embed))
        await self.tables.set_dm(table.id, seat, dm.id, message.id)


def fingerprint(embed: discord.Embed, view: discord.ui.View) -> str:
    ids = [getattr(item, "custom_id", None) for item in view.children]
    payload = json.dumps([embed.to_dict(), ids], sort_keys=True, default=str)
    return hashlib.sha256(payload.encode()).hexdigest()
