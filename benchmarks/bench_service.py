"""Service costs, measured in one run: a move (commit included) against the bare engine step, and a cold
start (replaying every open table) against playing the same moves live. Prints medians and ratios.

    .venv/bin/python benchmarks/bench_service.py [tables]
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

from bot.games.registry import engines
from bot.games.rng import SeededRng
from bot.service import Tables, open_tables, played
from db import Store

GAMES = engines()



def clock() -> datetime:
    return datetime(2026, 1, 1, tzinfo=UTC)


async def play_tables(sessions: Tables, tables: int, moves: int) -> list[float]:
    """Open `tables` Army Men tables and play `moves` moves in each; returns each move's latency."""
    latencies = []
    for n in range(tables):
        channel, host, guest = 1000 + n, 10 * n + 1, 10 * n + 2
        await sessions.lobby.open(guild_id=1, channel_id=channel, game_id="armymen", host_id=host, host_name="A")
        await sessions.lobby.join(channel, guest, "B")
        table = await sessions.turns.start(channel, host)
        for _ in range(moves):
            (seat,) = table.to_act
            action = table.game.computer_action(table.state, seat, None)
            started = time.perf_counter()
            table = await sessions.act(table.id, table.seats[seat].user_id, played(action), table.seq)
            latencies.append(time.perf_counter() - started)
    return latencies


def engine_step_time(samples: int = 2000) -> float:
    game = GAMES["armymen"]
    state = game.setup(2, {}, SeededRng("bench", 0))
    times = []
    for n in range(1, samples):
        if game.outcome(state) is not None:
            state = game.setup(2, {}, SeededRng("bench", n))
        (seat,) = game.to_act(state)
        action = game.computer_action(state, seat, None)
        started = time.perf_counter()
        state = game.apply(state, seat, action, SeededRng("bench", n))
        times.append(time.perf_counter() - started)
    return statistics.median(times)


async def main(tables: int) -> None:
    path = Path(tempfile.mkdtemp()) / "bench.sqlite3"
    store = await Store.open(path)
    sessions = open_tables(store, GAMES, clock=clock)
    latencies = await play_tables(sessions, tables, moves=20)
    await sessions.timer.close()
    await store.close()

    started = time.perf_counter()
    store = await Store.open(path)
    reopened = open_tables(store, GAMES, clock=clock)
    await reopened.load()
    cold_start = time.perf_counter() - started
    await store.close()

    move = statistics.median(latencies)
    step = engine_step_time()
    print(f"tables: {tables}, moves: {len(latencies)}")
    print(f"median move through the service (commit included): {move * 1000:.3f} ms")
    print(f"median bare engine step: {step * 1000:.4f} ms  (service/engine ratio: {move / step:.0f}x)")
    print(f"cold start, replaying {tables} tables: {cold_start * 1000:.1f} ms "
          f"({cold_start / tables * 1000:.3f} ms per table, {cold_start / sum(latencies):.3f} of the live time)")


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1]) if len(sys.argv) > 1 else 200))
