"""The lobby and the seats: opening a table, joining, leaving, removing a player, computer players.

A member leaving a running game hands the seat to the computer (and the host role to the next member), so the
game goes on and nobody dodges a loss by leaving."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Mapping
from datetime import datetime
from typing import Any

from db import ChannelTaken, Store

from ..games.core import Game, replace
from ..games.levels import DEFAULT_LEVEL, LEVELS
from ..games.rng import FAIR
from ..games.text import N_
from . import errors
from .cache import TableCache
from .calls import Calls
from .errors import Hint
from .server_defaults import ServerDefaults
from .table import (
    Clicked,
    LiveTable,
    Move,
    Seat,
    Table,
    Typed,
    lobby_lifetime,
    require_active,
    require_lobby,
    seat_of,
    snapshot,
)
from .turns import Turns

COMPUTER_NAME = N_("Computer {n}")
# The computer playing a member's seat to the end of the game (they left, or the others voted to replace them): the
# seat is the computer's now, and its result too (results.member_places).
COMPUTER_FOR = N_("Computer for {name}")
CLIENT_SEED_CHARS = 32
MAX_HOSTED_TABLES = 3  # open tables one member may host in one server


def storable_name(name: str) -> str:
    """A display name as it is stored: what no database can hold (a NUL, a lone surrogate, which Discord's JSON
    can carry) becomes U+FFFD, so a member with an odd name still takes a seat."""
    if name.isascii() and "\x00" not in name:
        return name
    return "".join("\ufffd" if ch == "\x00" or 0xD800 <= ord(ch) <= 0xDFFF else ch for ch in name)


def checked_client_seed(text: str) -> str:
    """A client seed as a player typed it: 1 to 32 letters, digits, '-', '_' or '.' (a ':' would blur where one
    seed ends and the next begins in the dice's input)."""
    seed = text.strip()
    if not 0 < len(seed) <= CLIENT_SEED_CHARS or not all(ch.isalnum() or ch in "-_." for ch in seed):
        raise errors.Refusal(N_("A client seed is 1 to {n} letters, digits, '-', '_' or '.'."), n=CLIENT_SEED_CHARS)
    return seed


def named(at: int | Clicked) -> Typed | Clicked:
    """A lobby request names its table by its channel, or by a control clicked on it."""
    return Typed(at) if isinstance(at, int) else at


class Lobby:
    def __init__(self, cache: TableCache, turns: Turns, calls: Calls, games: Mapping[str, Game],
                 clock: Callable[[], datetime], new_seed: Callable[[], str], new_client_seed: Callable[[], str],
                 defaults: ServerDefaults) -> None:
        self._cache, self._turns, self._calls, self._games, self._clock = cache, turns, calls, games, clock
        self._defaults = defaults
        self._new_seed = new_seed
        self._new_client_seed = new_client_seed  # a seat's client seed when its player chose none
        self._open_lock = asyncio.Lock()

    async def open(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        game_id: str,
        host_id: int,
        host_name: str,
        options: dict[str, Any] | None = None,
        pace_seconds: int | None = None,
        clock: str | None = None,
        away: bool | None = None,
    ) -> Table:
        """`clock`: fixed or bank (clocks.py); `away` False: members' away days do not stop clocks here. What is
        not chosen (None, an option left out) comes from the server's defaults for the game (server_defaults.py)."""
        game = self._games[game_id]
        opening = await self._defaults.opening(guild_id, game_id, options=options, pace_seconds=pace_seconds,
                                               clock=clock, away=away)
        resolved, pace_seconds = opening.options, opening.pace_seconds
        host_name = storable_name(host_name)
        store = self._cache.store
        async with self._open_lock:
            if await store.open_table_id(channel_id) is not None:
                raise await self.busy(channel_id)
            await self.check_hosting(guild_id, host_id)
            now = self._clock().timestamp()
            try:
                async with store.transaction() as tx:
                    table_id = await tx.create_table(
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
                        clock=opening.clock,
                        away=opening.away,
                    )
                    client_seed = self._new_client_seed()
                    await tx.add_seat(table_id, 0, host_id, host_name, is_computer=False, client_seed=client_seed,
                                      touched_at=now)
            except ChannelTaken as taken:  # another process opened one here a moment ago
                raise await self.busy(channel_id) from taken
            row = await store.table(table_id)
            assert row is not None, "the table just made"
            live = LiveTable(row, game, [Seat(0, host_id, host_name, client_seed=client_seed, touched_at=now)])
            self._cache.opened(live)
        return snapshot(live)

    async def busy(self, channel_id: int) -> errors.TableBusy:
        """The refusal of a second table in a channel: it names the game of the one open there (the channel's
        latest table: one is open at a time)."""
        row = await self._cache.store.last_table_in(channel_id)
        game = self._games.get(row.game) if row is not None else None
        return errors.TableBusy(game=game.title if game is not None else getattr(row, "game", ""))

    async def check_hosting(self, guild_id: int | None, host_id: int) -> None:
        """Refuse a member who already hosts MAX_HOSTED_TABLES open tables in this server."""
        hosted = await self._cache.store.hosted_channels(guild_id, host_id) if guild_id is not None else []
        if len(hosted) >= MAX_HOSTED_TABLES:
            raise errors.TooManyTables(hosted)

    async def join(self, at: int | Clicked, user_id: int, name: str, client_seed: str | None = None) -> Table:
        """Take a seat; `client_seed` is the player's part of the dice (drawn at random when not given). A
        seated player who gives one in the lobby changes theirs."""
        return await self._cache.retried(self._join, named(at), user_id, name, client_seed)

    async def _join(self, at: Typed | Clicked, user_id: int, name: str, client_seed: str | None) -> Table:
        if client_seed is not None:
            client_seed = checked_client_seed(client_seed)
            async with self._cache.locked_at(at, user_id) as live:
                mine = next((s for s in live.seats if s.user_id == user_id and not s.is_computer), None)
                if mine is not None and live.row.status == "lobby":
                    async with self._cache.changing(live) as tx:
                        await tx.update_seat(live.row.id, mine.seat, client_seed=client_seed)
                    live.seats[mine.seat] = replace(mine, client_seed=client_seed)
                    return snapshot(live)
        return await self._seat_new(at, user_id, storable_name(name), client_seed=client_seed)

    async def add_computer(self, at: int | Clicked, by_user: int, naming: str = COMPUTER_NAME,
                           level: str = DEFAULT_LEVEL) -> Table:
        """`naming` is the computer's name with `{n}` (1 for the table's first computer), in the words of
        the server it plays in: a name is kept like a member's, so it is chosen once, when it sits down. `level`
        is how it plays (bot/games/levels.py), kept with its seat."""
        if level not in LEVELS:  # a member's input (a command's option, a menu's value): never trusted
            raise errors.Refusal(N_("A computer plays at one of three levels: easy, normal or hard."))
        return await self._cache.retried(self._seat_new, named(at), None, naming, by_user, None, level)

    async def _seat_new(self, at: Typed | Clicked, user_id: int | None, name: str, by_user: int | None = None,
                        client_seed: str | None = None, level: str = DEFAULT_LEVEL) -> Table:
        actor = by_user if user_id is None else user_id
        assert actor is not None, "a member takes the seat, or the host seats a computer"
        async with self._cache.locked_at(at, actor) as live:
            require_lobby(live)
            if by_user is not None and by_user != live.row.host_id:
                raise errors.NotHost(N_("Only the host can add computer players."))
            if user_id is not None and any(s.user_id == user_id for s in live.seats):
                raise errors.AlreadySeated()
            if len(live.seats) >= live.game.max_players:
                raise errors.TableFull(N_("This table is full ({n} players)."), n=live.game.max_players)
            seat = len(live.seats)
            if user_id is None:
                name = name.format(n=sum(s.is_computer for s in live.seats) + 1)
            client_seed = client_seed or self._new_client_seed()
            joined = self._clock().timestamp() if user_id is not None else None  # taking a seat is a touch
            async with self._cache.changing(live) as tx:
                await tx.add_seat(live.row.id, seat, user_id, name, is_computer=user_id is None,
                                  client_seed=client_seed, level=level, touched_at=joined)
            live.seats.append(Seat(seat, user_id, name, is_computer=user_id is None, client_seed=client_seed,
                                   level=level, touched_at=joined))
            return snapshot(live)

    async def leave(self, at: int | Clicked, user_id: int) -> Table:
        return await self._cache.retried(self._leave, named(at), user_id)

    async def _leave(self, at: Typed | Clicked, user_id: int) -> Table:
        async with self._cache.locked_at(at, user_id) as live:
            return await self._remove(live, seat_of(live, user_id))

    async def kick(self, at: int, by_user: int, user_id: int, is_admin: bool = False) -> Table:
        return await self._cache.retried(self._kick, Typed(at), by_user, user_id, is_admin)

    async def _kick(self, at: Typed, by_user: int, user_id: int, is_admin: bool) -> Table:
        async with self._cache.locked_at(at, by_user) as live:
            if by_user != live.row.host_id and not is_admin:
                raise errors.NotHost(N_("Only the host or a server admin can remove a player."),
                                     hint=Hint.ADMIN_MAY_KICK)
            if user_id == by_user:
                raise errors.Refusal(N_("You can't remove yourself from the table."), hint=Hint.LEAVE_OR_END)
            seat = seat_of(live, user_id, N_("That member is not seated at this table."))
            return await self._remove(live, seat)

    async def remove_computer(self, at: int, by_user: int) -> Table:
        """Host: take the last computer player out of the lobby."""
        return await self._cache.retried(self._remove_computer, Typed(at), by_user)

    async def _remove_computer(self, at: Typed, by_user: int) -> Table:
        async with self._cache.locked_at(at, by_user) as live:
            require_lobby(live)
            if by_user != live.row.host_id:
                raise errors.NotHost()
            seat = next((s.seat for s in reversed(live.seats) if s.is_computer), None)
            if seat is None:
                raise errors.Refusal(N_("There is no computer player to remove."))
            return await self._remove(live, seat)

    async def _remove(self, live: LiveTable, seat: int) -> Table:
        """A lobby seat is freed; in a running game the computer takes the seat over."""
        row = live.row
        leaving = live.seats[seat]
        host_left = False
        if row.status == "lobby":
            humans_left = _humans_after(live.seats, seat)
            async with self._cache.changing(live) as tx:
                await tx.remove_seat(row.id, seat)
                if not humans_left:
                    await self._turns.close(tx, live, "ended", N_("everyone left"))
                elif leaving.user_id == row.host_id:
                    await tx.update_table(row.id, host_id=humans_left[0].member_id)
                    live.row = replace(live.row, host_id=humans_left[0].member_id)
                    host_left = True
            live.seats = [replace(s, seat=i) for i, s in enumerate(x for x in live.seats if x.seat != seat)]
            return snapshot(live, host_left=host_left)
        require_active(live)
        moves: list[Move] = []
        async with self._cache.changing(live) as tx:
            host_left = await self.computer_takes(tx, live, seat, moves)
            answered = await self._calls.take_down_answered(tx, live)
        return snapshot(live, moves, host_left=host_left, answered_pings=answered)

    async def computer_takes(self, tx: Store, live: LiveTable, seat: int, moves: list[Move]) -> bool:
        """In a running game, the computer plays the seat of a member who left (or was replaced by the others'
        vote) to the end, and their result counts as the seat's. True: the host left, and the next member hosts."""
        row, leaving = live.row, live.seats[seat]
        await tx.update_seat(row.id, seat, is_computer=1, autopilot=0)
        live.seats[seat] = replace(leaving, is_computer=True, autopilot=False)
        humans_left = _humans_after(live.seats, seat)
        if not humans_left:
            await self._turns.close(tx, live, "ended", N_("every player left"))
            return False
        host_left = leaving.user_id == row.host_id
        if host_left:  # the next seated member hosts from here
            await tx.update_table(row.id, host_id=humans_left[0].member_id)
            live.row = replace(live.row, host_id=humans_left[0].member_id)
        await self._turns.play_automatic(tx, live, moves)
        await self._turns.after_moves(tx, live, moves)
        return host_left


def _humans_after(seats: list[Seat], leaving: int) -> list[Seat]:
    """The members still seated, in seat order starting after the one leaving (the next host first)."""
    order = sorted(seats, key=lambda s: (s.seat <= leaving, s.seat))
    return [s for s in order if s.human and s.seat != leaving]
