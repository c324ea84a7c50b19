"""Two `Tables` on one database stand for two bot processes: the database is the arbiter of every move,
and every due deadline is handled by exactly one of them. On PostgreSQL the races with more processes run
in real processes (tests/service/processes.py); a SQLite file serves one process, so there they run in this one."""

from __future__ import annotations

import asyncio
import json
import logging
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bot.games.core import decode_action, encode_action
from bot.games.registry import engines
from bot.games.rng import table_rng
from bot.service import Tables, cache, errors, open_tables, played
from bot.service.ratings import DEFAULT_MU, DEFAULT_SIGMA, rate
from db import Store

from ..conftest import SVC_SEED

GAMES = engines()


CHANNEL, ALICE, BOB = 500, 1, 2


async def second_process(svc) -> Tables:
    store = await Store.open(svc.path)
    tables = open_tables(store, GAMES, clock=lambda: svc.now, rng_factory=svc.rng_factory, new_seed=lambda: "seed",
                        new_client_seed=lambda: "client")
    svc._opened.append((tables, store))
    return tables


async def fresh_replay(svc, table_id: int):
    tables = await second_process(svc)
    return await tables.cache.get_by_id(table_id)


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
    first, second = svc.tables, await second_process(svc)
    assert same(await second.cache.get_by_id(table.id), table)  # both hold the table rebuilt
    seat = min(table.to_act)
    user, action = table.seats[seat].user_id, table.game.timeout_action(table.state, seat)

    outcomes = await asyncio.gather(
        first.act(table.id, user, played(action), table.seq), second.act(table.id, user, played(action), table.seq),
        return_exceptions=True,
    )
    applied = [o for o in outcomes if not isinstance(o, BaseException)]
    refused = [o for o in outcomes if isinstance(o, BaseException)]
    assert len(applied) == 1 and len(refused) == 1
    assert isinstance(refused[0], errors.StaleMove), refused[0]
    assert svc.event_count(table.id) == applied[0].seq == table.seq + 1

    replayed = await fresh_replay(svc, table.id)
    for tables in (first, second):
        assert same(await tables.cache.get_by_id(table.id), replayed)


async def test_a_process_whose_copy_is_behind_catches_up_before_it_answers(svc):
    only_on_a_shared_server(svc)
    table = await svc.started(CHANNEL, ALICE, BOB)
    other = await second_process(svc)
    assert (await other.cache.get_by_id(table.id)).seq == table.seq
    moved = await svc.play(table, moves=3)  # all through the first process
    seat = min(moved.to_act)
    user, action = moved.seats[seat].user_id, moved.game.timeout_action(moved.state, seat)
    with pytest.raises(errors.StaleMove):  # a click offered before those moves
        await other.act(table.id, user, played(action), table.seq)
    after = await other.act(table.id, user, played(action), moved.seq)  # the current button works on either process
    assert after.seq == moved.seq + 1 and svc.event_count(table.id) == after.seq


async def test_a_move_on_a_copy_that_is_behind_is_computed_again_on_a_fresh_copy(svc):
    """A move reads nothing before it commits (the revision check is the read): a process whose copy is
    behind, given a click without a move number, neither refuses it on its old copy nor commits it twice."""
    only_on_a_shared_server(svc)
    table = await svc.started(CHANNEL, ALICE, BOB)
    other = await second_process(svc)
    assert (await other.cache.get_by_id(table.id)).seq == table.seq
    moved = await svc.play(table, moves=3)
    seat = min(moved.to_act)
    user, action = moved.seats[seat].user_id, moved.game.timeout_action(moved.state, seat)
    after = await other.act(table.id, user, played(action))
    assert after.seq == moved.seq + 1 and svc.event_count(table.id) == after.seq
    replayed = await fresh_replay(svc, table.id)
    for tables in (svc.tables, other):
        assert same(await tables.cache.get_by_id(table.id), replayed)


async def test_a_refusal_on_a_current_copy_stands_and_changes_nothing(svc):
    only_on_a_shared_server(svc)
    table = await svc.started(CHANNEL, ALICE, BOB)
    other = await second_process(svc)
    await other.cache.get_by_id(table.id)
    waiting = next(s for s in range(len(table.seats)) if s not in table.to_act)
    action = table.game.timeout_action(table.state, min(table.to_act))
    with pytest.raises(errors.NotYourTurn):
        await other.act(table.id, table.seats[waiting].user_id, played(action))
    assert svc.event_count(table.id) == table.seq


async def test_a_lobby_join_in_one_process_is_seen_by_the_other(svc):
    only_on_a_shared_server(svc)
    await svc.lobby(CHANNEL, ALICE)
    other = await second_process(svc)
    await other.lobby.join(CHANNEL, BOB, "Player 2")
    started = await svc.tables.turns.start(CHANNEL, ALICE)
    assert [s.user_id for s in started.seats] == [ALICE, BOB]


async def test_a_due_deadline_fires_once_across_processes(svc):
    tables = [await svc.started(CHANNEL + n, ALICE + 10 * n, BOB + 10 * n) for n in range(4)]
    other = await second_process(svc)
    await svc.settle()
    svc.now = svc.now.replace(hour=svc.now.hour + 2)  # past every deadline (an hour each)
    fired = await asyncio.gather(svc.tables.deadlines.expire_due(), other.deadlines.expire_due())
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
    assert await svc.tables.deadlines.expire_due() == []  # the claim holds for now
    assert svc.event_count(table.id) == 0
    svc.now = svc.now.replace(minute=svc.now.minute + 2)  # the claim lapses
    fired = await svc.tables.deadlines.expire_due()
    assert [(t.id, kind) for t, kind in fired] == [(table.id, "timeout")]
    assert timed_out(svc, table.id) == {(min(table.to_act), "timeout")}


# --- real processes: a rebuild racing commits, results recorded at once --------------------------------
PROCESS = Path(__file__).with_name("processes.py")


def start_process(svc, command: str, **plan) -> subprocess.Popen:
    """A real bot process on the test's database (PostgreSQL: a SQLite file serves one process)."""
    plan = {"url": svc.path, "now": svc.now.isoformat(), **plan}
    return subprocess.Popen([sys.executable, str(PROCESS), command, json.dumps(plan)], stdout=subprocess.PIPE,
                            text=True)


def report(process: subprocess.Popen) -> dict:
    out, _ = process.communicate(timeout=120)
    assert process.returncode == 0, out
    return json.loads(out.strip().splitlines()[-1])


def states_after_each_move(svc, table) -> list:
    """The table's state after 0, 1, 2 … of its logged moves, replayed here with the engine alone."""
    game, seeds = table.game, table.client_seeds
    state = game.setup(len(table.seats), table.options, table_rng(SVC_SEED, seeds, 0))
    states = [state]
    for seq, seat, action, _ in svc.events(table.id):
        state = game.apply(state, seat, decode_action(game, action), table_rng(SVC_SEED, seeds, seq))
        states.append(state)
    return states


async def play_in_this_process(tables: Tables, table_ids: list[int], seconds: float) -> int:
    moved, stop = 0, time.monotonic() + seconds
    while time.monotonic() < stop:
        for table_id in table_ids:
            table = await tables.cache.get_by_id(table_id)
            if table is not None and table.status == "active":
                seat = min(table.to_act)
                await tables.act(table_id, table.seats[seat].user_id,
                                   played(table.game.timeout_action(table.state, seat)), table.seq)
                moved += 1
            await asyncio.sleep(0)
    return moved


async def test_a_rebuild_racing_commits_returns_the_old_or_the_new_table_whole(svc, caplog):
    """While another process commits moves, this one reads the tables again and again — rebuilding each from
    the database every time, and catching a cached copy up — and always gets a table as it stood after some
    move, whole: never a row from before a commit with moves from after it, never a `Conflict`, never a table
    closed as unplayable, nothing logged as an error."""
    tables = []
    for n in range(3):  # DARDZ: a long game, still running when the test ends
        await svc.lobby(CHANNEL + n, ALICE + 10 * n, BOB + 10 * n, game_id="dardz")
        tables.append(await svc.tables.turns.start(CHANNEL + n, ALICE + 10 * n))
    ids = [t.id for t in tables]
    cold = open_tables(await Store.open(svc.path), GAMES, clock=lambda: svc.now, cache_size=0)  # rebuilds at every read
    warm = await second_process(svc)  # keeps its copies, and catches them up
    svc._opened.append((cold, cold.store))
    seconds = 3.0
    if isinstance(svc.path, str):
        writer = start_process(svc, "play", tables=ids, seconds=seconds)
        moving = None
        started = time.monotonic()  # a loaded machine may take seconds to start it: read once it plays
        while not any(svc.event_count(t) for t in ids) and time.monotonic() - started < 60:
            await asyncio.sleep(0.01)
    else:  # SQLite: one process per file, so the other "process" is a second service in this one
        writer, moving = None, asyncio.ensure_future(play_in_this_process(svc.tables, ids, seconds))
    seen = []
    stop = time.monotonic() + seconds
    while time.monotonic() < stop:
        for reader in (cold, warm):
            for table_id in ids:
                seen.append((table_id, await reader.cache.get_by_id(table_id)))
        await asyncio.sleep(0)
    moved = report(writer)["outcomes"].get("acknowledged", 0) if writer else await moving
    assert moved > 20, "the other process kept committing"
    assert cold.cache.rebuilds > 20
    assert warm.cache.catch_ups > 0 or not isinstance(svc.path, str), "SQLite: a process trusts its cache"
    states = {t.id: states_after_each_move(svc, t) for t in tables}
    for table_id, table in seen:
        if table is None:  # the game ended meanwhile
            assert svc.session_row(table_id)["status"] == "finished"
            continue
        assert table.state == states[table_id][table.seq], f"table {table_id} at move {table.seq} is not whole"
    assert {svc.session_row(table_id)["status"] for table_id in ids} <= {"active", "finished"}
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


async def last_move(svc, table):
    """Play the rules' default moves until the next one ends the game: the table and that last move."""
    while True:
        seat = min(table.to_act)
        action = table.game.timeout_action(table.state, seat)
        dice = table_rng(SVC_SEED, table.client_seeds, table.seq + 1)
        if table.game.outcome(table.game.apply(table.state, seat, action, dice)) is not None:
            return table, table.seats[seat].user_id, action
        table = await svc.tables.act(table.id, table.seats[seat].user_id, played(action), table.seq)


def rated_one_by_one(svc, member: int, opponents: dict[int, int]) -> tuple[float, float]:
    """The member's rating as the games rate it one after the other, in the order they were committed (each
    opponent played one game, against the member's rating of that moment: that gives the order)."""
    stored = {row["user_id"]: (row["mu"], row["sigma"]) for row in svc.rows(
        "SELECT user_id, mu, sigma FROM ratings WHERE guild_id = ? AND game = 'armymen'", svc.GUILD)}
    placings = {(row["session_id"], row["user_id"]): row["placing"] for row in svc.rows("SELECT * FROM results")}

    def after(rating: tuple[float, float], table_id: int, opponent: int) -> dict[int, tuple[float, float]]:
        return rate({member: rating}, {member: placings[(table_id, member)], opponent: placings[(table_id, opponent)]})

    mine, left = (DEFAULT_MU, DEFAULT_SIGMA), dict(opponents)
    while left:
        next_ones = [t for t, o in left.items() if after(mine, t, o)[o] == stored[o]]
        assert len(next_ones) == 1, "exactly one game was rated next, against the member's rating then"
        mine = after(mine, next_ones[0], left.pop(next_ones[0]))[member]
    return mine


async def test_results_recorded_at_once_by_four_processes_rate_a_member_in_commit_order(svc):
    """One member at 20 tables, each against someone new, all finished at the same moment by four processes:
    every result counts, and the member's rating is exactly the games applied one by one in commit order — in
    the running season too, whose ratings started fresh with these games (the same games in the same order)."""
    await svc.tables.seasons.start(svc.GUILD, "Spring", None)
    finals, opponents = [], {}
    for n in range(20):
        table = await svc.started(CHANNEL + n, 100 + n, ALICE)  # each opponent hosts (three tables a host)
        table, user, action = await last_move(svc, table)
        finals.append([table.id, user, encode_action(action), table.seq])
        opponents[table.id] = 100 + n
    start = time.time() + 1.5
    if isinstance(svc.path, str):
        workers = [start_process(svc, "finish", start=start, moves=finals[k::4]) for k in range(4)]
        outcomes = [report(w)["outcomes"] for w in workers]
        assert sum(o.get("acknowledged", 0) for o in outcomes) == 20, outcomes
    else:  # SQLite: four services in this process, one database connection each
        others = [await second_process(svc) for _ in range(4)]
        moves = [s.act(t, u, played(decode_action(GAMES["armymen"], a)), q) for k, s in enumerate(others)
                 for t, u, a, q in finals[k::4]]
        assert all(not isinstance(r, BaseException) for r in await asyncio.gather(*moves, return_exceptions=True))
    (row,) = svc.rows("SELECT mu, sigma, games, wins FROM ratings WHERE user_id = ?", ALICE)
    wins = svc.query("SELECT COUNT(*) FROM results WHERE user_id = ? AND \"placing\" = 1", ALICE)[0][0]
    assert (row["games"], row["wins"]) == (20, wins)
    assert (row["mu"], row["sigma"]) == rated_one_by_one(svc, ALICE, opponents)
    (season,) = svc.rows("SELECT mu, sigma, games, wins FROM season_ratings WHERE user_id = ?", ALICE)
    assert season == row


async def test_a_change_that_keeps_losing_the_race_is_refused_as_try_again_never_a_conflict(svc, monkeypatch):
    """Another process commits first every time (here: every one of the allowed attempts): the member is told
    to try again, and nothing changed; a `Conflict` never leaves the service."""
    only_on_a_shared_server(svc)
    monkeypatch.setattr(cache, "CONFLICT_RETRIES", 1)
    table = await svc.started(CHANNEL, ALICE, BOB)
    other = await second_process(svc)
    await other.cache.get_by_id(table.id)  # its copy, soon behind
    moved = await svc.play(table, moves=1)
    seat = min(moved.to_act)
    action = moved.game.timeout_action(moved.state, seat)
    with pytest.raises(errors.TryAgain):
        await other.act(table.id, moved.seats[seat].user_id, played(action))
    assert svc.event_count(table.id) == moved.seq
    again = await other.act(table.id, moved.seats[seat].user_id, played(action))  # the copy caught up: it plays now
    assert again.seq == moved.seq + 1


async def test_reads_of_more_tables_than_the_cache_holds_at_once_each_get_their_table(svc):
    """Twelve tables read all at once, again and again, by a process that keeps two in memory: a table pushed out
    of the cache while its read awaited the database is still given whole (the read puts it back), never an error."""
    ids = []
    for n in range(12):
        await svc.lobby(CHANNEL + n, ALICE + 10 * n, BOB + 10 * n)
        ids.append((await svc.tables.turns.start(CHANNEL + n, ALICE + 10 * n)).id)
    small = open_tables(await Store.open(svc.path), GAMES, clock=lambda: svc.now, cache_size=2)
    svc._opened.append((small, small.store))
    for _ in range(5):
        found = await asyncio.gather(*(small.cache.get_by_id(table_id) for table_id in ids * 3))
        assert [table.id for table in found] == ids * 3
