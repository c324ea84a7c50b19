"""`Tables`: the one door to the service. No Discord here.

A thin facade: each method hands the request to the collaborator that does it — the table cache (lock, LRU,
revision, rebuild), the lobby, the turns, the deadlines and their timer, the closed tables' records, the
standings — each built once by `open_tables` and handed what it uses. None calls back up into this class, nor
into another's private methods. After a change that moved a table's next reminder or deadline, the timer is told.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping
from datetime import datetime
from typing import Any

from db import Store, TableRow

from ..games.core import Game
from ..games.rng import table_rng
from .cache import CACHE_SIZE, TableCache
from .calls import Calls
from .deadlines import Deadlines, Listener
from .dice import RngFactory, TableDice
from .lobby import COMPUTER_NAME, Lobby
from .records import Records, Replayed
from .results import MemberStats, Ranked, Standings
from .table import PACES, Clicked, Table, Typed
from .timer import Timer
from .turns import Turns


def open_tables(
    store: Store,
    games: Mapping[str, Game],
    *,
    clock: Callable[[], datetime],
    rng_factory: RngFactory = table_rng,
    new_seed: Callable[[], str] = lambda: secrets.token_hex(16),
    new_client_seed: Callable[[], str] = lambda: secrets.token_hex(4),
    cache_size: int = CACHE_SIZE,
) -> Tables:
    """The service over `store`, for the games `games` (id -> engine): its collaborators, built once."""
    dice = TableDice(rng_factory)
    cache = TableCache(store, games, dice, clock, cache_size)
    calls = Calls(cache, clock)
    turns = Turns(cache, dice, calls, clock)
    deadlines = Deadlines(cache, turns, calls)
    return Tables(
        cache=cache,
        turns=turns,
        calls=calls,
        lobby=Lobby(cache, turns, calls, games, clock, new_seed, new_client_seed),
        deadlines=deadlines,
        timer=Timer(store, clock, deadlines.expire_due),
        records=Records(store, games, dice, cache),
        standings=Standings(store),
    )


class Tables:
    def __init__(self, *, cache: TableCache, turns: Turns, calls: Calls, lobby: Lobby, deadlines: Deadlines,
                 timer: Timer, records: Records, standings: Standings) -> None:
        self._cache, self._turns, self._calls, self._lobby = cache, turns, calls, lobby
        self._deadlines, self._timer, self._records, self._standings = deadlines, timer, records, standings

    @property
    def store(self) -> Store:
        return self._cache.store

    @property
    def games(self) -> Mapping[str, Game]:
        return self._cache.games

    # --- the lobby ----------------------------------------------------------------------------
    async def open(self, *, guild_id: int | None, channel_id: int, game_id: str, host_id: int, host_name: str,
                   options: dict[str, Any] | None = None, pace_seconds: int = PACES["casual"]) -> Table:
        return self._woken(await self._lobby.open(guild_id=guild_id, channel_id=channel_id, game_id=game_id,
                                                  host_id=host_id, host_name=host_name, options=options,
                                                  pace_seconds=pace_seconds))

    async def check_hosting(self, guild_id: int | None, host_id: int) -> None:
        await self._lobby.check_hosting(guild_id, host_id)

    async def join(self, at: int | Clicked, user_id: int, name: str, client_seed: str | None = None) -> Table:
        """`at`: the table's channel, or a control clicked on it."""
        return await self._lobby.join(at, user_id, name, client_seed)

    async def add_computer(self, at: int | Clicked, by_user: int, naming: str = COMPUTER_NAME) -> Table:
        return await self._lobby.add_computer(at, by_user, naming)

    async def remove_computer(self, channel_id: int, by_user: int) -> Table:
        return await self._lobby.remove_computer(channel_id, by_user)

    async def leave(self, at: int | Clicked, user_id: int) -> Table:
        return self._woken(await self._lobby.leave(at, user_id))

    async def kick(self, channel_id: int, by_user: int, user_id: int, is_admin: bool = False) -> Table:
        return self._woken(await self._lobby.kick(channel_id, by_user, user_id, is_admin))

    # --- the game -----------------------------------------------------------------------------
    async def start(self, at: int | Clicked, user_id: int) -> Table:
        return self._woken(await self._turns.start(at, user_id))

    async def act(self, at: int | Clicked | Typed, user_id: int, action: Any, expected_seq: int | None = None
                  ) -> Table:
        """`at`: the table's id, a control clicked on it, or a command typed in its channel (Turns.act)."""
        return self._woken(await self._turns.act(at, user_id, action, expected_seq))

    async def hand(self, at: int | Clicked, user_id: int) -> tuple[Table, bool]:
        return await self._turns.hand(at, user_id)

    async def end(self, at: int | Clicked, user_id: int, is_admin: bool = False, *, running_too: bool = True
                  ) -> Table:
        return await self._turns.end(at, user_id, is_admin, running_too=running_too)

    # --- the edge's bookkeeping ---------------------------------------------------------------
    async def set_message(self, table_id: int, message_id: int) -> None:
        await self._turns.set_message(table_id, message_id)

    async def set_dm(self, table_id: int, seat: int, channel_id: int | None, message_id: int | None) -> None:
        await self._turns.set_dm(table_id, seat, channel_id, message_id)

    async def record_ping(self, table_id: int, message_id: int | None, seats: frozenset[int], seq: int
                          ) -> tuple[int, ...]:
        """The table's ping now standing in its channel (Calls.record_ping): the messages to delete."""
        return await self._calls.record_ping(table_id, message_id, seats, seq)

    # --- open tables --------------------------------------------------------------------------
    async def get(self, channel_id: int) -> Table:
        return await self._cache.get(channel_id)

    async def get_by_id(self, table_id: int) -> Table | None:
        return await self._cache.get_by_id(table_id)

    def cached_tables(self) -> list[Table]:
        return self._cache.cached_tables()

    async def open_tables(self) -> list[Table]:
        return await self._cache.open_tables()

    async def waiting_on(self, user_id: int) -> list[Table]:
        return await self._cache.waiting_on(user_id)

    @property
    def rebuilds(self) -> int:
        return self._cache.rebuilds

    @property
    def catch_ups(self) -> int:
        return self._cache.catch_ups

    @property
    def conflicts_retried(self) -> int:
        return self._cache.conflicts_retried

    # --- closed tables ------------------------------------------------------------------------
    async def closed_table(self, table_id: int, with_story: bool = False) -> Table | None:
        return await self._records.closed_table(table_id, with_story)

    async def replay_step(self, table_id: int, step: int) -> Replayed | None:
        return await self._records.replay_step(table_id, step)

    async def last_closed_in(self, channel_id: int) -> Table | None:
        return await self._records.last_closed_in(channel_id)

    async def shown_in(self, channel_id: int) -> Table:
        return await self._records.shown_in(channel_id)

    async def game_record(self, guild_id: int | None, table_id: int | None, channel_id: int) -> dict[str, Any]:
        return await self._records.game_record(guild_id, table_id, channel_id)

    async def history(self, guild_id: int | None, table_id: int | None, channel_id: int
                      ) -> tuple[Table, dict[str, Any]]:
        return await self._records.history(guild_id, table_id, channel_id)

    async def replay(self, guild_id: int | None, table_id: int | None, channel_id: int | None, step: int
                     ) -> Replayed:
        return await self._records.replay(guild_id, table_id, channel_id, step)

    # --- standings ----------------------------------------------------------------------------
    async def leaderboard(self, guild_id: int | None, game: str, limit: int = 10) -> list[Ranked]:
        return await self._standings.leaderboard(guild_id, game, limit)

    async def member_stats(self, guild_id: int | None, user_id: int, game: str | None = None) -> MemberStats:
        return await self._standings.member(guild_id, user_id, game)

    # --- time ---------------------------------------------------------------------------------
    async def load(self) -> list[TableRow]:
        """Start-up: close the tables whose game's rules changed (reading no moves); returns them."""
        return await self._cache.load()

    @property
    def listener(self) -> Listener | None:
        return self._deadlines.listener

    @listener.setter
    def listener(self, listener: Listener | None) -> None:
        self._deadlines.listener = listener

    async def expire_due(self) -> list[tuple[Table, str]]:
        return await self._deadlines.expire_due()

    def start_timer(self) -> None:
        self._timer.start()

    @property
    def timer(self) -> Timer:
        return self._timer

    async def close(self) -> None:
        await self._timer.close()

    def _woken(self, table: Table) -> Table:
        """The timer wakes by the table's next reminder or deadline (a change may have brought it sooner)."""
        self._timer.wake_by(table.reminder_at or table.deadline_at)
        return table
