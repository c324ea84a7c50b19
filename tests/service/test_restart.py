"""Service tests, restarts: a crash loses nothing, the log replays to the identical state, and a table
whose rules changed is closed instead of replayed.

Seeded dice (SeededRng over the fixed seed and the move number), so the replay draws the same dice.
"""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest

from bot.service import errors

ALICE, BOB = 101, 102
CHANNEL = 900


async def test_a_crashed_game_reopens_in_the_identical_state_and_finishes(svc):
    table = await svc.started(CHANNEL, ALICE, BOB)
    table = await svc.play(table, moves=11)
    assert table.status == "active" and table.seq == 11
    await svc.crash()  # no tables.timer.close(), nothing flushed by the service

    tables = await svc.boot()
    assert await tables.load() == []
    reopened = await tables.cache.get(CHANNEL)
    assert reopened.id == table.id and reopened.status == "active"
    assert reopened.state == table.state  # == on the engine's frozen State
    assert reopened.seq == table.seq
    assert reopened.seats == table.seats
    assert reopened.since == table.since
    assert (reopened.host_id, reopened.deadline_at) == (table.host_id, table.deadline_at)

    finished = await svc.play(reopened)
    assert finished.status == "finished" and finished.outcome is not None
    assert svc.event_count(table.id) == finished.seq
    assert svc.session_row(table.id)["status"] == "finished"


async def test_a_game_replayed_after_a_crash_goes_on_exactly_as_without_it(svc_harness):
    # the same table played through without a crash, on another file
    straight = await svc_harness()
    whole = await straight.play(await straight.started(CHANNEL, ALICE, BOB))

    svc = await svc_harness()
    table = await svc.play(await svc.started(CHANNEL, ALICE, BOB), moves=7)
    await svc.crash()
    await (await svc.boot()).load()
    resumed = await svc.play(await svc.tables.cache.get(CHANNEL))
    assert resumed.state == whole.state and resumed.seq == whole.seq
    assert svc.events(table.id) == straight.events(whole.id)


async def test_a_lobby_survives_a_restart(svc):
    table = await svc.lobby(CHANNEL, ALICE, BOB)
    await svc.crash()
    tables = await svc.boot()
    await tables.load()
    reopened = await tables.cache.get(CHANNEL)
    assert (reopened.id, reopened.status, reopened.seats) == (table.id, "lobby", table.seats)
    started = await tables.turns.start(CHANNEL, ALICE)
    assert started.status == "active"


async def test_a_table_whose_rules_version_changed_is_closed_on_load(svc):
    table = await svc.play(await svc.started(CHANNEL, ALICE, BOB), moves=5)
    await svc.crash()
    svc.write("UPDATE sessions SET rules_version = rules_version - 1 WHERE id = ?", table.id)

    tables = await svc.boot()
    closed = await tables.load()
    assert [row.id for row in closed] == [table.id]
    with pytest.raises(errors.NoTable):
        await tables.cache.get(CHANNEL)
    assert await tables.cache.get_by_id(table.id) is None
    row = svc.session_row(table.id)
    assert row["status"] == "ended" and row["deadline_at"] is None and row["ended_at"] is not None
    assert "rules" in row["end_reason"]
    assert svc.event_count(table.id) == 5  # the log is kept, never replayed
    assert svc.query("SELECT COUNT(*) FROM results") == [(0,)]
    again = await svc.lobby(CHANNEL, BOB)  # the channel is free again
    assert again.id != table.id


async def test_deadlines_fire_after_a_restart_without_any_other_activity(svc):
    table = await svc.started(CHANNEL, ALICE, BOB, pace=120)
    await svc.crash()
    svc.now += timedelta(minutes=5)  # the bot was down past the deadline

    tables = await svc.boot()
    await tables.load()
    tables.timer.start()  # the bot's start-up (bot/app.py): load, then start the timer
    # Nobody calls expire_due here: the service's own timer must (it sleeps 0 s: the deadline is past).
    for _ in range(50):
        if svc.kinds():
            break
        await asyncio.sleep(0.01)
    assert svc.kinds() == ["timeout"]
    assert svc.events(table.id)[0][3] == "timeout"
