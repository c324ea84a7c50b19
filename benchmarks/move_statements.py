"""The statements one committed move sends, on SQLite and PostgreSQL, for a code tree (this worktree's, or a
commit's exported as bench_scale.py does): a two-player Army Men table a few moves in, then one move through
`Tables.act` with every statement the database sees printed, and the PostgreSQL round trips counted (each
`execute`/`fetch` of an asyncpg connection is one). The service's timer is not started; a move that brings a due
time earlier still wakes it, and its reads of every due source fall in the logged move as they do in the bot.

    .venv/bin/python benchmarks/move_statements.py [--pg postgresql://…]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_scale import ROOT, clock, fresh_pg_database, use_code  # noqa: E402

WARM_MOVES = 4  # moves played before the one logged, so the table is well into its game


async def one_move(target: str) -> dict:
    from service_kit import open_service

    from db import Store

    store = await Store.open(target)
    sessions = open_service(store, clock=clock, new_seed=lambda: "statements")
    await sessions.open(guild_id=1, channel_id=1000, game_id="armymen", host_id=1, host_name="A")
    await sessions.join(1000, 2, "B")
    table = await sessions.start(1000, 1)

    async def act() -> None:
        nonlocal table
        (seat,) = table.to_act
        action = table.game.timeout_action(table.state, seat)
        table = await sessions.act(table.id, table.seats[seat].user_id, action, table.seq)

    for _ in range(WARM_MOVES):
        await act()
    statements: list[str] = []
    round_trips = 0
    if target.startswith("postgresql"):
        import asyncpg.connection

        originals = {}
        for name in ("execute", "fetch", "fetchrow", "fetchval"):
            original = originals[name] = getattr(asyncpg.connection.Connection, name)

            def logged(self, query, *args, _original=original, **kwargs):
                nonlocal round_trips
                round_trips += 1
                statements.extend(part.strip() for part in query.split(";\n") if part.strip())
                return _original(self, query, *args, **kwargs)

            setattr(asyncpg.connection.Connection, name, logged)
        try:
            await act()
        finally:
            for name, original in originals.items():
                setattr(asyncpg.connection.Connection, name, original)
    else:
        await store._db._in_thread(lambda conn: conn.set_trace_callback(statements.append))
        await act()
        await store._db._in_thread(lambda conn: conn.set_trace_callback(None))
        round_trips = -1  # in process: no round trips
    await sessions.close()
    await store.close()
    return {"statements": statements, "round_trips": round_trips}


def run_worker(code: Path, target: str) -> dict:
    out = subprocess.run(
        [sys.executable, __file__, "--worker", str(code), target], cwd=ROOT, check=True, capture_output=True, text=True
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    if sys.argv[1:2] == ["--worker"]:
        code, target = Path(sys.argv[2]), sys.argv[3]
        use_code(code)
        print(json.dumps(asyncio.run(one_move(target))))
        return
    parser = argparse.ArgumentParser()
    parser.add_argument("--pg", default=os.environ.get("TEST_DATABASE_URL"), help="a PostgreSQL server URL")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        for label, code in [("this tree", ROOT)]:
            for backend in ("sqlite", "postgresql") if args.pg else ("sqlite",):
                target = (
                    fresh_pg_database(args.pg, "move_statements")
                    if backend == "postgresql"
                    else str(Path(folder) / f"{label.replace(' ', '_')}.db")
                )
                found = run_worker(code, target)
                trips = "" if found["round_trips"] < 0 else f", {found['round_trips']} round trip(s)"
                print(f"== {label}, {backend}: {len(found['statements'])} statement(s){trips}")
                for statement in found["statements"]:
                    print("  " + statement)


if __name__ == "__main__":
    main()
