"""What happens when time passes: reminders (each member's, reminders.py), the rules' timeout defaults, autopilot,
lobbies expiring.

One of the timer's due sources (timer.py): `next_due`, and `expire_due` run when something is due; the listener
(the edge) is told of each reminder, timeout and expiry, to say it in the channel."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

from db import Store

from ..games.core import replace
from ..games.text import N_
from ..logs import about
from ..metrics import UNMEASURED, Unmeasured
from . import errors
from .cache import TableCache
from .calls import Calls
from .clocks import BANK, away, seat_deadline
from .reminders import Reminders
from .table import AUTOPILOT_AFTER, LiveTable, Move, Table, newly_to_act, snapshot
from .telemetry import timer_event
from .turns import Turns

log = logging.getLogger(__name__)

MAX_TIMEOUT_STEPS = 1_000
Listener = Callable[[Table, str], Awaitable[None]]


class Deadlines:
    def __init__(self, cache: TableCache, turns: Turns, calls: Calls, reminders: Reminders,
                 metrics: Unmeasured = UNMEASURED) -> None:
        self._cache, self._turns, self._calls, self._reminders = cache, turns, calls, reminders
        self._metrics = metrics
        self.listener: Listener | None = None  # told of reminders, timeouts and expiries

    async def next_due(self) -> float | None:
        """The earliest reminder or deadline of an open table (None: none is set)."""
        return await self._cache.store.next_due()

    async def expire_due(self) -> list[tuple[Table, str]]:
        """Send due reminders, play due timeouts, expire due lobbies; tell the listener of each.

        Each due table is first claimed in the database, so of several processes exactly one handles it;
        the claim is cleared in the transaction that handles it, and lapses by itself if this process dies."""
        now = self._cache.now()
        happened = []
        for table_id in await self._cache.store.claim_due(now):
            try:
                event = await self._cache.retried(self._expire_one, table_id, now)
            except errors.TryAgain:  # other processes kept changing it: its claim lapses, and it is fired then
                log.warning("table %s kept changing at its deadline; retried when its claim lapses", table_id)
                continue
            except Exception:  # one broken table must not hold up the others' deadlines (nor kill the timer);
                log.exception("table %s failed at its deadline; retried when its claim lapses", table_id)
                continue
            if event:
                timer_event(*event, self._metrics)
                happened.append(event)
        for table, kind in happened:
            about(guild=table.guild_id, channel=table.channel_id, table=table.id, move=table.seq)
            if self.listener:
                try:
                    await self.listener(table, kind)
                except Exception:
                    log.exception("listener failed for table %s (%s)", table.id, kind)
        return happened

    async def _expire_one(self, table_id: int, now: float) -> tuple[Table, str] | None:
        try:
            async with self._cache.locked(table_id) as live:
                event = await self._expire(live, now)
        except errors.GameOver:  # closed since it was claimed
            return None
        if event is None:  # no longer due (a move came first): let the next deadline be claimed on time
            store: Store = self._cache.store
            async with store.transaction() as tx:
                await tx.update_table(table_id, claimed_until=None)
        return event

    async def _expire(self, live: LiveTable, now: float) -> tuple[Table, str] | None:
        row = live.row
        if row.status == "lobby":
            if row.deadline_at is not None and row.deadline_at <= now:
                async with self._cache.changing(live) as tx:
                    await tx.update_table(row.id, claimed_until=None)
                    await self._turns.close(tx, live, "ended", N_("the lobby expired"))
                return snapshot(live), "expired"
            return None
        due = [s for s in sorted(live.game.to_act(live.state))
               if (deadline := seat_deadline(live, s)) is not None and deadline <= now]
        if due:
            return await self._time_out(live, due)
        if row.deadline_at is not None and row.deadline_at <= now:  # no seat's own time ran out: the table's
            async with self._cache.changing(live) as tx:  # deadline is its seats' earliest again, never a spin
                await tx.update_table(row.id, claimed_until=None)
                await self._turns.wind(tx, live)
            row = live.row
        if row.reminder_at is not None and row.reminder_at <= now:
            async with self._cache.changing(live) as tx:
                await tx.update_table(row.id, claimed_until=None)
                by_channel, by_dm = await self._reminders.due(tx, live)
            present = frozenset(s for s in by_channel | by_dm if not away(live, s, now))
            if not present:  # moved (quiet hours, a new choice), dropped (reminders off), or the member is away
                return None
            called = await self._calls.called(live, present, reminder=True)
            return snapshot(live, called=called & by_channel, reminded_by_dm=called & by_dm), "reminder"
        return None

    async def _time_out(self, live: LiveTable, due: list[int]) -> tuple[Table, str]:
        """The rules' timeout default decides for every human seat whose own clock ran out (a bank is empty)."""
        game = live.game
        moves: list[Move] = []
        await self._reminders.ready(live)
        async with self._cache.changing(live) as tx:
            await tx.update_table(live.row.id, claimed_until=None)
            for seat in due:
                if seat not in game.to_act(live.state) or live.seats[seat].automatic:
                    continue
                timeouts = live.seats[seat].timeouts + 1
                autopilot = timeouts >= AUTOPILOT_AFTER
                spent: dict[str, Any] = {"timeouts": timeouts, "autopilot": autopilot, "deadline_at": None,
                                         "bank": 0.0 if live.row.clock == BANK else None}
                await tx.update_seat(live.row.id, seat, **{**spent, "autopilot": int(autopilot)})
                live.seats[seat] = replace(live.seats[seat], **spent)
                await self._finish_turn_by_default(tx, live, seat, moves)
            await self._turns.play_automatic(tx, live, moves)
            await self._turns.after_moves(tx, live, moves, force_deadline=not any(
                s.deadline_at is not None for s in live.seats))  # a table from before per-seat clocks
            answered = await self._calls.take_down_answered(tx, live)
        newly = newly_to_act(live, moves)
        return snapshot(live, moves, newly=newly, called=await self._calls.called(live, newly),
                        answered_pings=answered), "timeout"

    async def _finish_turn_by_default(self, tx: Store, live: LiveTable, seat: int, moves: list[Move]) -> None:
        """One deadline finishes the seat's whole turn: its timeout default is played again while the seat
        still acts in the same turn (`Game.turn_key`), all of it counted as the one timeout."""
        game = live.game
        turn = game.turn_key(live.state)
        for _ in range(MAX_TIMEOUT_STEPS):
            await self._turns.move(tx, live, seat, game.timeout_action(live.state, seat), "timeout", moves)
            if turn is None or seat not in game.to_act(live.state) or game.turn_key(live.state) != turn:
                return
        raise RuntimeError(f"table {live.row.id}: the timeout default of seat {seat} did not finish the turn")
