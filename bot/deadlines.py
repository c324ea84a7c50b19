"""Deadlines of the session service: reminders, timeout defaults, autopilot, lobby expiry, the timer."""

from __future__ import annotations

import asyncio
import logging
from dataclasses import replace

from . import errors
from .games.text import N_
from .table_access import retried
from .tables import AUTOPILOT_AFTER, LiveTable, Move, Table

log = logging.getLogger(__name__)

MAX_TIMEOUT_STEPS = 1_000


class DeadlineMixin:
    """What happens when time passes, for `Sessions`. The one timer task sleeps until the earliest
    stored reminder or deadline; it is restarted only when a deadline comes sooner than it would wake."""

    timer_asleep = False  # the timer task is sleeping until the next due time (tests wait for this)

    async def expire_due(self) -> list[tuple[Table, str]]:
        """Send due reminders, play due timeouts, expire due lobbies; tell the listener of each.

        Each due table is first claimed in the database, so of several processes exactly one handles it;
        the claim is cleared in the transaction that handles it, and lapses by itself if this process dies."""
        now = self.now()
        happened = []
        for table_id in await self.store.claim_due(now):
            try:
                event = await self._expire_one(table_id, now)
            except errors.TryAgain:  # other processes kept changing it: its claim lapses, and it is fired then
                log.warning("table %s kept changing at its deadline; retried when its claim lapses", table_id)
                continue
            except Exception:  # one broken table must not hold up the others' deadlines (nor kill the timer);
                log.exception("table %s failed at its deadline; retried when its claim lapses", table_id)
                continue
            if event:
                happened.append(event)
        for table, kind in happened:
            if self.listener:
                try:
                    await self.listener(table, kind)
                except Exception:
                    log.exception("listener failed for table %s (%s)", table.id, kind)
        return happened

    @retried
    async def _expire_one(self, table_id: int, now: float) -> tuple[Table, str] | None:
        try:
            async with self._locked(table_id) as live:
                event = await self._expire(live, now)
        except errors.GameOver:  # closed since it was claimed
            return None
        if event is None:  # no longer due (a move came first): let the next deadline be claimed on time
            async with self.store.transaction() as tx:
                await tx.update_session(table_id, claimed_until=None)
        return event

    async def _expire(self, live: LiveTable, now: float) -> tuple[Table, str] | None:
        row = live.row
        if row.status == "lobby":
            if row.deadline_at is not None and row.deadline_at <= now:
                async with self._changing(live) as tx:
                    await tx.update_session(row.id, claimed_until=None)
                    await self._close(tx, live, "ended", N_("the lobby expired"))
                return self._snapshot(live), "expired"
            return None
        if row.deadline_at is not None and row.deadline_at <= now:
            return await self._time_out(live)
        if row.reminder_at is not None and row.reminder_at <= now:
            async with self._changing(live) as tx:
                await tx.update_session(row.id, reminder_at=None, claimed_until=None)
                live.row = replace(live.row, reminder_at=None)
            return self._snapshot(live), "reminder"
        return None

    async def _time_out(self, live: LiveTable) -> tuple[Table, str]:
        """The rules' timeout default decides for every human seat still to act."""
        game = live.game
        moves: list[Move] = []
        async with self._changing(live) as tx:
            await tx.update_session(live.row.id, claimed_until=None)
            for seat in sorted(game.to_act(live.state)):
                if seat not in game.to_act(live.state) or live.seats[seat].automatic:
                    continue
                timeouts = live.seats[seat].timeouts + 1
                autopilot = timeouts >= AUTOPILOT_AFTER
                await tx.update_seat(live.row.id, seat, timeouts=timeouts, autopilot=int(autopilot))
                live.seats[seat] = replace(live.seats[seat], timeouts=timeouts, autopilot=autopilot)
                await self._finish_turn_by_default(tx, live, seat, moves)
            await self._play_automatic(tx, live, moves)
            await self._after_moves(tx, live, moves, force_deadline=True)
        return self._snapshot(live, moves, newly=self._newly(live, moves)), "timeout"

    async def _finish_turn_by_default(self, tx, live: LiveTable, seat: int, moves: list[Move]) -> None:
        """One deadline finishes the seat's whole turn: its timeout default is played again while the seat
        still acts in the same turn (`Game.turn_key`), all of it counted as the one timeout."""
        game = live.game
        turn = game.turn_key(live.state)
        for _ in range(MAX_TIMEOUT_STEPS):
            await self._move(tx, live, seat, game.timeout_action(live.state, seat), "timeout", moves)
            if turn is None or seat not in game.to_act(live.state) or game.turn_key(live.state) != turn:
                return
        raise RuntimeError(f"table {live.row.id}: the timeout default of seat {seat} did not finish the turn")

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

    def _arm_for(self, live: LiveTable) -> None:
        self._arm(live.row.reminder_at or live.row.deadline_at)

    async def _run_timer(self) -> None:
        """Sleep until the earliest stored reminder or deadline, handle what is due, repeat."""
        while True:
            due = await self.store.next_due()
            self._armed_for = due
            if due is None:
                return
            self.timer_asleep = True
            try:
                await asyncio.sleep(max(0.0, due - self.now()))
            finally:
                self.timer_asleep = False
            await self.expire_due()
