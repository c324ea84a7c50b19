"""Two bot processes on one PostgreSQL finish a round's last two tables at the same moment, each through its own
Discord: a member's typed move ends each Army Men table, both tables' ends wake the tournament, and round 2 is seated
exactly once — its two tables opened once, in threads one process made, each with its one ping — and nothing is
logged as an error (tests/cogs/gatherings/bot_process.py: the real bot in a SimCord of its own)."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bot.app import DiceBot
from bot.games.armymen.model import Keep
from bot.games.rng import table_rng
from tests.conftest import PostgresSchema, postgres_server_url, run_on_postgres

from .tournament_kit import cup_world, gatherings, open_table, round_tables, thread_of

PROCESS = Path(__file__).with_name("bot_process.py")


@pytest.fixture
def schema():
    made = PostgresSchema(postgres_server_url())  # skips without a server (fails under CI=true)
    yield made
    made.drop()


@pytest.fixture
async def simcord_bot(schema):
    bot = DiceBot(schema.url, new_seed=lambda: "seed", new_client_seed=lambda: "a")  # the fair dice
    yield bot
    await bot.shutdown_storage()


def typed(action) -> tuple[str, dict[str, str]]:
    """An Army Men move as a member types it: the command and its options."""
    if isinstance(action, Keep):
        return "armymen set-aside", {"dice": " ".join(map(str, action.faces))}
    return "armymen roll", {}


async def brink(env, channel, members, table_id: int) -> tuple[int, str, dict[str, str]]:
    """Play the table by the rules' default moves, typed by its members, until the next one ends the game: that
    member's number among `members`, and the move as they type it. A table's dice are its seeds' and the move's
    number (every process's alike, as each replays the log), so the next move's outcome is known beforehand."""
    by_id = {m.id: i for i, m in enumerate(members)}
    while True:
        table = await open_table(env, table_id)
        seat = min(table.to_act)
        action = table.game.timeout_action(table.state, seat)
        after = table.game.apply(table.state, seat, action, table_rng("seed", table.client_seeds, table.seq + 1))
        command, options = typed(action)
        if table.game.outcome(after) is not None:
            return by_id[table.seats[seat].user_id], command, options
        member = members[by_id[table.seats[seat].user_id]]
        answer = await member.slash(thread_of(channel, table.channel_id), command, **options)
        assert answer.ephemeral, answer.response.content


async def test_two_processes_finishing_a_rounds_last_tables_at_once_seat_the_next_round_once(simcord_env, schema):
    env = simcord_env
    guild, channel, mod, members = cup_world(env)
    answer = await mod.slash(channel, "tournament new", game="armymen", format="swiss", rounds=2, pace="casual",
                             name="Cup")
    sign_up = answer.response.message
    for member in members:
        await member.click(sign_up, label="Join")
    await mod.click(sign_up, label="Start")
    gathering = await gatherings(env).open_in(channel.id)
    round_1 = await round_tables(env, gathering.id, 1)
    assert len(round_1) == 2 and all(t.placed for t in round_1)
    last = [((await open_table(env, t.table_id)).channel_id, *await brink(env, channel, members, t.table_id))
            for t in round_1]
    await env.bot.tables.timer.close()  # this process's timer sits the race out

    start = time.time() + 20  # both processes built and waiting by then
    workers = [subprocess.Popen([sys.executable, str(PROCESS), json.dumps(
        {"url": schema.url, "start": start, "thread": thread, "member": member, "command": command,
         "options": options})], stdout=subprocess.PIPE, text=True) for thread, member, command, options in last]
    reports = []
    for worker in workers:
        out, _ = worker.communicate(timeout=180)
        assert worker.returncode == 0, out
        reports.append(json.loads(out.strip().splitlines()[-1]))

    assert all(r["ephemeral"] for r in reports) and not [e for r in reports for e in r["errors"]], reports
    made = sorted((len(r["threads"]) for r in reports), reverse=True)
    assert made == [2, 0], f"one process gave round 2's tables their threads: {reports}"
    pings = next(r["pings"] for r in reports if r["threads"])
    assert len(pings) == 2, "one ping a table"
    rows = run_on_postgres(schema.url, "SELECT round, state FROM gatherings WHERE id = ?", gathering.id)
    assert rows == [{"round": 2, "state": "playing"}]
    placed = run_on_postgres(schema.url, "SELECT round, table_no, session_id FROM gathering_tables"
                                         " WHERE gathering_id = ? ORDER BY round, table_no", gathering.id)
    assert [(r["round"], r["table_no"]) for r in placed] == [(1, 1), (1, 2), (2, 1), (2, 2)]
    assert all(r["session_id"] for r in placed)
    assert run_on_postgres(schema.url, "SELECT COUNT(*) AS n FROM sessions") == [{"n": 4}], "none opened twice"
