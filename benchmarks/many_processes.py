"""Several bot processes on one PostgreSQL, as an operator runs them: each worker process is the `Tables`
the bot runs, with its own `Store`, serving the tables of the Discord shards it was given.

Members sit at tables of all four games in many servers. A server's tables are served by the process running
its shard (shard = (server id >> 22) % SHARDS, Discord's formula): members there open a table when their
channel has none, look at it and click a random legal move at the move number they saw; 5 % of clicks are sent
twice. A share of the touches (`--cross`) comes from another process, as DM buttons (shard 0) and deadlines do;
at one table in ten a member is away, so its deadlines fire (each process runs the service's timer, and any
of them may claim a deadline). With `--kill`, a random worker is killed with SIGKILL every 2-4 s and started
again at once.

Every acknowledged move is written to a ledger and fsync'd before the member counts it. At the end: every
acknowledged move is in the database exactly as acknowledged (none lost), no move number was acknowledged twice
(none doubled), every table's log runs 1..n and every table replays. Figures: acknowledged moves/s, conflicts
(a change run again because another process changed its table first), rebuilds, conflicts that escaped a
service call, other unexpected exceptions, ERROR logs.

"before" is the code at BASELINE (exported with `git archive`), "after" this worktree; runs alternate, so a
burst of load on the shared machine hits both, and the report gives medians and after/before ratios.

    .venv/bin/python benchmarks/many_processes.py --pg postgresql://… [--configs 1x16,2x16,4x16] [--seconds 20]
        [--repeat 3] [--kill] [--only after]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_scale import export_baseline, use_code  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
BASELINE = "64f90a8"  # main before many processes shared one database
SHARDS = 4
PACE = 4  # seconds per move: the away members' deadlines fire during the run
AWAY_EVERY = 10  # one channel in ten has a member who never clicks
DOUBLE_CLICKS = 0.05


def shard_of(guild_id: int) -> int:
    return (guild_id >> 22) % SHARDS


def guild_of(channel: int) -> int:
    """Channel k's server: servers spread evenly over the shards, five channels each."""
    return ((channel // 5) + 1) << 22


# --- the worker: one bot process --------------------------------------------------------------------------------
class Counts:
    def __init__(self) -> None:
        self.acks = 0
        self.refusals: dict[str, int] = {}
        self.escaped_conflicts = 0
        self.unexpected: dict[str, int] = {}
        self.conflicts = 0
        self.rebuilds = 0
        self.rebuild_s = 0.0
        self.act_s = 0.0
        self.view_s = 0.0
        self.views = 0
        self.errors_logged = 0


class ErrorLog(logging.Handler):
    """ERROR records, counted and appended to a file (a killed worker's are kept too)."""

    def __init__(self, counts: Counts, path: Path) -> None:
        super().__init__(logging.ERROR)
        self.counts, self.path = counts, path

    def emit(self, record: logging.LogRecord) -> None:
        self.counts.errors_logged += 1
        with self.path.open("a") as out:
            out.write(self.format(record).replace("\n", " | ")[:2000] + "\n")


def instrument(counts: Counts) -> None:
    """Count conflicts raised and tables rebuilt, in whichever version of the code runs."""
    from service_kit import cache_class

    from db import Conflict

    conflict_init = Conflict.__init__

    def counting_conflict(self, *args, **kwargs):
        counts.conflicts += 1
        conflict_init(self, *args, **kwargs)

    Conflict.__init__ = counting_conflict
    cache, name = cache_class()
    rebuild = getattr(cache, name)

    async def counting_rebuild(self, *args, **kwargs):
        counts.rebuilds += 1
        started = time.process_time()
        try:
            return await rebuild(self, *args, **kwargs)
        finally:
            counts.rebuild_s += time.process_time() - started

    setattr(cache, name, counting_rebuild)


class Ledger:
    def __init__(self, path: Path) -> None:
        self.fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)

    def write(self, table_id: int, moves) -> None:
        from bot.games.core import encode_action

        line = json.dumps({"t": table_id, "m": [[m.seq, m.seat, encode_action(m.action), m.by] for m in moves]})
        os.write(self.fd, line.encode() + b"\n")
        os.fsync(self.fd)


async def run_worker(plan: dict) -> dict:
    from service_kit import engines, open_service, open_table_rows, refusals

    from db import Conflict, Store

    errors = refusals()

    counts = Counts()
    instrument(counts)
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr)
    logging.getLogger().addHandler(ErrorLog(counts, Path(plan["errors"])))
    ledger = Ledger(Path(plan["ledger"]))
    rng = random.Random(f"{plan['seed']}:{plan['index']}:{os.getpid()}")
    store = await Store.open(plan["url"])
    sessions = open_service(store, clock=lambda: datetime.now(UTC))
    games = sorted(engines())  # tables of each game the tree plays, in turn
    await sessions.load()
    sessions.start_timer()
    mine = [c for c in range(plan["channels"]) if shard_of(guild_of(c)) in plan["shards"]]
    table_of: dict[int, int] = {}  # channel -> the open table there, as this process last saw it
    foreign: list[int] = []  # open tables other processes' shards serve (DM buttons and deadlines reach them)

    def outcome(result) -> None:
        if isinstance(result, errors.Refusal):
            counts.refusals[type(result).__name__] = counts.refusals.get(type(result).__name__, 0) + 1
        elif isinstance(result, Conflict):
            counts.escaped_conflicts += 1
        elif isinstance(result, BaseException):
            name = f"{type(result).__name__}: {result}"[:120]
            counts.unexpected[name] = counts.unexpected.get(name, 0) + 1

    async def call(step):
        try:
            return await step
        except Exception as failure:  # noqa: BLE001 - every outcome is counted
            outcome(failure)
            return None

    async def table_in(channel: int):
        """The channel's open table (opening one when there is none), as a member's command finds it."""
        table_id = table_of.get(channel)
        table = await call(sessions.get_by_id(table_id)) if table_id else None
        if table is not None and table.status == "active":
            return table
        try:
            table = await sessions.get(channel)
        except errors.NoTable:
            host, guest = channel * 10 + 1, channel * 10 + 2
            game = games[channel % len(games)]
            opened = await call(sessions.open(guild_id=guild_of(channel), channel_id=channel, game_id=game,
                                              host_id=host, host_name=f"m{host}", pace_seconds=PACE))
            if opened is None:
                return None
            await call(sessions.join(channel, guest, f"m{guest}"))
            table = await call(sessions.start(channel, host))
        except Exception as failure:  # noqa: BLE001
            outcome(failure)
            return None
        if table is not None:
            table_of[channel] = table.id
        return table

    async def click(table) -> None:
        humans = [s for s in sorted(table.to_act) if table.seats[s].human and not table.seats[s].autopilot]
        away = table.channel_id % AWAY_EVERY == 0
        humans = [s for s in humans if not (away and s == 1)]
        if not humans:
            return
        seat = rng.choice(humans)
        action = rng.choice(list(table.game.legal_actions(table.state, seat)))
        user, seq = table.seats[seat].user_id, table.seq
        clicks = 2 if rng.random() < DOUBLE_CLICKS else 1
        t0 = time.perf_counter()
        results = await asyncio.gather(*(sessions.act(table.id, user, action, seq) for _ in range(clicks)),
                                       return_exceptions=True)
        counts.act_s += time.perf_counter() - t0
        for result in results:
            if isinstance(result, BaseException):
                outcome(result)
            else:
                ledger.write(table.id, result.moves)
                counts.acks += 1

    async def member() -> None:
        while time.time() < plan["stop"]:
            t0 = time.perf_counter()
            if foreign and rng.random() < plan["cross"]:
                table = await call(sessions.get_by_id(rng.choice(foreign)))
            else:
                table = await table_in(rng.choice(mine)) if mine else None
            counts.view_s += time.perf_counter() - t0
            counts.views += 1
            if table is not None and table.status == "active":
                await click(table)
            else:
                await asyncio.sleep(0.01)

    async def watch_foreign() -> None:
        owned = set(mine)
        while time.time() < plan["stop"]:
            foreign[:] = [row.id for row in await open_table_rows(store) if row.channel_id not in owned]
            await asyncio.sleep(1)

    await asyncio.sleep(max(0.0, plan["start"] - time.time()))
    started, cpu = time.time(), time.process_time()
    await asyncio.gather(watch_foreign(), *(member() for _ in range(plan["concurrency"])))
    seconds, cpu = time.time() - started, time.process_time() - cpu
    await sessions.close()
    await store.close()
    return {**vars(counts), "seconds": seconds, "cpu_s": cpu}


async def check_replays(url: str) -> dict:
    """With the code under test: every table, open or closed, rebuilt from the database by a fresh process."""
    from service_kit import open_service, open_table_ids

    from db import Store

    failures: list[str] = []

    class Failures(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            failures.append(record.getMessage()[:200])

    logging.getLogger().addHandler(Failures(logging.ERROR))
    store = await Store.open(url)
    sessions = open_service(store, clock=lambda: datetime.now(UTC))
    checked = 0
    for table_id in await open_table_ids(store):
        checked += 1
        if await sessions.get_by_id(table_id) is None:
            failures.append(f"open table {table_id} did not rebuild")
    import asyncpg

    conn = await asyncpg.connect(url)
    closed = await conn.fetch(
        "SELECT id FROM sessions WHERE status IN ('finished', 'ended') AND started_at IS NOT NULL")
    await conn.close()
    for row in closed:
        checked += 1
        table = await sessions.closed_table(row["id"])
        if table is None or table.state is None:
            failures.append(f"closed table {row['id']} did not replay")
    await store.close()
    return {"replayed": checked, "replay_failures": failures}


# --- the coordinator -----------------------------------------------------------------------------------------
def schema_url(server: str, name: str) -> str:
    import asyncpg

    async def create() -> None:
        conn = await asyncpg.connect(server)
        await conn.execute(f"CREATE SCHEMA {name}")
        await conn.close()

    asyncio.run(create())
    return f"{server}{'&' if '?' in server else '?'}search_path={name}"


def drop_schema(server: str, name: str) -> None:
    import asyncpg

    async def drop() -> None:
        conn = await asyncpg.connect(server)
        await conn.execute(f"DROP SCHEMA IF EXISTS {name} CASCADE")
        await conn.close()

    asyncio.run(drop())


def spawn(code: Path, mode: str, plan: dict) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, __file__, mode, str(code), json.dumps(plan)], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                            env={**os.environ, "PYTHONHASHSEED": "0"})


def migrate(code: Path, url: str) -> None:
    done = spawn(code, "--migrate", {"url": url})
    done.wait()


def check_ledgers(server: str, schema: str, folder: Path) -> dict:
    """Every acknowledged move is in the database as acknowledged, none twice; every log runs 1..n."""
    import asyncpg

    acked: dict[tuple[int, int], list[tuple]] = {}
    for path in folder.glob("ledger-*.jsonl"):
        for line in path.read_text().splitlines():
            try:
                entry = json.loads(line)
            except ValueError:  # a line cut by SIGKILL: that move was never acknowledged
                continue
            for seq, seat, action, by in entry["m"]:
                acked.setdefault((entry["t"], seq), []).append((seat, action, by))

    async def read() -> tuple[list, list]:
        conn = await asyncpg.connect(server, server_settings={"search_path": schema})
        events = await conn.fetch("SELECT session_id, seq, seat, action, by FROM events ORDER BY session_id, seq")
        sessions = await conn.fetch("SELECT id, seq FROM sessions")
        await conn.close()
        return events, sessions

    events, sessions = asyncio.run(read())
    stored = {(e["session_id"], e["seq"]): (e["seat"], e["action"], e["by"]) for e in events}
    lost = sum(1 for key, got in acked.items() if stored.get(key) != got[0])
    doubled = sum(len(got) - 1 for got in acked.values())
    by_table: dict[int, list[int]] = {}
    for table_id, seq in stored:
        by_table.setdefault(table_id, []).append(seq)
    gaps = sum(1 for s in sessions if sorted(by_table.get(s["id"], [])) != list(range(1, s["seq"] + 1)))
    return {"acked_moves": len(acked), "lost": lost, "doubled": doubled, "logs_not_1_to_n": gaps}


def one_run(code: Path, server: str, processes: int, concurrency: int, args, folder: Path) -> dict:
    name = f"mp_{uuid.uuid4().hex[:12]}"
    url = schema_url(server, name)
    try:
        migrate(code, url)
        start = time.time() + 3.0
        plans = []
        for index in range(processes):
            plans.append({"url": url, "index": index, "shards": [s for s in range(SHARDS) if s % processes == index],
                          "channels": args.tables, "concurrency": concurrency // processes, "cross": args.cross,
                          "start": start, "stop": start + args.seconds, "seed": args.seed,
                          "ledger": str(folder / f"ledger-{index}.jsonl"),
                          "errors": str(folder / f"errors-{index}.log")})
        workers = [spawn(code, "--worker", plan) for plan in plans]
        kills = 0
        if args.kill:
            killer = random.Random(args.seed)
            time.sleep(max(0.0, start - time.time()))
            while time.time() < start + args.seconds - 1:
                time.sleep(killer.uniform(2, 4))
                if time.time() >= start + args.seconds - 1:
                    break
                victim = killer.randrange(processes)
                workers[victim].send_signal(signal.SIGKILL)
                workers[victim].wait()
                workers[victim] = spawn(code, "--worker", {**plans[victim], "start": time.time()})
                kills += 1
        reports = []
        for worker in workers:
            out, _ = worker.communicate(timeout=args.seconds + 120)
            lines = out.strip().splitlines()
            reports.append(json.loads(lines[-1]) if lines else None)
        figures = check_ledgers(server, name, folder)
        checked = spawn(code, "--check", {"url": url})
        out, _ = checked.communicate(timeout=600)
        figures.update(json.loads(out.strip().splitlines()[-1]))
        errors_logged = sum(len(p.read_text().splitlines()) for p in folder.glob("errors-*.log"))
        finished = [r for r in reports if r]
        total = {key: sum(r[key] for r in finished)
                 for key in ("acks", "escaped_conflicts", "conflicts", "rebuilds", "rebuild_s", "cpu_s", "act_s",
                             "view_s", "views")}
        unexpected: dict[str, int] = {}
        for r in finished:
            for kind, n in r["unexpected"].items():
                unexpected[kind] = unexpected.get(kind, 0) + n
        acks = sum(len(p.read_text().splitlines()) for p in folder.glob("ledger-*.jsonl"))
        return {**figures, **total, "acks": acks, "moves_per_s": acks / args.seconds, "errors_logged": errors_logged,
                "bot_cpu_ms_per_move": 1000 * total["cpu_s"] / max(1, total["acks"]),
                "act_ms": 1000 * total["act_s"] / max(1, total["acks"]),
                "unexpected": unexpected, "kills": kills, "error_samples": sample_errors(folder)}
    finally:
        drop_schema(server, name)
        for path in folder.iterdir():
            path.unlink()


def sample_errors(folder: Path) -> list[str]:
    lines = [line for p in folder.glob("errors-*.log") for line in p.read_text().splitlines()]
    return [line[:300] for line in lines[:3]]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--pg", default=os.environ.get("TEST_DATABASE_URL"), help="a PostgreSQL server URL")
    parser.add_argument("--configs", default="1x16,2x16,4x16",
                        help="processes x total concurrency (members clicking at once, over all processes)")
    parser.add_argument("--tables", type=int, default=100, help="channels, each with one table at a time")
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--cross", type=float, default=0.05, help="share of touches from another process")
    parser.add_argument("--kill", action="store_true", help="SIGKILL a random worker every 2-4 s, and restart it")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--only", choices=["before", "after"], default=None)
    parser.add_argument("--baseline", default=BASELINE, help="the git commit measured as 'before'")
    parser.add_argument("--seed", default="many")
    args = parser.parse_args()
    if not args.pg:
        parser.error("--pg (or TEST_DATABASE_URL) must name a PostgreSQL server")
    configs = [tuple(int(n) for n in c.split("x")) for c in args.configs.split(",")]
    results: dict[tuple[str, int, int], list[dict]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        before = export_baseline(Path(tmp) / "before", args.baseline)
        folder = Path(tmp) / "run"
        folder.mkdir()
        codes = [(label, code) for label, code in (("before", before), ("after", ROOT))
                 if args.only in (None, label)]
        for attempt in range(args.repeat):
            for processes, concurrency in configs:
                for label, code in codes:
                    figures = one_run(code, args.pg, processes, concurrency, args, folder)
                    results.setdefault((label, processes, concurrency), []).append(figures)
                    print(f"run {attempt + 1} {label:6} {processes}x{concurrency // processes}: "
                          + json.dumps({k: v for k, v in figures.items() if k != "error_samples"}), flush=True)
                    for line in figures["error_samples"]:
                        print(f"    ERROR: {line}", flush=True)
    report(results, configs, [label for label, _ in codes])


def report(results: dict, configs: list[tuple[int, int]], labels: list[str]) -> None:
    keys = ("moves_per_s", "act_ms", "bot_cpu_ms_per_move", "conflicts", "rebuilds",
            "escaped_conflicts", "errors_logged", "lost", "doubled", "logs_not_1_to_n")
    print("\n| version | processes × concurrency | " + " | ".join(keys) + " | unexpected | replay failures |")
    print("|---" * (len(keys) + 4) + "|")
    medians: dict[tuple[str, int, int], float] = {}
    for processes, concurrency in configs:
        for label in labels:
            runs = results.get((label, processes, concurrency), [])
            if not runs:
                continue
            cells = []
            for key in keys:
                value = statistics.median(r[key] for r in runs)
                cells.append(f"{value:,.1f}" if key in ("moves_per_s", "act_ms") else f"{value:.3f}" if "cpu" in key
                             else f"{value:g}")
            medians[(label, processes, concurrency)] = statistics.median(r["moves_per_s"] for r in runs)
            unexpected = sum(sum(r["unexpected"].values()) for r in runs)
            replay = sum(len(r["replay_failures"]) for r in runs)
            print(f"| {label} | {processes} × {concurrency // processes} | " + " | ".join(cells)
                  + f" | {unexpected} | {replay} |")
    base = configs[0]
    print()
    for label in labels:
        for processes, concurrency in configs[1:]:
            if (label, processes, concurrency) in medians and (label, *base) in medians:
                ratio = medians[(label, processes, concurrency)] / medians[(label, *base)]
                print(f"{label}: {processes} × {concurrency // processes} at {ratio:.2f}× the moves/s of "
                      f"{base[0]} × {base[1] // base[0]}")
    for processes, concurrency in configs:
        if ("before", processes, concurrency) in medians and ("after", processes, concurrency) in medians:
            ratio = medians[("after", processes, concurrency)] / medians[("before", processes, concurrency)]
            print(f"{processes} × {concurrency // processes}: after/before moves/s {ratio:.2f}")


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] in ("--worker", "--check", "--migrate"):
        mode, code, plan = sys.argv[1], Path(sys.argv[2]), json.loads(sys.argv[3])
        use_code(code)
        if mode == "--worker":
            print(json.dumps(asyncio.run(run_worker(plan))), flush=True)
        elif mode == "--check":
            print(json.dumps(asyncio.run(check_replays(plan["url"]))), flush=True)
        else:
            from db import Store

            async def migrate_only() -> None:
                await (await Store.open(plan["url"])).close()

            asyncio.run(migrate_only())
    else:
        main()
