"""The session service: lobbies, seats, turns, deadlines and persistence. No Discord here.

A table's state is its engine's `setup` plus its logged moves replayed; the live state is a cache
(see table_access.py: the database is the arbiter, so any process may serve any table). Every change
happens under the table's lock and is committed in one transaction before the caller gets a snapshot
back, so an acknowledged move is never lost. Moves carry the move number they were
offered at: a click on an old button is refused as stale and changes nothing.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import replace
from datetime import datetime
from typing import Any

from db import ChannelTaken, Store

from . import errors
from .deadlines import DeadlineMixin
from .fairness import luck_texts
from .games import GAMES
from .games.core import encode_action, resolve_options
from .games.rng import FAIR, Recorder, Rng, commitment, table_rng
from .games.text import N_, Text
from .lobby import LobbyMixin, storable_name
from .results import record_result
from .table_access import CACHE_SIZE, TableAccessMixin, retried
from .tables import PACES, LiveTable, Move, Seat, Table, lobby_lifetime, seat_from_row

__all__ = ["PACES", "Move", "Seat", "Sessions", "Table"]

log = logging.getLogger(__name__)

MAX_AUTOMATIC_MOVES = 10_000
MAX_HOSTED_TABLES = 3  # open tables one member may host in one server

Listener = Callable[[Table, str], Awaitable[None]]


class Sessions(TableAccessMixin, LobbyMixin, DeadlineMixin):
    def __init__(
        self,
        store: Store,
        *,
        clock: Callable[[], datetime],
        rng_factory: Callable[[str, Sequence[str] | None, int | str], Rng] = table_rng,
        new_seed: Callable[[], str] = lambda: secrets.token_hex(16),
        new_client_seed: Callable[[], str] = lambda: secrets.token_hex(4),
        cache_size: int = CACHE_SIZE,
    ) -> None:
        self.store = store
        self._clock = clock
        self._rng = rng_factory
        self._new_seed = new_seed
        self._new_client_seed = new_client_seed  # a seat's client seed when its player chose none
        self._init_access(cache_size)
        self._open_lock = asyncio.Lock()
        self._timer: asyncio.Task | None = None
        self._armed_for: float | None = None  # when the timer task will wake next
        self.listener: Listener | None = None  # told of reminders, timeouts and expiries

    def now(self) -> float:
        return self._clock().timestamp()

    # --- closed tables ----------------------------------------------------------------------
    async def closed_table(self, table_id: int, with_story: bool = False) -> Table | None:
        """A finished or ended table, rebuilt from the database so its message can be shown again;
        `with_story`: with every event of the game (`Table.story`), for its history."""
        found = await self.store.table_log(table_id)
        if found is None or found[0].status in ("lobby", "active") or found[0].game not in GAMES:
            return None
        row, seats, events = found
        live = LiveTable(row, [seat_from_row(s) for s in seats])
        if row.started_at is not None and live.game.rules_version == row.rules_version:
            try:
                self._replay(live, events)
            except Exception:
                log.exception("closed table %s cannot be replayed", row.id)
                live.state = None
        table = self._snapshot(live)
        if with_story and live.state is not None:
            table = replace(table, story=live.opening + tuple(e for move in live.history for e in move.events))
        return table

    async def replay_step(self, table_id: int, step: int) -> tuple[Table, int] | None:
        """A closed table as it stood after move `step` (0: the set-up), with that move's events as its news;
        and how many moves the game had. None: no closed table that began its game."""
        found = await self.store.table_log(table_id)
        if found is None:
            return None
        row, seats, events = found
        if row.status in ("lobby", "active") or row.started_at is None or row.game not in GAMES:
            return None
        if GAMES[row.game].rules_version != row.rules_version:
            return None
        step = max(0, min(step, len(events)))
        live = LiveTable(replace(row, seq=step), [seat_from_row(s) for s in seats])
        self._replay(live, events[:step])
        news = live.history[-1].events if step else live.opening
        table = replace(self._snapshot(live), news=news, luck=())
        if step < len(events):  # the game went on: not its result yet
            table = replace(table, status="active", deadline_at=None)
        return table, len(events)

    async def last_closed_in(self, channel_id: int) -> Table | None:
        row = await self.store.last_session_in(channel_id)
        return await self.closed_table(row.id) if row else None

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
        host_name = storable_name(host_name)
        async with self._open_lock:
            if await self.store.open_session_id(channel_id) is not None:
                raise errors.TableBusy()
            await self.check_hosting(guild_id, host_id)
            now = self.now()
            try:
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
                        derivation=FAIR,
                    )
                    client_seed = self._new_client_seed()
                    await tx.add_seat(table_id, 0, host_id, host_name, is_computer=False, client_seed=client_seed)
            except ChannelTaken as taken:  # another process opened one here a moment ago
                raise errors.TableBusy() from taken
            row = await self.store.session(table_id)
            live = LiveTable(row, [Seat(0, host_id, host_name, client_seed=client_seed)])
            self._keep(live)
        self._arm(row.deadline_at)
        return self._snapshot(live)

    async def check_hosting(self, guild_id: int | None, host_id: int) -> None:
        """Refuse a member who already hosts MAX_HOSTED_TABLES open tables in this server."""
        hosted = await self.store.hosted_channels(guild_id, host_id) if guild_id is not None else []
        if len(hosted) >= MAX_HOSTED_TABLES:
            raise errors.TooManyTables(hosted)

    @retried
    async def start(self, channel_id: int, user_id: int) -> Table:
        async with self._locked_in(channel_id) as live:
            self._require_lobby(live)
            if user_id != live.row.host_id:
                raise errors.NotHost(N_("Only the host can start the game."))
            game = live.game
            if len(live.seats) < game.min_players:
                raise errors.NotEnoughPlayers(
                    N_("{game} needs at least {n} players: wait for others to join, or add a computer player "
                       "with `/game addbot`."), game=game.title, n=game.min_players)
            options = json.loads(live.row.options)
            state = game.setup(len(live.seats), options, self._dice(live, 0))
            moves: list[Move] = []
            async with self._changing(live) as tx:
                live.state, live.since, live.opening = state, [0] * len(live.seats), state.events
                started = {"status": "active", "started_at": self.now()}  # one reading of the clock for both
                await tx.update_session(live.row.id, **started)
                live.row = replace(live.row, **started)
                await self._play_automatic(tx, live, moves)
                await self._after_moves(tx, live, moves, force_deadline=True)
            snapshot = self._snapshot(live, moves, newly=frozenset(game.to_act(live.state)))
        self._arm_for(live)
        return snapshot

    @retried
    async def end(self, channel_id: int, user_id: int, is_admin: bool = False) -> Table:
        async with self._locked_in(channel_id) as live:
            if user_id != live.row.host_id and not is_admin:
                raise errors.NotHost(N_("Only the host or a member with Manage Server can end this table."))
            async with self._changing(live) as tx:
                await self._close(tx, live, "ended", N_("ended by a player"))
            return self._snapshot(live)

    # --- moves --------------------------------------------------------------------------------
    @retried
    async def act(self, table_id: int, user_id: int, action: Any, expected_seq: int | None = None) -> Table:
        """One player's move. `expected_seq` is the move number the button was offered at."""
        async with self._locked(table_id, commits=True) as live:
            if expected_seq is not None and expected_seq > live.row.seq:  # the player saw moves this copy lacks?
                live = await self._current(table_id, least_seq=expected_seq)
                if live is None:
                    raise errors.TableClosed()
            self._require_active(live)
            game = live.game
            seat = self._seat_of(live, user_id)
            to_act = game.to_act(live.state)
            if expected_seq is not None and seat in to_act and expected_seq < live.since[seat]:
                raise errors.StaleMove()
            if seat not in to_act and not game.is_legal(live.state, seat, action):
                stale = expected_seq is not None and expected_seq < live.row.seq
                raise errors.StaleMove() if stale else errors.NotYourTurn.waiting_for(
                    [live.seats[s].name for s in sorted(to_act)])
            moves: list[Move] = []
            async with self._changing(live) as tx:
                await self._move(tx, live, seat, action, "player", moves)
                await self._reclaim(tx, live, seat)
                await self._play_automatic(tx, live, moves)
                await self._after_moves(tx, live, moves)
            snapshot = self._snapshot(live, moves, newly=self._newly(live, moves))
        self._arm_for(live)
        return snapshot

    @retried
    async def reclaim(self, table_id: int, user_id: int) -> Table:
        """The owner of a seat on autopilot is back (they asked for their hand)."""
        async with self._locked(table_id) as live:
            seat = self._seat_of(live, user_id)
            if live.seats[seat].autopilot:
                async with self._changing(live) as tx:
                    await self._reclaim(tx, live, seat)
            return self._snapshot(live)

    async def _reclaim(self, tx: Store, live: LiveTable, seat: int) -> None:
        current = live.seats[seat]
        if current.autopilot or current.timeouts:
            await tx.update_seat(live.row.id, seat, autopilot=0, timeouts=0)
            live.seats[seat] = replace(current, autopilot=False, timeouts=0)

    async def _move(self, tx: Store, live: LiveTable, seat: int, action: Any, by: str, moves: list[Move]) -> None:
        seq = live.row.seq + 1
        dice = self._advance(live, seat, action, seq)  # raises IllegalAction before anything is written
        await tx.append_event(live.row.id, seq, seat, encode_action(action), by, self.now())
        live.row = replace(live.row, seq=seq)
        move = Move(seq, seat, action, by, live.state.events, dice)
        live.history.append(move)
        moves.append(move)

    def _dice(self, live: LiveTable, stream: int | str) -> Rng:
        """The table's randomness for one stream (a move's dice, a computer's choice): its secret seed mixed
        with every seat's client seed (or, for a table from before client seeds, the seed alone)."""
        return self._rng(live.row.seed, live.client_seeds, stream)

    def _advance(self, live: LiveTable, seat: int, action: Any, seq: int) -> tuple[tuple[int, int, int], ...]:
        """Apply one move to the cached state; returns its dice as (low, high, value), for the luck report."""
        game = live.game
        before = game.to_act(live.state)
        rng = Recorder(self._dice(live, seq))
        live.state = game.apply(live.state, seat, action, rng)
        for s in game.to_act(live.state):
            if s == seat or s not in before:
                live.since[s] = seq
        return tuple(rng.dice)

    async def _play_automatic(self, tx: Store, live: LiveTable, moves: list[Move]) -> None:
        """Computer seats and seats on autopilot move until a human must decide or the game ends."""
        game = live.game
        for _ in range(MAX_AUTOMATIC_MOVES):
            if game.outcome(live.state) is not None:
                return
            choice = self._automatic_choice(live)
            if choice is None:
                return
            seat, action = choice
            await self._move(tx, live, seat, action, "computer" if live.seats[seat].is_computer else "autopilot", moves)
        raise RuntimeError(f"table {live.row.id}: computer players did not stop")

    def _automatic_choice(self, live: LiveTable) -> tuple[int, Any] | None:
        game, state = live.game, live.state
        to_act = game.to_act(state)
        for seat in live.seats:
            if not seat.automatic:
                continue
            rng = self._dice(live, f"computer:{live.row.seq}:{seat.seat}")
            if seat.seat in to_act:
                return seat.seat, game.computer_action(state, seat.seat, rng)
            if game.legal_actions(state, seat.seat):  # an optional interjection, e.g. a Block
                action = game.computer_action(state, seat.seat, rng)
                if action is not None:
                    return seat.seat, action
        return None

    async def _after_moves(self, tx: Store, live: LiveTable, moves: list[Move], force_deadline: bool = False) -> None:
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

    async def _close(self, tx: Store, live: LiveTable, status: str, reason: str | None) -> None:
        fields = {
            "status": status,
            "ended_at": self.now(),
            "end_reason": reason,
            "deadline_at": None,
            "reminder_at": None,
        }
        await tx.update_session(live.row.id, **fields)
        live.row = replace(live.row, **fields)
        self._forget(live.row.id)

    # --- the Discord side's bookkeeping -------------------------------------------------------------
    @retried
    async def set_message(self, table_id: int, message_id: int) -> None:
        try:
            async with self._locked(table_id) as live, self._changing(live) as tx:
                await tx.update_session(table_id, message_id=message_id)
                live.row = replace(live.row, message_id=message_id)
        except errors.GameOver:  # a closed table: nothing to race with
            async with self.store.transaction() as tx:
                await tx.update_session(table_id, message_id=message_id)

    @retried
    async def set_dm(self, table_id: int, seat: int, channel_id: int | None, message_id: int | None) -> None:
        try:
            async with self._locked(table_id) as live, self._changing(live) as tx:
                await tx.update_seat(table_id, seat, dm_channel_id=channel_id, dm_message_id=message_id)
                live.seats[seat] = replace(live.seats[seat], dm_channel_id=channel_id, dm_message_id=message_id)
        except errors.GameOver:
            async with self.store.transaction() as tx:
                await tx.update_seat(table_id, seat, dm_channel_id=channel_id, dm_message_id=message_id)

    # --- deadlines ----------------------------------------------------------------------------
    async def close(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    # --- helpers --------------------------------------------------------------------------------
    def _seat_of(self, live: LiveTable, user_id: int, message: str | None = None) -> int:
        seat = next((s.seat for s in live.seats if s.user_id == user_id and not s.is_computer), None)
        if seat is None:
            raise errors.NotSeated(message)
        return seat

    @staticmethod
    def _require_lobby(live: LiveTable) -> None:
        if live.row.status != "lobby":
            raise errors.NotInLobby()

    @staticmethod
    def _require_active(live: LiveTable) -> None:
        if live.row.status == "lobby":
            raise errors.NotStarted()
        if live.row.status != "active":
            raise errors.GameOver()

    @staticmethod
    def _newly(live: LiveTable, moves: list[Move]) -> frozenset[int]:
        """Seats whose current decision began during these moves (their turn started, or went on)."""
        if live.state is None or not moves:
            return frozenset()
        return frozenset(s for s in live.game.to_act(live.state) if live.since[s] >= moves[0].seq)

    def _snapshot(self, live: LiveTable, moves: list[Move] | tuple = (), newly: frozenset[int] = frozenset()) -> Table:
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
            news=live.news() if live.state is not None else (),
            commitment=commitment(row.seed),
            revealed_seed=row.seed if row.status in ("finished", "ended") else None,
            client_seeds=live.client_seeds,
            luck=self._luck(live) if row.status in ("finished", "ended") and live.state is not None else (),
        )

    @staticmethod
    def _luck(live: LiveTable) -> tuple[Text, ...]:
        """Per seat, its dice against a fair die; a move's dice count for the seat that made it."""
        dice = [(move.seat, a, b, v) for move in live.history for a, b, v in move.dice]
        return tuple(luck_texts([s.name for s in live.seats], dice))
