"""`python -m bot backup PATH` and `python -m bot restore PATH`, run as an operator runs them: a process of their own
beside the bot's. A backup taken while moves are being made holds every move acknowledged before it began, and the
bot is never stopped; a restore puts a backup in place, never under a running bot. Bad input is one sentence naming
the setting or the path, exit status 2, and nothing half-written."""

from __future__ import annotations

import asyncio
import os
import sqlite3
import sys
import time
from contextlib import closing
from datetime import UTC, datetime
from pathlib import Path

from bot.games.registry import engines
from bot.service import open_tables, played
from db import Store

ROOT = Path(__file__).resolve().parents[2]
GAMES = engines()


def environment(**settings: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "DATABASE_URL", "DATABASE_PATH",
                                                           "LOG_FORMAT", "LOG_LEVEL", "METRICS_PORT")}
    return {**env, "PYTHONPATH": str(ROOT), **settings}


async def command(cwd: Path, *args: str, **settings: str) -> tuple[int, str, str]:
    """`python -m bot …` in a process of its own; this event loop goes on meanwhile (the bot keeps playing)."""
    process = await asyncio.create_subprocess_exec(sys.executable, "-m", "bot", *args, cwd=cwd,
                                                   env=environment(**settings), stdout=asyncio.subprocess.PIPE,
                                                   stderr=asyncio.subprocess.PIPE)
    out, err = await asyncio.wait_for(process.communicate(), 120)
    return process.returncode, out.decode(), err.decode()


def moves_in(path: Path) -> set[tuple[int, int]]:
    with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as conn:
        return set(conn.execute("SELECT session_id, seq FROM events"))


class Bot:
    """The service on a SQLite file, as the bot holds it (the file claimed), playing tables in several channels."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.acknowledged: list[tuple[float, int, int]] = []  # (when, table, move) of each move acted on

    async def open(self) -> None:
        self.store = await Store.open(self.path)
        self.tables = open_tables(self.store, GAMES, clock=lambda: datetime.now(UTC))

    async def table_in(self, channel: int):
        """A started Army Men Dice War table in `channel`, between two members of its own (a member hosts at most
        three tables)."""
        host, guest = channel, channel + 10_000
        await self.tables.lobby.open(guild_id=7, channel_id=channel, game_id="armymen", host_id=host, host_name="Host")
        await self.tables.lobby.join(channel, guest, "Guest")
        return await self.tables.turns.start(channel, host)

    async def play(self, channels: list[int], until: asyncio.Event) -> None:
        tables = {channel: await self.table_in(channel) for channel in channels}
        while not until.is_set():
            for channel, table in tables.items():
                if table.status != "active":
                    tables[channel] = await self.table_in(channel)
                    continue
                seat = min(table.to_act)
                action = table.game.timeout_action(table.state, seat)
                table = tables[channel] = await self.tables.act(table.id, table.seats[seat].user_id, played(action),
                                                                table.seq)
                self.acknowledged += [(time.monotonic(), table.id, m.seq) for m in table.moves]
            await asyncio.sleep(0)

    async def close(self) -> None:
        await self.tables.timer.close()
        await self.store.close()


async def test_a_backup_taken_while_moves_are_made_holds_every_move_acknowledged_before_it(tmp_path):
    bot = Bot(tmp_path / "dicetable.sqlite3")
    await bot.open()
    done = asyncio.Event()
    playing = asyncio.create_task(bot.play(list(range(100, 108)), done))
    try:
        while len(bot.acknowledged) < 200 and not playing.done():
            await asyncio.sleep(0.01)
        began = time.monotonic()
        status, out, err = await command(tmp_path, "backup", "backups/tonight.sqlite3", "--database", str(bot.path))
        ended = time.monotonic()
    finally:
        done.set()
        await playing  # raises what stopped it, if anything did
    backup = tmp_path / "backups" / "tonight.sqlite3"
    assert (status, err) == (0, ""), err
    with closing(sqlite3.connect(f"file:{backup}?mode=ro", uri=True)) as conn:
        (open_then,), (their_moves,) = conn.execute(
            "SELECT COUNT(*) FROM sessions WHERE status IN ('lobby', 'active') UNION ALL SELECT COUNT(*) FROM events"
            " JOIN sessions ON sessions.id = session_id WHERE status IN ('lobby', 'active')").fetchall()
    assert out == (f"✓ Backed up {bot.path} to backups/tonight.sqlite3; the copy replays every open table (open "
                   f"tables: {open_then}, their moves: {their_moves}).\n")
    assert open_then and their_moves  # tables in play were copied (those whose game had just ended are closed)
    copied = moves_in(backup)
    before = {(table, move) for when, table, move in bot.acknowledged if when < began}
    assert before <= copied, f"{len(before - copied)} acknowledged moves missing from the backup"
    during = [m for m in bot.acknowledged if began <= m[0] < ended]
    assert during, "the bot went on playing while the backup was taken"
    assert copied <= moves_in(bot.path)
    assert sorted(p.name for p in backup.parent.iterdir()) == ["tonight.sqlite3"]  # nothing else left beside it
    await bot.close()


async def test_a_restore_puts_a_backup_in_place_and_its_tables_resume_there(tmp_path):
    bot = Bot(tmp_path / "dicetable.sqlite3")
    await bot.open()
    table = await bot.table_in(100)
    await bot.close()
    assert (await command(tmp_path, "backup", "saved.sqlite3", "--database", str(bot.path)))[0] == 0
    await bot.open()
    table = await bot.tables.cache.get_by_id(table.id)
    seat = min(table.to_act)
    move = table.game.timeout_action(table.state, seat)
    later = await bot.tables.act(table.id, table.seats[seat].user_id, played(move), table.seq)
    await bot.close()

    status, out, err = await command(tmp_path, "restore", "saved.sqlite3", "--database", str(bot.path))
    assert (status, err) == (0, ""), err
    assert out.startswith(f"✓ Restored {bot.path} from saved.sqlite3, which replays every open table (open tables: "
                          "1, their moves: "), out
    assert out.endswith(f"the database it replaced is kept as {bot.path}.before-restore.\n"), out
    await bot.open()
    resumed = await bot.tables.cache.get_by_id(table.id)
    assert resumed.seq == table.seq and resumed.state == table.state  # the backup's table, playable
    await bot.close()
    assert (table.id, later.seq) in moves_in(Path(f"{bot.path}.before-restore"))


async def test_a_restore_onto_a_running_bot_is_refused_and_changes_nothing(tmp_path):
    bot = Bot(tmp_path / "dicetable.sqlite3")
    await bot.open()
    await bot.table_in(100)
    await bot.close()
    assert (await command(tmp_path, "backup", "saved.sqlite3", "--database", str(bot.path)))[0] == 0
    await bot.open()  # the bot runs again
    table = await bot.table_in(101)
    try:
        status, out, err = await command(tmp_path, "restore", "saved.sqlite3", "--database", str(bot.path))
    finally:
        await bot.close()
    assert (status, out) == (2, "")
    assert err == f"✗ DATABASE_PATH {bot.path} is in use by a running bot: stop the bot first, then restore.\n"
    with closing(sqlite3.connect(f"file:{bot.path}?mode=ro", uri=True)) as conn:
        assert conn.execute("SELECT status FROM sessions WHERE id = ?", (table.id,)).fetchall() == [("active",)]
    assert sorted(p.name for p in tmp_path.iterdir() if not p.name.startswith("dicetable.sqlite3")) == \
        ["saved.sqlite3"]


async def test_a_backup_path_that_cannot_be_written_is_refused_with_nothing_written(tmp_path):
    bot = Bot(tmp_path / "dicetable.sqlite3")
    await bot.open()
    await bot.table_in(100)
    (tmp_path / "notes.txt").write_text("a file, not a folder")
    status, out, err = await command(tmp_path, "backup", "notes.txt/tonight.sqlite3", "--database", str(bot.path))
    await bot.close()
    assert (status, out) == (2, "")
    assert err == "✗ Cannot write notes.txt/tonight.sqlite3: Not a directory (in notes.txt).\n"
    assert (tmp_path / "notes.txt").read_text() == "a file, not a folder"


async def test_a_copy_whose_tables_do_not_replay_is_not_kept(tmp_path):
    bot = Bot(tmp_path / "dicetable.sqlite3")
    await bot.open()
    table = await bot.table_in(100)
    await bot.close()
    with closing(sqlite3.connect(bot.path)) as conn, conn:  # a move the rules refuse, as a damaged copy would hold
        conn.execute("INSERT INTO events (session_id, seq, seat, action, by, at) VALUES (?, ?, ?, ?, ?, ?)",
                     (table.id, table.seq + 1, 0, '["Hold", [9, 9]]', "player", 0.0))
        conn.execute("UPDATE sessions SET seq = seq + 1 WHERE id = ?", (table.id,))
    status, out, err = await command(tmp_path, "backup", "tonight.sqlite3", "--database", str(bot.path))
    assert (status, out) == (1, "")
    assert err.startswith(f"✗ The copy does not replay, so it was not kept: table {table.id}: its "), err
    assert not [p for p in tmp_path.iterdir() if "tonight" in p.name]


async def test_postgresql_databases_are_pointed_to_pg_dump_and_pg_restore(tmp_path):
    url = "postgresql://bot@db.invalid/dicetable"
    for verb, tool in (("backup", "pg_dump"), ("restore", "pg_restore")):
        (tmp_path / "saved.sqlite3").touch()
        status, out, err = await command(tmp_path, verb, "saved.sqlite3", DATABASE_URL=url)
        assert (status, out) == (2, "")
        assert err == f"✗ DATABASE_URL names a PostgreSQL database: use {tool} (docs/operating.md shows how).\n"


async def test_a_restore_from_a_file_that_is_not_a_backup_is_refused(tmp_path):
    (tmp_path / "notes.txt").write_text("not a database " * 100)
    status, out, err = await command(tmp_path, "restore", "notes.txt", "--database", "dicetable.sqlite3")
    assert (status, out) == (2, "")
    assert err.startswith("✗ The backup PATH notes.txt is not a SQLite database SQLite can read"), err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt"]
