"""What members see when Discord fails after a commit, from one small run: Army Men games (a member against a
computer) played through SimCord while a share of the bot's Discord calls fail (500). Counts what members saw after
a committed change:

- "unchanged" replies that followed a change the database shows (goal 0);
- finished games whose channel still shows a move button of that table (goal 0);
- finished games with no result announced (goal 0);
- acknowledged moves missing from the database (must stay 0).

    .venv/bin/python benchmarks/post_commit_failures.py [games] [failure-rate] [seed]

Not the chaos harness (chaos.py): one game, one member, seeded failures on any REST route. The member behaves
as a person would: presses a move button on the table message when it shows one for the current move,
otherwise types the move; a request that failed is simply tried again.
"""

from __future__ import annotations

import asyncio
import logging
import random
import sqlite3
import sys
import tempfile
from pathlib import Path

from simcord.backend.errors import BackendError
from simcord.env import Env
from simcord.http import router

from bot.app import DiceBot

FAULTS = {"on": False, "rate": 0.1, "rng": random.Random(0), "failed": 0, "calls": 0}
_check_faults = router._check_faults


def _chaotic_check_faults(backend, method: str, path: str) -> None:
    _check_faults(backend, method, path)
    if FAULTS["on"]:
        FAULTS["calls"] += 1
        if FAULTS["rng"].random() < FAULTS["rate"]:
            FAULTS["failed"] += 1
            raise BackendError(500, 0, "Internal Server Error (chaos)")


router._check_faults = _chaotic_check_faults


def texts(result) -> list[str]:
    if result is None:
        return []
    found = [result.response.content or ""] if result.response is not None else []
    return found + [f.content or "" for f in result.followups]


def db_state(path: Path, channel_id: int) -> tuple:
    """The channel's latest table as the database has it: (id, status, seq, seats)."""
    with sqlite3.connect(path) as db:
        row = db.execute("SELECT id, status, seq, (SELECT COUNT(*) FROM seats WHERE session_id = sessions.id)"
                         " FROM sessions WHERE channel_id = ? ORDER BY id DESC LIMIT 1", (channel_id,)).fetchone()
    return row or ()


def move_buttons(message, table_id: int) -> list[str]:
    found, stack = [], list(message.components)
    while stack:  # nested ones too (Components V2: a Container's rows)
        component = stack.pop(0)
        found.append(getattr(component, "custom_id", "") or "")
        stack += list(getattr(component, "children", None) or [])
    return [i for i in found if i.startswith(f"a:{table_id}:")]


async def run(games: int, rate: float, seed: int) -> dict[str, int]:
    FAULTS.update(rate=rate, rng=random.Random(seed), failed=0, calls=0, on=False)
    tmp = Path(tempfile.mkdtemp())
    database = tmp / "bot.sqlite3"
    bot = DiceBot(database, new_seed=lambda: "seed")
    env = Env(bot)
    await env.start()
    env.check_errors = False
    counts = {"games": 0, "finished": 0, "unchanged_after_change": 0, "unchanged_total": 0,
              "finished_with_move_buttons": 0, "finished_without_result": 0, "acknowledged_lost": 0}
    try:
        with env.time_context():
            guild = env.create_guild(name="Game Night")
            alice = guild.add_member(env.create_user("alice"))
            for n in range(games):
                channel = guild.create_text_channel(f"games-{n}")
                await play_one(env, bot, database, channel, alice, counts)
    finally:
        FAULTS["on"] = False
        await env.shutdown()
        await bot.shutdown_storage()
    counts["discord_calls"], counts["failed_calls"] = FAULTS["calls"], FAULTS["failed"]
    return counts


async def act(database, channel, counts, request) -> object:
    before = db_state(database, channel.id)
    try:
        result = await request
    except Exception:  # noqa: BLE001 - a request Discord itself dropped: the member tries again
        result = None
    after = db_state(database, channel.id)
    if any("unchanged" in t for t in texts(result)):
        counts["unchanged_total"] += 1
        if after != before:
            counts["unchanged_after_change"] += 1
    return result


def open_table(service, channel_id: int):
    found = service.cached_tables() if hasattr(service, "cached_tables") else service.open_tables()  # before #16
    return next((t for t in found if t.channel_id == channel_id), None)


async def play_one(env, bot, database, channel, alice, counts) -> None:
    FAULTS["on"] = True
    counts["games"] += 1
    table = None
    for _ in range(20):  # open, add the computer, start: retried until each step is in the database
        table = open_table(bot.tables, channel.id)
        if table is None:
            await act(database, channel, counts, alice.slash(channel, "armymen new"))
        elif len(table.seats) < 2:
            await act(database, channel, counts, alice.slash(channel, "game addbot"))
        elif table.status == "lobby":
            await act(database, channel, counts, alice.slash(channel, "game start"))
        else:
            break
    if table is None or table.status != "active":
        return
    table_id, acknowledged = table.id, 0
    for _ in range(400):
        table = open_table(bot.tables, channel.id)
        if table is None:
            break
        view = table.view(None)
        message = next((m for m in channel.history() if m.id == table.message_id), None)
        fresh = [i for i in (move_buttons(message, table_id) if message else []) if f":{table.seq}:" in i]
        if fresh:
            result = await act(database, channel, counts, alice.click(message, custom_id=fresh[0]))
        elif not view["rolled"]:
            result = await act(database, channel, counts, alice.slash(channel, "armymen roll"))
        else:
            lowest = sorted(view["rolled"], key=lambda f: 0 if f == 1 else f)[0]
            result = await act(database, channel, counts,
                               alice.slash(channel, "armymen set-aside", dice=str(lowest)))
        if any(t.startswith(("✅", "🏆", "🤝")) for t in texts(result)) or (
                result is not None and result.response is not None and not result.ephemeral):
            acknowledged += 1
    FAULTS["on"] = False
    _, status, seq, _ = db_state(database, channel.id)
    if status != "finished":
        return
    counts["finished"] += 1
    if seq < acknowledged:
        counts["acknowledged_lost"] += 1
    history = channel.history()
    if any(move_buttons(m, table_id) for m in history):
        counts["finished_with_move_buttons"] += 1
    if not any(("wins!" in (m.content or "") or "draw" in (m.content or "")) and "See the table" in (m.content or "")
               for m in history):
        counts["finished_without_result"] += 1


def main() -> None:
    logging.disable(logging.CRITICAL)  # the bot logs every failed step: thousands of lines
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    rate = float(sys.argv[2]) if len(sys.argv) > 2 else 0.1
    seed = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    counts = asyncio.run(run(games, rate, seed))
    for key, value in counts.items():
        print(f"{key:28} {value}")


if __name__ == "__main__":
    main()
