"""The store on both backends: numbered migrations, an in-place upgrade of a database from the release
before (schema 0001, made by that release's code), and a bad DATABASE_URL stopping the bot in one sentence."""

from __future__ import annotations

import asyncio
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
from contextlib import closing
from pathlib import Path

import pytest

from bot.games.registry import engines
from bot.service import open_tables, played
from db import Conflict, Store, StoreUnavailable, check_database
from db.migrations import migrations

from ..conftest import SVC_START, postgres_server_url

GAMES = engines()


RELEASE_0001 = Path(__file__).parents[1] / "fixtures" / "release_0001.sqlite3"  # written by the code at b58671a
ROOT = Path(__file__).resolve().parents[2]


def dump(path: Path) -> dict[str, list[tuple]]:
    with closing(sqlite3.connect(path)) as conn:
        return {
            table: conn.execute(f"SELECT * FROM {table} ORDER BY 1, 2").fetchall()
            for table in ("sessions", "seats", "events", "results", "ratings")
        }


async def test_a_release_0001_database_upgrades_in_place_and_loses_nothing(tmp_path):
    path = tmp_path / "dicetable.sqlite3"
    shutil.copy(RELEASE_0001, path)
    before = dump(path)
    assert sqlite3.connect(path).execute("PRAGMA user_version").fetchone() == (1,)

    store = await Store.open(path)
    tables = open_tables(store, GAMES, clock=lambda: SVC_START)
    assert await tables.load() == []  # every open table still replays
    active = await tables.cache.get_by_id(2)
    assert (active.status, active.seq) == ("active", 4)
    seat = min(active.to_act)
    moved = await tables.act(2, active.seats[seat].user_id, played(active.game.timeout_action(active.state, seat)), 4)
    assert moved.seq >= 5
    await tables.timer.close()
    await store.close()

    after = dump(path)
    latest = migrations("sqlite")[-1][0]
    assert sqlite3.connect(path).execute("PRAGMA user_version").fetchone() == (latest,)
    assert after["ratings"] == before["ratings"]
    old_columns = len(before["results"][0])
    assert [row[:old_columns] for row in after["results"]] == before["results"]
    assert {row[old_columns:] for row in after["results"]} == {(None, None)}, "no rating history from before"
    assert [row[: len(before["seats"][0])] for row in after["seats"]] == before["seats"]
    # the columns added since: client_seed (0006), touched_at (0009), level (0010), reminder_at, silenced_since (0012)
    added = {row[len(before["seats"][0]):len(before["seats"][0]) + 3] for row in after["seats"]}
    assert added == {(None, None, "normal")}, "old seats have no client seed nor touch, their computers play normal"
    with closing(sqlite3.connect(RELEASE_0001)) as conn:
        pending = dict(conn.execute("SELECT id, reminder_at FROM sessions WHERE status = 'active'").fetchall())
    kept = {(row[0], row[-2]) for row in after["seats"] if row[0] != 2}  # table 2 moved on since
    assert kept == {(row[0], pending.get(row[0])) for row in before["seats"] if row[0] != 2}, \
        "an open table's pending reminder is its seats' (none for the others)"
    assert {row[-1] for row in after["seats"]} == {None}, "nobody silenced a table before"
    with closing(sqlite3.connect(path)) as conn:
        derivations = {row[0] for row in conn.execute("SELECT derivation FROM sessions")}
    assert derivations == {None}, "old tables keep the old dice derivation"
    assert after["events"][: len(before["events"])] == before["events"]
    unchanged = [row for row in after["sessions"] if row[0] != 2]
    assert [row[: len(before["sessions"][0])] for row in unchanged] == [r for r in before["sessions"] if r[0] != 2]


async def test_migrations_run_once_and_opening_again_changes_nothing(svc):
    table = await svc.started(100, 1, 2)
    await svc.crash()
    for _ in range(2):
        store = await Store.open(svc.path)
        await store.close()
    if isinstance(svc.path, str):
        versions = [row["version"] for row in svc.rows("SELECT version FROM schema_migrations ORDER BY version")]
        assert versions == [number for number, _ in migrations("postgresql")]
    else:  # SQLite keeps the number of the last migration it ran (numbers may skip one no release shipped)
        assert svc.query("PRAGMA user_version")[0][0] == migrations("sqlite")[-1][0]
    assert svc.session_row(table.id)["status"] == "active"


@pytest.mark.parametrize(
    "url",
    ["mysql://root@localhost/dice", "postgresql://nobody@127.0.0.1:1/dice"],
    ids=["not-postgres", "unreachable"],
)
async def test_a_bad_database_url_is_one_sentence_naming_the_setting(url):
    with pytest.raises(StoreUnavailable, match=r"^DATABASE_URL .*[.)]$"):
        await check_database(url)
    with pytest.raises(StoreUnavailable, match="^DATABASE_URL"):
        await Store.open(url)


@pytest.mark.parametrize("fault", ["unknown user or wrong password", "missing database"])
async def test_a_database_url_the_server_refuses_is_one_sentence(fault):
    server = postgres_server_url()
    host = server.split("://", 1)[1].split("@")[-1]  # host:port/database, without who
    if fault == "missing database":
        url = f"postgresql://{server.split('://', 1)[1].rpartition('/')[0]}/no_such_database_16"
    else:
        url = f"postgresql://nobody16:wrong@{host}"
    with pytest.raises(StoreUnavailable, match="^DATABASE_URL was refused by PostgreSQL"):
        await check_database(url)


def test_the_bot_stops_at_start_up_with_one_line_for_a_bad_database_url(tmp_path):
    env = {**os.environ, "DISCORD_TOKEN": "not-used", "DATABASE_URL": "postgresql://nobody@127.0.0.1:1/dice"}
    done = subprocess.run([sys.executable, "-m", "bot"], cwd=tmp_path, env={**env, "PYTHONPATH": str(ROOT)},
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stderr.strip().count("\n") == 0, done.stderr
    assert done.stderr.startswith("Cannot start: DATABASE_URL names a PostgreSQL server that can't be reached")
    assert "Traceback" not in done.stderr and not list(tmp_path.iterdir())  # nothing written


async def test_changes_committed_together_fail_alone(svc):
    """Transactions that end at the same time share one commit (on both backends); a change whose table moved on
    fails alone, and every other one is committed before its `async with` returns."""
    tables = [await svc.started(100 + n, 10 * n + 1, 10 * n + 2) for n in range(5)]
    revs = {t.id: svc.session_row(t.id)["rev"] for t in tables}
    stale = tables[2].id

    async def change(table_id: int) -> None:
        async with svc.store.transaction() as tx:
            await tx.advance_rev(table_id, revs[table_id] - (table_id == stale))
            await tx.update_table(table_id, message_id=5000 + table_id)

    results = await asyncio.gather(*(change(t.id) for t in tables), return_exceptions=True)
    assert [type(r).__name__ for r in results] == ["NoneType", "NoneType", "Conflict", "NoneType", "NoneType"]
    for table in tables:
        row = svc.session_row(table.id)
        if table.id == stale:
            assert (row["message_id"], row["rev"]) == (None, revs[table.id])
        else:
            assert (row["message_id"], row["rev"]) == (5000 + table.id, revs[table.id] + 1)


async def test_text_with_quotes_and_backslashes_is_stored_as_it_was_given(svc):
    """PostgreSQL gets a transaction's writes as one script with literal values: text comes back intact."""
    name = "O'Brien \\'; DROP TABLE seats; -- \u00e9\u2603 $$ ?"
    table = await svc.lobby(100, 1)
    await svc.tables.lobby.join(100, 2, name)
    assert [row["name"] for row in svc.seat_rows(table.id)] == ["Player 1", name]


async def test_a_write_of_text_no_database_can_hold_fails_alone_in_its_group(svc):
    """Five changes committed together, one carrying a lone surrogate: PostgreSQL gets the group as one script,
    so the bad text is refused when its write is made, and only its own transaction fails."""
    tables = [await svc.lobby(100 + n, 10 * n + 1) for n in range(5)]
    poisoned = tables[3].id

    async def rename(table_id: int) -> None:
        async with svc.store.transaction() as tx:
            await tx.update_seat(table_id, 0, name="bad \ud800 name" if table_id == poisoned else f"Host {table_id}")

    results = await asyncio.gather(*(rename(t.id) for t in tables), return_exceptions=True)
    assert [isinstance(r, ValueError) for r in results] == [False, False, False, True, False], results
    for table in tables:
        (seat,) = svc.seat_rows(table.id)
        assert seat["name"] == (f"Player {10 * (table.id - tables[0].id) + 1}" if table.id == poisoned
                                else f"Host {table.id}")


async def test_a_change_whose_revision_moved_fails_alone_in_its_group(svc):
    """Three changes committed together, two computed from the same revision of one table: the first commits, the
    second's revision check fails (Conflict) with nothing of it written, and the other table's change commits —
    one failing check never fails the group it was sent in."""
    first, other = [await svc.lobby(100 + n, 10 * n + 1) for n in range(2)]
    revs = {t.id: (await svc.store.table(t.id)).rev for t in (first, other)}

    async def rename(table_id: int, name: str) -> None:
        async with svc.store.transaction() as tx:
            await tx.advance_rev(table_id, revs[table_id])
            await tx.update_seat(table_id, 0, name=name)

    results = await asyncio.gather(rename(first.id, "First"), rename(first.id, "Second"), rename(other.id, "Other"),
                                   return_exceptions=True)
    assert [type(r) for r in results] == [type(None), Conflict, type(None)], results
    assert [row["name"] for row in svc.seat_rows(first.id)] == ["First"]
    assert [row["name"] for row in svc.seat_rows(other.id)] == ["Other"]
    assert (await svc.store.table(first.id)).rev == revs[first.id] + 1


async def test_a_member_whose_name_no_database_can_hold_still_takes_a_seat(svc):
    await svc.lobby(100, 1)
    table = await svc.tables.lobby.join(100, 2, "odd \ud800 name \x00")
    assert table.seats[1].name == "odd \ufffd name \ufffd"
    assert [row["name"] for row in svc.seat_rows(table.id)] == ["Player 1", "odd \ufffd name \ufffd"]


def files_in(folder: Path) -> dict[str, tuple[int, int]]:
    return {p.name: (p.stat().st_size, p.stat().st_mtime_ns) for p in folder.iterdir()}


async def test_a_second_bot_process_on_one_sqlite_file_stops_at_start_up_with_one_sentence(tmp_path):
    """A SQLite file serves one process, which trusts the tables it holds: a second bot process on the same file
    (here the live bot beside a playground) stops before it reads or writes anything, in one sentence naming
    DATABASE_PATH and pointing to PostgreSQL; a second playground is refused the same way."""
    database = tmp_path / "dicetable.sqlite3"
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "DATABASE_URL")}
    env.update(PYTHONPATH=str(ROOT), PYTHONUNBUFFERED="1", DATABASE_PATH=str(database))
    first = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", "--port", "0", "--no-browser", "--database", str(database), cwd=tmp_path,
        env={**env, "DISCORD_TOKEN": ""}, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.DEVNULL)
    try:
        started = ""
        while "Stop" not in started:
            line = await asyncio.wait_for(first.stdout.readline(), timeout=60)
            assert line, f"the playground exited early: {started}"
            started += line.decode()
        before = files_in(tmp_path)
        live = await asyncio.to_thread(subprocess.run, [sys.executable, "-m", "bot"], cwd=tmp_path, timeout=60,
                                       env={**env, "DISCORD_TOKEN": "not-used"}, capture_output=True, text=True)
        assert live.returncode == 2 and live.stdout == ""
        assert live.stderr.count("\n") == 1 and "Traceback" not in live.stderr, live.stderr
        assert live.stderr.startswith(f"Cannot start: DATABASE_PATH {database} is in use by another bot process")
        assert "PostgreSQL" in live.stderr and "DATABASE_URL" in live.stderr
        playground = await asyncio.to_thread(
            subprocess.run, [sys.executable, "-m", "bot", "--port", "0", "--no-browser", "--database", str(database)],
            cwd=tmp_path, timeout=60, env={**env, "DISCORD_TOKEN": ""}, capture_output=True, text=True)
        assert playground.returncode == 2 and playground.stdout.startswith("Cannot start the playground")
        assert files_in(tmp_path) == before, "nothing was written"
    finally:
        first.send_signal(signal.SIGINT)
        await asyncio.wait_for(first.wait(), timeout=30)


async def test_stores_of_one_process_share_its_claim_on_a_sqlite_file(tmp_path):
    """The test suite (and a bot restarted in one process) opens several stores on one file: they share it."""
    path = tmp_path / "bot.sqlite3"
    stores = [await Store.open(path) for _ in range(3)]
    for store in stores:
        await store.close()
    again = await Store.open(path)  # the claim went with the last store, and comes back
    await again.close()


async def test_the_last_synced_commands_are_remembered_per_scope(svc):
    """Migration 0008: the digest of the slash commands last synced, per application and scope (a restart with the
    same commands syncs nothing)."""
    store = svc.store
    assert await store.synced_commands("application 1 global") is None
    async with store.transaction():
        await store.save_synced_commands("application 1 global", "old", 1.0)
    async with store.transaction():
        await store.save_synced_commands("application 1 global", "new", 2.0)
        await store.save_synced_commands("application 1 server 5", "guild", 3.0)
    assert await store.synced_commands("application 1 global") == "new"
    assert await store.synced_commands("application 2 global") is None
    assert svc.query("SELECT scope, digest, synced_at FROM command_syncs ORDER BY scope") == [
        ("application 1 global", "new", 2.0), ("application 1 server 5", "guild", 3.0)]
