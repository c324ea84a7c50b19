"""Away days: a member going away stops their clock at every casual and async table they sit at (not at a live
table, nor where the host chose away:off) until they are back; any move of theirs ends the absence early.

A budget per member: 7 days to start, 2 more on the first of each month (UTC), at most 21; an absence takes its
whole days from it when it begins, and gives back, when the member is back early, the whole days not begun.
The member's row is written with the values it was read with, so of two processes only one changes it; then each
table the member sits at is changed like a move (its revision claimed): the seat's `away_until`, and its running
clock moved after the return by what was left of it (clocks.py), so the time away is never spent.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime

from db import Conflict
from db.away import AwayBook, AwayRow
from db.errors import DUPLICATE

from ..games.core import replace
from ..games.text import N_
from . import clocks, errors
from .cache import TableCache
from .table import Table, snapshot
from .turns import Turns

DAY = 86_400
START_DAYS, MONTHLY_DAYS, MOST_DAYS = 7, 2, 21


@dataclass(frozen=True)
class AwayCard:
    """What `/me` shows of a member's away days."""

    days_left: int
    away_until: float | None  # None: not away


def _month(at: float) -> str:
    return datetime.fromtimestamp(at, UTC).strftime("%Y-%m")


def _months_between(earlier: str, later: str) -> int:
    (y1, m1), (y2, m2) = (map(int, earlier.split("-")), map(int, later.split("-")))
    return max(0, (y2 - y1) * 12 + m2 - m1)


def granted(row: AwayRow | None, user_id: int, now: float) -> AwayRow:
    """The member's row with this month's days granted (a first row: the starting budget)."""
    month = _month(now)
    if row is None:
        return AwayRow(user_id, START_DAYS, month, None, None, 0)
    days = min(MOST_DAYS, row.days_left + MONTHLY_DAYS * _months_between(row.granted_month, month))
    return replace(row, days_left=max(days, row.days_left), granted_month=month)


class Away:
    def __init__(self, cache: TableCache, turns: Turns, clock: Callable[[], datetime]) -> None:
        self._cache, self._turns, self._clock = cache, turns, clock

    def _now(self) -> float:
        return self._clock().timestamp()

    async def card(self, user_id: int) -> AwayCard:
        now = self._now()
        row = granted(await AwayBook(self._cache.store).member(user_id), user_id, now)
        return AwayCard(row.days_left, row.away_until if row.away_until and row.away_until > now else None)

    async def go(self, user_id: int, days: int | None, until: float | None = None) -> tuple[AwayCard, list[Table]]:
        """The member is away for `days` whole days from now, or `until` then (the whole days begun until then are
        taken from the budget): the card, and the tables whose clocks stopped."""
        now = self._now()
        store = self._cache.store
        if (days is None) == (until is None):
            raise errors.Refusal(N_("Say how long you are away: a number of days, or the day you are back."))
        if until is not None:
            if until <= now:
                raise errors.Refusal(N_("That day has already begun: choose a day still to come."))
            days = math.ceil((until - now) / DAY)
        assert days is not None  # exactly one of days and until was given, and until gave the days
        if not 1 <= days <= MOST_DAYS:
            raise errors.Refusal(N_("Away days are 1 to {most}."), most=MOST_DAYS)
        for table_id in await store.active_tables_of(user_id):
            table = await self._cache.get_by_id(table_id)
            if table is not None and clocks.pace_name(table.pace_seconds) == "live":
                raise errors.Refusal(N_("You are playing {game} at a live table: live tables never pause. Finish "
                                        "or leave it first, then go away."), game=table.game.title)
        was = await AwayBook(store).member(user_id)
        row = granted(was, user_id, now)
        if row.away_until is not None and row.away_until > now:
            raise errors.Refusal(N_("You are already away: say you are back first, then choose your days again."))
        if days > row.days_left:
            raise errors.Refusal(N_("You asked for {days} away days but have {left} left (2 more come on the "
                                    "first of each month, up to 21)."), days=days, left=row.days_left)
        until = until if until is not None else now + days * DAY
        await self._save(was, replace(row, days_left=row.days_left - days, away_from=now, away_until=until,
                                      days_reserved=days))
        return AwayCard(row.days_left - days, until), await self._mark(user_id, until)

    async def back(self, user_id: int) -> tuple[AwayCard, list[Table]]:
        """The member is back: the whole days not begun go back to the budget, their clocks run again."""
        now = self._now()
        was = await AwayBook(self._cache.store).member(user_id)
        row = granted(was, user_id, now)
        if row.away_until is None or row.away_until <= now:
            raise errors.Refusal(N_("You are not away."))
        spent = max(1, math.ceil((now - (row.away_from or now)) / DAY))
        left = min(MOST_DAYS, row.days_left + max(0, row.days_reserved - spent))
        await self._save(was, replace(row, days_left=left, away_from=None, away_until=None, days_reserved=0))
        return AwayCard(left, None), await self._mark(user_id, None)

    async def _save(self, was: AwayRow | None, now: AwayRow) -> None:
        try:
            async with self._cache.store.transaction() as tx:
                await AwayBook(tx).save(was, now)
        except (Conflict, *DUPLICATE) as raced:  # another process changed this member's days meanwhile
            raise errors.TryAgain() from raced

    async def _mark(self, user_id: int, until: float | None) -> list[Table]:
        """Each running table of the member whose clocks stop for them, with their seat away until `until`."""
        changed = []
        for table_id in await self._cache.store.active_tables_of(user_id):
            try:
                table = await self._cache.retried(self._mark_one, table_id, user_id, until)
            except errors.GameOver:  # it ended meanwhile
                continue
            if table is not None:
                changed.append(table)
        return changed

    async def _mark_one(self, table_id: int, user_id: int, until: float | None) -> Table | None:
        async with self._cache.locked(table_id) as live:
            if not clocks.stops_for_away(live):
                return None
            now = self._now()
            async with self._cache.changing(live) as tx:
                await self._turns.wind(tx, live)  # a table from before per-seat clocks: each seat its own first
                for info in live.seats:
                    if info.user_id != user_id or info.is_computer:
                        continue
                    info = live.seats[info.seat]
                    fields: dict = {"away_until": until}
                    if info.deadline_at is not None:
                        left = clocks.time_left_of(info.deadline_at, info.away_until, now)
                        fields["deadline_at"] = max(now, until or now) + left
                    await tx.update_seat(table_id, info.seat, **fields)
                    live.seats[info.seat] = replace(info, **fields)
                await self._turns.wind(tx, live)
            return snapshot(live)

