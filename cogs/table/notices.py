"""Reaching the players: what goes to the table's channel — pings, notices, the result — or, where the bot may not
post there (an admin took View Channel or Send Messages away), by DM to the members it concerns."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import discord

from bot.i18n import _, speaking
from bot.service import Table

from .after_commit import attempt
from .dms import DM_CLOSED
from .format import mention
from .permissions import Access, ChannelRefused
from .shared import Shared


class Notices:
    def __init__(self, shared: Shared) -> None:
        self._shared = shared

    async def post_or_dm(self, table: Table, access: Access, what: str, public: Callable[[], str],
                         seats: Iterable[int], private: Callable[[], str] | None = None, *,
                         view: Callable[[], discord.ui.View] | None = None, **send: Any) -> discord.Message | None:
        """`public()` in the table's channel, in the server's language (the message posted is returned); where the
        bot may not post there, to each member of `seats` by DM, in their own language (`private()`, or the same
        words), headed by the table. `view()` makes its buttons, in the same language as the words: a button's
        label is translated when it is made."""
        shared = self._shared
        access = shared.access.narrowed(table.channel_id, access)
        if access.can_post:
            with speaking(await shared.languages.public(table)):
                text = public()
                buttons = {"view": view()} if view is not None else {}
            try:
                return await shared.channel.post(table, access, what, content=text, **buttons, **send)
            except ChannelRefused:
                pass  # logged: they hear it by DM
        for seat in seats:
            info = table.seats[seat]
            if not info.human or info.dm_channel_id == DM_CLOSED:
                continue
            with speaking(await shared.languages.seat(table, seat)):
                text = f"{shared.renderer(table).emoji} **{table.game.title}** · <#{table.channel_id}> · " \
                       f"{(private or public)()}"
                buttons = {"view": view()} if view is not None else {}
            await attempt(f"{what} by DM", shared.channel.dm(info.member_id, text[:2000], **buttons))
        return None

    # --- pings and the result -----------------------------------------------------------------
    @staticmethod
    def targets(table: Table) -> list[int]:
        """Who a ping is for: the members the change calls — they must act, and have not touched the table lately
        (bot/service/calls.py)."""
        return sorted(table.called) if table.status == "active" else []

    async def ping(self, table: Table, access: Access | None = None, *,
                   prompt: Callable[[], str] | None = None, view: Callable[[], discord.ui.View] | None = None) -> None:
        """One short message naming the members the change calls (by DM where the bot may not post). Posted in
        the channel, it is the table's one ping standing there: the one before it is deleted. `view()` makes its
        buttons (a reminder's Not this turn) in its reader's language."""
        targets = self.targets(table)
        if not targets:
            return
        shared = self._shared
        access = access or shared.access.of(table.channel_id)
        with speaking(await shared.languages.public(table)):
            content, mentions = self.ping_text(table, targets, prompt)

        def private() -> str:
            said = prompt() if prompt else shared.renderer(table).turn_prompt(table, frozenset(targets))
            said += " · " + _("[Open the table]({link})", link=shared.links.channel(table))
            if not shared.access.narrowed(table.channel_id, access).can_see:  # it can't edit the table message there
                said += "\n" + _("The table message may be behind: `/game status` shows the table as it is now.")
            return said

        posted = await self.post_or_dm(table, access, "pinging", lambda: content, targets, private, view=view,
                                       allowed_mentions=mentions)
        if posted is not None:
            await self.stands(table, posted.id, targets, access)

    async def stands(self, table: Table, message_id: int | None, seats: Iterable[int], access: Access) -> None:
        """Ping `message_id` now stands for the table (None: the ping heads the table posted again); the ping it
        replaces — or this one, when all it named acted meanwhile — is deleted."""
        done = await self._shared.tables.calls.record_ping(table.id, message_id, frozenset(seats), table.seq)
        await self.take_down(table, done, access)

    async def take_down(self, table: Table, message_ids: Iterable[int], access: Access) -> None:
        """Delete pings whose work is done (everyone they named has acted, or a newer ping replaced them)."""
        for message_id in message_ids:
            await attempt("taking down a ping", self._shared.channel.delete(table, access, message_id,
                                                                           "taking down a ping"))

    def ping_text(self, table: Table, targets: list[int], prompt: Callable[[], str] | None = None, *,
                  link: bool = True) -> tuple[str, discord.AllowedMentions]:
        """A ping's words, in the current language, and whom it may mention."""
        users = [discord.Object(table.seats[s].member_id) for s in targets]
        said = prompt() if prompt else self._shared.renderer(table).turn_prompt(table, frozenset(targets))
        content = f"{' '.join(mention(table, s) for s in targets)}, {said}"
        if link:
            content += f" · [{table.game.title}]({self._shared.links.jump(table)})"
        return content, discord.AllowedMentions(users=users, everyone=False, roles=False)

    async def announce_result(self, table: Table, access: Access | None = None) -> None:
        """The result in the channel (by DM where the bot may not post there). Its nonce is the table's, and
        Discord enforces it: the same post again within minutes (its bookkeeping lost, bot/service/outbox.py)
        gives back the first instead of a second."""
        def public() -> str:
            link = _("[See the table]({link})", link=self._shared.links.jump(table))
            return f"{self._shared.renderer(table).result_text(table)}\n{link}"

        await self.post_or_dm(table, access or self._shared.access.of(table.channel_id), "announcing the result",
                              public, range(len(table.seats)), nonce=result_nonce(table.id))


def result_nonce(table_id: int) -> str:
    """A table's result's nonce: at most 25 characters (Discord's Create Message; a table id has 18 digits at most,
    controls.TABLE_ID), the same for every post of that result by any process."""
    return f"result-{table_id}"
