"""Reminders and the daily digest, said the way each member chose (bot/service/reminders.py, digests.py): a
reminder is a ping in the table's channel (the table's one standing ping) and/or a DM, each with **Not this turn**;
a digest is one DM listing every table waiting on the member, with links and time left. Each is one REST call
(a ping replacing the table's standing one also deletes it).

Not this turn is a `DynamicItem` like the table's controls: its custom id carries the table id and the move at
which the reminder went (a decision begun after it is another turn), both bounded and checked once here
(Discord: a custom id is at most 100 characters, a button's label at most 80 — DOCS/components/reference#button);
the service acts only on a table of the server it was pressed in, or, from a DM, where the member sits
(`Clicked`). The first DM to a member also opens the DM channel (one call more, once per process)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import discord

from bot.i18n import _, ngettext, speaking
from bot.service import Clicked, Table
from bot.service.clocks import seat_deadline
from bot.service.digests import Digest

from .after_commit import attempt
from .controls import MOVE_NO, TABLE_ID, Controller, TableItem, controls
from .format import CONTENT_CHARS, timestamp
from .host_warnings import HostWarnings
from .notices import Notices
from .shared import Shared


class NotThisTurnButton(TableItem, discord.ui.DynamicItem[discord.ui.Button], template=rf"q:{TABLE_ID}:{MOVE_NO}"):
    """Silence a table until the member's next turn: no reminder, ping or digest line for this one."""

    def __init__(self, table_id: int, seq: int) -> None:
        super().__init__(discord.ui.Button(label=_("Not this turn"), emoji="🔕", style=discord.ButtonStyle.secondary,
                                           custom_id=f"q:{table_id}:{seq}"))
        self.table_id, self.seq = table_id, seq

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> NotThisTurnButton:
        return cls(int(match["table"]), int(match["seq"]))

    async def run(self, interaction: discord.Interaction, controller: Controller, at: Clicked) -> None:
        await controller.not_this_turn(interaction, at, self.seq)


def not_this_turn(table: Table) -> discord.ui.View:
    """The reminder's button: it silences the presser's decision pending at the table's move now."""
    return controls(NotThisTurnButton(table.id, table.seq))


def member_deadline(table: Table, user_id: int) -> float | None:
    """When the member's own decision at the table times out (None: no deadline, or not seated there)."""
    seat = table.seat_of(user_id)
    return seat_deadline(table, seat) if seat is not None else None


def time_left(at: float | None) -> str:
    """A deadline in every reader's own time zone and words: how long, and when."""
    return f"{timestamp(at)} ({timestamp(at, 'f')})" if at else _("no deadline")


class Reminding:
    def __init__(self, shared: Shared, notices: Notices, host_warnings: HostWarnings) -> None:
        self._shared, self._notices, self._host_warnings = shared, notices, host_warnings

    async def remind(self, table: Table) -> None:
        """The members the reminder calls: pinged in the channel (`table.called`) and/or by DM
        (`table.reminded_by_dm`), each with Not this turn."""
        def reminder(seats: frozenset[int]) -> Callable[[], str]:
            def said() -> str:
                deadline = min((seat_deadline(table, s) or 0 for s in seats), default=0)
                return (_("⏰ reminder: your move is due {when}", when=timestamp(deadline)) if deadline
                        else _("⏰ reminder: your move is due soon"))
            return said

        if table.called:
            access = self._shared.access.of(table.channel_id)
            await attempt("sending a reminder", self._notices.ping(table, access, prompt=reminder(table.called),
                                                                   view=lambda: not_this_turn(table)))
        await attempt("telling the host what the bot may no longer do", self._host_warnings.warn(table))
        for seat in sorted(table.reminded_by_dm):
            await attempt("sending a reminder by DM", self._dm(table, seat, reminder(frozenset({seat}))))

    async def _dm(self, table: Table, seat: int, said: Callable[[], str]) -> None:
        shared = self._shared
        with speaking(await shared.languages.seat(table, seat)):
            text = f"{shared.renderer(table).emoji} **{table.game.title}** · <#{table.channel_id}> · {said()} · " + \
                _("[Open the table]({link})", link=shared.links.jump(table))
            view = not_this_turn(table)
        await shared.channel.dm(table.seats[seat].member_id, text[:CONTENT_CHARS], view=view)

    async def digest(self, digest: Digest) -> None:
        """The member's daily digest: one DM, every table waiting on them, the soonest deadline first."""
        shared = self._shared
        tables = sorted(digest.tables, key=lambda t: member_deadline(t, digest.user_id) or float("inf"))
        with speaking(await shared.languages.member(digest.user_id)):
            head = ngettext("📬 Your daily digest: {n} table is waiting on you.",
                            "📬 Your daily digest: {n} tables are waiting on you.", len(tables))
            lines = [f"{shared.renderer(t).emoji} **{t.game.title}** · " +
                     _("[table {table}]({link})", table=t.id, link=shared.links.jump(t)) + " · " +
                     _("due {when}", when=time_left(member_deadline(t, digest.user_id)))
                     for t in tables]
            more = _("…and more: `/mygames` lists them all.")
        text = head
        for line in lines:
            if len(text) + len(line) + len(more) + 2 > CONTENT_CHARS:
                text += "\n" + more
                break
            text += "\n" + line
        await attempt(f"sending member {digest.user_id}'s digest", shared.channel.dm(digest.user_id, text))
