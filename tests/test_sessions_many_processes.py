"""Two `Sessions` on one database stand for two bot processes: the database is the arbiter of every move,
and every due deadline is handled by exactly one of them."""

from __future__ import annotations

import asyncio

import pytest

from bot import errors
from bot.sessions import Sessions
from db import Store

CHANNEL, ALICE, BOB = 500, 1, 2


async def second_process(svc) -> Sessions:
    store = await Store.open(svc.path)
    sessions = Sessions(store, clock=lambda: svc.now, rng_factory=svc.rng_factory, new_seed=lambda: "seed",
                        new_client_seed=lambda: "client")
    svc._opened.append((sessions, store))
    return sessions


async def fresh_replay(svc, table_id: int):
    sessions = await second_process(svc)
    return await sessions.get_by_id(table_id)


def only_on_a_shared_server(svc) -> None:
    if not isinstance(svc.path, str):
        pytest.skip("one bot process per SQLite file (it trusts its cache): only PostgreSQL is shared")


def timed_out(svc, table_id: int) -> set[tuple[int, str]]:
    """(seat, by) of every logged move: one deadline plays the absent seat's whole turn (DD-R12)."""
    return {(seat, by) for _, seat, _, by in svc.events(table_id)}


def same(a, b) -> bool:
    return (a.seq, a.state, a.since, a.seats, a.status) == (b.seq, b.state, b.since, b.seats, b.status)


async def test_two_processes_racing_on_one_table_apply_exactly_one_move(svc):
    table = await svc.started(CHANNEL, ALICE, BOB)
    first, second = svc.sessions, await second_process(svc)
    assert same(await second.get_by_id(table.id), table)  # both hold the table rebuilt
    seat = min(table.to_act)
    user, action = table.seats[seat].user_id, table.game.timeout_action(table.state, seat)

    outcomes = await asyncio.gather(
        first.act(table.id, user, action, table.seq), second.act(table.id, user, action, table.seq),
        return_exceptions=True,
    )
    applied = [o for o in outcomes if not isinstance(o, BaseException)]
    refused = [o for o in outcomes if isinstance(o, BaseException)]
    assert len(applied) == 1 and len(refused) == 1
    assert isinstance(refused[0], errors.StaleMove), refused[0]
    assert svc.event_count(table.id) == applied[0].seq == table.seq + 1

    replayed = await fresh_replay(svc, table.id)
    for sessions in (first, second):
        assert same(await sessions.get_by_id(table.id), replayed)


async def test_a_process_whose_copy_is_behind_catches_up_before_it_answers(svc):
    only_on_a_shared_server(svc)
    table = await svc.started(CHANNEL, ALICE, BOB)
    other = await second_process(svc)
    assert (await other.get_by_id(table.id)).seq == table.seq
    moved = await svc.play(table, moves=3)  # all through the first process
    seat = min(moved.to_act)
    user, action = moved.seats[seat].user_id, moved.game.timeout_action(moved.state, seat)
    with pytest.raises(errors.StaleMove):  # a click offered before those moves
        await other.act(table.id, user, action, table.seq)
    after = await other.act(table.id, user, action, moved.seq)  # the current button works on either process
    assert after.seq == moved.seq + 1 and svc.event_count(table.id) == after.seq


async def test_a_lobby_join_in_one_process_is_seen_by_the_other(svc):
    only_on_a_shared_server(svc)
    await svc.lobby(CHANNEL, ALICE)
    other = await second_process(svc)
    await other.join(CHANNEL, BOB, "Player 2")
    started = await svc.sessions.start(CHANNEL, ALICE)
    assert [s.user_id for s in started.seats] == [ALICE, BOB]


async def test_a_due_deadline_fires_once_across_processes(svc):
    tables = [await svc.started(CHANNEL + n, ALICE + 10 * n, BOB + 10 * n) for n in range(4)]
    other = await second_process(svc)
    await svc.settle()
    svc.now = svc.now.replace(hour=svc.now.hour + 2)  # past every deadline (an hour each)
    fired = await asyncio.gather(svc.sessions.expire_due(), other.expire_due())
    timeouts = [table.id for events in fired for table, kind in events if kind == "timeout"]
    assert sorted(timeouts) == [t.id for t in tables]  # each table once, by one process or the other
    for table in tables:
        assert timed_out(svc, table.id) == {(min(table.to_act), "timeout")}  # one seat's turn, not two


async def test_a_deadline_claimed_by_a_process_that_died_is_fired_by_another(svc):
    table = await svc.started(CHANNEL, ALICE, BOB)
    await svc.settle()
    svc.now = svc.now.replace(hour=svc.now.hour + 2)
    dying = await second_process(svc)
    assert await dying.store.claim_due(svc.now.timestamp()) == [table.id]  # claimed, then the process dies
    assert await svc.sessions.expire_due() == []  # the claim holds for now
    assert svc.event_count(table.id) == 0
    svc.now = svc.now.replace(minute=svc.now.minute + 2)  # the claim lapses
    fired = await svc.sessions.expire_due()
    assert [(t.id, kind) for t, kind in fired] == [(table.id, "timeout")]
    assert timed_out(svc, table.id) == {(min(table.to_act), "timeout")}
