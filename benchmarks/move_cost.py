"""What a committed move costs the bot, as a ratio to a reference measured in the same process — the guard
`tests/test_move_cost.py` holds, cheap enough for CI.

- **move**: the service's move loop (`Tables.act`, metrics on, every feature on) on a SQLite file: `CONCURRENCY`
  players, each on tables of its own (Army Men, two members each, already in memory), choosing the move a timeout
  would; the CPU time of this process (every thread: aiosqlite's too) per committed move.
- **reference**: the same machine's floor for a move, written without the service: the raw SQLite move (BEGIN, the
  revision and move number checked and set, the move logged, COMMIT, through `sqlite3` on a file of the bot's own
  schema) and a fixed pure-Python loop about as long as a move's own bookkeeping (`reference_move`). It never
  changes with the bot, so a move that grows shows as a ratio that grows.

The two alternate, round after round, so a burst of load on a shared machine hits both; each figure is the median
of the rounds' per-move CPU times, the ratio is move / reference. CPU time, not wall time: moves/s follows the
machine's other load far more.

    .venv/bin/python benchmarks/move_cost.py [--rounds 7] [--moves 400] [--tables 400] [--code FOLDER]

`--code` measures another tree (an earlier commit's `bot` and `db`, exported with `git archive REV bot db`): LIMIT is
what 64f90a8's measures.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import sqlite3
import statistics
import tempfile
import time
from pathlib import Path

from bench_scale import build, clock, use_code
from service_kit import measured, open_service

CONCURRENCY = 20
LIMIT = 1.13  # the ratio 64f90a8's service measures here (RESULTS-issue35.md): a move may cost no more than it did
REFERENCE_LOOP = 400  # iterations of the fixed loop in one reference move (about a move of the service, in Python)


def reference_move(conn: sqlite3.Connection, table_id: int, seq: int) -> None:
    """The floor of move `seq` at `table_id`: its SQLite writes, committed alone, and a fixed Python loop."""
    conn.execute("BEGIN IMMEDIATE")
    changed = conn.execute("UPDATE sessions SET rev = rev + 1, seq = ? WHERE id = ? AND seq = ?",
                           (seq, table_id, seq - 1)).rowcount
    conn.execute("INSERT INTO events (session_id, seq, seat, action, by, at) VALUES (?, ?, ?, ?, ?, ?)",
                 (table_id, seq, seq % 2, json.dumps(["Roll"], separators=(",", ":")), "player", 0.0))
    conn.execute("COMMIT")
    assert changed == 1
    fields: dict[str, object] = {"seq": seq, "seat": seq % 2, "by": "player"}
    for i in range(REFERENCE_LOOP):
        fields = {**fields, "seq": i, "dice": (i % 6 + 1, (i * 7) % 6 + 1)}
        if fields["dice"][0] == fields["dice"][1]:
            fields["doubles"] = str(i)


def reference_round(conn: sqlite3.Connection, table_id: int, first_seq: int, moves: int) -> float:
    """CPU seconds per reference move, over `moves` of them."""
    started = time.process_time()
    for seq in range(first_seq, first_seq + moves):
        reference_move(conn, table_id, seq)
    return (time.process_time() - started) / moves


class Players:
    """`CONCURRENCY` members' turns, each going through tables of its own; a finished table gives way to the
    next. Rounds go on where the last one stopped."""

    def __init__(self, tables, table_ids: list[int]) -> None:
        self._tables = tables
        self._queues = [table_ids[i::CONCURRENCY] for i in range(CONCURRENCY)]
        self._current: list = [None] * CONCURRENCY

    async def warm(self) -> None:
        """Every table rebuilt in memory before anything is timed."""
        for queue in self._queues:
            for table_id in queue:
                await self._tables.get_by_id(table_id)

    async def round(self, moves: int) -> float:
        """CPU seconds per committed move, over `moves` moves."""
        done = 0

        async def player(i: int) -> None:
            nonlocal done
            while done < moves:
                table = self._current[i]
                if table is None or table.status != "active":
                    if not self._queues[i]:
                        raise RuntimeError("out of tables: build more (--tables)")
                    table = self._current[i] = await self._tables.get_by_id(self._queues[i].pop(0))
                    continue
                seat = min(table.to_act)
                action = table.game.timeout_action(table.state, seat)
                done += 1
                self._current[i] = await self._tables.act(table.id, table.seats[seat].user_id, action, table.seq)

        started = time.process_time()
        await asyncio.gather(*(player(i) for i in range(CONCURRENCY)))
        return (time.process_time() - started) / done


async def measure(folder: Path, *, rounds: int = 7, moves: int = 400, tables: int = 400) -> dict[str, float]:
    """Medians of `rounds` alternating rounds: µs per move, µs per reference move, and their ratio."""
    from db import Store  # the tree measured: this one, or another's imported first (bench_scale.use_code)

    path = folder / "moves.sqlite3"
    await build(str(path), tables)
    reference_path = folder / "reference.sqlite3"
    reference_path.write_bytes(path.read_bytes())
    conn = sqlite3.connect(reference_path, isolation_level=None)
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute("PRAGMA synchronous = NORMAL")  # as the bot's driver
    (seq,) = conn.execute("SELECT seq FROM sessions WHERE id = 1").fetchone()
    store = await Store.open(str(path))
    service = open_service(store, clock=clock, **measured())
    players = Players(service, list(range(2, tables + 1)))
    try:
        await players.warm()
        gc.collect()  # the rebuilds' pending collection, so it falls on no round
        move_s, reference_s, ratios = [], [], []
        for _ in range(rounds):
            reference = reference_round(conn, 1, seq + 1, moves)
            seq += moves
            move = await players.round(moves)
            move_s.append(move)
            reference_s.append(reference)
            ratios.append(move / reference)
    finally:
        await service.close()
        await store.close()
        conn.close()
    return {"move_us": statistics.median(move_s) * 1e6, "reference_us": statistics.median(reference_s) * 1e6,
            "ratio": statistics.median(ratios), "ratio_min": min(ratios), "ratio_max": max(ratios)}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--moves", type=int, default=400, help="committed moves per round")
    parser.add_argument("--tables", type=int, default=400)
    parser.add_argument("--code", type=Path, help="the tree to measure (default: this one)")
    args = parser.parse_args()
    if args.code:
        use_code(args.code)
    with tempfile.TemporaryDirectory() as tmp:
        figures = asyncio.run(measure(Path(tmp), rounds=args.rounds, moves=args.moves, tables=args.tables))
    print(f"medians of {args.rounds} alternating rounds of {args.moves} moves, CPU time, concurrency {CONCURRENCY}")
    print(f"move {figures['move_us']:.0f} µs, reference {figures['reference_us']:.0f} µs, "
          f"ratio {figures['ratio']:.2f} (rounds {figures['ratio_min']:.2f}–{figures['ratio_max']:.2f})")


if __name__ == "__main__":
    main()
