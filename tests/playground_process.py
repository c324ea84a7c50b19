"""The playground process — the real bot in SimCord, stopped by SIGTERM or SIGINT through the bot's own graceful
stop — with two members playing in it, for tests/app/test_graceful_stop.py:

    python tests/playground_process.py play DATABASE LEDGER
        Sam and Alice play Army Men Dice War, one click after another, until a click is refused (the process was
        told to stop). Each move the bot acknowledged (the click answered with the table, not refused) is
        appended to LEDGER as "table move", flushed to disk before the next click.
    python tests/playground_process.py resume DATABASE LEDGER
        The next start: `/game status` shows the table again, its player makes one more move with its button, and
        "tables <id> <move> …" and "moved <id> <move>" go to LEDGER; then it waits to be told to stop.

Logs go to stderr as JSON lines (LOG_FORMAT=json's format), for the test to read their levels.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import sys
from pathlib import Path

sys.path[0] = str(Path(__file__).resolve().parents[1])  # not tests/, whose cogs/ would hide the bot's

from bot.app.lifecycle import on_stop_signals  # noqa: E402
from bot.logs import configure  # noqa: E402
from bot.playground import Playground  # noqa: E402
from tests.cogs.helpers import make_move, message_by_id, moves  # noqa: E402


def write(ledger: Path, line: str) -> None:
    with ledger.open("a") as out:
        out.write(line + "\n")
        out.flush()
        os.fsync(out.fileno())


class Players:
    def __init__(self, playground: Playground, ledger: Path) -> None:
        self.playground, self.ledger = playground, ledger
        self.channel = playground.channels["armymen"]
        self.members = [playground.members["Sam"], playground.members["Alice"]]

    def table(self):
        cached = self.playground.bot.tables.cache.cached_tables()
        return next((t for t in cached if t.channel_id == self.channel.id), None)

    def member_to_act(self, table):
        user = table.seats[min(table.to_act)].user_id
        return next(m for m in self.members if m.id == user)

    async def new_table(self) -> None:
        sam, alice = self.members
        lobby = (await sam.slash(self.channel, "armymen new")).response.message
        await alice.click(lobby, label="Join")
        await sam.click(lobby, label="Start")

    async def move(self, prefix: str = "") -> bool:
        """The member to act plays the table's first move (a button, or a menu's first option); True when the bot
        acknowledged the move (then "[prefix ]table move" is written to the ledger)."""
        table = self.table()
        message = message_by_id(self.channel, table.message_id)
        answer = await make_move(self.member_to_act(table), message, moves(message)[0])
        if answer.ephemeral:  # refused: the bot is stopping
            return False
        moved = self.table()
        write(self.ledger, f"{prefix}{table.id} {moved.seq if moved else table.seq + 1}")
        return True

    async def play(self) -> None:
        """Click after click, as members do whatever the bot is doing, until a click is refused."""
        while True:
            if self.table() is None:
                await self.new_table()
            elif not await self.move():
                return

    async def resume(self) -> None:
        tables = await self.playground.bot.tables.cache.open_tables()
        write(self.ledger, "tables " + " ".join(f"{t.id} {t.seq}" for t in tables))
        await self.members[0].slash(self.channel, "game status")
        await self.move("moved ")


async def main(mode: str, database: Path, ledger: Path) -> int:
    configure("INFO", "json")
    playground = Playground(database, port=0, seed="stopping")
    on_stop_signals(playground.closed.set)
    await playground.start()
    players = Players(playground, ledger)
    playing = asyncio.create_task(players.play() if mode == "play" else players.resume())
    write(ledger, "started")
    await playground.closed.wait()
    await playground.stop()
    if not playing.done():  # a member's click refused, or cut off by the simulated Discord closing
        playing.cancel()
    with contextlib.suppress(asyncio.CancelledError, Exception):
        await playing
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main(sys.argv[1], Path(sys.argv[2]), Path(sys.argv[3]))))
