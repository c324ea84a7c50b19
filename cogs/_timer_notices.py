"""What the service's timer makes happen, said in the channel: lobbies expiring, reminders, timeouts, and
tables closed while the bot was away.

A mixin of the publisher (`cogs/_table.py`): it uses the publisher's `show`, `ping`, `edit_table_message`
and `public_language`.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.i18n import _, ngettext, speaking
from bot.sessions import Table

from ._after_commit import attempt
from ._ui import seat_name


class TimerNotices:
    bot: discord.Client

    async def on_table_event(self, table: Table, kind: str) -> None:
        channel = self.bot.get_partial_messageable(table.channel_id, guild_id=table.guild_id)
        if kind == "expired":
            await self.edit_closing(table, "closing the lobby message")
            with speaking(await self.public_language(table)):
                text = _("⌛ The {game} lobby closed: the game never started.", game=table.game.title)
            await attempt("announcing the lobby closed", channel.send(text))
            return
        if kind == "reminder":
            with speaking(await self.public_language(table)):
                text = (_("⏰ reminder: your move is due {when}", when=f"<t:{int(table.deadline_at)}:R>")
                        if table.deadline_at else _("⏰ reminder: your move is due soon"))
            await attempt("sending a reminder", self.ping(table, seats=table.to_act, text=text))
            return
        await attempt("announcing a timeout", self._announce_timeout(table))
        await self.show(table)

    async def _announce_timeout(self, table: Table) -> None:
        timed_out = sorted({m.seat for m in table.moves if m.by == "timeout"})
        autopiloted = [s for s in timed_out if table.seats[s].autopilot]
        with speaking(await self.public_language(table)):
            note = _("⌛ Time ran out for {names}: the rules' default move was played.",
                     names=", ".join(seat_name(table, s) for s in timed_out))
            if autopiloted:
                note += " " + ngettext(
                    "{names} missed {n} turn in a row: the computer plays the seat until its owner presses "
                    "**My hand** (or types `/game hand`).",
                    "{names} missed {n} turns in a row: the computer plays the seat until its owner presses "
                    "**My hand** (or types `/game hand`).",
                    3, names=", ".join(seat_name(table, s) for s in autopiloted))
        channel = self.bot.get_partial_messageable(table.channel_id, guild_id=table.guild_id)
        await channel.send(note)

    async def announce_closed(self, row: Any) -> None:
        channel = self.bot.get_partial_messageable(row.channel_id, guild_id=row.guild_id)
        with speaking(await self.public_language(row)):
            text = _("🛑 The {game} table here was closed: {reason}. Start a new one anytime.",
                     game=row.game, reason=_(row.end_reason))
        await attempt(f"announcing that table {row.id} was closed", channel.send(text))
