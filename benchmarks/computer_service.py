"""Hard computers in the service, from one run: each member's move at a table of hard computers (the commit
included), each hard decision's CPU, and the event loop's longest stall meanwhile — with the hard decisions in a
worker thread (the service's way, bot/service/computers.py) and, for comparison, on the event loop.

One member and hard computers play whole games on the real service over SQLite (a temporary file): Army Men at
two seats, Armadillo, Doodle Dice and DARDZ at five. A ticker task sleeping 1 ms at a time measures the loop's
longest gap: what every other table's click would wait for. The two ways alternate, game by game, on the same
seeds (so on the same games).

    .venv/bin/python benchmarks/computer_service.py [--games 3]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.games.registry import engines  # noqa: E402
from bot.service import computers, open_tables, played  # noqa: E402
from db import Store  # noqa: E402

SEATS = {game_id: min(5, game.max_players) for game_id, game in engines().items()}  # a member and hard computers
WAYS = {"worker thread": frozenset({"hard"}), "event loop": frozenset()}
BUDGET = 0.050  # s of CPU per hard decision: a move's answer is not held up by the computers that follow it


class Timed:
    """A real engine whose hard decisions are timed (CPU of the thread that makes them)."""

    def __init__(self, engine) -> None:
        self._engine, self.cpu = engine, []

    def __getattr__(self, name):
        return getattr(self._engine, name)

    def computer_action(self, state, seat, rng, level="normal"):
        start = time.thread_time()
        action = self._engine.computer_action(state, seat, rng, level)
        if level == "hard":
            self.cpu.append(time.thread_time() - start)
        return action


async def ticker(gaps: list[float], stop: asyncio.Event) -> None:
    last = time.perf_counter()
    while not stop.is_set():
        await asyncio.sleep(0.001)
        now = time.perf_counter()
        gaps.append(now - last - 0.001)
        last = now


async def one_game(tables, game_id: str, channel: int) -> list[float]:
    """A member and hard computers to the end; each member's move's latency (s)."""
    await tables.lobby.open(guild_id=1, channel_id=channel, game_id=game_id, host_id=1, host_name="Member")
    for _ in range(SEATS[game_id] - 1):
        await tables.lobby.add_computer(channel, 1, level="hard")
    table = await tables.turns.start(channel, 1)
    latencies = []
    while table.status == "active":
        action = table.game.timeout_action(table.state, 0)
        started = time.perf_counter()
        table = await tables.act(table.id, 1, played(action), table.seq)
        latencies.append(time.perf_counter() - started)
    return latencies


async def run(games: int) -> dict:
    found = {way: {g: {"moves": [], "gaps": [], "cpu": []} for g in SEATS} for way in WAYS}
    with tempfile.TemporaryDirectory() as tmp:
        store = await Store.open(Path(tmp) / "bench.sqlite3")
        timed = {g: Timed(e) for g, e in engines().items()}
        seed = {"now": ""}  # both ways play the same games: the same seeds
        tables = open_tables(store, timed, clock=lambda: datetime(2026, 1, 1, tzinfo=UTC),
                             new_seed=lambda: seed["now"], new_client_seed=lambda: "c")
        await asyncio.to_thread(computers.warm, engines())  # as the bot does at start-up
        channel = 0
        for n in range(games):
            for game_id in SEATS:
                for way, off in WAYS.items():
                    computers.OFF_THE_LOOP = off
                    channel += 1
                    seed["now"] = f"{game_id}:{n}"
                    gaps, stop = [], asyncio.Event()
                    tick = asyncio.create_task(ticker(gaps, stop))
                    timed[game_id].cpu = []
                    moves = await one_game(tables, game_id, channel)
                    stop.set()
                    await tick
                    row = found[way][game_id]
                    row["moves"] += moves
                    row["gaps"] += gaps
                    row["cpu"] += timed[game_id].cpu
        computers.OFF_THE_LOOP = WAYS["worker thread"]
        await tables.timer.close()
        await store.close()
    return found


def p99(ordered: list[float]) -> float:
    return ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f}"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=3, help="games per game and way")
    args = parser.parse_args()
    found = asyncio.run(run(args.games))
    print(f"Hard computers in the service (SQLite), {args.games} games per game and way. Times in ms.\n")
    print("| game | seats | hard decides on | hard decisions | CPU median | CPU worst | member's move median | "
          "p99 | loop stall p99 | longest | within 50 ms |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for game_id, seats in SEATS.items():
        for way in WAYS:
            row = found[way][game_id]
            moves, cpu, gaps = sorted(row["moves"]), sorted(row["cpu"]), sorted(row["gaps"])
            print(f"| {game_id} | {seats} | {way} | {len(cpu)} | {ms(statistics.median(cpu))} | {ms(cpu[-1])} | "
                  f"{ms(statistics.median(moves))} | {ms(p99(moves))} | {ms(p99(gaps))} | {ms(gaps[-1])} | "
                  f"{'yes' if cpu[-1] <= BUDGET else 'NO'} |")


if __name__ == "__main__":
    main()
