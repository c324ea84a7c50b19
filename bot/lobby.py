"""Lobby and seat changes of the session service: join, leave, kick, computer players."""

from __future__ import annotations

from dataclasses import replace

from . import errors
from .games.text import N_
from .table_access import retried
from .tables import LiveTable, Move, Seat, Table

COMPUTER_NAME = N_("Computer {n}")
CLIENT_SEED_CHARS = 32


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


class LobbyMixin:
    """Seat management for `Sessions` (it provides the table lookups, the lock, storage and moves)."""

    @retried
    async def join(self, channel_id: int, user_id: int, name: str, client_seed: str | None = None) -> Table:
        """Take a seat; `client_seed` is the player's part of the dice (drawn at random when not given). A
        seated player who gives one in the lobby changes theirs."""
        if client_seed is not None:
            client_seed = checked_client_seed(client_seed)
            async with self._locked_in(channel_id) as live:
                mine = next((s for s in live.seats if s.user_id == user_id and not s.is_computer), None)
                if mine is not None and live.row.status == "lobby":
                    async with self._changing(live) as tx:
                        await tx.update_seat(live.row.id, mine.seat, client_seed=client_seed)
                    live.seats[mine.seat] = replace(mine, client_seed=client_seed)
                    return self._snapshot(live)
        return await self._seat_new(channel_id, user_id, storable_name(name), client_seed=client_seed)

    @retried
    async def add_computer(self, channel_id: int, by_user: int, naming: str = COMPUTER_NAME) -> Table:
        """`naming` is the computer's name with `{n}` (1 for the table's first computer), in the words of
        the server it plays in: a name is kept like a member's, so it is chosen once, when it sits down."""
        return await self._seat_new(channel_id, None, naming, by_user=by_user)

    async def _seat_new(
        self, channel_id: int, user_id: int | None, name: str, by_user: int | None = None,
        client_seed: str | None = None,
    ) -> Table:
        async with self._locked_in(channel_id) as live:
            self._require_lobby(live)
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
            async with self._changing(live) as tx:
                await tx.add_seat(live.row.id, seat, user_id, name, is_computer=user_id is None,
                                  client_seed=client_seed)
            live.seats.append(Seat(seat, user_id, name, is_computer=user_id is None, client_seed=client_seed))
            return self._snapshot(live)

    @retried
    async def leave(self, channel_id: int, user_id: int) -> Table:
        async with self._locked_in(channel_id) as live:
            seat = self._seat_of(live, user_id)
            return await self._remove(live, seat)

    @retried
    async def kick(self, channel_id: int, by_user: int, user_id: int, is_admin: bool = False) -> Table:
        async with self._locked_in(channel_id) as live:
            if by_user != live.row.host_id and not is_admin:
                raise errors.NotHost(N_("Only the host or a member with Manage Server can kick a player."))
            if user_id == by_user:
                raise errors.Refusal(N_("You can't kick yourself: use `/game leave`, or `/game end`."))
            seat = self._seat_of(live, user_id, N_("That member is not seated at this table."))
            return await self._remove(live, seat)

    @retried
    async def remove_computer(self, channel_id: int, by_user: int) -> Table:
        """Host: take the last computer player out of the lobby."""
        async with self._locked_in(channel_id) as live:
            self._require_lobby(live)
            if by_user != live.row.host_id:
                raise errors.NotHost()
            seat = next((s.seat for s in reversed(live.seats) if s.is_computer), None)
            if seat is None:
                raise errors.Refusal(N_("There is no computer player to remove."))
            return await self._remove(live, seat)

    async def _remove(self, live: LiveTable, seat: int) -> Table:
        """A lobby seat is freed; in a running game the computer takes the seat over."""
        row = live.row
        if row.status == "lobby":
            leaving = live.seats[seat]
            humans_left = _humans_after(live.seats, seat)
            async with self._changing(live) as tx:
                await tx.remove_seat(row.id, seat)
                if not humans_left:
                    await self._close(tx, live, "ended", N_("everyone left"))
                elif leaving.user_id == row.host_id:
                    await tx.update_session(row.id, host_id=humans_left[0].user_id)
                    live.row = replace(live.row, host_id=humans_left[0].user_id)
            live.seats = [replace(s, seat=i) for i, s in enumerate(x for x in live.seats if x.seat != seat)]
            return self._snapshot(live)
        self._require_active(live)
        moves: list[Move] = []
        async with self._changing(live) as tx:
            leaving = live.seats[seat]
            await tx.update_seat(row.id, seat, is_computer=1, autopilot=0)
            live.seats[seat] = replace(leaving, is_computer=True, autopilot=False)
            humans_left = _humans_after(live.seats, seat)
            if not humans_left:
                await self._close(tx, live, "ended", N_("every player left"))
            else:
                if leaving.user_id == row.host_id:  # the next seated member hosts from here
                    await tx.update_session(row.id, host_id=humans_left[0].user_id)
                    live.row = replace(live.row, host_id=humans_left[0].user_id)
                await self._play_automatic(tx, live, moves)
                await self._after_moves(tx, live, moves)
        self._arm_for(live)
        return self._snapshot(live, moves)


def _humans_after(seats: list[Seat], leaving: int) -> list[Seat]:
    """The members still seated, in seat order starting after the one leaving (the next host first)."""
    order = sorted(seats, key=lambda s: (s.seat <= leaving, s.seat))
    return [s for s in order if s.human and s.seat != leaving]
