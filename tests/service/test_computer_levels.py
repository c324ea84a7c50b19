"""Service tests, computer levels: a computer seat keeps its level in the database (migration 0010) and
plays at it — hard in a worker thread, within its budget on the slowest tables; an absent member's autopilot plays
at normal; the game record carries the levels and verify recomputes every computer move; an unknown level, or
any level on a full table, is refused and changes nothing."""

from __future__ import annotations

import threading
import time

import pytest

from bot.games.armadillo import ARMADILLO
from bot.games.armymen import ARMYMEN
from bot.games.core import encode_action
from bot.games.dardz import DARDZ
from bot.games.doodle import DOODLE
from bot.games.rng import table_rng
from bot.service import PACES, errors, open_tables, played
from bot.service.fairness import verify
from db import Store
from tests.conftest import GAMES, SVC_CLIENT_SEED, SVC_SEED

ALICE, BOB = 101, 102
CHANNEL = 900
LIVE = PACES["live"]
BUDGET = 0.050  # s of CPU per hard decision (benchmarks/computer_budget.py measures the goal)
LOOSE = 4 * BUDGET  # what a shared machine allows a test (tests/games/test_levels.py does the same)


class Watched:
    """A real engine, watched: every computer decision's level, the thread it ran on and its CPU time."""

    def __init__(self, engine) -> None:
        self._engine = engine
        self.decisions: list[tuple[str, int, float]] = []

    def __getattr__(self, name):
        return getattr(self._engine, name)

    def computer_action(self, state, seat, rng, level="normal"):
        start = time.thread_time()
        action = self._engine.computer_action(state, seat, rng, level)
        self.decisions.append((level, threading.get_ident(), time.thread_time() - start))
        return action


def watched_tables(svc, *engines):
    """A second service on the harness's database playing watched engines."""
    games = {engine.id: Watched(engine) for engine in engines}
    tables = open_tables(svc.store, games, clock=lambda: svc.now, new_seed=lambda: SVC_SEED,
                         new_client_seed=lambda: SVC_CLIENT_SEED)
    return tables, games


async def play_out(tables, table):
    """The members to act play the rules' default move until the game ends."""
    while table.status == "active":
        seat = min(s for s in table.to_act if not table.seats[s].is_computer)
        action = table.game.timeout_action(table.state, seat)
        table = await tables.act(table.id, table.seats[seat].user_id, played(action), expected_seq=table.seq)
    return table


async def test_a_computer_keeps_its_level_through_a_restart(svc):
    await svc.tables.lobby.open(guild_id=svc.GUILD, channel_id=CHANNEL, game_id="armadillo", host_id=ALICE,
                          host_name="Alice")
    for level in ("hard", "easy"):
        await svc.tables.lobby.add_computer(CHANNEL, ALICE, level=level)
    table = await svc.tables.lobby.add_computer(CHANNEL, ALICE)  # the default
    assert [(s.name, s.is_computer, s.level) for s in table.seats] == [
        ("Alice", False, "normal"), ("Computer 1", True, "hard"), ("Computer 2", True, "easy"),
        ("Computer 3", True, "normal")]
    assert [row["level"] for row in svc.seat_rows(table.id)] == ["normal", "hard", "easy", "normal"]

    await svc.crash()
    await svc.boot()
    table = await svc.tables.turns.start(CHANNEL, ALICE)
    assert [s.level for s in table.seats] == ["normal", "hard", "easy", "normal"]
    table = await play_out(svc.tables, table)
    record = await svc.tables.records.game_record(svc.GUILD, table.id, CHANNEL)
    assert record["levels"] == [None, "hard", "easy", "normal"]
    assert {m["by"] for m in record["moves"]} >= {"player", "computer"}
    verdict = verify(record, GAMES)
    assert verdict.ok, verdict.line
    computed = sum(m["by"] == "computer" for m in record["moves"])
    assert f"{computed} computer moves recomputed: each the one its level makes." in verdict.line


async def test_verify_catches_a_computer_move_its_level_does_not_make(svc):
    """The levels are part of what is verified: the same game claimed for a normal computer is refuted at the
    first move where hard and normal differ; a record without levels (an older one) means normal."""
    await svc.lobby(CHANNEL, ALICE, game_id="armadillo")
    await svc.tables.lobby.add_computer(CHANNEL, ALICE, level="hard")
    table = await play_out(svc.tables, await svc.tables.turns.start(CHANNEL, ALICE))
    record = await svc.tables.records.game_record(svc.GUILD, table.id, CHANNEL)
    assert verify(record, GAMES).ok
    for claimed in (dict(record, levels=[None, "normal"]), {k: v for k, v in record.items() if k != "levels"}):
        verdict = verify(claimed, GAMES)
        assert not verdict.ok and verdict.readable
        assert verdict.line.startswith("✗ Not verified: move ") and "a computer playing normal" in verdict.line
    assert not verify(dict(record, levels=["hard"]), GAMES).readable, "one level per seat"
    assert not verify(dict(record, levels=[None, "expert"]), GAMES).readable


async def test_an_absent_members_autopilot_plays_at_normal(svc):
    """Alice misses three turns and her seat goes on autopilot beside a hard computer: each of its moves is the
    normal computer's, recomputed here from the table's dice, and the record says so."""
    await svc.lobby(CHANNEL, ALICE, BOB, game_id="armadillo", pace=LIVE)
    await svc.tables.lobby.add_computer(CHANNEL, ALICE, level="hard")
    table = await bob_answers(svc, await svc.tables.turns.start(CHANNEL, ALICE))
    while table.status == "active" and not table.seats[0].autopilot:
        await svc.advance(seconds=LIVE)  # alice is away; bob answers in time
        table = await bob_answers(svc, await svc.tables.cache.get_by_id(table.id)
                                  or await svc.tables.records.closed_table(table.id))
    assert table.seats[0].autopilot and table.seats[0].level == "normal"
    table = await bob_answers(svc, table)
    assert table.status == "finished", "the game never waits for a seat on autopilot"
    autopilot = [(seq, seat, action) for seq, seat, action, by in svc.events(table.id) if by == "autopilot"]
    assert autopilot and {seat for _, seat, _ in autopilot} == {0}
    game = GAMES["armadillo"]
    for seq, seat, action in autopilot[:12]:
        before = (await svc.tables.records.replay_step(table.id, seq - 1)).table
        thinking = table_rng(SVC_SEED, [SVC_CLIENT_SEED] * 3, f"computer:{seq - 1}:{seat}")
        assert action == encode_action(game.computer_action(before.state, seat, thinking, "normal")), seq
    record = await svc.tables.records.game_record(svc.GUILD, table.id, CHANNEL)
    assert record["levels"] == [None, None, "hard"] and verify(record, GAMES).ok


async def bob_answers(svc, table):
    """Bob makes every move he owes (the rules' default), until the game waits for someone else or ends."""
    while table.status == "active" and 1 in table.to_act:
        table = await svc.tables.act(table.id, BOB, played(table.game.timeout_action(table.state, 1)), table.seq)
    return table


async def test_an_unknown_level_or_a_full_table_is_refused_and_changes_nothing(svc):
    table = await svc.lobby(CHANNEL, ALICE)  # Army Men: two seats
    rev = svc.session_row(table.id)["rev"]
    for level in ("expert", "", "HARD", "hard "):
        with pytest.raises(errors.Refusal) as refused:
            await svc.tables.lobby.add_computer(CHANNEL, ALICE, level=level)
        assert str(refused.value) == "A computer plays at one of three levels: easy, normal or hard."
    await svc.tables.lobby.add_computer(CHANNEL, ALICE, level="hard")
    rev = svc.session_row(table.id)["rev"]
    for level in ("easy", "normal", "hard"):
        with pytest.raises(errors.TableFull) as refused:
            await svc.tables.lobby.add_computer(CHANNEL, ALICE, level=level)
        assert str(refused.value) == "This table is full (2 players)."
    assert [row["level"] for row in svc.seat_rows(table.id)] == ["normal", "hard"]
    assert svc.session_row(table.id)["rev"] == rev


async def test_hard_decides_in_a_worker_thread_and_normal_on_the_loop(svc):
    """A hard decision may take milliseconds: it runs off the event loop (the table still locked, its
    transaction still open), so other tables' clicks are served meanwhile; normal's microseconds stay on it."""
    tables, games = watched_tables(svc, ARMYMEN)
    loop_thread = threading.get_ident()
    for channel, level in ((CHANNEL, "hard"), (CHANNEL + 1, "normal")):
        await tables.lobby.open(guild_id=svc.GUILD, channel_id=channel, game_id="armymen", host_id=ALICE,
                          host_name="Alice")
        await tables.lobby.add_computer(channel, ALICE, level=level)
        await play_out(tables, await tables.turns.start(channel, ALICE))
    await tables.timer.close()
    threads = {level: {thread for lvl, thread, _ in games["armymen"].decisions if lvl == level}
               for level in ("hard", "normal")}
    assert threads["hard"] and loop_thread not in threads["hard"]
    assert threads["normal"] == {loop_thread}


@pytest.mark.parametrize("engine", [ARMADILLO, DOODLE, DARDZ], ids=lambda e: e.id)
async def test_hard_keeps_its_budget_at_a_five_seat_table_in_the_service(svc, engine):
    """The slowest tables: one member and four hard computers to the end of a game, through the service."""
    tables, games = watched_tables(svc, engine)
    await tables.lobby.open(guild_id=svc.GUILD, channel_id=CHANNEL, game_id=engine.id, host_id=ALICE, host_name="Alice")
    for _ in range(4):
        await tables.lobby.add_computer(CHANNEL, ALICE, level="hard")
    table = await play_out(tables, await tables.turns.start(CHANNEL, ALICE))
    await tables.timer.close()
    assert table.status == "finished"
    spent = [cpu for level, _, cpu in games[engine.id].decisions if level == "hard"]
    assert len(spent) > 50
    assert max(spent) < LOOSE, f"a hard decision took {max(spent) * 1000:.0f} ms of CPU"


async def test_seats_from_before_levels_are_normal_after_migration_0010(svc):
    """A database without migration 0010 (no level column), with a computer seat: after the upgrade the computer
    plays normal, as it always did. PostgreSQL records each migration, so 0010 alone runs again; SQLite keeps only
    the last one's number: tests/db/test_store_backends.py upgrades a release-0001 database there."""
    if not isinstance(svc.path, str):
        pytest.skip("SQLite: the release-0001 database upgrade covers migration 0010")
    table = await svc.lobby(CHANNEL, ALICE, None)
    await svc.crash()
    svc.write("ALTER TABLE seats DROP COLUMN level")
    svc.write("DELETE FROM schema_migrations WHERE version = 10")
    store = await Store.open(svc.path)
    await store.close()
    assert [(row["is_computer"], row["level"]) for row in svc.seat_rows(table.id)] == [
        (False, "normal"), (True, "normal")]
    tables = await svc.boot()
    assert [s.level for s in (await tables.cache.get(CHANNEL)).seats] == ["normal", "normal"]
