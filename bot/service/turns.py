"""Turns: starting a game, moves, the computer's and the autopilot's moves, and closing a table.

Every change happens under the table's lock and is committed in one transaction before the caller gets a snapshot
back, so an acknowledged move is never lost. Moves carry the move number they were offered at: a click on an old
button is refused as stale and changes nothing. A member's move comes in one form, a `Reading` (table.py), which
the edge made of what was clicked or typed and which is read once the table and the seat are known. Who may move is
the engine's to say (`to_act`, `is_legal`), and why a member may not move now too (`explain`): the refusal carries
the engine's reason.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import datetime
from typing import Any

from db import Store
from db.away import AwayBook
from db.gatherings import GatheringBook
from db.votes import VoteBook

from ..games.core import encode_action, replace
from ..games.text import N_
from . import clocks, errors
from .cache import TableCache
from .calls import Calls
from .computers import decide
from .dice import TableDice
from .errors import Hint
from .outbox import put_finished
from .reminders import Reminders
from .results import record_result
from .table import (
    Clicked,
    LiveTable,
    Move,
    Reading,
    Table,
    Typed,
    newly_to_act,
    require_active,
    require_lobby,
    seat_of,
    snapshot,
    touched,
)

MAX_AUTOMATIC_MOVES = 10_000


class Turns:
    def __init__(self, cache: TableCache, dice: TableDice, calls: Calls, reminders: Reminders,
                 clock: Callable[[], datetime]) -> None:
        self._cache, self._dice, self._calls, self._clock = cache, dice, calls, clock
        self._reminders = reminders
        # Told in the transaction closing any table, after its row is closed (a gathering scores its tables so)
        self.closing: list[Callable[[Store, LiveTable], Awaitable[None]]] = []

    def now(self) -> float:
        return self._clock().timestamp()

    # --- the game begins and ends -------------------------------------------------------------
    async def start(self, at: int | Clicked, user_id: int) -> Table:
        return await self._cache.retried(self._start, at, user_id)

    async def _start(self, at: int | Clicked, user_id: int) -> Table:
        async with self._cache.locked_at(Typed(at) if isinstance(at, int) else at, user_id) as live:
            require_lobby(live)
            if user_id != live.row.host_id:
                raise errors.NotHost(N_("Only the host can start the game."))
            game = live.game
            if len(live.seats) < game.min_players:
                raise errors.NotEnoughPlayers(N_("{game} needs at least {n} players."), hint=Hint.ADD_A_COMPUTER,
                                              game=game.title, n=game.min_players)
            async with self._cache.changing(live) as tx:
                moves = await self.begin(tx, live)
                host = next((s.seat for s in live.seats if s.user_id == user_id and not s.is_computer), None)
                if host is not None:
                    await self._calls.touch_within(tx, live, host)
            newly = frozenset(game.to_act(live.state))
            return snapshot(live, moves, newly=newly, called=await self._calls.called(live, newly))

    async def begin(self, tx: Store, live: LiveTable) -> list[Move]:
        """The game begins at a table: the set-up, and the computers' moves up to the first human decision."""
        moves: list[Move] = []
        self._dice.setup(live)
        now = self.now()  # one reading of the clock for both
        await tx.update_table(live.row.id, status="active", started_at=now)
        live.row = replace(live.row, status="active", started_at=now)
        if clocks.stops_for_away(live):  # a member away since they took their seat: their clock starts on return
            members = {s.seat: s.user_id for s in live.seats if s.human and s.user_id is not None}
            gone = await AwayBook(tx).away_until(list(members.values()), now)
            for seat, user_id in members.items():
                if user_id in gone:
                    await tx.update_seat(live.row.id, seat, away_until=gone[user_id])
                    live.seats[seat] = replace(live.seats[seat], away_until=gone[user_id])
        await self.play_automatic(tx, live, moves)
        await self.after_moves(tx, live, moves, force_deadline=True)
        return moves

    async def end(self, at: int | Clicked, user_id: int, is_admin: bool = False, *, running_too: bool = True
                  ) -> Table:
        """End the table for everyone, unrated. `running_too` False ends only a lobby (nothing is lost): a running
        game comes back unchanged, for the member to be asked first."""
        return await self._cache.retried(self._end, at, user_id, is_admin, running_too)

    async def _end(self, at: int | Clicked, user_id: int, is_admin: bool, running_too: bool) -> Table:
        async with self._cache.locked_at(Typed(at) if isinstance(at, int) else at, user_id) as live:
            if user_id != live.row.host_id and not is_admin:
                raise errors.NotHost(N_("Only the host or a server admin can end this table."),
                                     hint=Hint.ADMIN_MAY_END)
            if not is_admin and await GatheringBook(self._cache.store).table_of(live.row.id) is not None:
                # its members and the night's standings count on it: only an admin may end it unrated
                raise errors.NotHost(N_("This table is a game night's or a tournament's: only a server admin can "
                                        "end it."))
            if live.row.status == "active" and not running_too:
                return snapshot(live)
            async with self._cache.changing(live) as tx:
                await self.close(tx, live, "ended", N_("ended by a player"))
                answered = await self._calls.take_down_answered(tx, live)
            return snapshot(live, answered_pings=answered)

    # --- moves --------------------------------------------------------------------------------
    async def act(self, at: int | Clicked | Typed, user_id: int, reading: Reading, expected_seq: int | None = None
                  ) -> Table:
        """One member's move at a table (`at`: its id, a control clicked or a command typed). `expected_seq` is
        the move number the button was offered at. `reading` gives the move once the table and the member's seat
        are known; one that has nothing to read for a member off turn gives None (then whose turn it is is all
        there is to say: a typo and a valid entry are answered alike)."""
        return await self._cache.retried(self._act, at, user_id, reading, expected_seq)

    async def _act(self, at: int | Clicked | Typed, user_id: int, reading: Reading, expected_seq: int | None
                   ) -> Table:
        async with self._cache.locked_at(at, user_id, commits=True) as live:
            if expected_seq is not None and expected_seq > live.row.seq:  # the player saw moves this copy lacks?
                fresh = await self._cache.current(live.row.id, least_seq=expected_seq)
                if fresh is None:
                    raise errors.TableClosed()
                live = fresh
            require_active(live)
            seat = seat_of(live, user_id)
            try:
                action = self._checked(live, seat, reading, expected_seq)
            except errors.Refusal:  # a refused click is still its member's touch of the table
                await self._calls.touch(live, seat)
                raise
            moves: list[Move] = []
            await self._reminders.ready(live)
            async with self._cache.changing(live, "typed" if isinstance(at, Typed) else "click") as tx:
                await self.move(tx, live, seat, action, "player", moves)
                await self.reclaim_seat(tx, live, seat)
                await self.play_automatic(tx, live, moves)
                await self.after_moves(tx, live, moves)
                answered = await self._calls.take_down_answered(tx, live)
            newly = newly_to_act(live, moves)
            return snapshot(live, moves, newly=newly, called=await self._calls.called(live, newly),
                            answered_pings=answered)

    @staticmethod
    def _checked(live: LiveTable, seat: int, reading: Reading, expected_seq: int | None) -> Any:
        """The seat's move, read once the click is known not stale, and checked that the seat may make it."""
        game = live.game
        to_act = game.to_act(live.state)
        if expected_seq is not None and seat in to_act and expected_seq < live.since[seat]:
            raise errors.StaleMove()
        action = reading(snapshot(live), seat)
        if seat not in to_act and (action is None or not game.is_legal(live.state, seat, action)):
            if expected_seq is not None and expected_seq < live.row.seq:
                raise errors.StaleMove()
            raise errors.NotYourTurn.explained(game.explain(live.state, seat, action),
                                               [live.seats[s].name for s in sorted(to_act)], tuple(live.seats))
        return action

    async def hand(self, at: int | Clicked, user_id: int, seq: int | None = None) -> tuple[Table, bool]:
        """The member's seat for their private view (My hand); the owner of a seat on autopilot is back, and takes
        it back (True: it was on autopilot). `at`: the table's channel, or a control clicked on it. With `seq`, for
        their own choices of a move offered at that move: refused as the move would be (stale, not their turn)
        when they have none to make now."""
        return await self._cache.retried(self._hand, at, user_id, seq)

    async def _hand(self, at: int | Clicked, user_id: int, seq: int | None) -> tuple[Table, bool]:
        async with self._cache.locked_at(Typed(at) if isinstance(at, int) else at, user_id) as live:
            seat = seat_of(live, user_id,
                           N_("You are not seated at this table: the table message shows everything public."))
            if live.state is None:
                raise errors.Refusal(N_("The game has not started yet: your private view comes with the first move."))
            if seq is not None:
                self._checked(live, seat, lambda table, seat: None, seq)  # no move yet: whether one may be made
            taken_back = live.seats[seat].autopilot
            if taken_back:
                async with self._cache.changing(live) as tx:
                    await self.reclaim_seat(tx, live, seat)
                    await self.wind(tx, live)  # the seat's own clock runs again
                    await self._calls.touch_within(tx, live, seat)
            else:
                await self._calls.touch(live, seat)
            return snapshot(live), taken_back

    async def reclaim_seat(self, tx: Store, live: LiveTable, seat: int) -> None:
        """The member is back at their seat: its missed turns are forgotten, and a vote on it is over."""
        current = live.seats[seat]
        if current.autopilot:
            await VoteBook(tx).clear(live.row.id, seat)
        if current.autopilot or current.timeouts:
            await tx.update_seat(live.row.id, seat, autopilot=0, timeouts=0)
            live.seats[seat] = replace(current, autopilot=False, timeouts=0)

    async def move(self, tx: Store, live: LiveTable, seat: int, action: Any, by: str, moves: list[Move]) -> None:
        seq = live.row.seq + 1
        dice = self._dice.advance(live, seat, action, seq)  # raises IllegalAction before anything is written
        now = self.now()
        await tx.append_move(live.row.id, seq, seat, encode_action(action), by, now)
        live.row = replace(live.row, seq=seq)
        if by == "player":  # the move is its member's touch of the table: its time is in the log (calls.py)
            touched(live, seat, now)
        move = Move(seq, seat, action, by, live.state.events, dice)
        live.log.append(move)
        moves.append(move)

    async def play_automatic(self, tx: Store, live: LiveTable, moves: list[Move]) -> None:
        """Computer seats and seats on autopilot move until a human must decide or the game ends."""
        game = live.game
        for _ in range(MAX_AUTOMATIC_MOVES):
            if game.outcome(live.state) is not None:
                return
            choice = await self._automatic_choice(live)
            if choice is None:
                return
            seat, action = choice
            await self.move(tx, live, seat, action, "computer" if live.seats[seat].is_computer else "autopilot", moves)
        raise RuntimeError(f"table {live.row.id}: computer players did not stop")

    async def _automatic_choice(self, live: LiveTable) -> tuple[int, Any] | None:
        """The first automatic seat's move, in seat order, each deciding at its level from its own stream of the
        table's dice (`fairness.verify` recomputes it from there)."""
        game, state = live.game, live.state
        to_act = game.to_act(state)
        for seat in live.seats:
            if not seat.automatic:
                continue
            rng = self._dice.rng(live, f"computer:{live.row.seq}:{seat.seat}")
            if seat.seat in to_act:
                return seat.seat, await decide(game, state, seat.seat, rng, seat.playing_level)
            if game.legal_actions(state, seat.seat):  # an optional interjection, e.g. a Block
                action = await decide(game, state, seat.seat, rng, seat.playing_level)
                if action is not None:
                    return seat.seat, action
        return None

    async def after_moves(self, tx: Store, live: LiveTable, moves: list[Move], force_deadline: bool = False) -> None:
        """Finish the game if it ended; otherwise wind the seats' clocks (`force_deadline`: the table's deadline
        was not a clock — the lobby's expiry at the start — or has just passed), and with them their reminders."""
        outcome = live.game.outcome(live.state)
        if outcome is not None:
            await record_result(tx, live.row, live.seats, outcome, self.now())
            await self.close(tx, live, "finished", None)
            await put_finished(tx, live, self.now())
            return
        if force_deadline:
            live.row = replace(live.row, deadline_at=None)
        await self.wind(tx, live, newly_to_act(live, moves))

    async def wind(self, tx: Store, live: LiveTable, newly: frozenset[int] = frozenset()) -> None:
        """Each seat's clock after a change (clocks.py); the table's deadline is the earliest of them. A seat whose
        clock started gets its reminder by its member's choice (reminders.py); the table's is the earliest."""
        now = self.now()
        changes, started = clocks.wound(live, now, newly)
        for seat, fields in changes.items():
            await tx.update_seat(live.row.id, seat, **fields)
            live.seats[seat] = replace(live.seats[seat], **fields)
        reminder = await self._reminders.plan(tx, live, started)
        fields = {"deadline_at": clocks.table_deadline(live), "reminder_at": reminder}
        fields = {k: v for k, v in fields.items() if getattr(live.row, k) != v}
        if fields:
            await tx.update_table(live.row.id, **fields)
            live.row = replace(live.row, **fields)

    async def close(self, tx: Store, live: LiveTable, status: str, reason: str | None) -> None:
        fields: dict[str, Any] = {
            "status": status,
            "ended_at": self.now(),
            "end_reason": reason,
            "deadline_at": None,
            "reminder_at": None,
        }
        await tx.update_table(live.row.id, **fields)
        live.row = replace(live.row, **fields)
        self._cache.forget(live.row.id)
        for hook in self.closing:
            await hook(tx, live)

    # --- the Discord side's bookkeeping -------------------------------------------------------------
    async def set_message(self, table_id: int, message_id: int) -> None:
        await self._cache.retried(self._set_message, table_id, message_id)

    async def _set_message(self, table_id: int, message_id: int) -> None:
        try:
            async with self._cache.locked(table_id) as live, self._cache.changing(live) as tx:
                await tx.update_table(table_id, message_id=message_id)
                live.row = replace(live.row, message_id=message_id)
        except errors.GameOver:  # a closed table: nothing to race with
            async with self._cache.store.transaction() as tx:
                await tx.update_table(table_id, message_id=message_id)

    async def set_dm(self, table_id: int, seat: int, channel_id: int | None, message_id: int | None) -> None:
        await self._cache.retried(self._set_dm, table_id, seat, channel_id, message_id)

    async def _set_dm(self, table_id: int, seat: int, channel_id: int | None, message_id: int | None) -> None:
        try:
            async with self._cache.locked(table_id) as live, self._cache.changing(live) as tx:
                await tx.update_seat(table_id, seat, dm_channel_id=channel_id, dm_message_id=message_id)
                live.seats[seat] = replace(live.seats[seat], dm_channel_id=channel_id, dm_message_id=message_id)
        except errors.GameOver:
            async with self._cache.store.transaction() as tx:
                await tx.update_seat(table_id, seat, dm_channel_id=channel_id, dm_message_id=message_id)
