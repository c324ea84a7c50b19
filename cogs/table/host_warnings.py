"""The host, told once what the bot can no longer do in the table's channel (a permission taken away mid-game), and
what that costs the table."""

from __future__ import annotations

import discord

from bot.i18n import _, ngettext, speaking
from bot.service import Table

from .permissions import ATTACH, HISTORY, NEEDED, Access, Permission, named
from .shared import Shared


class HostWarnings:
    def __init__(self, shared: Shared) -> None:
        self._shared = shared
        self._told: dict[int, frozenset[Permission]] = {}  # table -> the permissions its host was told are missing

    async def warn(self, table: Table, interaction: discord.Interaction | None = None) -> None:
        """Tell the host, once, what the bot can no longer do in the table's channel — in their own answer if
        they are the one clicking, else by DM. A permission given back and taken again is told again. (Called
        after the other steps: a refusal they met is known by then.)"""
        if table.status not in ("lobby", "active"):
            self._told.pop(table.id, None)
            return
        shared = self._shared
        access = shared.access.of(table.channel_id, interaction)
        missing = frozenset(access.lacking(pictures=await shared.pictures.wanted(table)))
        told = self._told.pop(table.id, frozenset())
        if missing:
            self._told[table.id] = missing
        if missing <= told:
            return
        with speaking(await shared.languages.member(table.host_id)):
            text = self._lost_text(table, access, [p for p in NEEDED if p in missing])
        if interaction is not None and interaction.user.id == table.host_id:
            send = interaction.followup.send if interaction.response.is_done() else interaction.response.send_message
            await send(text, ephemeral=True)
        else:
            await shared.channel.dm(table.host_id, text)

    def _lost_text(self, table: Table, access: Access, missing: list[Permission]) -> str:
        channel = f"<#{table.channel_id}>"
        lines = [_("⚠️ Your {game} table in {channel}: I no longer have {permissions} there. Nothing is lost and "
                   "the game goes on, but:", game=table.game.title, channel=channel,
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
