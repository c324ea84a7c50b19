"""What the timer makes happen at a gathering, shown in Discord: the service's listener (`Gatherings.listener`).

The service commits first, then tells this listener, until it returns (a process dying mid-way leaves the notice
to the next claim), so each step here is checked or harmless to repeat — a message recorded once posted is edited,
never posted twice; a round's table is placed once (`Gatherings.open_table`: a second thread is deleted). Every
Discord step is attempted on its own: one failure never skips the rest.

- check-in: Discord's **Interested** read (the scheduled event's subscribers) and enlisted, the event set ACTIVE,
  the check-in posted (an **I'm here** button, the members expected called), recorded;
- a round: each table a thread of the night's channel, opened there as an ordinary table, its message posted and
  its members called by one ping (which adds them to the thread); the standings posted (round 1) or edited;
- a table ended: the standings edited; the end: the podium, the event COMPLETED; cancelled: one message, the
  event CANCELED (COMPLETED once it began).
"""

from __future__ import annotations

import contextlib
import logging
from typing import Literal

import discord

from bot.gatherings import CANCELLED, FINISHED, NIGHT
from bot.i18n import N_, _, speaking
from bot.names import isolated
from bot.service.errors import Refusal
from bot.service.gatherings import CHECK_IN, ROUND, STANDINGS, Gathering, Gatherings, Notice, PlannedTable
from bot.service.lobby import COMPUTER_NAME
from bot.service.table import Table
from cogs.table.after_commit import attempt
from cogs.table.permissions import CREATE_THREADS, SEND_IN_THREADS, VIEW, Access
from cogs.table.shared import Shared
from cogs.table.table_message import TableMessage

from .controls import controls
from .messages import check_in_closed_text, check_in_text, ended_text, standings_payload, table_call
from .scheduled import ACTIVE, CANCELED, COMPLETED, ScheduledEvents
from .signup import SignUps

log = logging.getLogger(__name__)

THREAD_ARCHIVE_MINUTES: Literal[1440] = 1440  # a day without a message archives a table's thread
DELETED_IN_DISCORD = N_("its event was deleted in Discord")  # the end reasons this edge gives
CANCELLED_IN_DISCORD = N_("its event was cancelled in Discord")


class GatheringNotices:
    def __init__(self, gatherings: Gatherings, events: ScheduledEvents, shared: Shared, table_message: TableMessage,
                 signups: SignUps) -> None:
        """`signups`: a tournament's sign-up message, closed when round 1 is seated or the tournament cancelled."""
        self._gatherings, self._events, self._shared, self._table_message = gatherings, events, shared, table_message
        self._signups = signups

    async def __call__(self, notice: Notice) -> None:
        gathering = notice.gathering
        with speaking(await self._shared.languages.server(gathering.guild_id)):
            if notice.kind == CHECK_IN:
                await self.check_in(gathering)
            elif notice.kind == ROUND:
                await self.round(notice)
            elif notice.kind == STANDINGS:
                await self.standings(notice, final=False)
            elif notice.kind == FINISHED:
                await self.finished(notice)
            elif notice.kind == CANCELLED:
                await self.cancelled(gathering)

    def _access(self, channel_id: int) -> Access:
        return self._shared.access.of(channel_id)

    # --- the check-in -------------------------------------------------------------------------
    async def check_in(self, gathering: Gathering) -> None:
        event_id = gathering.scheduled_event_id
        if gathering.kind == NIGHT and event_id and gathering.check_in_message_id is None:
            subscribers = await self._events.subscribers(gathering.guild_id, event_id)
            if subscribers is None:  # deleted in Discord: the night is off
                await self._call_off(gathering, DELETED_IN_DISCORD)
                return
            if subscribers:
                gathering = await self._gatherings.enlist(gathering.id, [(s.user_id, s.name) for s in subscribers])
            started: list[int | None] = []

            async def start() -> None:
                started.append(await self._events.set_status(gathering.guild_id, event_id, ACTIVE))
            if await attempt("starting the scheduled event", start()) and started[0] in (None, CANCELED, COMPLETED):
                # ended in Discord while the gateway's word of it was missed: the night is off
                await self._call_off(gathering, DELETED_IN_DISCORD if started[0] is None else CANCELLED_IN_DISCORD)
                return
        if gathering.check_in_message_id is not None:
            return  # posted already (told again after a restart)
        posted = await self._post(gathering, "posting the check-in", content=check_in_text(gathering),
                                  view=controls(gathering.id, "here", "start"),
                                  allowed_mentions=discord.AllowedMentions(users=True))
        if posted is not None:
            await self._gatherings.record(gathering.id, check_in_message_id=posted.id)

    async def _call_off(self, gathering: Gathering, reason: str) -> None:
        """The night cancelled for what happened to its event in Discord (once: over already, nothing changes)."""
        with contextlib.suppress(Refusal):
            await self._gatherings.cancel(gathering.id, gathering.host_id, is_admin=True, reason=reason)

    # --- a round ------------------------------------------------------------------------------
    async def round(self, notice: Notice) -> None:
        gathering = notice.gathering
        first_telling = gathering.round == 1 and bool(notice.to_place) and \
            all(not t.placed for t in await self._gatherings.tables(gathering.id, 1))
        if first_telling and gathering.check_in_message_id is not None:
            await attempt("closing the check-in", self._shared.channel.edit(
                gathering, self._access(gathering.channel_id), gathering.check_in_message_id, "closing the check-in",
                content=check_in_closed_text(gathering), view=None))
        if first_telling and gathering.kind != NIGHT:
            await self._signups.changed(gathering)  # sign-ups closed: the message loses its buttons
        for planned in notice.to_place:
            await attempt("seating a table", self._seat(gathering, planned))
        await self.standings(notice, final=False)

    async def _seat(self, gathering: Gathering, planned: PlannedTable) -> None:
        channel = self._shared.client.get_channel(gathering.channel_id)
        if not isinstance(channel, discord.TextChannel):
            channel = await self._shared.client.fetch_channel(gathering.channel_id)
        assert isinstance(channel, discord.TextChannel)
        renderer = self._shared.renderers[gathering.game_id]
        name = _("{emoji} Round {round} · table {table} · {title}", emoji=renderer.emoji, round=planned.round,
                 table=planned.number, title=isolated(gathering.title))
        thread = await self._shared.access.guard(
            channel.id, "making a round's thread", [VIEW, CREATE_THREADS],
            channel.create_thread(name=name[:100], auto_archive_duration=THREAD_ARCHIVE_MINUTES,
                                  type=discord.ChannelType.public_thread))
        try:
            table, opened = await self._gatherings.open_table(gathering.id, planned.round, planned.number, thread.id,
                                                              _(COMPUTER_NAME))
        except Exception:  # not placed (told again within a minute): this thread would be left empty
            await attempt("deleting a thread no table was placed in", thread.delete())
            raise
        if not opened:  # another process (or an earlier telling) placed it: this thread is spare
            await attempt("deleting a spare thread", thread.delete())
            return
        await attempt("posting a round's table", self._table_message.edit(table))
        await attempt("calling a table's players", self._call(gathering, planned, table, thread))

    async def _call(self, gathering: Gathering, planned: PlannedTable, table: Table, thread: discord.Thread) -> None:
        players = [s.user_id for s in table.seats if s.user_id is not None and not s.is_computer]
        if not players:
            return
        text = table_call(gathering, planned.round, planned.number, players)
        await self._shared.access.guard(thread.id, "calling a table's players", [VIEW, SEND_IN_THREADS], thread.send(
            text, allowed_mentions=discord.AllowedMentions(users=True)))

    # --- the standings, the end ---------------------------------------------------------------
    async def standings(self, notice: Notice, *, final: bool) -> None:
        gathering = notice.gathering
        payload = await standings_payload(gathering, notice.standings, final=final)
        if gathering.standings_message_id is not None:
            await attempt("editing the standings", self._shared.channel.edit(
                gathering, self._access(gathering.channel_id), gathering.standings_message_id, "editing the standings",
                content=payload["content"], attachments=payload["files"], allowed_mentions=payload["allowed_mentions"]))
            return
        posted = await self._post(gathering, "posting the standings", **payload)
        if posted is not None:
            await self._gatherings.record(gathering.id, standings_message_id=posted.id)

    async def finished(self, notice: Notice) -> None:
        gathering = notice.gathering
        await self._post(gathering, "posting the podium", **await standings_payload(gathering, notice.standings,
                                                                                  final=True))
        if gathering.scheduled_event_id:
            await attempt("ending the scheduled event", self._events.set_status(
                gathering.guild_id, gathering.scheduled_event_id, COMPLETED))
        if gathering.kind != NIGHT:
            await self._signups.changed(gathering)  # it says the tournament is over

    async def cancelled(self, gathering: Gathering) -> None:
        if gathering.kind != NIGHT:
            await self._signups.changed(gathering)
        await self._post(gathering, "saying the night is cancelled", content=ended_text(gathering),
                         allowed_mentions=discord.AllowedMentions.none())
        if gathering.scheduled_event_id and gathering.end_reason not in (DELETED_IN_DISCORD, CANCELLED_IN_DISCORD):
            began = gathering.check_in_ends_at is not None  # ACTIVE since its check-in: only COMPLETED follows
            await attempt("cancelling the scheduled event", self._events.set_status(
                gathering.guild_id, gathering.scheduled_event_id, COMPLETED if began else CANCELED))

    async def _post(self, gathering: Gathering, what: str, **payload: object) -> discord.Message | None:
        posted: list[discord.Message] = []

        async def post() -> None:
            posted.append(await self._shared.channel.post(gathering, self._access(gathering.channel_id), what,
                                                          **payload))
        await attempt(what, post())
        return posted[0] if posted else None

