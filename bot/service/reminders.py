"""Reminders per member: each seat to act has its own reminder (`seats.reminder_at`), from its deadline
(`clocks.seat_deadline`), its member's choice and quiet hours (preferences.py); the table's `reminder_at` is the
earliest of its seats', so the deadline claim (one process handles a due table) covers them. When one is due, the
member's preferences are read afresh and the reminder goes (by their choice: a channel ping, a DM, or both), moves
(quiet hours, a new choice), or is dropped (reminders off). "Not this turn" silences a seat until its next
decision: no reminder, ping or digest line for it."""

from __future__ import annotations

from collections.abc import Iterable

from db import Store

from ..games.core import replace
from ..games.text import N_
from . import errors
from .cache import TableCache
from .clocks import seat_deadline, span_of
from .preferences import MemberPreferences, reminder_time
from .table import Clicked, LiveTable, Table, require_active, seat_of, snapshot

SOON = 1.0  # a reminder due within this many seconds is sent now


def silenced(live: LiveTable | Table, seat: int) -> bool:
    info = live.seats[seat]
    return info.silenced_since is not None and info.silenced_since == live.since[seat]


def reminded_seats(live: LiveTable) -> list[int]:
    """The seats that may be reminded: humans to act, not on autopilot, not silenced this turn."""
    to_act = live.game.to_act(live.state)
    return [s for s in sorted(to_act) if live.seats[s].human and not live.seats[s].autopilot and not silenced(live, s)]


def earliest(live: LiveTable, seats: Iterable[int]) -> float | None:
    """The table's reminder: the earliest of its seats'."""
    return min((at for s in seats if (at := live.seats[s].reminder_at) is not None), default=None)


class Reminders:
    def __init__(self, cache: TableCache, preferences: MemberPreferences) -> None:
        self._cache, self._preferences = cache, preferences

    async def ready(self, live: LiveTable) -> None:
        """Before a change's transaction opens: its members' preferences at hand (read now if this process has none
        fresh), so planning their reminders inside it reads nothing — a transaction that only writes shares its
        commit with the others ending beside it; one that reads commits alone."""
        await self._preferences.of(s.member_id for s in live.seats if s.human)

    async def plan(self, tx: Store, live: LiveTable, started: Iterable[int]) -> float | None:
        """Within a change that started seats' clocks (`started`): each of them its reminder; the table's, the
        earliest of every seat to act, is given back (its row is written with the deadline, in one write)."""
        now = self._cache.now()
        seats, started = reminded_seats(live), set(started)
        begun = [s for s in seats if s in started]
        prefs = await self._preferences.of(live.seats[s].member_id for s in begun) if begun else {}
        times: dict[int, float | None] = {}
        for seat in begun:
            deadline = seat_deadline(live, seat)
            times[seat] = None if deadline is None else reminder_time(
                prefs[live.seats[seat].member_id], deadline, span_of(live, seat), now)
        await self._seat_times(tx, live, times)
        return earliest(live, seats)

    async def due(self, tx: Store, live: LiveTable) -> tuple[frozenset[int], frozenset[int]]:
        """Within the claimed table's change: the seats whose reminder is due now, by channel and by DM, as their
        members' preferences read afresh say; the others' reminders moved or dropped."""
        now = self._cache.now()
        due = [s for s in reminded_seats(live) if (at := live.seats[s].reminder_at) is not None and at <= now + SOON]
        prefs = await self._preferences.of((live.seats[s].member_id for s in due), fresh=True)
        times: dict[int, float | None] = {}
        by_channel: set[int] = set()
        by_dm: set[int] = set()
        for seat in due:
            member = prefs[live.seats[seat].member_id]
            deadline = seat_deadline(live, seat)
            when = None if deadline is None else reminder_time(member, deadline, span_of(live, seat), now)
            if when is not None and when > now + SOON:
                times[seat] = when  # quiet hours began, or the member chose a later reminder
                continue
            times[seat] = None
            if when is not None:
                (by_dm if member.reminders_via == "dm" else by_channel).add(seat)
                if member.reminders_via == "both":
                    by_dm.add(seat)
        await self._store_times(tx, live, times)
        return frozenset(by_channel), frozenset(by_dm)

    @staticmethod
    async def _seat_times(tx: Store, live: LiveTable, times: dict[int, float | None]) -> None:
        for seat, at in times.items():
            if live.seats[seat].reminder_at != at:
                await tx.update_seat(live.row.id, seat, reminder_at=at)
                live.seats[seat] = replace(live.seats[seat], reminder_at=at)

    async def _store_times(self, tx: Store, live: LiveTable, times: dict[int, float | None]) -> None:
        await self._seat_times(tx, live, times)
        await self._table_time(tx, live)

    @staticmethod
    async def _table_time(tx: Store, live: LiveTable) -> None:
        at = earliest(live, reminded_seats(live))
        if live.row.reminder_at != at:
            await tx.update_table(live.row.id, reminder_at=at)
            live.row = replace(live.row, reminder_at=at)

    # --- not this turn ----------------------------------------------------------------------------
    async def silence(self, at: Clicked, user_id: int, seq: int) -> Table:
        """The member's "not this turn" on a reminder sent at move `seq`: silent for the decision pending then."""
        return await self._cache.retried(self._silence, at, user_id, seq)

    async def _silence(self, at: Clicked, user_id: int, seq: int) -> Table:
        async with self._cache.locked_at(at, user_id) as live:
            require_active(live)
            seat = seat_of(live, user_id, N_("Only the players this reminder named can silence it."))
            if seat not in live.game.to_act(live.state) or live.since[seat] > seq:
                raise errors.Refusal(N_("That turn is over: this reminder no longer applies."))
            if silenced(live, seat):
                raise errors.Refusal(N_("This table is already silent for you until your next turn."))
            since = live.since[seat]
            async with self._cache.changing(live) as tx:
                await tx.update_seat(live.row.id, seat, silenced_since=since, reminder_at=None)
                live.seats[seat] = replace(live.seats[seat], silenced_since=since, reminder_at=None)
                await self._table_time(tx, live)
            return snapshot(live)
