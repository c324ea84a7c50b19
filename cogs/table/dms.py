"""A seat's private view — My hand, and its DM: one DM per table and seat, edited only when what it shows changed.
Only a game with secrets (`Game.has_secrets`) has private views."""

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

from .after_commit import attempt
from .format import mention
from .layout import edit_payload, layout, shows_picture
from .shared import Shared

log = logging.getLogger(__name__)

DM_CLOSED = 0  # dm_channel_id stored when a member's DMs are closed (error 50007)
DM_TABLES = 10_000  # open tables whose DMs are remembered (the least recently changed are forgotten)


@dataclass
class _Shown:
    """What a table's DMs show, as far as this process knows (forgetting it costs one edit, never a wrong DM)."""

    turn: Any = None  # the turn they were last brought up to date in (games with `dms_per_turn`)
    seats: dict[int, str] = field(default_factory=dict)  # seat -> fingerprint of the DM last sent


class PrivateViews:
    def __init__(self, shared: Shared) -> None:
        self._shared = shared
        self._dm_shown: OrderedDict[int, _Shown] = OrderedDict()  # table -> its DMs; bounded, dropped at close

    async def payload(self, table: Table, seat: int, *, dm: bool = False) -> discord.ui.LayoutView:
        """The seat's private view (`dm`: as its DM shows it, headed by where its table is), in its member's
        language (the one their client last spoke): its own picture first, where the game has secrets and the
        server shows pictures."""
        shared = self._shared
        renderer = shared.renderer(table)
        pictured = table.game.has_secrets and await shared.pictures.wanted(table)
        with speaking(await shared.languages.seat(table, seat)):
            link = _("[Your seat at {game} — open the table]({link})", game=table.game.title,
                     link=shared.links.channel(table))
            return layout([link, *renderer.private_texts(table, seat, dm=dm)],
                          renderer.private_controls(table, seat, dm=dm), colour=renderer.colour,
                          above=self._place(table) if dm else None,
                          alt_text=renderer.picture_text(table, seat, dm=dm) if pictured else None)

    def _place(self, table: Table) -> str:
        """Where a DM's table is (a Components V2 message has no `content` to say it in)."""
        where = self._shared.client.get_channel(table.channel_id)
        place = f"**{escaped(where.guild.name)}** · {where.mention}" if isinstance(
            where, discord.abc.GuildChannel | discord.Thread) else _("your server")
        return _("Your private view for the table in {place}.", place=place)

    async def files(self, table: Table, seat: int, view: discord.ui.LayoutView) -> list[discord.File]:
        """The seat's private picture, if its view shows one, in its member's language (drawn only when sent)."""
        if not shows_picture(view):
            return []
        with speaking(await self._shared.languages.seat(table, seat)):
            return await self._shared.pictures.files(table, seat)

    async def as_edit(self, table: Table, seat: int, *, dm: bool = False) -> dict[str, Any]:
        """The private view as an edit's payload (through a click on it): its picture uploaded with it."""
        view = await self.payload(table, seat, dm=dm)
        return edit_payload(view, await self.files(table, seat, view))

    def _shown(self, table_id: int) -> _Shown:
        shown = self._dm_shown.pop(table_id, None) or _Shown()
        self._dm_shown[table_id] = shown
        while len(self._dm_shown) > DM_TABLES:
            self._dm_shown.popitem(last=False)
        return shown

    def dm_shown(self, table: Table, seat: int, view: discord.ui.LayoutView) -> None:
        """The seat's DM now shows this (edited through a click on it)."""
        if table.status == "active":
            self._shown(table.id).seats[seat] = fingerprint(view)

    async def update_dms(self, table: Table) -> None:
        """Bring every member's DM up to date, where what it shows changed (a game with secrets only)."""
        try:
            await self._update_dms(table)
        finally:
            if table.status != "active":  # its last DMs are out: nothing left to compare with
                self._dm_shown.pop(table.id, None)

    async def _update_dms(self, table: Table) -> None:
        shown = self._shown(table.id)
        if self._shared.renderer(table).dms_per_turn and table.status == "active":
            turn = table.game.turn_key(table.state)
            if shown.turn == turn:
                return
            shown.turn = turn
        for seat in table.seats:
            if not seat.human or seat.dm_channel_id == DM_CLOSED:
                continue
            view = await self.payload(table, seat.seat, dm=True)
            now = fingerprint(view)
            if shown.seats.get(seat.seat) == now:
                continue
            try:
                await self._send_dm(table, seat.seat, view)
                shown.seats[seat.seat] = now
            except discord.Forbidden:
                await attempt("noting closed DMs",
                              self._shared.tables.turns.set_dm(table.id, seat.seat, DM_CLOSED, None))
                await attempt("telling a member their DMs are closed", self._dm_closed_notice(table, seat))
            except Exception:  # an outage: the move stands; the next change tries this DM again
                log.warning("could not update the DM of seat %s at table %s", seat.seat, table.id, exc_info=True)

    async def _dm_closed_notice(self, table: Table, seat: Seat) -> None:
        shared = self._shared
        access = shared.access.of(table.channel_id)
        if not access.can_post:
            return  # neither here nor by DM: My hand (or /game hand) still shows the member everything
        with speaking(await shared.languages.public(table)):
            text = _("{member}, I can't DM you — use **My hand** on the table message (or `/game hand`) to see "
                     "your private view and play.", member=mention(table, seat.seat))
        await shared.channel.post(table, access, "telling a member their DMs are closed", content=text,
                                  allowed_mentions=discord.AllowedMentions(users=[discord.Object(seat.member_id)]))

    async def _send_dm(self, table: Table, seat: int, view: discord.ui.LayoutView) -> None:
        info, client = table.seats[seat], self._shared.client
        if info.dm_message_id and info.dm_channel_id:
            channel = client.get_partial_messageable(info.dm_channel_id)
            try:
                await channel.get_partial_message(info.dm_message_id).edit(
                    **edit_payload(view, await self.files(table, seat, view)))
                return
            except discord.NotFound:
                pass
        user = client.get_user(info.member_id) or await client.fetch_user(info.member_id)
        dm = user.dm_channel or await user.create_dm()
        message = await dm.send(view=view, files=await self.files(table, seat, view))  # files of its own, as above
        await self._shared.tables.turns.set_dm(table.id, seat, dm.id, message.id)


def fingerprint(view: discord.ui.LayoutView) -> str:
    """What a view shows: its components as Discord gets them (texts, the picture's description, custom ids)."""
    return hashlib.sha256(json.dumps(view.to_components(), sort_keys=True, default=str).encode()).hexdigest()
