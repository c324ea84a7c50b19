"""A game night's REST calls, from one SimCord run: nine members (five through Discord's Interested, four through
Join), three rounds of Doodle Dice at live pace played out by the timeouts. Each call the night itself makes is
put down to its step — planning, a member's click, the check-in, seating a round's tables, a table's end, the
end — apart from what the tables' own play costs (their budget is the games', benchmarks/rest_budget.py).

    .venv/bin/python benchmarks/night_budget.py

The budget (docs/architecture.md, "The edge, phase 2"): planning 2 (the event, the announcement as the command's
answer); a member's click 1 (its answer); the check-in 2 + ⌈subscribers / 100⌉ (the status, the post, the
subscribers' pages); per table of a round 3 (its thread, its table message, one ping naming its players); one
standings edit per table end; the end 2 (the podium, the status). Once a night: closing the check-in's message
and posting the standings message (round 1).
"""

from __future__ import annotations

import asyncio
import math
import sys
import tempfile
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import discord  # noqa: E402
from rest_budget import Run  # noqa: E402

MEMBERS, SUBSCRIBERS, ROUNDS = 9, 5, 3
LIVE_TURN, HOUR, CHECK_IN = 121, 3600, 600
BUDGET = {"plan": 2, "click": 1, "check-in": 2 + math.ceil(SUBSCRIBERS / 100), "per table": 3,
          "per table end": 1, "end": 2, "once": 2}


@dataclass
class NightTally:
    steps: dict[str, list[int]] = field(default_factory=lambda: defaultdict(list))  # step -> calls each time
    tables: int = 0  # tables seated over the night
    tables_ended: int = 0
    seating: int = 0  # threads, table messages, pings
    standings_edits: int = 0
    standings_posted: bool = False
    once: int = 0  # the check-in closed, the standings posted
    end: int = 0  # the podium, the status
    play: int = 0  # the tables' own calls (their moves, timeouts, pings, results)


def step_of(call: Any, night_channel: int, threads: set[int], seated: dict[int, int]) -> str:
    """What a call of the night is for (`seated`: how many posts each thread had: its table, then its ping)."""
    parts = call.path.strip("/").split("/")
    if parts[0] in ("interactions", "webhooks"):
        return "answer"
    if parts[0] == "guilds" and "scheduled-events" in parts:
        return "event"
    channel = int(parts[1]) if parts[0] == "channels" and parts[1].isdigit() else None
    if channel == night_channel and parts[-1] == "threads":
        return "seating"
    if channel == night_channel:
        return "night message"
    if channel in threads and call.method == "POST" and parts[-1] == "messages" and seated[channel] < 2:
        seated[channel] += 1
        return "seating"
    return "play"


async def night(database: Path) -> NightTally:
    tally = NightTally()
    async with Run(database) as run:
        env, guild, calls = run.env, run.guild, run.env.http_requests
        hosts = guild.create_role("Hosts", permissions=discord.Permissions(manage_events=True))
        host = guild.add_member(env.create_user("host"), roles=[hosts])
        members = [*run.members, *(guild.add_member(env.create_user(f"p{i}")) for i in range(MEMBERS - 3))]
        channel = guild.create_text_channel("night")
        when = (env.now() + timedelta(seconds=HOUR)).strftime("%Y-%m-%d %H:%M")

        mark = len(calls)
        planned = await host.slash(channel, "gamenight plan", game="doodle", when=when, rounds=ROUNDS)
        tally.steps["plan"].append(len(calls) - mark)
        event = next(iter(env.backend.get_guild(guild.id).scheduled_events.values()))
        for member in members[:SUBSCRIBERS]:
            await member.subscribe_event(event.id)
        for member in members[SUBSCRIBERS:]:
            mark = len(calls)
            await member.click(planned.response.message, label="Join the night")
            tally.steps["click"].append(len(calls) - mark)

        mark = len(calls)
        await env.advance_time(HOUR)
        tally.steps["check-in"].append(len(calls) - mark)
        check_in = [m for m in channel.history() if m.author.bot][-1]
        for member in members:
            mark = len(calls)
            await member.click(check_in, label="I'm here")
            tally.steps["click"].append(len(calls) - mark)

        mark, seated = len(calls), defaultdict(int)
        await env.advance_time(CHECK_IN)
        while await env.bot.store.open_tables():
            await env.advance_time(LIVE_TURN)
        threads = {t.id for t in channel.threads}
        (night,) = await env.bot.tables.gatherings.listed(guild.id)
        for call in calls[mark:]:
            step = step_of(call, channel.id, threads, seated)
            if step == "seating":
                tally.seating += 1
            elif step == "play":
                tally.play += 1
            elif step == "event":
                tally.end += 1  # COMPLETED
            elif call.path.endswith(f"/messages/{night.standings_message_id}") and call.method == "PATCH":
                tally.standings_edits += 1
            elif call.method == "POST" and call.path.endswith("/messages") and tally.standings_posted:
                tally.end += 1  # the podium
            elif call.method == "POST":
                tally.standings_posted = True
                tally.once += 1
            else:
                tally.once += 1  # the check-in's message, closed
        tally.tables = len(threads)
        tally.tables_ended = await tables_played(env.bot.tables.gatherings, night.id)
    return tally


async def tables_played(gatherings: Any, gathering_id: int) -> int:
    """The tables a gathering placed over its rounds, as its service reads them."""
    gathering = await gatherings.get(gathering_id)
    rounds = [await gatherings.tables(gathering_id, round_) for round_ in range(1, gathering.round + 1)]
    return sum(table.placed for tables in rounds for table in tables)


def report_lines(tally: NightTally, budget: dict[str, int], click: str) -> dict[str, str]:
    """The lines every gathering's report has, by step (`click`: what a member's click is, counted)."""
    return {
        "plan": f"  planning          {tally.steps['plan'][0]:>5} calls (budget {budget['plan']})",
        "click": f"  a member's click  {max(tally.steps['click']):>5} calls (budget {budget['click']}, "
                 f"{len(tally.steps['click'])} {click})",
        "per table": f"  per table seated  {tally.seating / tally.tables:>5.2f} calls (budget {budget['per table']})",
        "per table end": f"  per table end     {tally.standings_edits / tally.tables_ended:>5.2f} standings edits "
                         f"(budget {budget['per table end']})",
        "play": f"  the tables' play  {tally.play:>5} calls (the games' own budget: benchmarks/rest_budget.py)"}


def report(tally: NightTally) -> str:
    lines = report_lines(tally, BUDGET, "clicks")
    return "\n".join([
        f"game night: {MEMBERS} members ({SUBSCRIBERS} Interested), {ROUNDS} rounds, {tally.tables} tables",
        lines["plan"], lines["click"],
        f"  the check-in      {tally.steps['check-in'][0]:>5} calls (budget {BUDGET['check-in']})",
        lines["per table"], lines["per table end"],
        f"  the end           {tally.end:>5} calls (budget {BUDGET['end']}: the podium, the status)",
        f"  once a night      {tally.once:>5} calls (budget {BUDGET['once']}: the check-in closed, the standings "
        f"posted)",
        lines["play"]])


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        print(report(asyncio.run(night(Path(folder) / "night.sqlite3"))))


if __name__ == "__main__":
    main()
