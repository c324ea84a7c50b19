"""A tournament's REST calls, from one SimCord run: eight members sign up on the sign-up message, the host starts
it, and three Swiss rounds of Doodle Dice at live pace are played out by the timeouts. Each call the tournament
itself makes is put down to its step — planning, a member's sign-up, the host's Start, seating a round's tables, a
table's end, the end — apart from what the tables' own play costs (their budget is the games',
benchmarks/rest_budget.py).

    .venv/bin/python benchmarks/tournament_budget.py

The budget (docs/architecture.md, the gatherings' edge): planning 1 (the sign-up message, the command's answer); a
member's sign-up 2 (its answer, the sign-up message's edit); the host's Start 1 (its answer); per table of a round 3
(its thread, its table message, one ping naming its players); at most one standings edit per table end; the end 2
(the podium, the sign-up message saying it is over). Once a tournament: the sign-up message closed and the
standings message posted (round 1).
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import discord  # noqa: E402
from night_budget import LIVE_TURN, NightTally, report_lines, step_of, tables_played  # noqa: E402
from rest_budget import Run  # noqa: E402

MEMBERS, ROUNDS = 8, 3
BUDGET = {"plan": 1, "click": 2, "start": 1, "per table": 3, "per table end": 1, "end": 2, "once": 2}


async def tournament(database: Path) -> NightTally:
    tally = NightTally()
    async with Run(database) as run:
        env, guild, calls = run.env, run.guild, run.env.http_requests
        mods = guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
        host = guild.add_member(env.create_user("host"), roles=[mods])
        members = [*run.members, *(guild.add_member(env.create_user(f"p{i}")) for i in range(MEMBERS - 3))]
        channel = guild.create_text_channel("cup")

        mark = len(calls)
        planned = await host.slash(channel, "tournament new", game="doodle", format="swiss", rounds=ROUNDS,
                                   pace="live")
        tally.steps["plan"].append(len(calls) - mark)
        for member in members:
            mark = len(calls)
            await member.click(planned.response.message, label="Join")
            tally.steps["click"].append(len(calls) - mark)

        mark, seated = len(calls), defaultdict(int)
        await host.click(planned.response.message, label="Start")  # round 1 is seated at once, on the timer
        (cup,) = await env.bot.tables.gatherings.listed(guild.id)
        while (cup := await env.bot.tables.gatherings.get(cup.id)).state != "finished":  # the timeouts play
            await env.advance_time(LIVE_TURN)
        threads = {t.id for t in channel.threads}
        for call in calls[mark:]:
            step = step_of(call, channel.id, threads, seated)
            if step == "answer":  # nobody clicks once it plays (the timeouts do): the Start's
                tally.steps["start"].append(1)
            elif step == "seating":
                tally.seating += 1
            elif step == "play":
                tally.play += 1
            elif call.path.endswith(f"/messages/{cup.standings_message_id}") and call.method == "PATCH":
                tally.standings_edits += 1
            elif call.method == "POST" and call.path.endswith("/messages") and tally.standings_posted:
                tally.end += 1  # the podium
            elif call.method == "POST":
                tally.standings_posted = True
                tally.once += 1
            elif call.path.endswith(f"/messages/{cup.announcement_id}") and tally.standings_posted and \
                    tally.once >= 2:
                tally.end += 1  # the sign-up message: over
            else:
                tally.once += 1  # the sign-up message, closed
        tally.tables = len(threads)
        tally.tables_ended = await tables_played(env.bot.tables.gatherings, cup.id)
    return tally


def report(tally: NightTally) -> str:
    lines = report_lines(tally, BUDGET, "sign-ups")
    return "\n".join([
        f"tournament: {MEMBERS} members, Swiss, {ROUNDS} rounds, {tally.tables} tables",
        lines["plan"], lines["click"],
        f"  the host's Start  {len(tally.steps['start']):>5} calls (budget {BUDGET['start']})",
        lines["per table"], lines["per table end"],
        f"  the end           {tally.end:>5} calls (budget {BUDGET['end']}: the podium, the sign-up's last words)",
        f"  once a tournament {tally.once:>5} calls (budget {BUDGET['once']}: the sign-up closed, the standings "
        f"posted)",
        lines["play"]])


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        print(report(asyncio.run(tournament(Path(folder) / "tournament.sqlite3"))))


if __name__ == "__main__":
    main()
