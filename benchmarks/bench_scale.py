"""Scale figures, before and after, from one run: cold start with 1k and 10k open tables, committed
moves/s through `Tables.act` at concurrency 1 and 50, RSS of 10k idle tables, the first move on a
cold table; on SQLite and (with --pg URL) on PostgreSQL.

"Before" is the code at BASELINE (exported with `git archive` into a temporary folder), "after" is this
worktree; each runs in its own subprocess (`--worker`) so neither sees the other's modules. The machine
is shared, so compare the ratios more than the absolute numbers.

    .venv/bin/python benchmarks/bench_scale.py [--pg postgresql://…] [--tables 1000,10000] [--moves 3000]
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import inspect
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from datetime import UTC, datetime
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BASELINE = "b58671a"  # main before the lazy tables (SQLite only); `--baseline` picks another
TEMPLATE_MOVES = 6  # moves already played at every replicated table
COLD_SAMPLE = 100  # tables whose first move is timed on its own

# Benchmark scaffolding, not the bot: copies the template table (id 1) into ids 2..n. The same text runs
# on SQLite and PostgreSQL.
# Copies of table 1 as tables 1+k: every column copied as it is, except these, offset by k (so the same
# statements work for any version's schema, e.g. a baseline from before a column was added).
OFFSETS = {
    "sessions": {"id": "id + k", "channel_id": "channel_id + k", "host_id": "host_id + 10 * k"},
    "seats": {"session_id": "session_id + k", "user_id": "user_id + 10 * k"},
    "events": {"session_id": "session_id + k"},
}
TEMPLATE = {"sessions": "id = 1", "seats": "session_id = 1", "events": "session_id = 1"}


def replicate(table: str, columns: list[str]) -> str:
    names = ", ".join(f'"{c}"' for c in columns)
    values = ", ".join(OFFSETS[table].get(c, f'"{c}"') for c in columns)
    return f"INSERT INTO {table} ({names}) SELECT {values} FROM {table}, ks WHERE {TEMPLATE[table]}"


def clock() -> datetime:
    return datetime(2026, 1, 1, tzinfo=UTC)


async def server_cpu_s(target: str) -> float:
    """CPU seconds used so far by the PostgreSQL backends serving `target`'s database (on this machine);
    0 on SQLite. Unlike moves/s, CPU per move hardly moves with the shared machine's load."""
    if not target.startswith("postgresql"):
        return 0.0
    import asyncpg

    conn = await asyncpg.connect(target)
    rows = await conn.fetch(
        "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()"
    )
    await conn.close()
    ticks = 0
    for row in rows:
        try:
            fields = Path(f"/proc/{row['pid']}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        ticks += int(fields[11]) + int(fields[12])  # utime + stime
    return ticks / os.sysconf("SC_CLK_TCK")


def rss_kib() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


# --- the worker: runs against one code tree --------------------------------------------------------
def use_code(code: Path) -> None:
    """Import `bot` and `db` from `code`, not from the editable install of this worktree."""
    sys.meta_path[:] = [f for f in sys.meta_path if "__editable__" not in repr(f)]
    sys.path.insert(0, str(code))
    import bot  # noqa: F401 - checked below

    assert Path(bot.__file__).resolve().is_relative_to(code.resolve()), bot.__file__


async def snapshot(sessions, table_id: int):
    found = sessions.get_by_id(table_id)  # the lazy service's is a coroutine: it may rebuild the table
    return await found if inspect.isawaitable(found) else found


async def build(target: str, tables: int) -> None:
    """A database with `tables` open Army Men tables, each `TEMPLATE_MOVES` moves in."""
    from service_kit import open_service

    from db import Store

    store = await Store.open(target)
    sessions = open_service(store, clock=clock, new_seed=lambda: "bench")
    await sessions.open(guild_id=1, channel_id=1000, game_id="armymen", host_id=1, host_name="A")
    await sessions.join(1000, 2, "B")
    table = await sessions.start(1000, 1)
    for _ in range(TEMPLATE_MOVES):
        (seat,) = table.to_act
        table = await sessions.act(table.id, table.seats[seat].user_id, table.game.timeout_action(table.state, seat))
    await sessions.close()
    await store.close()
    ks = f"WITH RECURSIVE ks(k) AS (SELECT 1 UNION ALL SELECT k + 1 FROM ks WHERE k < {tables - 1}) "
    if target.startswith("postgresql"):
        import asyncpg

        conn = await asyncpg.connect(target)
        for table in OFFSETS:
            columns = [r["column_name"] for r in await conn.fetch(
                "SELECT column_name FROM information_schema.columns WHERE table_name = $1 ORDER BY ordinal_position",
                table)]
            await conn.execute(replicate(table, columns).replace(" SELECT", " " + ks + "SELECT", 1))
        await conn.execute("SELECT setval(pg_get_serial_sequence('sessions', 'id'), (SELECT MAX(id) FROM sessions))")
        await conn.close()
    else:
        import sqlite3

        with sqlite3.connect(target) as conn:
            for table in OFFSETS:
                columns = [row[1] for row in conn.execute(f"PRAGMA table_info({table})")]
                conn.execute(replicate(table, columns).replace(" SELECT", " " + ks + "SELECT", 1))


async def play(
    sessions, table_ids: list[int], total: int, concurrency: int, first_only: bool = False
) -> tuple[int, float, list[float]]:
    """`concurrency` players, each on its own tables, until `total` moves committed. Returns (moves, seconds,
    latencies of the first move on each table)."""
    queues = [table_ids[i::concurrency] for i in range(concurrency)]
    done = 0
    firsts: list[float] = []

    async def player(mine: list[int]) -> None:
        nonlocal done
        for table_id in mine:
            first = True
            started = time.perf_counter()
            table = await snapshot(sessions, table_id)
            while table is not None and table.status == "active" and done < total:
                seat = min(table.to_act)
                action = table.game.timeout_action(table.state, seat)
                table = await sessions.act(table_id, table.seats[seat].user_id, action, table.seq)
                done += 1
                if first:
                    firsts.append(time.perf_counter() - started)
                    first = False
                    if first_only:
                        break
            if done >= total:
                return

    started = time.perf_counter()
    await asyncio.gather(*(player(q) for q in queues))
    return done, time.perf_counter() - started, firsts


async def worker(target: str, tables: int, moves: int) -> dict:
    from service_kit import measured, open_service

    from db import Store

    await build(target, tables)
    rss_before = rss_kib()
    started = time.perf_counter()
    store = await Store.open(target)
    sessions = open_service(store, clock=clock, **measured())
    await sessions.load()
    cold = time.perf_counter() - started
    rss = rss_kib() - rss_before
    figures = {"cold_start_s": cold, "rss_mib": rss / 1024}
    # The first move on cold tables (after: each rebuilds its table), then committed moves/s on tables
    # already in memory in both versions (touched before the clock starts).
    ids = list(range(1, tables + 1))
    cold_ids, ids = ids[:COLD_SAMPLE], ids[COLD_SAMPLE:]
    _, _, firsts = await play(sessions, cold_ids, len(cold_ids), 1, first_only=True)
    figures["first_move_ms"] = statistics.median(firsts) * 1000
    for concurrency in (1, 50):
        mine, ids = ids[: len(ids) // 2], ids[len(ids) // 2:]
        for table_id in mine:
            await snapshot(sessions, table_id)
        # The rebuilds just made leave a full garbage collection pending; in the timed moves it would add a pass over
        # every object of 10,000 tables, a tenth of a second, to whichever version it fell on.
        gc.collect()
        cpu, server = time.process_time(), await server_cpu_s(target)
        count, seconds, _ = await play(sessions, mine, moves, concurrency)
        figures[f"moves_per_s_c{concurrency}"] = count / seconds
        if concurrency == 50:
            figures["bot_cpu_us_c50"] = (time.process_time() - cpu) / count * 1e6
            if target.startswith("postgresql"):
                figures["server_cpu_us_c50"] = (await server_cpu_s(target) - server) / count * 1e6
    await sessions.close()
    await store.close()
    return figures


# --- the driver ---------------------------------------------------------------------------------
def export_baseline(folder: Path, ref: str) -> Path:
    archive = subprocess.run(["git", "archive", ref, "bot", "db"], cwd=ROOT, check=True, capture_output=True)
    with tarfile.open(fileobj=BytesIO(archive.stdout)) as tar:
        tar.extractall(folder, filter="data")
    return folder


def fresh_pg_database(url: str, name: str) -> str:
    import asyncpg

    async def recreate() -> None:
        conn = await asyncpg.connect(url)
        await conn.execute(f'DROP DATABASE IF EXISTS "{name}"')
        await conn.execute(f'CREATE DATABASE "{name}"')
        await conn.close()

    asyncio.run(recreate())
    return url.rsplit("/", 1)[0] + "/" + name


def run_worker(code: Path, target: str, tables: int, moves: int) -> dict:
    out = subprocess.run(
        [sys.executable, __file__, "--worker", str(code), target, str(tables), str(moves)],
        cwd=ROOT, check=True, capture_output=True, text=True, env={**os.environ, "PYTHONHASHSEED": "0"},
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--pg", default=os.environ.get("TEST_DATABASE_URL"), help="a PostgreSQL server URL")
    parser.add_argument("--tables", default="1000,10000")
    parser.add_argument("--moves", type=int, default=3000)
    parser.add_argument("--only", choices=["before", "after"], default=None)
    parser.add_argument("--repeat", type=int, default=3, help="alternating before/after runs (medians)")
    parser.add_argument("--baseline", default=BASELINE, help="the git commit measured as 'before'")
    parser.add_argument("--backends", default="sqlite,postgresql", help="which backends to run")
    args = parser.parse_args()
    runs: dict[tuple[str, str, int], list[dict]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        before = export_baseline(Path(tmp) / "before", args.baseline)
        before_pg = (before / "db" / "postgres.py").exists()
        codes = [("before", before), ("after", ROOT)]
        # before and after alternate, `--repeat` times, so a burst of load on the shared machine hits both
        for attempt in range(args.repeat):
            for tables in (int(n) for n in args.tables.split(",")):
                for label, code in codes:
                    if args.only and label != args.only:
                        continue
                    for backend in args.backends.split(","):
                        if backend == "postgresql" and not (args.pg and (label == "after" or before_pg)):
                            continue
                        name = f"bench_{label}_{tables}_{attempt}"
                        target = (fresh_pg_database(args.pg, name) if backend == "postgresql"
                                  else str(Path(tmp) / f"{name}.sqlite3"))
                        figures = run_worker(code, target, tables, args.moves)
                        runs.setdefault((label, backend, tables), []).append(figures)
                        print(label, backend, tables, json.dumps(figures), flush=True, file=sys.stderr)
    rows = [(label, backend, tables, {key: statistics.median(f[key] for f in found) for key in found[0]})
            for (label, backend, tables), found in runs.items()]
    rows.sort(key=lambda row: (row[0] != "before", row[1] != "sqlite", row[2]))
    print(f"medians of {args.repeat} alternating runs; before = {args.baseline}")
    print_table(rows)


def print_table(rows: list[tuple[str, str, int, dict]]) -> None:
    keys = ["cold_start_s", "first_move_ms", "moves_per_s_c1", "moves_per_s_c50", "bot_cpu_us_c50",
            "server_cpu_us_c50", "rss_mib"]
    print("before: the baseline's code; a baseline without PostgreSQL compares its SQLite figures.")
    print("first_move_ms: before, the table was replayed at start-up; after, the move rebuilds it.")
    print("rss_mib: growth over the cold start with the tables open (after: none rebuilt yet).")
    print("bot_cpu_us_c50 / server_cpu_us_c50: CPU per committed move at concurrency 50, of the bot process /")
    print("of the PostgreSQL backends (the machine's load moves moves/s far more than these).")
    print(f"{'backend':<11}{'tables':>7}  {'figure':<16}{'before':>10}{'after':>10}{'after/before':>14}")
    before = {(b, t): f for label, b, t, f in rows if label == "before"}
    for label, backend, tables, figures in rows:
        if label != "after" and any(lb == "after" for lb, *_ in rows):
            continue
        base = before.get((backend, tables)) or before.get(("sqlite", tables))
        for key in keys:
            if key not in figures:
                continue
            old = base.get(key) if base else None
            new = figures[key] if label == "after" else None
            ratio = f"{new / old:.2f}x" if old and new else "-"
            olds = f"{old:.3f}" if old is not None else "-"
            news = f"{new:.3f}" if new is not None else "-"
            if label == "before":
                olds, news = f"{figures[key]:.3f}", "-"
            print(f"{backend:<11}{tables:>7}  {key:<16}{olds:>10}{news:>10}{ratio:>14}")


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--worker":
        use_code(Path(sys.argv[2]))
        result = asyncio.run(worker(sys.argv[3], int(sys.argv[4]), int(sys.argv[5])))
        print(json.dumps(result))
    else:
        main()
