"""Calling members to act: whom a change pings, and the one ping of a table standing in its channel.

A member is watching a table they touched lately — a move, a click, a typed command, My hand — within the last
2 minutes at a live table, 15 at a casual or async one. A change calls (pings) only the members who must act now
and are not watching (`called`); so does a reminder. A member playing along is never pinged, and a live table,
whose turns last 2 minutes, pings only a member who let a turn run out or was away when it began.

Where touches are kept: a move's time is its `events` row, so a move writes nothing more; any other touch is
stored on its seat (`seats.touched_at`), at most once in a quarter of the watching time. This process's copy of a
table knows every move (a change commits only on the current revision) but not another process's other touches:
before calling anyone on PostgreSQL, the seats' stored touches are read once — the database is the arbiter.

The standing ping (`sessions.ping_message_id`, with the seats it named and the move by which their decisions
began) is recorded by the edge once posted (`record_ping`), which hands back the ping it replaces, to be deleted;
the change in which everyone it named has acted (or which closes the table) takes it down in its own commit.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Iterable
from datetime import datetime

from db import Store

from ..games.core import replace
from . import clocks, errors
from .cache import TableCache
from .preferences import MemberPreferences, digest_replaces_pings, quiet_period
from .reminders import silenced
from .table import PACES, LiveTable, touched

log = logging.getLogger(__name__)

WATCHING = {"live": 2 * 60, "casual": 15 * 60}  # how long a touch counts as watching, by the table's pace


def watching_seconds(pace_seconds: int) -> int:
    """How long after a touch a member counts as watching the table: a live table's, a casual or async one's."""
    return WATCHING["live"] if pace_seconds <= PACES["live"] else WATCHING["casual"]


def answered(live: LiveTable, seats: Iterable[int], seq: int) -> bool:
    """Every seat a ping named, whose decision began by move `seq`, has acted since (or the table closed)."""
    if live.row.status != "active":
        return live.row.status != "lobby"
    to_act = live.game.to_act(live.state)
    return all(s not in to_act or live.since[s] > seq for s in seats)


class Calls:
    def __init__(self, cache: TableCache, preferences: MemberPreferences, clock: Callable[[], datetime]) -> None:
        self._cache, self._preferences, self._clock = cache, preferences, clock

    def now(self) -> float:
        return self._clock().timestamp()

    def _away(self, live: LiveTable, seat: int, now: float) -> bool:
        info = live.seats[seat]
        watching = watching_seconds(live.row.pace_seconds)
        return info.human and not info.autopilot and (info.touched_at is None or info.touched_at <= now - watching)

    # --- touches ------------------------------------------------------------------------------
    async def touch(self, live: LiveTable, seat: int) -> None:
        """The seat's member touched the table by something other than a move (My hand, a refused click): stored
        unless a touch a quarter of the watching time old or newer is known. A failure costs at most one ping
        too many, so it is logged, not raised (the member still hears their own answer)."""
        now = self.now()
        known = live.seats[seat].touched_at
        if known is not None and known > now - watching_seconds(live.row.pace_seconds) / 4:
            return
        try:
            async with self._cache.store.transaction() as tx:
                await tx.touch_seat(live.row.id, seat, now)
        except Exception:
            log.exception("table %s: seat %s's touch was not stored", live.row.id, seat)
            return
        touched(live, seat, now)

    async def touch_within(self, tx: Store, live: LiveTable, seat: int) -> None:
        """A touch that rides on a change's own commit (starting the game, taking a seat back)."""
        now = self.now()
        await tx.update_seat(live.row.id, seat, touched_at=now)
        touched(live, seat, now)

    async def called(self, live: LiveTable, seats: Iterable[int], *, reminder: bool = False) -> frozenset[int]:
        """Of `seats` (whose decision began, or who are reminded), the members to ping: humans not on autopilot
        who have not touched the table lately and are not on away days (clocks.py) — and, unless it is a reminder
        (reminders.py decided it), not in their quiet hours, not silenced this turn, and not getting the daily digest
        instead at a table whose turns last a day or more. Read after the change committed, under the table's
        lock."""
        if live.row.status != "active":
            return frozenset()
        now = self.now()
        away = [s for s in seats if self._away(live, s, now) and not clocks.away(live, s, now)]
        if away and not reminder:
            prefs = await self._preferences.of(live.seats[s].member_id for s in away)
            away = [s for s in away if not silenced(live, s)
                    and quiet_period(prefs[live.seats[s].member_id], now) is None
                    and not digest_replaces_pings(prefs[live.seats[s].member_id], live.row.pace_seconds)]
        if away and not self._cache.store.single_process:  # another process may have seen them lately
            for seat, at in enumerate(await self._cache.store.touches(live.row.id)):
                if at is not None and seat < len(live.seats):
                    touched(live, seat, at)
            away = [s for s in away if self._away(live, s, now)]
        return frozenset(away)

    # --- the standing ping ------------------------------------------------------------------------
    async def take_down_answered(self, tx: Store, live: LiveTable) -> tuple[int, ...]:
        """Within a change: the standing ping, once everyone it named has acted (or the table closed), is no
        longer the table's; its message is given back for the edge to delete."""
        row = live.row
        if row.ping_message_id is None or not answered(live, json.loads(row.ping_seats or "[]"), row.ping_seq or 0):
            return ()
        await self._set(tx, live, None, (), None)
        return (row.ping_message_id,)

    async def record_ping(self, table_id: int, message_id: int | None, seats: Iterable[int], seq: int
                          ) -> tuple[int, ...]:
        """The ping `message_id` (None: the ping headed the table posted again, which its next edit clears) now
        stands for the table, naming `seats` whose decisions began by move `seq`. Gives back the messages to
        delete: the ping it replaces — or itself, when all it named acted before it was recorded."""
        return await self._cache.retried(self._record_ping, table_id, message_id, tuple(seats), seq)

    async def _record_ping(self, table_id: int, message_id: int | None, seats: tuple[int, ...], seq: int
                           ) -> tuple[int, ...]:
        mine = (message_id,) if message_id is not None else ()
        try:
            async with self._cache.locked(table_id) as live:
                if mine and answered(live, seats, seq):
                    return mine
                previous = live.row.ping_message_id
                async with self._cache.changing(live) as tx:
                    await self._set(tx, live, message_id, seats, seq)
                return (previous,) if previous is not None else ()
        except errors.GameOver:  # closed meanwhile: its closing took down what stood then
            return mine

    @staticmethod
    async def _set(tx: Store, live: LiveTable, message_id: int | None, seats: Iterable[int], seq: int | None) -> None:
        fields = {"ping_message_id": message_id, "ping_seq": seq if message_id is not None else None,
                  "ping_seats": json.dumps(sorted(seats)) if message_id is not None else None}
        await tx.update_table(live.row.id, **fields)
        live.row = replace(live.row, **fields)
