"""A bot process for the many-processes tests: its own `Store` and `Tables` on the database a test names.

    python tests/service/processes.py finish '{"url": …, "now": …, "start": …, "moves": [[table, user, action, seq]]}'
        at `start` (unix time), makes every move at once; prints how many were acknowledged and what else happened
    python tests/service/processes.py play '{"url": …, "now": …, "tables": […], "seconds": …}'
        plays the rules' default move at the given tables for `seconds`; prints how many moves it made
    python tests/service/processes.py due '{"url": …, "now": …, "start": …}'
        at `start`, handles what is due as the timer would (reminders, deadlines, digests); prints what it sent
    python tests/service/processes.py expire '{"url": …, "now": …, "start": …}'
        at `start`, handles what is due; prints [table, kind] of each thing it handled
    python tests/service/processes.py away '{"url": …, "now": …, "start": …, "user": …, "days": …}'
        at `start`, the member goes away; prints what happened
    python tests/service/processes.py gather '{"url": …, "now": …, "start": …, "moves": […], "first_thread": …}'
        at `start`, makes every move at once, then does the timer's due work for gatherings, giving each round's
        table a thread (ids from `first_thread`); prints the notices it told and the tables it opened
    python tests/service/processes.py ping '{"url": …, "now": …, "start": …, "pings": [[table, message, seats, seq]]}'
        at `start`, records every ping as the table's standing one at once; prints the messages given back
    python tests/service/processes.py outbox '{"url": …, "now": …, "start": …}'
        at `start`, does what the timer does when it wakes; prints [table, kind] of each closed table's outbox
        entry it was handed to show

It prints one JSON line. Any ERROR it logs is in that line too.
"""

from __future__ import annotations

import asyncio
import json
import logging
import sys
import time
from datetime import datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bot.games.core import decode_action  # noqa: E402
from bot.games.registry import engines  # noqa: E402
from bot.service import open_tables, played  # noqa: E402
from db import Store  # noqa: E402

GAMES = engines()



class Errors(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        """The message, with its exception's traceback when it has one (what a failure under load needs to be
        understood from the test's report alone)."""
        failure = logging.Formatter().formatException(record.exc_info) if record.exc_info else ""
        self.messages.append(f"{record.getMessage()}\n{failure}".rstrip())


async def main(command: str, plan: dict) -> dict:
    errors = Errors()
    logging.getLogger().addHandler(errors)
    now = datetime.fromisoformat(plan["now"])
    store = await Store.open(plan["url"])
    tables = open_tables(store, GAMES, clock=lambda: now)
    outcomes: dict[str, int] = {}

    def count(outcome: str) -> None:
        outcomes[outcome] = outcomes.get(outcome, 0) + 1

    if command == "finish":
        found = {t.id: t for t in [await tables.cache.get_by_id(m[0]) for m in plan["moves"]]}
        await asyncio.sleep(max(0.0, plan["start"] - time.time()))

        async def move(table_id: int, user: int, action: str, seq: int) -> None:
            try:
                await tables.act(table_id, user, played(decode_action(found[table_id].game, action)), seq)
                count("acknowledged")
            except Exception as failure:  # noqa: BLE001 - the test reads what happened
                count(type(failure).__name__)

        await asyncio.gather(*(move(*m) for m in plan["moves"]))
    elif command == "gather":
        told, opened = [], []
        thread = plan["first_thread"]

        async def edge(notice) -> None:
            nonlocal thread
            told.append([notice.kind, notice.gathering.round])
            for planned in notice.to_place:
                thread += 1
                table, new = await tables.gatherings.open_table(notice.gathering.id, planned.round, planned.number,
                                                                thread)
                opened.append([table.id, new])

        tables.gatherings.listener = edge
        found = {t.id: t for t in [await tables.cache.get_by_id(m[0]) for m in plan["moves"]]}
        await asyncio.sleep(max(0.0, plan["start"] - time.time()))

        async def last(table_id: int, user: int, action: str, seq: int) -> None:
            try:
                await tables.act(table_id, user, played(decode_action(found[table_id].game, action)), seq)
                count("acknowledged")
            except Exception as failure:  # noqa: BLE001 - the test reads what happened
                count(type(failure).__name__)

        await asyncio.gather(*(last(*m) for m in plan["moves"]))
        await tables.gatherings.run_due()  # what its timer does now (woken by the table's end; it may be first)
        await tables.timer.close()
        await store.close()
        return {"outcomes": outcomes, "told": told, "opened": opened, "errors": errors.messages}
    elif command == "due":
        sent: dict[str, list] = {"reminders": [], "digests": []}

        async def reminded(table, kind: str) -> None:
            sent["reminders"].append([table.id, sorted(table.called | table.reminded_by_dm)])

        async def digest(d) -> None:
            sent["digests"].append(d.user_id)

        tables.deadlines.listener, tables.digests.listener = reminded, digest
        await asyncio.sleep(max(0.0, plan["start"] - time.time()))
        await asyncio.gather(tables.deadlines.expire_due(), tables.digests.send_due())
        await store.close()
        return {**sent, "errors": errors.messages}
    elif command == "expire":
        await tables.cache.open_tables()  # rebuilt here before the start, as a live process holds them
        await asyncio.sleep(max(0.0, plan["start"] - time.time()))
        handled = await tables.deadlines.expire_due()
        await store.close()
        return {"handled": [[t.id, kind] for t, kind in handled], "errors": errors.messages}
    elif command == "outbox":
        handed: list[list] = []

        async def show(table, kind: str) -> None:
            if kind in ("result", "offer_lapsed"):
                handed.append([table.id, kind])

        tables.deadlines.listener = tables.outbox.listener = show
        await asyncio.sleep(max(0.0, plan["start"] - time.time()))
        await tables.timer.run_due()
        await store.close()
        return {"handed": handed, "errors": errors.messages}
    elif command == "away":
        await asyncio.sleep(max(0.0, plan["start"] - time.time()))
        try:
            await tables.away.go(plan["user"], plan["days"])
            count("acknowledged")
        except Exception as failure:  # noqa: BLE001 - the test reads what happened
            count(type(failure).__name__)
    elif command == "ping":
        for table_id, *_ in plan["pings"]:  # rebuilt here before the start, as a live process holds them
            await tables.cache.get_by_id(table_id)
        await asyncio.sleep(max(0.0, plan["start"] - time.time()))
        given = await asyncio.gather(*(tables.calls.record_ping(t, m, frozenset(seats), seq)
                                       for t, m, seats, seq in plan["pings"]))
        await store.close()
        return {"given_back": [list(g) for g in given], "errors": errors.messages}
    else:
        stop = time.time() + plan["seconds"]
        while time.time() < stop:
            for table_id in plan["tables"]:
                try:
                    table = await tables.cache.get_by_id(table_id)
                    if table is None or table.status != "active":
                        continue
                    seat = min(table.to_act)
                    action = table.game.timeout_action(table.state, seat)
                    await tables.act(table_id, table.seats[seat].user_id, played(action), table.seq)
                    count("acknowledged")
                except Exception as failure:  # noqa: BLE001 - the test reads what happened
                    count(type(failure).__name__)
    await store.close()
    return {"outcomes": outcomes, "errors": errors.messages}


if __name__ == "__main__":
    print(json.dumps(asyncio.run(main(sys.argv[1], json.loads(sys.argv[2])))), flush=True)
