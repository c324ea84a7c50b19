"""Service tests, each seat's own clock: a time bank that drains and refills, Armadillo's answers each on its own
clock, and an upgraded database keeping every open table's deadline. The clock is fake (`svc.advance`)."""

from __future__ import annotations

import shutil
from datetime import timedelta
from pathlib import Path

from bot.service import open_tables, played
from bot.service.clocks import BANKS, seat_deadline
from db import Store

from ..conftest import GAMES, SVC_START

ALICE, BOB, CAROL = 101, 102, 103
CHANNEL = 900
HOUR, DAY = 3600, 86400
RELEASE_0001 = Path(__file__).parents[1] / "fixtures" / "release_0001.sqlite3"


async def bank_table(svc, *members: int, game_id: str = "armymen", pace: int = DAY):
    await svc.tables.lobby.open(guild_id=svc.GUILD, channel_id=CHANNEL, game_id=game_id, host_id=members[0],
                                  host_name=f"Player {members[0]}", pace_seconds=pace, clock="bank")
    for user in members[1:]:
        await svc.tables.lobby.join(CHANNEL, user, f"Player {user}")
    return await svc.tables.turns.start(CHANNEL, members[0])


async def finish_turn(svc, table, seat: int):
    """The seat's member plays their whole turn (the rules' default moves), at the current clock."""
    while table.status == "active" and seat in table.to_act:
        user = table.seats[seat].user_id
        table = await svc.tables.act(table.id, user, played(table.game.timeout_action(table.state, seat)), table.seq)
    return table


async def test_a_bank_drains_with_the_time_taken_and_refills_by_a_day_up_to_three(svc):
    start, increment = BANKS["async"]
    assert (start, increment) == (3 * DAY, DAY)
    table = await bank_table(svc, ALICE, BOB)
    (first,) = table.to_act
    other = 1 - first
    now = svc.now.timestamp()
    assert table.seats[first].bank == start and seat_deadline(table, first) == now + start
    assert table.deadline_at == now + start

    await svc.advance(days=2)  # she thinks for two days: one day left in her bank
    table = await finish_turn(svc, await svc.tables.cache.get_by_id(table.id), first)
    assert table.seats[first].bank == DAY and table.seats[first].deadline_at is None
    assert seat_deadline(table, other) == svc.now.timestamp() + start, "the other's bank starts full"

    table = await finish_turn(svc, table, other)  # he answers at once: his bank stays full (capped at three days)
    assert table.seats[other].bank == start
    assert table.seats[first].bank == 2 * DAY, "a day more, for her new turn"
    assert seat_deadline(table, first) == svc.now.timestamp() + 2 * DAY

    heard = await svc.advance(days=2)  # her bank runs out: the rules' timeout default plays her turn
    assert [kind for _, kind in heard] == ["timeout"]
    table = await svc.tables.cache.get_by_id(table.id)
    assert table.seats[first].timeouts == 1
    assert [by for _, seat, _, by in svc.events(table.id) if seat == first][-1] == "timeout"
    while first not in table.to_act:  # (Army Men: who rolls first in a new battle depends on the last)
        table = await finish_turn(svc, table, other)
    assert table.seats[first].bank == DAY, "refilled by one day"
    assert seat_deadline(table, first) == svc.now.timestamp() + DAY
    row = svc.seat_rows(table.id)[first]
    assert (row["bank"], row["deadline_at"]) == (DAY, svc.now.timestamp() + DAY), "what the database holds"


async def test_armadillo_answers_each_on_its_own_clock(svc):
    """A roll's answers are simultaneous; each answering member's own bank runs: the slow one's runs out first,
    and the other keeps answering in their own time."""
    table = await bank_table(svc, ALICE, BOB, game_id="armadillo", pace=HOUR)
    (roller,) = table.to_act
    answerer = 1 - roller
    table = await svc.tables.act(table.id, table.seats[roller].user_id,
                                 played(table.game.timeout_action(table.state, roller)), table.seq)
    assert table.to_act == {roller, answerer}
    assert seat_deadline(table, answerer) == svc.now.timestamp() + 3 * HOUR
    table = await finish_turn(svc, table, answerer)  # answers at once
    await svc.advance(hours=2)  # the roller takes two hours to answer
    table = await finish_turn(svc, await svc.tables.cache.get_by_id(table.id), roller)
    assert table.seats[roller].bank == HOUR and table.seats[answerer].bank == 3 * HOUR

    while not (len(table.to_act) == 2 and table.status == "active"):  # the next roll: both answer again
        (seat,) = table.to_act
        table = await svc.tables.act(table.id, table.seats[seat].user_id,
                                     played(table.game.timeout_action(table.state, seat)), table.seq)
    slow, quick = roller, answerer
    now = svc.now.timestamp()
    assert seat_deadline(table, slow) == now + 2 * HOUR, "an hour left, and an hour more"
    assert seat_deadline(table, quick) == now + 3 * HOUR
    assert table.deadline_at == now + 2 * HOUR, "the table's deadline is the earliest of its seats'"

    await svc.advance(hours=2)
    table = await svc.tables.cache.get_by_id(table.id)
    assert slow not in table.to_act and table.seats[slow].timeouts == 1, "her bank ran out: the default answered"
    assert table.to_act == {quick} and table.seats[quick].timeouts == 0
    assert seat_deadline(table, quick) == now + 3 * HOUR, "his own clock runs on, untouched"
    assert [(by, seat) for _, seat, _, by in svc.events(table.id)][-1] == ("timeout", slow)


async def test_a_fixed_clock_is_still_one_pace_per_decision(svc):
    table = await svc.started(CHANNEL, ALICE, BOB, pace=HOUR)
    (seat,) = table.to_act
    assert seat_deadline(table, seat) == svc.now.timestamp() + HOUR and table.seats[seat].bank is None
    await svc.advance(minutes=30)
    table = await finish_turn(svc, await svc.tables.cache.get_by_id(table.id), seat)
    assert seat_deadline(table, 1 - seat) == svc.now.timestamp() + HOUR


async def test_an_upgraded_database_keeps_every_open_tables_deadline(tmp_path):
    """A table begun before per-seat clocks has only its own deadline: after the upgrade its seats to act time out
    exactly then, not a moment sooner nor later, and its next decision has a clock of its own."""
    path = tmp_path / "dicetable.sqlite3"
    shutil.copy(RELEASE_0001, path)
    now = [SVC_START]
    store = await Store.open(path)
    tables = open_tables(store, GAMES, clock=lambda: now[0])
    try:
        await tables.load()
        before = [t for t in await tables.cache.open_tables() if t.status == "active"]
        assert before, "the old release's database has a game running"
        for table in before:
            assert table.deadline_at is not None
            for seat in table.to_act:
                assert seat_deadline(table, seat) == table.deadline_at, "each seat to act keeps the table's"
        old = before[0]
        now[0] = SVC_START.fromtimestamp(old.deadline_at - 1, SVC_START.tzinfo)
        assert [t for t, _ in await tables.deadlines.expire_due() if t.id == old.id and t.seq != old.seq] == []
        now[0] += timedelta(seconds=1)
        fired = {t.id: (t, kind) for t, kind in await tables.deadlines.expire_due()}
        after, kind = fired[old.id]
        assert kind == "timeout" and after.seq > old.seq
        assert all(after.seats[s].timeouts == 1 for s in old.to_act if after.seats[s].human)
        for seat in after.to_act:
            assert after.seats[seat].deadline_at == now[0].timestamp() + after.pace_seconds, "its own clock"
    finally:
        await tables.timer.close()
        await store.close()


async def test_a_table_deadline_no_seat_has_is_set_right_not_fired(svc):
    """Were the table's deadline ever before every seat's own (written by hand here), the timer does not time
    anyone out: the table's deadline becomes its seats' earliest again, so what is due never spins."""
    table = await svc.started(CHANNEL, ALICE, BOB, pace=HOUR)
    (seat,) = table.to_act
    svc.write("UPDATE sessions SET deadline_at = ? WHERE id = ?", svc.now.timestamp() + 60, table.id)
    await svc.crash()
    await svc.boot()
    await svc.advance(minutes=2)
    assert svc.events(table.id) == [] and "timeout" not in svc.kinds()
    assert svc.session_row(table.id)["deadline_at"] == table.deadline_at == seat_deadline(table, seat)


async def bob_to_roll_unreminded(svc):
    """An async Armadillo table, away days on, bob to roll first (these dice) and wanting no reminders: after his
    roll, both answer at once, each on their own clock."""
    await svc.tables.preferences.change(BOB, reminders="off")
    await svc.tables.lobby.open(guild_id=svc.GUILD, channel_id=CHANNEL, game_id="armadillo", host_id=ALICE,
                                host_name="Alice", pace_seconds=DAY, away=True)
    await svc.tables.lobby.join(CHANNEL, BOB, "Bob")
    table = await svc.tables.turns.start(CHANNEL, ALICE)
    assert [table.seats[seat].user_id for seat in table.to_act] == [BOB]
    return table


async def roll(svc, table):
    (roller,) = table.to_act
    return await svc.tables.act(table.id, table.seats[roller].user_id,
                                played(table.game.timeout_action(table.state, roller)))


async def test_the_timer_wakes_for_a_seats_deadline_before_another_seats_reminder(svc):
    """Armadillo's answers run at once: alice goes away (her clock stops, her reminder comes after her return), bob
    wants no reminders; the timer must wake for bob's deadline, a day before alice's reminder is due."""
    table = await bob_to_roll_unreminded(svc)
    await svc.tables.away.go(ALICE, 3)
    table = await roll(svc, table)
    assert len(table.to_act) == 2
    table = await svc.tables.cache.get_by_id(table.id)
    alice, bob = table.seat_of(ALICE), table.seat_of(BOB)
    assert table.seats[bob].reminder_at is None and table.seats[alice].reminder_at is not None
    assert table.seats[alice].reminder_at > seat_deadline(table, bob), "her reminder falls after his deadline"
    assert await svc.tables.deadlines.next_due() == seat_deadline(table, bob) == table.deadline_at


async def test_a_move_that_brings_a_deadline_sooner_wakes_the_timer_for_it(svc):
    """Bob, away, must roll: the timer sleeps until his deadline after his return. He comes back early and rolls;
    both answer at once — his deadline a day from now, alice's (away longer) reminder after hers. The timer is told
    the earlier of the two: it wakes for bob's deadline, not days later for alice's reminder."""
    table = await bob_to_roll_unreminded(svc)
    await svc.tables.away.go(ALICE, 5)
    await svc.tables.away.go(BOB, 3)
    svc.tables.timer.start()  # it reads the due times again, as its round at bob's old deadline would
    await svc.settle()
    assert svc.tables.timer.armed_for == svc.now.timestamp() + 4 * DAY, "his roll: a day after his return"
    await svc.advance(hours=1)
    table = await roll(svc, table)
    alice, bob = table.seat_of(ALICE), table.seat_of(BOB)
    assert table.seats[alice].reminder_at > svc.now.timestamp() + 4 * DAY
    await svc.settle()
    assert svc.tables.timer.armed_for == seat_deadline(table, bob) == svc.now.timestamp() + DAY
