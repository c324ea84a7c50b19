"""The session service: lobbies, seats, turns, deadlines and persistence. No Discord here.

A table's state is its engine's `setup` plus its logged moves replayed; the live state is a cache.
Every change happens under the table's lock and is committed in one transaction before the caller
gets a snapshot back, so an acknowledged move is never lost. Moves carry the move number they were
offered at: a click on an old button is refused as stale and changes nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

from db import SeatRow, SessionRow, Store

from . import errors
from .games import GAMES
from .games.core import Game, IllegalAction, decode_action, encode_action, resolve_options
from .games.rng import Rng, SeededRng
from .results import record_result

log = logging.getLogger(__name__)

PACES = {"live": 120, "casual": 3600, "async": 86400}
AUTOPILOT_AFTER = 3
MAX_AUTOMATIC_MOVES = 10_000


def lobby_lifetime(pace_seconds: int) -> int:
    return 30 * 60 if pace_seconds <= PACES["live"] else 7 * 86400


@dataclass(frozen=True)
class Seat:
    seat: int
    user_id: int | None
    name: str
    is_computer: bool = False
    autopilot: bool = False
    timeouts: int = 0
    dm_message_id: int | None = None
    dm_channel_id: int | None = None

    @property
    def automatic(self) -> bool:
        """Played by the computer right now (a computer seat, or a human's seat on autopilot)."""
        return self.is_computer or self.autopilot

    @property
    def human(self) -> bool:
        return self.user_id is not None and not self.is_computer


@dataclass(frozen=True)
class Move:
    seq: int
    seat: int
    action: Any
    by: str  # player | timeout | computer | autopilot


@dataclass(frozen=True)
class Table:
    """An immutable snapshot of one table, for the cogs to render."""

    id: int
    guild_id: int | None
    channel_id: int
    game: Game
    options: dict[str, Any]
    status: str
    host_id: int
    seq: int
    pace_seconds: int
    message_id: int | None
    deadline_at: float | None
    seats: tuple[Seat, ...]
    state: Any  # None in the lobby
    since: tuple[int, ...]  # per seat: the move number at which its pending decision began
    end_reason: str | None = None
    moves: tuple[Move, ...] = ()  # moves made by the call that returned this snapshot
    newly_to_act: frozenset[int] = frozenset()  # seats whose turn began during that call

    @property
    def to_act(self) -> frozenset[int]:
        return self.game.to_act(self.state) if self.state is not None else frozenset()

    @property
    def outcome(self):
        return self.game.outcome(self.state) if self.state is not None else None

    def seat_of(self, user_id: int) -> int | None:
        return next((s.seat for s in self.seats if s.user_id == user_id and not s.is_computer), None)

    def view(self, seat: int | None) -> dict[str, Any]:
        return self.game.view(self.state, seat)


@dataclass
class _Live:
    """The mutable cache of an open table; only touched under `lock`."""

    row: SessionRow
    seats: list[Seat]
    state: Any = None
    since: list[int] = field(default_factory=list)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    @property
    def game(self) -> Game:
        return GAMES[self.row.game]


Listener = Callable[[Table, str], Awaitable[None]]


class Sessions:
    def __init__(
        self,
        store: Store,
        *,
        clock: Callable[[], datetime],
        rng_factory: Callable[[str, int | str], Rng] = SeededRng,
        new_seed: Callable[[], str] = lambda: secrets.token_hex(16),
    ) -> None:
        self.store = store
        self._clock = clock
        self._rng = rng_factory
        self._new_seed = new_seed
        self._tables: dict[int, _Live] = {}
        self._open_lock = asyncio.Lock()
        self._timer: asyncio.Task | None = None
        self._armed_for: float | None = None  # when the timer task will wake next
        self.listener: Listener | None = None  # told of reminders, timeouts and expiries

    def now(self) -> float:
        return self._clock().timestamp()

    # --- start-up ------------------------------------------------------------------------------
    async def load(self) -> list[SessionRow]:
        """Rebuild every open table from its log. Returns the tables closed because they can't be replayed."""
        closed = []
        for row in await self.store.open_sessions():
            live = _Live(row, [_seat(s) for s in await self.store.seats(row.id)])
            game = GAMES.get(row.game)
            try:
                if game is None or game.rules_version != row.rules_version:
                    raise IllegalAction("the game's rules changed since this table started")
                if row.status == "active":
                    self._replay(live, await self.store.events(row.id))
            except Exception as exc:
                log.warning("closing table %s: %s", row.id, exc)
                async with self.store.transaction() as tx:
                    await tx.update_session(
                        row.id,
                        status="ended",
                        ended_at=self.now(),
                        end_reason="closed: the rules changed",
                        deadline_at=None,
                    )
                closed.append(row)
                continue
            self._tables[row.id] = live
        return closed

    def _replay(self, live: _Live, events) -> None:
        game, row = live.game, live.row
        live.state = game.setup(len(live.seats), json.loads(row.options), self._rng(row.seed, 0))
        live.since = [0] * len(live.seats)
        for event in events:
            self._advance(live, event.seat, decode_action(game, event.action), event.seq)
        assert row.seq == len(events), f"table {row.id}: seq {row.seq} but {len(events)} events"

    # --- reads --------------------------------------------------------------------------------
    def get(self, channel_id: int) -> Table:
        live = self._live_in(channel_id)
        return self._snapshot(live)

    def get_by_id(self, table_id: int) -> Table | None:
        live = self._tables.get(table_id)
        return self._snapshot(live) if live else None

    def open_tables(self) -> list[Table]:
        return [self._snapshot(live) for live in self._tables.values()]

    def waiting_on(self, user_id: int) -> list[Table]:
        """Open tables where `user_id` must act now (for /mygames)."""
        found = []
        for table in self.open_tables():
            seat = table.seat_of(user_id)
            if seat is not None and seat in table.to_act:
                found.append(table)
        return found

    def _live_in(self, channel_id: int) -> _Live:
        live = next((t for t in self._tables.values() if t.row.channel_id == channel_id), None)
        if live is None:
            raise errors.NoTable()
        return live

    # --- lobby --------------------------------------------------------------------------------
    async def open(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        game_id: str,
        host_id: int,
        host_name: str,
        options: dict[str, Any] | None = None,
        pace_seconds: int = PACES["casual"],
    ) -> Table:
        game = GAMES[game_id]
        resolved = resolve_options(game, options)
        async with self._open_lock:
            if any(t.row.channel_id == channel_id for t in self._tables.values()):
                raise errors.TableBusy()
            now = self.now()
            async with self.store.transaction() as tx:
                table_id = await tx.create_session(
                    guild_id=guild_id,
                    channel_id=channel_id,
                    game=game_id,
                    rules_version=game.rules_version,
                    options=json.dumps(resolved, sort_keys=True),
                    host_id=host_id,
                    seed=self._new_seed(),
                    pace_seconds=pace_seconds,
                    created_at=now,
                    deadline_at=now + lobby_lifetime(pace_seconds),
                )
                await tx.add_seat(table_id, 0, host_id, host_name, is_computer=False)
            row = await self.store.session(table_id)
            self._tables[table_id] = _Live(row, [Seat(0, host_id, host_name)])
        self._arm(row.deadline_at)
        return self.get_by_id(table_id)

    async def join(self, channel_id: int, user_id: int, name: str) -> Table:
        return await self._seat_new(channel_id, user_id, name)

    async def add_computer(self, channel_id: int, by_user: int) -> Table:
        return await self._seat_new(channel_id, None, None, by_user=by_user)

    async def _seat_new(
        self, channel_id: int, user_id: int | None, name: str | None, by_user: int | None = None
    ) -> Table:
        live = self._live_in(channel_id)
        async with live.lock:
            self._require_lobby(live)
            if by_user is not None and by_user != live.row.host_id:
                raise errors.NotHost("Only the host can add computer players.")
            if user_id is not None and any(s.user_id == user_id for s in live.seats):
                raise errors.AlreadySeated()
            if len(live.seats) >= live.game.max_players:
                raise errors.TableFull(f"This table is full ({live.game.max_players} players).")
            seat = len(live.seats)
            if user_id is None:
                name = f"Computer {sum(s.is_computer for s in live.seats) + 1}"
            async with self.store.transaction() as tx:
                await tx.add_seat(live.row.id, seat, user_id, name, is_computer=user_id is None)
            live.seats.append(Seat(seat, user_id, name, is_computer=user_id is None))
            return self._snapshot(live)

    async def leave(self, channel_id: int, user_id: int) -> Table:
        live = self._live_in(channel_id)
        async with live.lock:
            seat = self._seat_of(live, user_id)
            return await self._remove(live, seat)

    async def kick(self, channel_id: int, by_user: int, user_id: int) -> Table:
        live = self._live_in(channel_id)
        async with live.lock:
            if by_user != live.row.host_id:
                raise errors.NotHost("Only the host can kick a player.")
            if user_id == by_user:
                raise errors.Refusal("You can't kick yourself: use `/game leave`, or `/game end`.")
            seat = self._seat_of(live, user_id, "That member is not seated at this table.")
            return await self._remove(live, seat)

    async def remove_computer(self, channel_id: int, by_user: int) -> Table:
        """Host: take the last computer player out of the lobby."""
        live = self._live_in(channel_id)
        async with live.lock:
            self._require_lobby(live)
            if by_user != live.row.host_id:
                raise errors.NotHost()
            seat = next((s.seat for s in reversed(live.seats) if s.is_computer), None)
            if seat is None:
                raise errors.Refusal("There is no computer player to remove.")
            return await self._remove(live, seat)

    async def _remove(self, live: _Live, seat: int) -> Table:
        """A lobby seat is freed; in a running game the computer takes the seat over."""
        row = live.row
        if row.status == "lobby":
            leaving = live.seats[seat]
            humans_left = [s for s in live.seats if s.human and s.seat != seat]
            async with self.store.transaction() as tx:
                await tx.remove_seat(row.id, seat)
                if not humans_left:
                    await self._close(tx, live, "ended", "everyone left")
                elif leaving.user_id == row.host_id:
                    await tx.update_session(row.id, host_id=humans_left[0].user_id)
                    live.row = replace(row, host_id=humans_left[0].user_id)
            live.seats = [replace(s, seat=i) for i, s in enumerate(x for x in live.seats if x.seat != seat)]
            return self._snapshot(live)
        self._require_active(live)
        moves: list[Move] = []
        async with self._changing(live) as tx:
            await tx.update_seat(row.id, seat, is_computer=1, autopilot=0)
            live.seats[seat] = replace(live.seats[seat], is_computer=True, autopilot=False)
            if not any(s.human for s in live.seats):
                await self._close(tx, live, "ended", "every player left")
            else:
                await self._play_automatic(tx, live, moves)
                await self._after_moves(tx, live, moves)
        self._arm_for(live)
        return self._snapshot(live, moves)

    async def start(self, channel_id: int, user_id: int) -> Table:
        live = self._live_in(channel_id)
        async with live.lock:
            self._require_lobby(live)
            if user_id != live.row.host_id:
                raise errors.NotHost("Only the host can start the game.")
            game = live.game
            if len(live.seats) < game.min_players:
                raise errors.NotEnoughPlayers(
                    f"{game.title} needs at least {game.min_players} players: wait for others to join, "
                    "or add a computer player with `/game addbot`."
                )
            options = json.loads(live.row.options)
            state = game.setup(len(live.seats), options, self._rng(live.row.seed, 0))
            moves: list[Move] = []
            async with self._changing(live) as tx:
                live.state, live.since = state, [0] * len(live.seats)
                await tx.update_session(live.row.id, status="active")
                live.row = replace(live.row, status="active")
                await self._play_automatic(tx, live, moves)
                await self._after_moves(tx, live, moves, force_deadline=True)
            snapshot = self._snapshot(live, moves, newly=frozenset(game.to_act(live.state)))
        self._arm_for(live)
        return snapshot

    async def end(self, channel_id: int, user_id: int, is_admin: bool = False) -> Table:
        live = self._live_in(channel_id)
        async with live.lock:
            if user_id != live.row.host_id and not is_admin:
                raise errors.NotHost("Only the host or a member with Manage Server can end this table.")
            async with self.store.transaction() as tx:
                await self._close(tx, live, "ended", "ended by a player")
            return self._snapshot(live)

    # --- moves --------------------------------------------------------------------------------
    async def act(self, table_id: int, user_id: int, action: Any, expected_seq: int | None = None) -> Table:
        """One player's move. `expected_seq` is the move number the button was offered at."""
        live = self._tables.get(table_id)
        if live is None:
            raise errors.GameOver("This table is closed.")
        async with live.lock:
            self._require_active(live)
            game = live.game
            seat = self._seat_of(live, user_id)
            to_act = game.to_act(live.state)
            if expected_seq is not None and seat in to_act and expected_seq < live.since[seat]:
                raise errors.StaleMove()
            if seat not in to_act and not game.is_legal(live.state, seat, action):
                stale = expected_seq is not None and expected_seq < live.row.seq
                raise errors.StaleMove() if stale else errors.NotYourTurn()
            moves: list[Move] = []
            async with self._changing(live) as tx:
                await self._move(tx, live, seat, action, "player", moves)
                await self._reclaim(tx, live, seat)
                await self._play_automatic(tx, live, moves)
                await self._after_moves(tx, live, moves)
            snapshot = self._snapshot(live, moves, newly=self._newly(live, moves))
        self._arm_for(live)
        return snapshot

    async def reclaim(self, table_id: int, user_id: int) -> Table:
        """The owner of a seat on autopilot is back (they asked for their hand)."""
        live = self._tables.get(table_id)
        if live is None:
            raise errors.GameOver("This table is closed.")
        async with live.lock:
            seat = self._seat_of(live, user_id)
            if live.seats[seat].autopilot:
                async with self.store.transaction() as tx:
                    await self._reclaim(tx, live, seat)
            return self._snapshot(live)

    async def _reclaim(self, tx: Store, live: _Live, seat: int) -> None:
        current = live.seats[seat]
        if current.autopilot or current.timeouts:
            await tx.update_seat(live.row.id, seat, autopilot=0, timeouts=0)
            live.seats[seat] = replace(current, autopilot=False, timeouts=0)

    async def _move(self, tx: Store, live: _Live, seat: int, action: Any, by: str, moves: list[Move]) -> None:
        seq = live.row.seq + 1
        self._advance(live, seat, action, seq)  # raises IllegalAction before anything is written
        await tx.append_event(live.row.id, seq, seat, encode_action(action), by, self.now())
        live.row = replace(live.row, seq=seq)
        moves.append(Move(seq, seat, action, by))

    def _advance(self, live: _Live, seat: int, action: Any, seq: int) -> None:
        game = live.game
        before = game.to_act(live.state)
        live.state = game.apply(live.state, seat, action, self._rng(live.row.seed, seq))
        for s in game.to_act(live.state):
            if s == seat or s not in before:
                live.since[s] = seq

    async def _play_automatic(self, tx: Store, live: _Live, moves: list[Move]) -> None:
        """Computer seats and seats on autopilot move until a human must decide or the game ends."""
        game = live.game
        for _ in range(MAX_AUTOMATIC_MOVES):
            if game.outcome(live.state) is not None:
                return
            choice = self._automatic_choice(live)
            if choice is None:
                return
            seat, action = choice
            await self._move(
                tx, live, seat, action, "computer" if live.seats[seat].is_computer else "autopilot", moves
            )
        raise RuntimeError(f"table {live.row.id}: computer players did not stop")

    def _automatic_choice(self, live: _Live) -> tuple[int, Any] | None:
        game, state = live.game, live.state
        to_act = game.to_act(state)
        for seat in live.seats:
            if not seat.automatic:
                continue
            rng = self._rng(live.row.seed, f"computer:{live.row.seq}:{seat.seat}")
            if seat.seat in to_act:
                return seat.seat, game.computer_action(state, seat.seat, rng)
            if game.legal_actions(state, seat.seat):  # an optional interjection, e.g. a Block
                action = game.computer_action(state, seat.seat, rng)
                if action is not None:
                    return seat.seat, action
        return None

    async def _after_moves(
        self, tx: Store, live: _Live, moves: list[Move], force_deadline: bool = False
    ) -> None:
        """Finish the game if it ended; otherwise move the deadline when a new decision began."""
        game = live.game
        if game.outcome(live.state) is not None:
            await record_result(tx, live.row, live.seats, game.outcome(live.state), self.now())
            await self._close(tx, live, "finished", None)
            return
        if force_deadline or self._newly(live, moves):
            now, pace = self.now(), live.row.pace_seconds
            fields = {"deadline_at": now + pace, "reminder_at": now + pace / 2}
            await tx.update_session(live.row.id, **fields)
            live.row = replace(live.row, **fields)

    async def _close(self, tx: Store, live: _Live, status: str, reason: str | None) -> None:
        fields = {
            "status": status,
            "ended_at": self.now(),
            "end_reason": reason,
            "deadline_at": None,
            "reminder_at": None,
        }
        await tx.update_session(live.row.id, **fields)
        live.row = replace(live.row, **fields)
        self._tables.pop(live.row.id, None)

    # --- the Discord side's bookkeeping -------------------------------------------------------------
    async def set_message(self, table_id: int, message_id: int) -> None:
        live = self._tables.get(table_id)
        async with self.store.transaction() as tx:
            await tx.update_session(table_id, message_id=message_id)
        if live:
            live.row = replace(live.row, message_id=message_id)

    async def set_dm(self, table_id: int, seat: int, channel_id: int | None, message_id: int | None) -> None:
        live = self._tables.get(table_id)
        async with self.store.transaction() as tx:
            await tx.update_seat(table_id, seat, dm_channel_id=channel_id, dm_message_id=message_id)
        if live:
            live.seats[seat] = replace(live.seats[seat], dm_channel_id=channel_id, dm_message_id=message_id)

    # --- deadlines ----------------------------------------------------------------------------
    async def expire_due(self) -> list[tuple[Table, str]]:
        """Send due reminders, play due timeouts, expire due lobbies; tell the listener of each."""
        now = self.now()
        happened = []
        for table_id in await self.store.due_sessions(now):
            live = self._tables.get(table_id)
            if live is None:
                continue
            async with live.lock:
                event = await self._expire(live, now)
            if event:
                happened.append(event)
        for table, kind in happened:
            if self.listener:
                try:
                    await self.listener(table, kind)
                except Exception:
                    log.exception("listener failed for table %s (%s)", table.id, kind)
        return happened

    async def _expire(self, live: _Live, now: float) -> tuple[Table, str] | None:
        row = live.row
        if row.status == "lobby":
            if row.deadline_at is not None and row.deadline_at <= now:
                async with self.store.transaction() as tx:
                    await self._close(tx, live, "ended", "the lobby expired")
                return self._snapshot(live), "expired"
            return None
        if row.deadline_at is not None and row.deadline_at <= now:
            return await self._time_out(live)
        if row.reminder_at is not None and row.reminder_at <= now:
            async with self.store.transaction() as tx:
                await tx.update_session(row.id, reminder_at=None)
            live.row = replace(row, reminder_at=None)
            return self._snapshot(live), "reminder"
        return None

    async def _time_out(self, live: _Live) -> tuple[Table, str]:
        """The rules' timeout default decides for every human seat still to act."""
        game = live.game
        moves: list[Move] = []
        async with self._changing(live) as tx:
            for seat in sorted(game.to_act(live.state)):
                if seat not in game.to_act(live.state) or live.seats[seat].automatic:
                    continue
                timeouts = live.seats[seat].timeouts + 1
                autopilot = timeouts >= AUTOPILOT_AFTER
                await tx.update_seat(live.row.id, seat, timeouts=timeouts, autopilot=int(autopilot))
                live.seats[seat] = replace(live.seats[seat], timeouts=timeouts, autopilot=autopilot)
                await self._move(tx, live, seat, game.timeout_action(live.state, seat), "timeout", moves)
            await self._play_automatic(tx, live, moves)
            await self._after_moves(tx, live, moves, force_deadline=True)
        return self._snapshot(live, moves, newly=self._newly(live, moves)), "timeout"

    def start_timer(self) -> None:
        self._arm(0.0)

    def _arm(self, due: float | None) -> None:
        """Make the one timer task wake by `due`: restart it only if it would sleep past that."""
        if due is None:
            return
        running = self._timer is not None and not self._timer.done()
        if running and self._armed_for is not None and self._armed_for <= due:
            return
        if running and self._timer is not asyncio.current_task():
            self._timer.cancel()
        self._armed_for = due
        self._timer = asyncio.get_running_loop().create_task(self._run_timer())

    def _arm_for(self, live: _Live) -> None:
        self._arm(live.row.reminder_at or live.row.deadline_at)

    async def _run_timer(self) -> None:
        """Sleep until the earliest stored reminder or deadline, handle what is due, repeat."""
        while True:
            due = await self.store.next_due()
            self._armed_for = due
            if due is None:
                return
            await asyncio.sleep(max(0.0, due - self.now()))
            await self.expire_due()

    async def close(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    # --- helpers --------------------------------------------------------------------------------
    def _seat_of(self, live: _Live, user_id: int, message: str | None = None) -> int:
        seat = next((s.seat for s in live.seats if s.user_id == user_id and not s.is_computer), None)
        if seat is None:
            raise errors.NotSeated(message)
        return seat

    @staticmethod
    def _require_lobby(live: _Live) -> None:
        if live.row.status != "lobby":
            raise errors.NotInLobby()

    @staticmethod
    def _require_active(live: _Live) -> None:
        if live.row.status == "lobby":
            raise errors.NotStarted()
        if live.row.status != "active":
            raise errors.GameOver()

    @staticmethod
    def _newly(live: _Live, moves: list[Move]) -> frozenset[int]:
        """Seats whose current decision began during these moves (their turn started, or went on)."""
        if live.state is None or not moves:
            return frozenset()
        return frozenset(s for s in live.game.to_act(live.state) if live.since[s] >= moves[0].seq)

    @contextlib.asynccontextmanager
    async def _changing(self, live: _Live) -> AsyncIterator[Store]:
        """A transaction whose failure also rolls the cached table back, so cache and database agree."""
        saved = (live.row, live.state, list(live.since), list(live.seats))
        try:
            async with self.store.transaction() as tx:
                yield tx
        except BaseException:
            live.row, live.state, live.since, live.seats = saved
            if live.row.status in ("lobby", "active"):
                self._tables[live.row.id] = live
            raise

    def _snapshot(
        self, live: _Live, moves: list[Move] | tuple = (), newly: frozenset[int] = frozenset()
    ) -> Table:
        row = live.row
        return Table(
            id=row.id,
            guild_id=row.guild_id,
            channel_id=row.channel_id,
            game=live.game,
            options=json.loads(row.options),
            status=row.status,
            host_id=row.host_id,
            seq=row.seq,
            pace_seconds=row.pace_seconds,
            message_id=row.message_id,
            deadline_at=row.deadline_at,
            seats=tuple(live.seats),
            state=live.state,
            since=tuple(live.since),
            end_reason=row.end_reason,
            moves=tuple(moves),
            newly_to_act=newly,
        )


def _seat(row: SeatRow) -> Seat:
    return Seat(
        row.seat,
        row.user_id,
        row.name,
        row.is_computer,
        row.autopilot,
        row.timeouts,
        row.dm_message_id,
        row.dm_channel_id,
    )
