"""A bot process for the tournament's many-processes test: the real bot in a SimCord of its own, on the PostgreSQL
schema the test names, in a world built as the test's was (the same calls at the same simulated time: the same ids).

    python tests/cogs/gatherings/bot_process.py '{"url": …, "start": …, "thread": …, "member": …, "command": …,
                                                  "options": {…}}'
        gives its Discord the round's table thread `thread` (made in the test's Discord), then at `start` (unix time)
        member number `member` types `command` with `options` there — the table's last move; the bot's own timer
        does what the table's end brings. Prints one JSON line: the answer, the threads this bot
        made and the pings it posted in them, the threads it deleted, and any ERROR logged.
"""

from __future__ import annotations

import asyncio
import json
import logging
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

import simcord  # noqa: E402

from bot.app import DiceBot  # noqa: E402
from tests import toy_games  # noqa: E402
from tests.cogs.gatherings.tournament_kit import cup_world  # noqa: E402

toy_games.register()  # the games the tests' bot has: its commands take the same ids here


class Errors(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())


def given(backend, id_: int, make) -> None:
    """`make()` with `id_` as the id its Discord allocates first: the thread the test's Discord made, made here too."""
    ids = iter([id_])
    backend.snowflake = lambda: next(ids, None) or type(backend).snowflake(backend)
    try:
        make()
    finally:
        del backend.snowflake


async def main(plan: dict) -> dict:
    errors = Errors()
    logging.getLogger().addHandler(errors)
    env = simcord.Env(DiceBot(plan["url"], new_seed=lambda: "seed",
                              new_client_seed=lambda: "a", sync_every_start=True))  # its Discord starts empty
    await env.start()
    try:
        with env.time_context():
            guild, channel, _mod, members = cup_world(env)
            given(env.backend, plan["thread"], lambda: env.backend.create_thread(
                channel.id, "the round's table", env.backend.bot_user.id))
            await env.settle()
            thread = next(t for t in channel.threads if t.id == plan["thread"])
            time.sleep(max(0.0, plan["start"] - time.time()))  # the other process moves now too
            answer = await members[plan["member"]].slash(thread, plan["command"], **plan["options"])
            await env.advance_time(1)  # the timer, woken by the table's end
            time.sleep(2)  # the other process's end and timer have run meanwhile
            await env.advance_time(61)  # a claim of the other's lapses by now, were it left
            made = [t for t in channel.threads if t.id != plan["thread"]]
            pings = [m.content for t in made for m in t.history() if "<@" in m.content]
            return {"answer": answer.response.content, "ephemeral": answer.ephemeral,
                    "threads": [t.name for t in made], "pings": pings, "errors": errors.messages}
    finally:
        await env.shutdown()
        await env.bot.shutdown_storage()


if __name__ == "__main__":
    print(json.dumps(asyncio.run(main(json.loads(sys.argv[1])))))
