"""A member's day at six async tables: the REST calls that reach her, per day, before and after her preferences
(/me: quiet hours, reminders by DM, the daily digest), from one SimCord run of each.

    .venv/bin/python benchmarks/async_day.py [--days N]

alice sits at six async Army Men tables (24-hour turns), each against its own opponent. Each opponent plays his
turns at his own hour (08:00, 10:00 … 18:00 UTC); alice plays every table waiting on her once a day, at 18:00 UTC
(19:00 in Madrid, where she lives). Counted, over the days after the tables began: the messages that reach her
— pings naming her in a table's channel, DMs to her (reminders, the digest) — and the REST calls behind them
(opening her DM channel; taking down a ping of hers once she answered it). Three runs:

- `before`: no preferences (the table's ping when her turn begins, its half-time reminder);
- `digest`: `/me timezone Europe/Madrid`, quiet hours 23:00–08:00, the daily digest at 19:00, reminders off;
- `digest+4h`: the same with reminders 4 hours before the deadline, by DM (she plays daily, so none is due).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
from collections import Counter
from datetime import timedelta
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from rest_budget import Run, press  # noqa: E402

TABLES = 6
DAY, HOUR = 86400, 3600
ALICE_PLAYS = 18  # UTC hour
OPPONENT_HOURS = [8 + 2 * k for k in range(TABLES)]
RUNS: dict[str, list[tuple[str, dict[str, Any]]]] = {
    "before": [],
    "digest": [("me timezone", {"zone": "Europe/Madrid"}), ("me quiet", {"start": "23:00", "end": "08:00"}),
               ("me digest", {"hour": 19}), ("me reminders", {"when": "off"})],
    "digest+4h": [("me timezone", {"zone": "Europe/Madrid"}), ("me quiet", {"start": "23:00", "end": "08:00"}),
                  ("me digest", {"hour": 19}), ("me reminders", {"when": "4h", "where": "dm"})],
}
KINDS = ("ping", "DM", "ping taken down", "DM channel opened")


async def open_table(run: Run, channel, opponent, alice) -> None:
    lobby = (await opponent.slash(channel, "armymen new", pace="async")).response.message
    await alice.click(lobby, label="Join")
    await opponent.click(lobby, label="Start")


async def play_turn(run: Run, channel, member) -> None:
    """`member` plays every decision of theirs at the channel's table, through its controls."""
    for _ in range(200):
        table = run.table(channel)
        if table is None or table.status != "active":
            return
        seat = table.seat_of(member.id)
        if seat not in table.to_act:
            return
        actor, message, control = await run._control(channel, table, seat, member)
        await press(actor, message, control)
    raise AssertionError("a turn of more than 200 moves")


def reaching(run: Run, calls: list[Any], alice, dm_channel: int | None, named: set[str]) -> Counter:
    """The calls among `calls` that reach alice, by kind (`named`: the ids of channel messages that named her,
    gathered as the bot posted them)."""
    found = Counter()
    for call in calls:
        content = (call.json or {}).get("content") or ""
        if call.method == "POST" and call.path == "/users/@me/channels" and \
                str((call.json or {}).get("recipient_id")) == str(alice.id):
            found["DM channel opened"] += 1
        elif call.method == "POST" and dm_channel and call.path == f"/channels/{dm_channel}/messages":
            found["DM"] += 1
        elif call.method == "POST" and call.path.endswith("/messages") and f"<@{alice.id}>" in content:
            found["ping"] += 1
        elif call.method == "DELETE" and call.path.rsplit("/", 1)[-1] in named:
            found["ping taken down"] += 1
    return found


async def one_run(folder: Path, name: str, days: int) -> tuple[Counter, int]:
    """alice's messages and calls over `days` days (after the tables began), and how many games began again (a
    finished table's channel opens the next game at once, so six tables always wait on her or her opponents)."""
    async with Run(folder / f"async-{name}.sqlite3") as run:
        env, guild = run.env, run.guild
        alice = run.members[0]
        for command, options in RUNS[name]:
            await alice.slash(guild.create_text_channel(f"me-{command[3:]}"), command, **options)
        opponents = [guild.add_member(env.create_user(f"opponent{k}")) for k in range(TABLES)]
        channels = [guild.create_text_channel(f"async-{k}") for k in range(TABLES)]
        for channel, opponent in zip(channels, opponents, strict=True):
            await open_table(run, channel, opponent, alice)
        # from the next midnight, a day at a time: each opponent at his hour, alice at hers
        await env.advance_time(DAY - env.now().hour * HOUR - env.now().minute * 60 - env.now().second)
        first = len(env.http_requests)
        named: set[str] = set()
        games = 0
        hours = sorted({*OPPONENT_HOURS, ALICE_PLAYS})
        for _ in range(days):
            midnight = env.now()
            for hour in hours:
                await env.advance_time((midnight + timedelta(hours=hour) - env.now()).total_seconds())
                if hour == ALICE_PLAYS:
                    for channel in channels:
                        await play_turn(run, channel, alice)
                for k in (k for k, h in enumerate(OPPONENT_HOURS) if h == hour):
                    await play_turn(run, channels[k], opponents[k])
                    if run.table(channels[k]) is None:  # that game is over: the next begins, six tables always
                        await open_table(run, channels[k], opponents[k], alice)
                        games += 1
                named |= {str(m.id) for c in channels for m in c.history() if f"<@{alice.id}>" in (m.content or "")}
            await env.advance_time((midnight + timedelta(days=1) - env.now()).total_seconds())
        dm = alice.user.dm_channel.id if alice.user.dm_channel else None
        return reaching(run, env.http_requests[first:], alice, dm, named), games


async def measure(folder: Path, days: int) -> dict[str, tuple[Counter, int]]:
    return {name: await one_run(folder, name, days) for name in RUNS}


def report(found: dict[str, tuple[Counter, int]], days: int) -> str:
    lines = [f"alice at {TABLES} async tables, {days} days; per day:",
             f"{'run':<10} " + "  ".join(f"{k:>17}" for k in KINDS) + "   messages   REST calls   new games"]
    for name, (counts, running) in found.items():
        messages = (counts["ping"] + counts["DM"]) / days
        calls = sum(counts.values()) / days
        lines.append(f"{name:<10} " + "  ".join(f"{counts[k] / days:>17.2f}" for k in KINDS)
                     + f"   {messages:>8.2f}   {calls:>10.2f}   {running:>9}")
    before = sum(found["before"][0].values())
    for name in list(found)[1:]:
        after = sum(found[name][0].values())
        lines.append(f"{name}: {after / before:.2f}x the REST calls of before" if before else "")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--days", type=int, default=3, help="days measured (default 3)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        print(report(asyncio.run(measure(Path(folder), args.days)), args.days))


if __name__ == "__main__":
    main()
