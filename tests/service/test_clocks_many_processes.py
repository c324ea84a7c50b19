"""Seats' own clocks and away days with several bot processes on one database: each seat whose clock ran out is
timed out once, by one process, and a member going away from two processes at once is charged once. On
PostgreSQL the processes are real (tests/service/processes.py); a SQLite file serves one process, so there two
services in this one stand for them."""

from __future__ import annotations

import asyncio
import time
from collections import Counter
from datetime import timedelta

from bot.games.registry import engines
from bot.service import errors, open_tables, played
from bot.service.clocks import seat_deadline
from db import Store

from .test_many_processes import report, start_process

GAMES = engines()
HOUR = 3600
ALICE = 1


async def other_process(svc):
    store = await Store.open(svc.path)
    tables = open_tables(store, GAMES, clock=lambda: svc.now, rng_factory=svc.rng_factory,
                         new_seed=lambda: "seed", new_client_seed=lambda: "client")
    svc._opened.append((tables, store))
    return tables


async def answers_on_their_own_clocks(svc, channel: int, roller_user: int, other_user: int):
    """An Armadillo table on bank clocks, at its answers: the roller's bank two hours, the other's three."""
    await svc.tables.lobby.open(guild_id=svc.GUILD, channel_id=channel, game_id="armadillo", host_id=roller_user,
                          host_name="host", pace_seconds=HOUR, clock="bank")
    await svc.tables.lobby.join(channel, other_user, "guest")
    table = await svc.tables.turns.start(channel, roller_user)
    (roller,) = table.to_act
    return await svc.tables.act(table.id, table.seats[roller].user_id,
                                played(table.game.timeout_action(table.state, roller)), table.seq)


async def test_each_seat_whose_clock_ran_out_is_timed_out_once_across_processes(svc):
    tables = [await answers_on_their_own_clocks(svc, 600 + n, 10 + 2 * n, 11 + 2 * n) for n in range(6)]
    for table in tables:  # both answer on clocks of three hours: one of them answers at once
        (quick, slow) = sorted(table.to_act)
        await svc.tables.act(table.id, table.seats[quick].user_id,
                             played(table.game.timeout_action(table.state, quick)), table.seq)
    await svc.settle()
    svc.now += timedelta(hours=3)  # every slow answerer's bank is empty
    due = {t.id: seat_deadline(t, max(t.to_act)) for t in tables}
    assert all(d <= svc.now.timestamp() for d in due.values())
    if isinstance(svc.path, str):
        start = time.time() + 1.5
        workers = [start_process(svc, "expire", start=start) for _ in range(2)]
        handled = [tuple(h) for w in workers for h in report(w)["handled"]]
    else:
        other = await other_process(svc)
        fired = await asyncio.gather(svc.tables.deadlines.expire_due(), other.deadlines.expire_due())
        handled = [(t.id, kind) for events in fired for t, kind in events]
    assert sorted(handled) == sorted((t.id, "timeout") for t in tables), "each table once, by one process"
    for table in tables:
        slow = max(table.to_act)
        timeouts = Counter(seat for _, seat, _, by in svc.events(table.id) if by == "timeout")
        assert set(timeouts) == {slow}, "only the seat whose clock ran out"
        assert svc.seat_rows(table.id)[slow]["timeouts"] == 1


async def test_a_member_going_away_from_two_processes_at_once_is_charged_once(svc):
    await svc.started(700, ALICE, 2, pace=HOUR)
    if isinstance(svc.path, str):
        start = time.time() + 1.5
        workers = [start_process(svc, "away", start=start, user=ALICE, days=3) for _ in range(2)]
        outcomes = Counter()
        for worker in workers:
            outcomes.update(report(worker)["outcomes"])
        assert outcomes["acknowledged"] == 1, outcomes
        assert outcomes["TryAgain"] + outcomes["Refusal"] == 1, outcomes
    else:
        other = await other_process(svc)
        results = await asyncio.gather(svc.tables.away.go(ALICE, 3), other.away.go(ALICE, 3),
                                       return_exceptions=True)
        assert sum(not isinstance(r, BaseException) for r in results) == 1, results
        assert all(isinstance(r, errors.Refusal) for r in results if isinstance(r, BaseException))
    assert svc.rows("SELECT days_left, days_reserved FROM away_members WHERE user_id = ?", ALICE) == [
        {"days_left": 4, "days_reserved": 3}]
