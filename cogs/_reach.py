"""Reaching the players: what goes to the table's channel — pings, notices, the result — or, where the bot may not
post there (an admin took View Channel or Send Messages away), by DM to the members it concerns; and the host
told, once, what a permission taken away costs the table.

A mixin of the publisher (`cogs/_table.py`): it uses the publisher's `access`, `pictures`, `renderer`,
`public_language`, `seat_language`, `jump_url` and `channel_url`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import discord

from bot.i18n import _, ngettext, speaking
from bot.service import Table

from ._after_commit import attempt
from ._dms import DM_CLOSED
from ._permissions import ATTACH, EMBED, HISTORY, NEEDED, VIEW, Access, ChannelAccess, ChannelRefused, Permission, named
from ._ui import mention


class Reach:
    bot: discord.Client
    access: ChannelAccess

    def __init__(self) -> None:
        self._told: dict[int, frozenset[Permission]] = {}  # table -> the permissions its host was told are missing

    # --- the channel --------------------------------------------------------------------------
    async def post(self, table: Table, access: Access, what: str, **payload: Any) -> discord.Message:
        """A message in the table's channel (a 403 for a permission raises `ChannelRefused`, logged)."""
        needs = [VIEW, access.sending, *([EMBED] if payload.get("embed") else []),
                 *([ATTACH] if payload.get("files") else [])]
        channel = self.bot.get_partial_messageable(table.channel_id, guild_id=table.guild_id)
        return await self.access.guard(table.channel_id, what, needs, channel.send(**payload))

    async def edit(self, table: Table, access: Access, message_id: int, what: str, **payload: Any) -> None:
        """Edit one of the bot's messages there. An embed or a file counts only where the bot may send."""
        carries = [*([EMBED] if payload.get("embed") else []), *([ATTACH] if payload.get("attachments") else [])]
        needs = [VIEW, *([access.sending] if carries else []), *carries]
        channel = self.bot.get_partial_messageable(table.channel_id, guild_id=table.guild_id)
        await self.access.guard(table.channel_id, what, needs, channel.get_partial_message(message_id).edit(**payload))

    async def post_or_dm(self, table: Table, access: Access, what: str, public: Callable[[], str],
                         seats: Iterable[int], private: Callable[[], str] | None = None, **send: Any) -> None:
        """`public()` in the table's channel, in the server's language; where the bot may not post there, to each
        member of `seats` by DM, in their own language (`private()`, or the same words), headed by the table."""
        access = self.access.narrowed(table.channel_id, access)
        if access.can_post:
            with speaking(await self.public_language(table)):
                text = public()
            try:
                await self.post(table, access, what, content=text, **send)
                return
            except ChannelRefused:
                pass  # logged: they hear it by DM
        for seat in seats:
            info = table.seats[seat]
            if not info.human or info.dm_channel_id == DM_CLOSED:
                continue
            with speaking(await self.seat_language(table, seat)):
                text = f"{self.renderer(table).emoji} **{table.game.title}** · <#{table.channel_id}> · " \
                       f"{(private or public)()}"
            await attempt(f"{what} by DM", self.dm(info.user_id, text[:2000]))

    async def dm(self, user_id: int, text: str) -> None:
        user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
        await user.send(text)

    # --- pings and the result -----------------------------------------------------------------
    def _targets(self, table: Table, exclude: int | None = None, seats: Iterable[int] | None = None) -> list[int]:
        """Who a ping is for: the humans who must act now (`seats`, else whose turn just began), not on autopilot."""
        if table.status != "active":
            return []
        return sorted(s for s in (table.newly_to_act if seats is None else seats)
                      if s != exclude and table.seats[s].human and not table.seats[s].autopilot)

    async def ping(self, table: Table, access: Access | None = None, *, exclude: int | None = None,
                   prompt: Callable[[], str] | None = None, seats: Iterable[int] | None = None) -> None:
        """One short message naming the members whose turn just began (by DM where the bot may not post)."""
        targets = self._targets(table, exclude, seats)
        if not targets:
            return
        access = access or self.access.of(table.channel_id)
        with speaking(await self.public_language(table)):
            content, mentions = self._ping(table, targets, prompt)

        def private() -> str:
            said = prompt() if prompt else self.renderer(table).turn_prompt(table, frozenset(targets))
            said += " · " + _("[Open the table]({link})", link=self.channel_url(table))
            if not self.access.narrowed(table.channel_id, access).can_see:  # it can't edit the table message there
                said += "\n" + _("The table message may be behind: `/game status` shows the table as it is now.")
            return said

        await self.post_or_dm(table, access, "pinging", lambda: content, targets, private, allowed_mentions=mentions)

    def _ping(self, table: Table, targets: list[int], prompt: Callable[[], str] | None = None, *,
              link: bool = True) -> tuple[str, discord.AllowedMentions]:
        users = [discord.Object(table.seats[s].user_id) for s in targets]
        said = prompt() if prompt else self.renderer(table).turn_prompt(table, frozenset(targets))
        content = f"{' '.join(mention(table, s) for s in targets)}, {said}"
        if link:
            content += f" · [{table.game.title}]({self.jump_url(table)})"
        return content, discord.AllowedMentions(users=users, everyone=False, roles=False)

    async def announce_result(self, table: Table, access: Access | None = None) -> None:
        def public() -> str:
            link = _("[See the table]({link})", link=self.jump_url(table))
            return f"{self.renderer(table).result_text(table)}\n{link}"

        await self.post_or_dm(table, access or self.access.of(table.channel_id), "announcing the result", public,
                              range(len(table.seats)))

    # --- the host, told once ------------------------------------------------------------------
    async def warn_host(self, table: Table, interaction: discord.Interaction | None = None) -> None:
        """Tell the host, once, what the bot can no longer do in the table's channel — in their own answer if
        they are the one clicking, else by DM. A permission given back and taken again is told again. (Called
        after the other steps: a refusal they met is known by then.)"""
        if table.status not in ("lobby", "active"):
            self._told.pop(table.id, None)
            return
        access = self.access.of(table.channel_id, interaction)
        missing = frozenset(access.lacking(pictures=await self.pictures.wanted(table)))
        told = self._told.pop(table.id, frozenset())
        if missing:
            self._told[table.id] = missing
        if missing <= told:
            return
        with speaking(await self.bot.member_languages.of(table.host_id)):  # type: ignore[attr-defined]
            text = self._lost_text(table, access, [p for p in NEEDED if p in missing])
        if interaction is not None and interaction.user.id == table.host_id:
            send = interaction.followup.send if interaction.response.is_done() else interaction.response.send_message
            await send(text, ephemeral=True)
        else:
            await self.dm(table.host_id, text)

    def _lost_text(self, table: Table, access: Access, missing: list[Permission]) -> str:
        lines = [_("⚠️ Your {game} table in {channel}: I no longer have {permissions} there. Nothing is lost and "
                   "the game goes on, but:", game=table.game.title, channel=f"<#{table.channel_id}>",
                   permissions=named(missing))]
        if not access.can_see:
            lines.append(_("• the table message changes only when someone plays on it or types `/game status`"))
        if not access.can_post:
            lines.append(_("• pings, notices and the result come by DM"))
        if access.can_see and not access.can_embed:
            lines.append(_("• the table shows as plain text"))
        elif access.can_embed and ATTACH in missing:
            lines.append(_("• the table shows without its picture (`/settings pictures off` does without it)"))
        if HISTORY in missing:
            lines.append(_("• I can't read the channel's earlier messages"))
        lines.append(ngettext("Ask a moderator to give it back.", "Ask a moderator to give them back.",
                              len(missing)))
        return "\n".join(lines)
