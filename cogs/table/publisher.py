"""The publisher: shows a change the service has committed — the member's answer, the table message, pings, the
private views by DM, the result — each step attempted on its own (`after_commit.py`).

The table message is edited in place (through the interaction's own response when it was clicked); a buried
table comes back at the bottom, headed by the ping (`table_message.py`); the members the change calls — their turn
began and they have not touched the table lately — are pinged in one short message, which replaces the table's
ping standing in the channel, or by DM where the bot may not post (`notices.py`), and a ping all of whose members
have acted is deleted; private views go out by DM (`dms.py`); the host is told once what the bot may no longer do
(`host_warnings.py`).
"""

from __future__ import annotations

from dataclasses import replace

import discord

from bot.i18n import Text, _, speaking, translated
from bot.service import Table
from bot.service.outbox import RESULT

from .after_commit import SAVED, attempt, tell_saved
from .closing import ClosingRetries
from .dms import PrivateViews
from .host_warnings import HostWarnings
from .notices import Notices
from .permissions import Access
from .shared import Shared
from .table_message import TableMessage, moved_down


class Publisher:
    def __init__(self, shared: Shared, table_message: TableMessage, closing: ClosingRetries,
                 private_views: PrivateViews, notices: Notices, host_warnings: HostWarnings) -> None:
        self._shared, self._table_message, self._closing = shared, table_message, closing
        self._private_views, self._notices, self._host_warnings = private_views, notices, host_warnings

    def what_happened(self, after: Table, seat: int | None) -> str | None:
        """The move and whatever followed it (the table's news), as the player who moved reads it."""
        return " ".join(self._shared.renderer(after).news_lines(after, seat))[:1500] or None

    async def show(self, table: Table, *, interaction: discord.Interaction | None = None,
                   announce: Text | None = None, happened: str | None = None) -> None:
        """Show a committed change: answer the member (publicly with `announce`, in the server's language),
        edit the table message, ping whoever must act now, update DMs and announce a result. Each step is
        attempted on its own, as far as the bot may in the table's channel (the host is told once what it may not)."""
        shared, table_message, notices = self._shared, self._table_message, self._notices
        access = shared.access.of(table.channel_id, interaction)
        actor = table.seat_of(interaction.user.id) if interaction else None
        clicked = getattr(interaction.message, "id", None) if interaction else None
        on_table = interaction is not None and announce is None and clicked is not None and clicked == table.message_id
        answered = table_shown = False
        # A table buried under members' messages comes back at the bottom when a member's turn begins, as one
        # message: the table, headed by the ping when the change calls anyone.
        moving = access.can_post and turn_passed(table, actor) and table_message.is_buried(table)
        targets = notices.targets(table) if moving else []
        with speaking(await shared.languages.public(table)):
            ping = notices.ping_text(table, targets, link=False) if targets else None
            shout = translated(announce) if announce is not None else None
        moved_to: list[int] = []
        if moving and await attempt("moving the buried table down", table_message.move_down(
                table, access, interaction if on_table else None, moved_to, ping)):
            table = replace(table, message_id=moved_to[0])
            answered, table_shown = on_table, True
        elif on_table and interaction is not None:
            answered = table_shown = await attempt("editing the table through the click",
                                                   table_message.edit_clicked(interaction, table, access))
        if not table_shown:
            table_shown = await self._closing.edit_closing(table, "editing the table message", access)
        if interaction is not None and not on_table:
            answered = await attempt("answering the member",
                                     self._answer(interaction, table, actor, clicked, shout, table_shown,
                                                  happened))
        if interaction is not None and not answered:
            await attempt("telling the member it was saved", tell_saved(interaction))
        await notices.take_down(table, table.answered_pings, access)
        if moved_to and targets:
            await attempt("replacing the standing ping", notices.stands(table, None, targets, access))
        else:
            await attempt("pinging", notices.ping(table, access))
        if table.game.has_secrets and table.state is not None:  # no private view before the deal
            await attempt("updating the DMs", self._private_views.update_dms(table))
        if table.status == "finished":  # claimed by the commit that finished it (bot/service/outbox.py)
            await self._closing.show_due(table, RESULT, access)
        if table.status in ("finished", "ended"):  # its followers hear of it (cogs/commands/followers.py)
            shared.client.dispatch("table_closed", table)
        await attempt("telling the host what the bot may no longer do", self._host_warnings.warn(table, interaction))
        for other in table.elsewhere:  # the member's absence ended by this move: their other tables show it
            await attempt("showing a member back", self._table_message.edit(other))

    async def _answer(self, interaction: discord.Interaction, table: Table, actor: int | None,
                      clicked: int | None, announce: str | None, table_shown: bool,
                      happened: str | None = None) -> None:
        """The answer when the table message itself was not what was clicked: a public line, a typed
        command's confirmation, a DM or an ephemeral hand edited in place, or an old table message retired."""
        if announce is not None:
            if clicked is not None and ephemeral(interaction):  # a question answered (/game end's):
                await interaction.response.edit_message(content=announce, view=None)  # its buttons go
                # a followup's own flags decide whether it is ephemeral (only a deferred response's first followup
                # inherits the deferral's): without the flag, the channel reads it
                await interaction.followup.send(announce)
            else:
                await interaction.response.send_message(announce)
            return
        if clicked is None:
            done = f"✅ {happened}" if happened else _("✅ Done.")
            text = (f"{done}\n" + _("[Open the table]({link})", link=self._shared.links.jump(table)) if table_shown
                    else f"{done}\n{_(SAVED)}")
            await interaction.response.send_message(text, ephemeral=True)
            return
        in_dm = actor is not None and table.seats[actor].dm_message_id == clicked
        if actor is not None and (in_dm or ephemeral(interaction)):
            views = self._private_views
            edit = await views.as_edit(table, actor, dm=in_dm)
            await interaction.response.edit_message(**edit)
            if in_dm:
                views.dm_shown(table, actor, edit["view"])
        else:  # an old table message (re-posted since): retire it
            with speaking(await self._shared.languages.public(table)):
                await interaction.response.edit_message(**moved_down())

    async def edit_table(self, table: Table, access: Access | None = None) -> None:
        """The table message as it stands now (a member's seat taken back from autopilot, say)."""
        await self._table_message.edit(table, access)


def ephemeral(interaction: discord.Interaction) -> bool:
    """Whether what was clicked is an ephemeral message (My hand, a question only the member sees)."""
    return interaction.message is not None and interaction.message.flags.ephemeral


def turn_passed(table: Table, actor: int | None) -> bool:
    """The change began the decision of a member other than the one who made it: someone else has to look."""
    return table.status == "active" and any(s != actor and table.seats[s].human and not table.seats[s].autopilot
                                            for s in table.newly_to_act)
