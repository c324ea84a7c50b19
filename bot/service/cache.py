"""How the service finds a table: the database is the arbiter, this process keeps a bounded cache.

Start-up reads no moves. A table is rebuilt from its log the first time it is touched (a move, a view,
a deadline, /mygames) and kept in an LRU cache; its row, seats and moves are read from ONE snapshot
(`Store.table_log`), so a rebuild racing another process's commit sees the table before or after it, whole.
On SQLite this is the only process, so a cached table is current; on PostgreSQL a touch first reads the
table's row (one indexed read), and a copy that is behind catches up with the moves it lacks. Every change
first advances the table's revision in the database, conditional on the revision it was computed from; when
another process got there first the change raises `Conflict`, the cached copy is marked behind, and the whole
operation runs again on a fresh copy (`retried`), where a stale click is refused exactly as in one process.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import time
import weakref
from collections import OrderedDict
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, Sequence
from contextlib import AbstractAsyncContextManager
from datetime import datetime
from typing import Any, TypeVar

from db import Conflict, Store, TableRow

from ..games.core import Game, replace
from ..games.text import N_
from ..logs import about
from ..metrics import UNMEASURED, Unmeasured
from . import errors
from .clocks import due_at
from .dice import TableDice
from .table import Clicked, LiveTable, Move, Table, Typed, seat_from_row, snapshot, touched
from .telemetry import moves_made
from .timer import Wake

log = logging.getLogger(__name__)

CACHE_SIZE = 5_000  # tables kept rebuilt in memory; older ones are rebuilt again when touched
CONFLICT_RETRIES = 8
OPEN = ("lobby", "active")
Result = TypeVar("Result")


class TableCache:
    def __init__(self, store: Store, games: Mapping[str, Game], dice: TableDice, clock: Callable[[], datetime],
                 cache_size: int = CACHE_SIZE, metrics: Unmeasured = UNMEASURED, wake: Wake = lambda due: None
                 ) -> None:
        """`wake`: the timer's, told each table's next due time after every change (timer.py)."""
        self.store, self.games = store, games
        self._dice, self._clock, self._metrics, self._wake = dice, clock, metrics, wake
        self._cache: OrderedDict[int, LiveTable] = OrderedDict()
        self._cache_size = cache_size
        self._behind: set[int] = set()  # cached tables another process changed since (read before any use)
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        self.rebuilds = 0  # tables replayed from their first move (first touches)
        self.catch_ups = 0  # cached tables brought up to date with the moves another process made
        self.conflicts_retried = 0  # changes run again because another process changed the table first

    def now(self) -> float:
        return self._clock().timestamp()

    async def retried(self, operation: Callable[..., Awaitable[Result]], *args: Any) -> Result:
        """Run a table operation again on a fresh copy when another process changed the table first. Each retry
        follows another process's commit, so it ends; should it not within CONFLICT_RETRIES, the member is told
        to try again (nothing changed) — a `Conflict` never leaves the service."""
        for attempt in range(CONFLICT_RETRIES):
            try:
                return await operation(*args)
            except Conflict as conflict:
                self._behind.add(conflict.table_id)  # read it before using it again
                if attempt == CONFLICT_RETRIES - 1:
                    break
                self.conflicts_retried += 1
                self._metrics.conflict_retried()
                if attempt >= 2:  # a crowd at one table: let the others through before the next try
                    await asyncio.sleep(random.uniform(0, 0.002 * 2**attempt))
        raise errors.TryAgain()

    # --- start-up ------------------------------------------------------------------------------
    async def load(self) -> list[TableRow]:
        """Close the open tables whose game's rules changed since they began (reading no moves); returns them."""
        closed = []
        for table_id, game_id, version in await self.store.open_table_versions():
            game = self.games.get(game_id)
            row = None if game is not None and game.rules_version == version else await self.store.table(table_id)
            if row is not None and row.status in OPEN:
                with contextlib.suppress(Conflict):  # changed meanwhile: closed when it is next touched
                    closed.append(await self.close_unplayable(row, N_("the game's rules changed since it started")))
        return closed

    async def close_unplayable(self, row: TableRow, reason: str) -> TableRow:
        """Close a table that can't be played here; `Conflict` if it changed since `row` was read."""
        fields: dict[str, Any] = {"status": "ended", "ended_at": self.now(), "end_reason": reason,
                                  "deadline_at": None, "reminder_at": None}
        async with self.store.transaction() as tx:
            await tx.advance_rev(row.id, row.rev)
            await tx.update_table(row.id, **fields)
        self.forget(row.id)
        return replace(row, **fields, rev=row.rev + 1)

    # --- finding a table ------------------------------------------------------------------------
    def locked(self, table_id: int, *, commits: bool = False) -> Locked:
        """The open table `table_id`, current and locked in this process; GameOver when it is closed. `commits`: the
        caller commits a change or raises; then a cached copy is used unread — a change from a copy that is behind
        fails the revision check (Conflict: `retried` runs it again on a fresh copy), and a refusal is given only
        once a read shows the copy was current. So a move costs no read, only its commit."""
        return Locked(self, table_id, commits)

    @contextlib.asynccontextmanager
    async def locked_in(self, channel_id: int) -> AsyncIterator[LiveTable]:
        table_id = await self.store.open_table_id(channel_id)
        if table_id is None:
            raise errors.NoTable()
        try:
            async with self.locked(table_id) as live:
                yield live
        except errors.TableClosed as closed:  # closed since the channel was looked up: none open here now
            raise errors.NoTable() from closed

    def locked_at(self, at: int | Clicked | Typed, user_id: int, *, commits: bool = False
                  ) -> AbstractAsyncContextManager[LiveTable]:
        """The table a request names, locked: a table id; a control clicked, which acts only where it was
        pressed (NotHere); or a command typed in a channel, for that channel's table of its game."""
        if isinstance(at, Typed):
            return self._locked_typed(at)
        if isinstance(at, Clicked):
            return Locked(self, at.table_id, commits, pressed=(at.guild_id, user_id))
        return Locked(self, at, commits)

    @contextlib.asynccontextmanager
    async def _locked_typed(self, at: Typed) -> AsyncIterator[LiveTable]:
        async with self.locked_in(at.channel_id) as live:
            if at.game_id is not None and live.game.id != at.game_id:
                raise errors.Refusal(N_("The table here plays {game}."), game=live.game.title)
            yield live

    async def current(self, table_id: int, *, least_seq: int = 0) -> LiveTable | None:
        """The table as the database has it now (None: closed). A cached copy costs one read of the row when
        it is current; otherwise the row, the seats and the moves the copy lacks are read from one snapshot,
        and the copy catches up with those moves. `least_seq`: a move number someone saw; a database that has
        not reached it raises StaleMove, rebuilding nothing."""
        live = self._cache.get(table_id)
        if live is not None and self.store.single_process and table_id not in self._behind:
            self._cache.move_to_end(table_id)
            if live.row.seq < least_seq:
                raise errors.StaleMove()
            return live
        if live is not None and table_id not in self._behind:
            row = await self.store.table(table_id)
            if row is not None and row == live.row:
                if row.seq < least_seq:
                    raise errors.StaleMove()
                self.keep(live)  # not `move_to_end`: other reads may have pushed it out while this one awaited
                return live
        behind = live if live is not None and live.state is not None else None  # a started copy: it may catch up
        found = await self.store.table_log(table_id, after=behind.row.seq if behind is not None else 0)
        if found is None or found[0].status not in OPEN:
            self.forget(table_id)
            return None
        row, seats, logged = found
        if row.seq < least_seq:
            raise errors.StaleMove()
        self._behind.discard(table_id)
        if live is not None and live.row == row:
            self.keep(live)
            return live
        if behind is not None and row.status == "active":
            caught_up = self._caught_up(behind, row, seats, logged)
            if caught_up is not None:
                self.keep(caught_up)
                return caught_up
            found = await self.store.table_log(table_id)
            if found is None or found[0].status not in OPEN:
                self.forget(table_id)
                return None
        return await self._rebuild(*found)

    def _caught_up(self, live: LiveTable, row: TableRow, seats, logged) -> LiveTable | None:
        """A copy of the cached table with the moves another process made applied (no replay from the start);
        None when that can't be done (then the table is rebuilt)."""
        if [s.client_seed for s in seats] != [s.client_seed for s in live.seats]:
            return None
        if [m.seq for m in logged] != list(range(live.row.seq + 1, row.seq + 1)):
            return None
        fresh = LiveTable(live.row, live.game, [seat_from_row(s) for s in seats], live.state, list(live.since),
                          live.opening, list(live.log))
        for old in live.seats:  # the moves already applied here were their members' touches too
            if old.touched_at is not None and old.seat < len(fresh.seats):
                touched(fresh, old.seat, old.touched_at)
        try:
            self._dice.apply_logged(fresh, logged)
        except Exception:  # a move that no longer applies: the rebuild says so, or finds the table playable
            return None
        fresh.row = row
        self.catch_ups += 1
        return fresh

    async def _rebuild(self, row: TableRow, seats, logged) -> LiveTable | None:
        """The table replayed from its first move, from one snapshot of its log (so a race can't make it look
        broken). A table that can't be played — its game's rules changed, or its moves no longer replay — is
        closed, unless it changed meanwhile: then it is read again."""
        for _ in range(CONFLICT_RETRIES):
            self.rebuilds += 1
            game = self.games.get(row.game)
            if game is None or game.rules_version != row.rules_version:
                reason = N_("the game's rules changed since it started")
            else:
                live = LiveTable(row, game, [seat_from_row(s) for s in seats])
                try:
                    if row.status == "active":
                        self._dice.replay(live, logged)
                    self.keep(live)
                    return live
                except Exception:
                    log.exception("table %s cannot be replayed", row.id)
                    reason = N_("its moves could not be replayed")
            try:
                await self.close_unplayable(row, reason)
                return None
            except Conflict:  # another process changed it meanwhile: read it again
                found = await self.store.table_log(row.id)
                if found is None or found[0].status not in OPEN:
                    self.forget(row.id)
                    return None
                row, seats, logged = found
        raise errors.TryAgain()

    def keep(self, live: LiveTable) -> None:
        self._cache[live.row.id] = live
        self._cache.move_to_end(live.row.id)
        while len(self._cache) > self._cache_size:
            self._behind.discard(self._cache.popitem(last=False)[0])

    def forget(self, table_id: int) -> None:
        self._cache.pop(table_id, None)
        self._behind.discard(table_id)

    # --- reads --------------------------------------------------------------------------------
    async def get(self, channel_id: int) -> Table:
        async with self.locked_in(channel_id) as live:
            return snapshot(live)

    async def get_by_id(self, table_id: int) -> Table | None:
        with contextlib.suppress(errors.GameOver):
            async with self.locked(table_id) as live:
                return snapshot(live)
        return None

    @property
    def cached_count(self) -> int:
        return len(self._cache)

    def cached_tables(self) -> list[Table]:
        """The open tables this process holds rebuilt right now, without a database read. With one process
        on SQLite that is every open table touched since start-up (tests read it synchronously)."""
        return [snapshot(live) for live in self._cache.values()]

    async def open_tables(self) -> list[Table]:
        found = [await self.get_by_id(table_id) for table_id in await self.store.open_table_ids()]
        return [table for table in found if table is not None]

    async def waiting_on(self, user_id: int) -> list[Table]:
        """Open tables, in any server, where `user_id` must act now (for /mygames)."""
        found = []
        for table_id in await self.store.active_tables_of(user_id):
            table = await self.get_by_id(table_id)
            if table is not None and table.seat_of(user_id) in table.to_act:
                found.append(table)
        return found

    # --- changing a table -------------------------------------------------------------------------
    def changing(self, live: LiveTable, member: str = "click") -> Changing:
        """A transaction that first claims the table's next revision (Conflict if another process changed
        it); its failure also rolls the cached table back, so cache and database agree. Once committed, the
        change is `committed` (a member's own move in it came from `member`: click or typed)."""
        return Changing(self, live, member)

    def opened(self, live: LiveTable, moves: Sequence[Move] = ()) -> None:
        """A table created (a lobby, a rematch begun with its computers' first moves) and committed: kept while
        open, and `committed` like any change."""
        if live.row.status in OPEN:
            self.keep(live)
        self.committed(live, moves)

    def committed(self, live: LiveTable, moves: Sequence[Move], member: str = "click") -> None:
        """What follows every committed change of a table, wherever it was made: its moves counted and logged, and
        the timer told when the table is next due (the change may have brought it sooner), or now when it closed
        (a gathering's table: its gathering is due then)."""
        if moves:
            moves_made(live.row.id, live.game.id, moves, self._metrics, member)
        self._wake(due_at(live.row) if live.row.status in OPEN else self.now())


# Classes, not @asynccontextmanager (its async generator, registered with the loop, costs 4x): every move uses both.
class Locked:
    """`TableCache.locked`: the table's lock held from entry to exit; `pressed`: (guild, member) of a control
    clicked, which acts only where it was pressed (NotHere)."""

    __slots__ = ("_cache", "_table_id", "_commits", "_pressed", "_lock", "_cached")

    def __init__(self, cache: TableCache, table_id: int, commits: bool,
                 pressed: tuple[int | None, int] | None = None) -> None:
        self._cache, self._table_id, self._commits, self._pressed = cache, table_id, commits, pressed
        self._cached: LiveTable | None = None  # a copy used unread (`commits`)

    async def __aenter__(self) -> LiveTable:
        cache, table_id = self._cache, self._table_id
        lock = cache._locks.get(table_id)
        if lock is None:
            lock = cache._locks[table_id] = asyncio.Lock()
        self._lock = lock  # held here: the lock lives while it is in use
        await lock.acquire()
        try:
            live = None
            if self._commits and not cache.store.single_process and table_id not in cache._behind:
                live = self._cached = cache._cache.get(table_id)
            if live is None:
                live = await cache.current(table_id)
                if live is None:
                    raise errors.TableClosed()
            else:
                cache._cache.move_to_end(table_id)
        except BaseException:
            lock.release()
            raise
        about(guild=live.row.guild_id, channel=live.row.channel_id, table=table_id, move=live.row.seq)
        if self._pressed is not None and not pressed_at(live, *self._pressed):
            refusal = errors.NotHere()
            await self.__aexit__(errors.NotHere, refusal, None)
            raise refusal
        return live

    async def __aexit__(self, kind: type[BaseException] | None, failure: BaseException | None, _: Any) -> None:
        """A failure on a copy used unread is the member's only if the copy was current; else Conflict."""
        try:
            cached = self._cached
            if (cached is not None and isinstance(failure, Exception) and not isinstance(failure, Conflict)
                    and await self._cache.store.table(self._table_id) != cached.row):
                raise Conflict(self._table_id) from failure
        finally:
            self._lock.release()


class Changing:
    """`TableCache.changing`."""

    __slots__ = ("_cache", "_live", "_member", "_saved", "_transaction")

    def __init__(self, cache: TableCache, live: LiveTable, member: str) -> None:
        self._cache, self._live, self._member = cache, live, member

    async def __aenter__(self) -> Store:
        live = self._live
        # the log only grows within a change: its length is enough to roll it back
        self._saved = (live.row, live.state, list(live.since), list(live.seats), live.opening, live.log,
                       len(live.log))
        self._transaction = self._cache.store.transaction()
        tx = await self._transaction.__aenter__()
        try:
            await tx.advance_rev(live.row.id, live.row.rev)
        except BaseException as failure:
            await self.__aexit__(type(failure), failure, failure.__traceback__)
            raise
        live.row = replace(live.row, rev=live.row.rev + 1)
        return tx

    async def __aexit__(self, kind: type[BaseException] | None, failure: BaseException | None, trace: Any) -> None:
        committing = time.perf_counter()
        try:
            await self._transaction.__aexit__(kind, failure, trace)
        except BaseException as raised:  # the commit failed, or the transaction says why the change did
            self._roll_back(raised)
            raise
        if failure is not None:
            self._roll_back(failure)
            return
        cache, live = self._cache, self._live
        cache._metrics.committed(time.perf_counter() - committing)
        about(move=live.row.seq)
        cache.committed(live, live.log[self._saved[-1]:], self._member)

    def _roll_back(self, failure: BaseException) -> None:
        cache, live = self._cache, self._live
        live.row, live.state, live.since, live.seats, live.opening, live.log, length = self._saved
        del live.log[length:]
        if isinstance(failure, Conflict):
            cache._behind.add(live.row.id)  # the copy is whole, but another process changed the table
        if live.row.status in OPEN:
            cache.keep(live)


def pressed_at(live: LiveTable, guild_id: int | None, user_id: int) -> bool:
    """A control pressed in a server acts on that server's tables; from a DM, on a table the member sits at."""
    if guild_id is not None:
        return live.row.guild_id == guild_id
    return any(s.user_id == user_id and not s.is_computer for s in live.seats)
