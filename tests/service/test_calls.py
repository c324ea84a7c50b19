"""Service tests, calls (bot/service/calls.py): a change calls only the members who must act and have not touched the
table lately; touches cost no write when they are moves and at most one write in a while otherwise; the table's one
standing ping is taken down in the commit in which everyone it named has acted — across restarts, and on
PostgreSQL across processes (the database is the arbiter).
"""

from __future__ import annotations

import asyncio
import time
from datetime import timedelta

import pytest

from bot.games.armadillo import Token
from bot.service import PACES, errors, played
from bot.service.calls import WATCHING

from .test_many_processes import only_on_a_shared_server, report, second_process, start_process

ALICE, BOB, CAROL = 101, 102, 103
CHANNEL = 900
AWAY = timedelta(seconds=WATCHING["casual"] + 1)  # longer than a casual table counts a touch as watching


async def armadillo(svc, pace: int = PACES["casual"]):
    """Alice, Bob and Carol at an Armadillo table, started; the table and its roller's member."""
    await svc.lobby(CHANNEL, ALICE, BOB, CAROL, game_id="armadillo", pace=pace)
    table = await svc.tables.turns.start(CHANNEL, ALICE)
    (roller,) = table.to_act
    return table, table.seats[roller].user_id


async def roll(svc, table, user: int):
    seat = table.seat_of(user)
    return await svc.tables.act(table.id, user, played(table.game.timeout_action(table.state, seat)), table.seq)


def touched_at(svc, table_id: int, user: int) -> float | None:
    return next(r["touched_at"] for r in svc.seat_rows(table_id) if r["user_id"] == user)


async def test_members_who_just_sat_down_are_watching_and_one_away_is_called(svc):
    table, roller = await armadillo(svc)
    assert table.called == frozenset(), "everyone took a seat a moment ago: nobody is pinged as the game starts"
    svc.now += AWAY
    watcher = next(u for u in (ALICE, BOB, CAROL) if u != roller)
    away = next(u for u in (ALICE, BOB, CAROL) if u not in (roller, watcher))
    await svc.tables.turns.hand(CHANNEL, watcher)  # My hand: a touch, though no move
    rolled = await roll(svc, table, roller)
    assert rolled.newly_to_act == {0, 1, 2}, "every player answers the roll, the roller too"
    assert rolled.called == {rolled.seat_of(away)}, "only the member who has not touched the table lately"


async def test_a_move_is_its_members_touch_and_writes_nothing_more(svc):
    table, roller = await armadillo(svc)
    joined = touched_at(svc, table.id, roller)
    svc.now += AWAY
    rolled = await roll(svc, table, roller)
    assert touched_at(svc, table.id, roller) == joined, "the move's own row in the log says when"
    assert rolled.seats[rolled.seat_of(roller)].touched_at == svc.now.timestamp()
    await svc.crash()
    rebuilt = await (await svc.boot()).cache.get_by_id(table.id)
    assert rebuilt.seats[rolled.seat_of(roller)].touched_at == svc.now.timestamp(), "rebuilt from the log"


async def test_a_touch_other_than_a_move_is_stored_at_most_once_in_a_quarter_of_the_watching_time(svc):
    table, roller = await armadillo(svc)
    other = next(u for u in (ALICE, BOB, CAROL) if u != roller)
    svc.now += AWAY
    await svc.tables.turns.hand(CHANNEL, other)
    first = touched_at(svc, table.id, other)
    assert first == svc.now.timestamp()
    svc.now += timedelta(seconds=WATCHING["casual"] / 4 - 1)
    await svc.tables.turns.hand(CHANNEL, other)
    assert touched_at(svc, table.id, other) == first, "a touch known this recently is not written again"
    svc.now += timedelta(seconds=2)
    with pytest.raises(errors.NotYourTurn):  # a refused click is a touch too
        await svc.tables.act(table.id, other, played(Token()), table.seq)
    assert touched_at(svc, table.id, other) == svc.now.timestamp()


async def test_a_touch_and_the_standing_ping_survive_a_restart(svc):
    table, roller = await armadillo(svc)
    svc.now += AWAY
    watcher = next(u for u in (ALICE, BOB, CAROL) if u != roller)
    await svc.tables.turns.hand(CHANNEL, watcher)
    await svc.crash()
    tables = await svc.boot()
    await tables.load()
    rolled = await roll(svc, await tables.cache.get(CHANNEL), roller)
    away = rolled.called
    assert rolled.seat_of(watcher) not in away and len(away) == 1, "the touch was kept in the database"
    assert await tables.calls.record_ping(table.id, 555, away | {rolled.seat_of(watcher)}, rolled.seq) == ()
    await svc.crash()
    tables = await svc.boot()
    await tables.load()
    (seat,) = away
    answered = await tables.act(table.id, rolled.seats[seat].user_id, played(Token()), rolled.seq)
    assert answered.answered_pings == (), "the watcher has not answered yet: the ping still names someone"
    last = await tables.act(table.id, watcher, played(Token()), answered.seq)
    assert last.answered_pings == (555,), "everyone it named has acted: taken down in that move's commit"
    assert svc.session_row(table.id)["ping_message_id"] is None


async def test_the_next_ping_replaces_the_standing_one_and_a_ping_answered_before_it_stood_goes(svc):
    table, roller = await armadillo(svc)
    svc.now += AWAY
    rolled = await roll(svc, table, roller)
    named = frozenset(s for s in rolled.newly_to_act)
    assert await svc.tables.calls.record_ping(table.id, 1, named, rolled.seq) == ()
    assert await svc.tables.calls.record_ping(table.id, 2, named, rolled.seq) == (1,), "the one before it is deleted"
    row = svc.session_row(table.id)
    assert (row["ping_message_id"], row["ping_seq"]) == (2, rolled.seq)
    after = rolled
    for seat in sorted(named):
        after = await svc.tables.act(table.id, after.seats[seat].user_id, played(Token()), after.seq)
    assert after.answered_pings == (2,)
    late = await svc.tables.calls.record_ping(table.id, 3, named, rolled.seq)
    assert late == (3,), "posted for answers already given: it is deleted at once, and nothing stands"
    assert svc.session_row(table.id)["ping_message_id"] is None


async def test_ending_a_table_takes_its_ping_down(svc):
    table, roller = await armadillo(svc)
    rolled = await roll(svc, table, roller)
    await svc.tables.calls.record_ping(table.id, 9, rolled.newly_to_act, rolled.seq)
    ended = await svc.tables.turns.end(CHANNEL, ALICE)
    assert ended.status == "ended" and ended.answered_pings == (9,)
    assert await svc.tables.calls.record_ping(table.id, 10, rolled.newly_to_act, rolled.seq) == (10,), \
        "a ping recorded after the table closed is deleted at once"


async def test_a_reminder_calls_only_the_members_to_act_who_are_away(svc):
    table, roller = await armadillo(svc)
    rolled = await roll(svc, table, roller)
    watcher = next(rolled.seats[s].user_id for s in rolled.newly_to_act)
    svc.now += timedelta(seconds=PACES["casual"] / 2 - 60)
    await svc.tables.turns.hand(CHANNEL, watcher)
    await svc.advance(seconds=60)
    (kind, reminded), = svc.heard
    assert kind == "reminder" and reminded.called == rolled.newly_to_act - {rolled.seat_of(watcher)}


async def test_a_touch_seen_by_another_process_keeps_its_member_from_being_called(svc):
    only_on_a_shared_server(svc)
    table, roller = await armadillo(svc)
    other = await second_process(svc)
    await other.cache.get_by_id(table.id)
    svc.now += AWAY
    watcher = next(u for u in (ALICE, BOB, CAROL) if u != roller)
    await svc.tables.turns.hand(CHANNEL, watcher)  # this process's touch…
    seen = await other.cache.get_by_id(table.id)
    move = seen.game.timeout_action(seen.state, seen.seat_of(roller))
    rolled = await other.act(table.id, roller, played(move), seen.seq)
    assert rolled.seat_of(watcher) not in rolled.called and len(rolled.called) == 1


async def test_a_ping_recorded_in_one_process_as_its_last_member_answers_in_another_is_deleted_exactly_once(svc):
    """Real processes: each ping is given back for deletion once — by its recording (answered first) or by the
    answer's commit (recorded first) — and none is left standing."""
    only_on_a_shared_server(svc)
    pings, last = [], []
    for n in range(8):
        host = 1000 + 10 * n  # a member hosts three open tables at most
        await svc.lobby(CHANNEL + n, host, host + 1, host + 2, game_id="armadillo")
        table = await svc.tables.turns.start(CHANNEL + n, host)
        (roller,) = table.to_act
        table = await roll(svc, table, table.seats[roller].user_id)
        *first, waiting = sorted(table.to_act)
        for seat in first:
            table = await svc.tables.act(table.id, table.seats[seat].user_id, played(Token()), table.seq)
        pings.append([table.id, 1000 + n, [waiting], table.seq])
        last.append((table, waiting))
    start = time.time() + 1.5
    other = start_process(svc, "ping", start=start, pings=pings)
    await asyncio.sleep(max(0.0, start - time.time()))
    async def answer(n: int, table, waiting: int):
        await asyncio.sleep(0.015 * n)  # the answers spread over the recordings, so both orders happen
        return await svc.tables.act(table.id, table.seats[waiting].user_id, played(Token()), table.seq)

    answers = await asyncio.gather(*(answer(n, t, w) for n, (t, w) in enumerate(last)))
    recorded = await asyncio.to_thread(report, other)
    assert not recorded["errors"]
    for (table_id, message, _, _), answer, given in zip(pings, answers, recorded["given_back"], strict=True):
        assert list(answer.answered_pings) + given == [message], (answer.answered_pings, given)
        assert svc.session_row(table_id)["ping_message_id"] is None
