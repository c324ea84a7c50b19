"""What counting costs a move: the CPU time of a move with metrics on (`Metrics`, as with METRICS_PORT set) and off
(`UNMEASURED`), measured in one run, the two alternating round after round.

    .venv/bin/python benchmarks/metrics_cost.py [--rounds N] [--moves N]

- **service**: `Tables.act` on a SQLite file — the move, its commit, the counting and the log line (the log at
  INFO, as in production: the DEBUG move line is formatted only when asked for).
- **bot**: a member's click through the whole bot in SimCord — the interaction, the service, the answer, the table
  message and its picture — as `process_time` (every thread of the process: aiosqlite's, Pillow's) per move.
  SimCord's own work is in both, the same.
- **REST trace**: what the trace does for one REST call in production (the route worked out, the call counted);
  SimCord replaces discord.py's HTTP layer, so the bot row can't include it: it is added per call here.
- **counting**: the calls a clicked move makes on `Metrics` (the move counted, its commit and its handling time
  observed, its picture's drawing time), timed alone — free of the noise of a shared machine.

Each figure is the median of the rounds' per-move means; the ratio is on/off within this run.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import simcord  # noqa: E402
from yarl import URL  # noqa: E402

from bot.app import DiceBot  # noqa: E402
from bot.app.rest_trace import route_of  # noqa: E402
from bot.games.registry import engines  # noqa: E402
from bot.metrics import UNMEASURED, Metrics  # noqa: E402
from bot.service import open_tables, played  # noqa: E402
from db import Store  # noqa: E402

GAMES = engines()
MODES = {"on": Metrics, "off": lambda: UNMEASURED}


async def service_moves(folder: Path, metrics, moves: int) -> float:
    """CPU seconds per move of `Tables.act`, over `moves` moves at eight Army Men Dice War tables."""
    store = await Store.open(folder / f"service-{id(metrics)}-{time.perf_counter_ns()}.sqlite3")
    tables = open_tables(store, GAMES, clock=lambda: datetime.now(UTC), metrics=metrics)
    playing = {}
    for channel in range(8):
        await tables.lobby.open(guild_id=1, channel_id=channel, game_id="armymen", host_id=channel, host_name="h")
        await tables.lobby.join(channel, 100 + channel, "g")
        playing[channel] = await tables.turns.start(channel, channel)
    spent = made = 0
    while made < moves:
        for channel, table in playing.items():
            if table.status != "active":
                await tables.lobby.open(guild_id=1, channel_id=channel, game_id="armymen", host_id=channel,
                                        host_name="h")
                await tables.lobby.join(channel, 100 + channel, "g")
                table = await tables.turns.start(channel, channel)
            seat = min(table.to_act)
            action = table.game.timeout_action(table.state, seat)
            began = time.process_time()
            playing[channel] = await tables.act(table.id, table.seats[seat].user_id, played(action), table.seq)
            spent += time.process_time() - began
            made += 1
    await tables.timer.close()
    await store.close()
    return spent / made


async def bot_moves(folder: Path, metrics, moves: int) -> float:
    """CPU seconds per move of a click through the whole bot in SimCord (Army Men Dice War, two members)."""
    bot = DiceBot(folder / f"bot-{time.perf_counter_ns()}.sqlite3", metrics=metrics)
    env = simcord.Env(bot)
    await env.start()
    guild = env.create_guild(name="Game Night")
    channel = guild.create_text_channel("games")
    members = [guild.add_member(env.create_user(name)) for name in ("alice", "bob")]
    spent = made = 0
    try:
        while made < moves:
            lobby = (await members[0].slash(channel, "armymen new")).response.message
            await members[1].click(lobby, label="Join")
            await members[0].click(lobby, label="Start")
            while made < moves:
                table = next((t for t in bot.tables.cache.cached_tables() if t.channel_id == channel.id), None)
                if table is None:
                    break
                member = next(m for m in members if m.id == table.seats[min(table.to_act)].user_id)
                message = next(m for m in channel.history() if m.id == table.message_id)
                button = next(c.custom_id for row in message.components for c in row.children
                              if (c.custom_id or "").startswith("a:"))
                began = time.process_time()
                await member.click(message, custom_id=button)
                spent += time.process_time() - began
                made += 1
    finally:
        await env.shutdown()
        await bot.shutdown_storage()
    return spent / made


def counting_per_move(moves: int = 20_000) -> float:
    """CPU seconds of the `Metrics` calls one clicked move makes."""
    metrics = Metrics()
    began = time.process_time()
    for _ in range(moves):
        metrics.moved("armymen", "click")
        metrics.committed(0.002)
        metrics.move_answered("armymen", 0.08)
        metrics.drawn("armymen", 0.03)
    return (time.process_time() - began) / moves


def trace_per_call(calls: int = 20_000) -> float:
    """CPU seconds the REST trace spends on one call: the route worked out and the call counted."""
    metrics = Metrics()
    urls = [URL(f"https://discord.com/api/v10/interactions/{n}/token{n}/callback") for n in range(100)]
    urls += [URL(f"https://discord.com/api/v10/channels/{n}/messages/{n + 1}") for n in range(100)]
    began = time.process_time()
    for n in range(calls):
        url = urls[n % len(urls)]
        metrics.requested("POST", route_of(url), "200")
    return (time.process_time() - began) / calls


async def main(rounds: int, moves: int) -> None:
    logging.basicConfig(level=logging.INFO)
    for noisy in ("discord", "simcord"):
        logging.getLogger(noisy).setLevel(logging.ERROR)
    results: dict[tuple[str, str], list[float]] = {}
    with tempfile.TemporaryDirectory() as folder:
        for round_no in range(rounds):
            order = list(MODES.items()) if round_no % 2 == 0 else list(reversed(MODES.items()))  # none always first
            for mode, make in order:
                results.setdefault(("service", mode), []).append(await service_moves(Path(folder), make(), moves))
            for mode, make in order:
                results.setdefault(("bot", mode), []).append(await bot_moves(Path(folder), make(), moves // 4))
    trace = statistics.median(trace_per_call() for _ in range(5))
    counting = statistics.median(counting_per_move() for _ in range(5))
    print(f"{rounds} rounds; per move, medians of the rounds (µs of CPU)\n")
    print("| move through | metrics off | metrics on | on/off |")
    print("|---|---|---|---|")
    for kind in ("service", "bot"):
        off, on = (statistics.median(results[(kind, m)]) * 1e6 for m in ("off", "on"))
        print(f"| {kind} | {off:,.0f} | {on:,.0f} | {on / off:.3f} |")
    off = statistics.median(results[("service", "off")])
    print(f"\ncounting: {counting * 1e6:.1f} µs of CPU per clicked move ({counting / off:.1%} of the service's move)")
    print(f"REST trace: {trace * 1e6:.1f} µs of CPU per REST call (a click's answer and table edit: 1–3 calls)")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--moves", type=int, default=400, help="service moves per round (the bot plays a quarter)")
    args = parser.parse_args()
    asyncio.run(main(args.rounds, args.moves))
