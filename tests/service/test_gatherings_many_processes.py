"""Two bot processes finish a round's last two tables at the same moment: each table's end wakes the gathering in
its own process, and the next round is seated exactly once, each of its tables opened once (PostgreSQL: two real
processes, tests/service/processes.py; SQLite serves one process, so there two services in this one)."""

from __future__ import annotations

import asyncio
import time
from datetime import timedelta

from bot.games.core import decode_action, encode_action
from bot.service import PACES, played
from tests.conftest import GAMES

from .gathering_kit import GUILD, Edge, due
from .test_many_processes import last_move, report, second_process, start_process

MEMBERS = [301, 302, 303, 304]


async def test_two_processes_finishing_a_rounds_last_tables_at_once_seat_the_next_round_once(svc):
    Edge(svc)
    gatherings = svc.tables.gatherings
    cup = await gatherings.plan(guild_id=GUILD, channel_id=900, kind="swiss", game_id="armymen", host_id=1,
                                starts_at=(svc.now + timedelta(hours=1)).timestamp(), title="Duel cup", rounds=2,
                                pace_seconds=PACES["casual"])
    for user in MEMBERS:
        await gatherings.join(cup.id, user, f"Player {user}")
    svc.now += timedelta(hours=1)
    await due(svc)
    finals = []
    for planned in await gatherings.tables(cup.id, 1):
        table, user, action = await last_move(svc, await svc.tables.cache.get_by_id(planned.table_id))
        finals.append([table.id, user, encode_action(action), table.seq])
    await svc.tables.timer.close()  # this process sits the race out
    if isinstance(svc.path, str):
        start = time.time() + 1.5
        workers = [start_process(svc, "gather", start=start, moves=[final], first_thread=60_000 + 1_000 * k)
                   for k, final in enumerate(finals)]
        reports = [report(w) for w in workers]
        assert [r["outcomes"] for r in reports] == [{"acknowledged": 1}] * 2, reports
        assert not [e for r in reports for e in r["errors"]], reports
        told = [kind for r in reports for kind, _ in r["told"]]
        opened = [o for r in reports for o in r["opened"]]
    else:
        others = [await second_process(svc) for _ in finals]
        told, opened = [], []
        for k, other in enumerate(others):
            other.gatherings.listener = _edge(other, told, opened, 60_000 + 1_000 * k)
        await asyncio.gather(*(o.act(t, u, played(decode_action(GAMES["armymen"], a)), q)
                               for o, (t, u, a, q) in zip(others, finals, strict=True)))
        await asyncio.gather(*(o.gatherings.run_due() for o in others))
        for other in others:  # a timer woken by a table's end may hold the claim: its round finishes first
            await other.timer.close()
    assert told.count("round") == 1, told
    assert len(opened) == 2 and all(new for _, new in opened), "each table of round 2 opened once"
    assert svc.rows("SELECT round, rev FROM gatherings WHERE id = ?", cup.id)[0]["round"] == 2
    rows = svc.rows("SELECT table_no, session_id FROM gathering_tables WHERE gathering_id = ? AND round = 2", cup.id)
    assert len(rows) == 2 and all(r["session_id"] for r in rows)
    assert svc.rows("SELECT COUNT(*) AS n FROM sessions")[0]["n"] == 4, "two tables a round, none twice"
    seats = svc.rows("SELECT user_id FROM gathering_seats WHERE gathering_id = ? AND round = 2", cup.id)
    assert sorted(r["user_id"] for r in seats) == MEMBERS


def _edge(tables, told: list, opened: list, first_thread: int):
    thread = first_thread

    async def edge(notice) -> None:
        nonlocal thread
        told.append(notice.kind)
        for planned in notice.to_place:
            thread += 1
            table, new = await tables.gatherings.open_table(notice.gathering.id, planned.round, planned.number,
                                                            thread)
            opened.append((table.id, new))
    return edge
