"""What a game leaves in its channel: three members play one live Armadillo game to its end the way the REST
budget's players do (benchmarks/rest_budget.py: the table's controls, their DM or My hand), and the messages
still standing in the channel at the end are counted by kind, with the pings posted along the way (deleted since,
or not) and the REST calls of the game's moves.

    .venv/bin/python benchmarks/channel_messages.py [--games N]

Three runs: everyone answers within seconds (`prompt`); carol takes 100 seconds over each of her decisions
(`carol slow`: within the live table's 2-minute turns, so nobody is away); and carol is away for 3 minutes at
every fifth decision of hers (`carol away`: her turn runs out, and the next one begins with her ping).
`tests/cogs/table/test_notices.py` keeps the prompt game's count in bounds.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from rest_budget import Run, press  # noqa: E402


class Statements:
    """The database driver's statements, counted: transactions, writes and reads (the store's own driver)."""

    def __init__(self, driver) -> None:
        self.counts = Counter()
        for name in ("transaction", "execute", "executemany", "fetch"):
            setattr(driver, name, self._counted(name, getattr(driver, name)))

    def _counted(self, name: str, method):
        def counted(*args, **kwargs):
            self.counts[name] += 1
            return method(*args, **kwargs)

        return counted

    @property
    def writes(self) -> int:
        return self.counts["execute"] + self.counts["executemany"]

KINDS = ("table", "result", "ping", "moved-down stub", "other")


def kind_of(message, table_message_id: int | None, result_id: int | None) -> str:
    content = message.content or ""
    if message.id == table_message_id:
        return "table"
    if message.id == result_id:
        return "result"
    if "<@" in content:
        return "ping"
    if content.startswith("This table moved further down"):
        return "moved-down stub"
    return "other"


async def play_live_armadillo(run: Run, channel, slow_seconds: float = 0, every: int = 1,
                              statements: Statements | None = None, db: list | None = None
                              ) -> tuple[Counter, list[int], int]:
    """One three-member live Armadillo game in which carol takes `slow_seconds` over every `every`-th decision of
    hers: the messages left in `channel` by kind, each move's calls, and the pings posted in all; with
    `statements`, each move's database transactions, writes and reads are added to `db`."""
    first_call = len(run.env.http_requests)
    members = run.members
    lobby = (await members[0].slash(channel, "armadillo new", pace="live")).response.message
    for member in members[1:]:
        await member.click(lobby, label="Join")
    await members[0].click(lobby, label="Start")
    table, calls, carols = run.table(channel), [], 0
    table_id = table.id
    for _ in range(3000):
        if table is None or table.status != "active":
            break
        seat = min(s for s in table.to_act if table.seats[s].human)
        member = next(m for m in members if m.id == table.seats[seat].user_id)
        if slow_seconds and member is members[2]:
            carols += 1
            if carols % every == 0:
                await run.env.advance_time(slow_seconds)
                table = run.table(channel)
                if table is None or seat not in table.to_act:
                    continue
        actor, message, control = await run._control(channel, table, seat, member)
        before, counted = len(run.env.http_requests), Counter(statements.counts if statements else ())
        await press(actor, message, control)
        calls.append(len(run.env.http_requests) - before)
        if statements:
            db.append(((statements.counts["transaction"] - counted["transaction"]), statements.writes -
                       counted["execute"] - counted["executemany"], statements.counts["fetch"] - counted["fetch"]))
        table = run.table(channel)
    else:
        raise AssertionError("no end after 3000 moves")
    closed = await run.bot.tables.records.closed_table(table_id)
    history = channel.history()
    result_id = next((m.id for m in reversed(history) if m.id != closed.message_id and "<@" not in (m.content or "")
                      and "[" in (m.content or "")), None)
    pinged = sum(1 for c in run.env.http_requests[first_call:] if c.method == "POST"
                 and c.path == f"/channels/{channel.id}/messages" and "<@" in ((c.json or {}).get("content") or ""))
    return Counter(kind_of(m, closed.message_id, result_id) for m in history), calls, pinged


RUNS = {"prompt": (0, 1), "carol slow": (100, 1), "carol away": (180, 5)}  # carol's extra seconds, how often
Found = dict[str, tuple[list[Counter], list[int], list[int]]]
db: dict[str, list[tuple[int, int, int]]] = {name: [] for name in RUNS}  # per move: transactions, writes, reads


async def measure(folder: Path, games: int = 1) -> Found:
    found: Found = {}
    for name, (slow, every) in RUNS.items():
        async with Run(folder / f"channel-{name.replace(' ', '-')}.sqlite3") as run:
            counts, calls, pinged = [], [], []
            statements = Statements(run.bot.tables.store._db)  # the driver itself, counted
            for n in range(games):
                channel = run.guild.create_text_channel(f"armadillo-{n}")
                left, moved, pings = await play_live_armadillo(run, channel, slow, every, statements, db[name])
                counts.append(left)
                calls += moved
                pinged.append(pings)
            found[name] = (counts, calls, pinged)
    return found


def report(found: Found) -> str:
    lines = [f"{'run':<11} {'left':>5}  " + "  ".join(f"{k:>15}" for k in KINDS)
             + "   pings posted   calls/move (mean, max)"]
    for name, (counts, calls, pinged) in found.items():
        total = statistics.mean(sum(c.values()) for c in counts)
        kinds = "  ".join(f"{statistics.mean(c[k] for c in counts):>15.1f}" for k in KINDS)
        lines.append(f"{name:<11} {total:>5.1f}  {kinds}   {statistics.mean(pinged):>12.1f}   "
                     f"{statistics.mean(calls):.2f}, {max(calls)}")
    lines.append("database per move (SQLite; mean): transactions, writes, reads")
    for name, moves in db.items():
        if moves:
            lines.append(f"{name:<11} " + ", ".join(f"{statistics.mean(m[i] for m in moves):.2f}" for i in range(3)))
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3, help="games per run (default 3)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        print(report(asyncio.run(measure(Path(folder), args.games))))


if __name__ == "__main__":
    main()
