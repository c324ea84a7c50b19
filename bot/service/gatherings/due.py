"""A gathering's due work, as one source for the bot's one durable timer: `next_due` (when the earliest gathering
must be looked at) and `run_due` (look at every due one). Each due gathering is claimed by one process at a time
(db/gatherings.py), then:

1. What time or the tables brought about happens, each step a change of the gathering at its next revision: the
   start (a game night's check-in opens; a tournament seats round 1), the end of the check-in (round 1 seated from
   those who checked in, or the night cancelled when fewer than the game's smallest table came), the end of a
   round's last table (the next round seated, or the gathering finished after its last round). A step another
   process took first fails its revision check and is read again.
2. The notice the edge owes is handed to the listener (model.py): it is told until the listener returns, so a
   process that dies mid-way leaves it to the next claim (at least once; every step the edge takes is idempotent or
   checked). A round's tables are told until each has a thread.
3. The claim is released, the gathering due again at its next time — unless one of its tables ended meanwhile
   (`wakes` moved), whose wake stays, or it was changed meanwhile (the edge cancelling it while told its
   check-in, a member joining), whose due time stays (at worst, a look that finds nothing new).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from datetime import datetime

from db import Conflict, Store
from db.gatherings import GatheringBook, GatheringRow
from db.store import CLAIM_SECONDS

from ...games.core import Game
from ...games.text import N_
from ...gatherings import CANCELLED, CHECKING_IN, FINISHED, NIGHT, PLANNED, PLAYING
from .model import CHECK_IN, ROUND, STANDINGS, Gathering, GatheringListener, Notice, PlannedTable
from .rounds import Rounds

log = logging.getLogger(__name__)

MAX_STEPS = 8  # steps one claim takes (a round of byes only is over at once)
TOO_FEW = N_("too few members came")
TOO_FEW_LEFT = N_("too few members were left to play")


class Progress:
    def __init__(self, store: Store, games: Mapping[str, Game], rounds: Rounds, clock: Callable[[], datetime]
                 ) -> None:
        self._store, self._games, self._rounds, self._clock = store, games, rounds, clock
        self.listener: GatheringListener | None = None

    def now(self) -> float:
        return self._clock().timestamp()

    async def next_due(self) -> float | None:
        return await GatheringBook(self._store).next_due()

    async def run_due(self) -> list[Notice]:
        """Everything due now, each gathering by one process; the notices told, in order."""
        now, told = self.now(), []
        for claimed in await GatheringBook(self._store).claim_due(now):
            try:
                notice = await self._run(claimed.id, now)
            except Exception:  # one gathering must not hold up the others (nor stop the timer): its claim lapses
                log.exception("gathering %s failed at its due time; tried again when its claim lapses", claimed.id)
                continue
            if notice is not None:
                told.append(notice)
        return told

    async def _run(self, gathering_id: int, now: float) -> Notice | None:
        for _ in range(MAX_STEPS):
            row = await self._claimed(gathering_id)
            try:
                if not await self._step(row, now):
                    break
            except Conflict:  # another process changed it first: read it again
                continue
        tables = await self._rounds.tables(row.id, row.round) if row.state == PLAYING else ()
        notice, key = await self._owed(row, tables)
        told, due = row.told, self._next_due(row)
        if notice is not None:
            if self.listener is not None:
                await self.listener(notice)  # raises: not told; the claim lapses and it is told again
            if notice.kind == ROUND and any(not t.placed for t in await self._rounds.tables(row.id, row.round)):
                due = now + CLAIM_SECONDS  # some tables still lack a thread: told again then
            else:
                told = key
        async with self._store.transaction() as tx:
            await GatheringBook(tx).release(row.id, row.wakes, row.rev, due, told)
        return notice

    async def _claimed(self, gathering_id: int) -> GatheringRow:
        row = await GatheringBook(self._store).get(gathering_id)
        assert row is not None  # claimed, and a gathering is never deleted
        return row

    async def _step(self, row: GatheringRow, now: float) -> bool:
        """What is due at `row` happens (True), or nothing is (False)."""
        if row.state == PLANNED and row.starts_at <= now:
            if row.kind == NIGHT:
                await self._change(row, state=CHECKING_IN, check_in_ends_at=now + row.check_in_seconds)
                return True
            return await self._seat_or_end(row, 1, CANCELLED, TOO_FEW)
        if row.state == CHECKING_IN and row.check_in_ends_at is not None and row.check_in_ends_at <= now:
            return await self._seat_or_end(row, 1, CANCELLED, TOO_FEW)
        if row.state == PLAYING:
            tables = await self._rounds.tables(row.id, row.round)
            if all(t.placed and t.status in ("finished", "ended") for t in tables):
                if row.round >= row.rounds:
                    await self._change(row, state=FINISHED, ended_at=now)
                    return True
                return await self._seat_or_end(row, row.round + 1, FINISHED, TOO_FEW_LEFT)
        return False

    async def _seat_or_end(self, row: GatheringRow, round_: int, ending: str, reason: str) -> bool:
        if not await self._rounds.seat(row, round_):
            await self._change(row, state=ending, ended_at=self.now(), end_reason=reason)
        return True

    async def _change(self, row: GatheringRow, **fields: object) -> None:
        async with self._store.transaction() as tx:
            await GatheringBook(tx).change(row.id, row.rev, **fields)

    async def _owed(self, row: GatheringRow, tables: tuple[PlannedTable, ...]) -> tuple[Notice | None, str | None]:
        """The notice the edge owes at `row`, with its key (None: nothing new since `row.told`)."""
        if row.state == CHECKING_IN:
            kind, key = CHECK_IN, CHECKING_IN
        elif row.state == PLAYING and any(not t.placed for t in tables):
            kind, key = ROUND, f"{PLAYING}:{row.round}:placed"
        elif row.state == PLAYING:
            ended = sum(t.status in ("finished", "ended") for t in tables)
            kind, key = STANDINGS, f"{PLAYING}:{row.round}:{ended}"
            if row.told == f"{PLAYING}:{row.round}:placed" and not ended:
                return None, None  # just placed: nothing has changed the standings
        elif row.state in (FINISHED, CANCELLED):
            kind = key = row.state
        else:
            return None, None
        if key == row.told and kind != ROUND:
            return None, None
        members = await GatheringBook(self._store).members(row.id)
        standings = await self._rounds.standings(row.id) if row.state in (PLAYING, FINISHED) else ()
        return Notice(kind, Gathering.of(row, members), standings,
                      tuple(t for t in tables if not t.placed) if kind == ROUND else ()), key

    @staticmethod
    def _next_due(row: GatheringRow) -> float | None:
        if row.state == PLANNED:
            return row.starts_at
        if row.state == CHECKING_IN:
            return row.check_in_ends_at
        return None  # playing: the end of a table wakes it; closed: nothing more
