"""A committed move's CPU and moves/s, before and after, in paired rounds: the figures of `bench_scale.py` that a
shared machine's load moves most, measured so that load falls on both trees alike.

Two worker processes, one per tree (BASELINE's `bot` and `db` exported with `git archive`, and this worktree), each
build the same database (`bench_scale.build`: Army Men tables a few moves in), start cold, and touch the half of
the tables their players use, so both hold those in memory. Then they take turns, never running at once: a round is
`--moves` committed moves at one concurrency (players each on tables of their own, the move a timeout would choose,
as `bench_scale.play`), in the order before, after, after, before, … so a drift of the machine's speed favours
neither. Each pair of neighbouring rounds gives a ratio; the figure is the median ratio, beside the medians of the
rounds themselves. Garbage collections fall where they fall in both (a full one over 10,000 tables is a round's
outlier, not its rule). PostgreSQL's server CPU is that of the backends serving the worker's own database.

    .venv/bin/python benchmarks/move_rounds.py [--baseline 64f90a8] [--pg postgresql://…] [--tables 10000]
        [--rounds 12] [--moves 600] [--backends sqlite,postgresql]
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench_scale import ROOT, build, clock, export_baseline, fresh_pg_database, server_cpu_s, snapshot, use_code

CONCURRENCIES = (1, 50)


# --- the worker: one tree, rounds on demand ------------------------------------------------------
class Players:
    """`concurrency` players, each with tables of its own, playing on from where the last round stopped."""

    def __init__(self, sessions, table_ids: list[int], concurrency: int) -> None:
        self._sessions = sessions
        self._queues = [table_ids[i::concurrency] for i in range(concurrency)]

    async def play(self, moves: int) -> int:
        done = 0

        async def player(queue: list[int]) -> None:
            nonlocal done
            while queue and done < moves:
                table = await snapshot(self._sessions, queue[0])
                while table is not None and table.status == "active" and done < moves:
                    seat = min(table.to_act)
                    action = table.game.timeout_action(table.state, seat)
                    table = await self._sessions.act(table.id, table.seats[seat].user_id, action, table.seq)
                    done += 1
                if table is None or table.status != "active":
                    queue.pop(0)

        await asyncio.gather(*(player(q) for q in self._queues))
        return done


async def serve(target: str, tables: int) -> None:
    """Build, start cold, touch every table; then answer each line `CONCURRENCY MOVES` with a round's figures."""
    from service_kit import measured, open_service

    from db import Store

    await build(target, tables)
    store = await Store.open(target)
    sessions = open_service(store, clock=clock, **measured())
    await sessions.load()
    # The players' tables: the last half, touched so both trees hold them (the cache keeps 5,000); the rest stay
    # open and cold, as at a bot with more open tables than it keeps in memory.
    ids = list(range(tables // 2 + 1, tables + 1))
    for table_id in ids:
        await snapshot(sessions, table_id)
    share = len(ids) // len(CONCURRENCIES)
    players = {c: Players(sessions, ids[i * share:(i + 1) * share], c) for i, c in enumerate(CONCURRENCIES)}
    gc.collect()
    print(json.dumps({"ready": True}), flush=True)
    loop = asyncio.get_running_loop()
    while line := await loop.run_in_executor(None, sys.stdin.readline):
        concurrency, moves = map(int, line.split())
        cpu, server, started = time.process_time(), await server_cpu_s(target), time.perf_counter()
        count = await players[concurrency].play(moves)
        seconds = time.perf_counter() - started
        figures = {"moves": count, "moves_per_s": count / seconds,
                   "bot_cpu_us": (time.process_time() - cpu) / count * 1e6}
        if target.startswith("postgresql"):
            figures["server_cpu_us"] = (await server_cpu_s(target) - server) / count * 1e6
        print(json.dumps(figures), flush=True)
    await sessions.close()
    await store.close()


# --- the driver ---------------------------------------------------------------------------------------
class Worker:
    def __init__(self, code: Path, target: str, tables: int) -> None:
        self._process = subprocess.Popen(
            [sys.executable, __file__, "--serve", str(code), target, str(tables)], cwd=ROOT, text=True,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, env={**os.environ, "PYTHONHASHSEED": "0"})

    def answer(self) -> dict:
        assert self._process.stdout is not None
        line = self._process.stdout.readline()
        if not line:
            raise SystemExit(f"a worker stopped (exit {self._process.wait()})")
        return json.loads(line)

    def round(self, concurrency: int, moves: int) -> dict:
        assert self._process.stdin is not None
        self._process.stdin.write(f"{concurrency} {moves}\n")
        self._process.stdin.flush()
        return self.answer()

    def close(self) -> None:
        assert self._process.stdin is not None
        self._process.stdin.close()
        self._process.wait()


def measure(codes: dict[str, Path], targets: dict[str, str], tables: int, rounds: int, moves: int) -> dict:
    """{concurrency: {figure: (median before, median after, median of the pairs' after/before)}}."""
    workers = {label: Worker(code, targets[label], tables) for label, code in codes.items()}
    try:
        for worker in workers.values():
            worker.answer()  # ready
        found: dict[int, dict[str, list[dict]]] = {c: {"before": [], "after": []} for c in CONCURRENCIES}
        for i in range(rounds):
            order = ("before", "after") if i % 2 == 0 else ("after", "before")
            for concurrency in CONCURRENCIES:
                for label in order:
                    found[concurrency][label].append(workers[label].round(concurrency, moves))
    finally:
        for worker in workers.values():
            worker.close()
    summary: dict[int, dict[str, tuple[float, float, float]]] = {}
    for concurrency, runs in found.items():
        summary[concurrency] = {}
        for key in runs["after"][0]:
            if key == "moves":
                continue
            before = [r[key] for r in runs["before"]]
            after = [r[key] for r in runs["after"]]
            ratios = [a / b for a, b in zip(after, before, strict=True) if b]
            summary[concurrency][key] = (statistics.median(before), statistics.median(after),
                                         statistics.median(ratios) if ratios else float("nan"))
    return summary


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--baseline", default="64f90a8", help="the git commit measured as 'before'")
    parser.add_argument("--pg", default=os.environ.get("TEST_DATABASE_URL"), help="a PostgreSQL server URL")
    parser.add_argument("--backends", default="sqlite,postgresql")
    parser.add_argument("--tables", type=int, default=10_000)
    parser.add_argument("--rounds", type=int, default=12, help="rounds per tree and concurrency")
    parser.add_argument("--moves", type=int, default=600, help="committed moves per round")
    args = parser.parse_args()
    print(f"before = {args.baseline}, after = this worktree; {args.tables} tables, {args.rounds} rounds of "
          f"{args.moves} moves per tree and concurrency, alternating; medians")
    print(f"{'backend':<11}{'c':>3}  {'figure':<15}{'before':>10}{'after':>10}{'after/before':>14}")
    with tempfile.TemporaryDirectory() as tmp:
        codes = {"before": export_baseline(Path(tmp) / "before", args.baseline), "after": ROOT}
        for backend in args.backends.split(","):
            if backend == "postgresql":
                if not args.pg:
                    print("postgresql: skipped (no --pg URL)")
                    continue
                targets = {label: fresh_pg_database(args.pg, f"rounds_{label}") for label in codes}
            else:
                targets = {label: str(Path(tmp) / f"rounds_{label}.sqlite3") for label in codes}
            for concurrency, figures in measure(codes, targets, args.tables, args.rounds, args.moves).items():
                for key, (before, after, ratio) in figures.items():
                    print(f"{backend:<11}{concurrency:>3}  {key:<15}{before:>10.1f}{after:>10.1f}{ratio:>13.2f}x",
                          flush=True)


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--serve":
        use_code(Path(sys.argv[2]))
        asyncio.run(serve(sys.argv[3], int(sys.argv[4])))
    else:
        main()
