"""The chaos run: many tables of all four games open at once in SimCord while things go wrong, and the
promises checked — nothing acknowledged is lost, no table gets stuck, no secret reaches the channel, every
failure is absorbed, a doubled or stale click changes nothing, every refusal is ephemeral, and every finished
game replays from its seed to its stored result.

    .venv/bin/python benchmarks/chaos.py [--games N] [--tables K] [--seed S]

Tables of 2–5 seats (members and computers) are played K at a time, a step at a time on a table picked at
random. Members press a control they are offered (the table message, their DM, My hand), the computer's
choice or any other. Meanwhile, at random: the bot restarts on the same database and play goes on with the
old messages; Discord calls fail with 500/503 (interaction answers and follow-ups, message sends and edits,
DMs); a third of the members have closed DMs (403, 50007); a member double-clicks, or their client sends a
control of an earlier turn; time jumps past reminders and deadlines (timeouts, then autopilot, and the owner
takes the seat back with My hand). The last line is `chaos: N games, R restarts, F faults, L lost moves,
S stuck tables, K secret leaks, E unexpected errors`; the line before it counts the other checks.
`tests/test_chaos.py` runs a small N and requires every count to be 0.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import random
import sys
import tempfile
import traceback
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import discord  # noqa: E402
import simcord  # noqa: E402
from chaos_kit import (  # noqa: E402
    Counts,
    ErrorLog,
    FlakyNetwork,
    PlayedTable,
    Press,
    components,
    public_text,
    secrets_of,
    send_again,
)
from rest_budget import choose, move_controls  # noqa: E402

from bot.app import DiceBot  # noqa: E402
from bot.games.registry import engines  # noqa: E402
from bot.i18n import speaking  # noqa: E402
from bot.service.fairness import verify  # noqa: E402
from bot.service.lobby import MAX_HOSTED_TABLES  # noqa: E402

GAMES = engines()  # every registered game (a test run's toy games too: after the tuned ones)
# The order tables of each game are opened in: the one the seeds were chosen with (tests/test_chaos.py's meets
# every kind of chaos), then any other game.
TUNED = ("armymen", "armadillo", "doodle", "dardz")

MEMBERS = 12
PACE_SECONDS = 3600  # casual: a reminder after half an hour, the deadline after an hour
MAX_STEPS = 3000  # steps on one table before it counts as stuck


class Chaos:
    def __init__(self, folder: Path, seed: int) -> None:
        self.database = folder / "chaos.sqlite3"
        self.random = random.Random(seed)
        self.counts = Counts()
        self.error_log = ErrorLog()

    def new_bot(self) -> DiceBot:
        """A bot on the run's database whose secret and client seeds come from the run's own seed, so one seed
        replays the same run."""
        return DiceBot(self.database, new_seed=lambda: f"{self.random.getrandbits(128):032x}",
                       new_client_seed=lambda: f"{self.random.getrandbits(64):016x}")

    @property
    def tables(self):
        return self.env.bot.tables

    async def run(self, games: int, tables: int = 6) -> Counts:
        self.env = simcord.Env(self.new_bot())
        await self.env.start()
        self.env.check_errors = False  # counted below instead
        self.network = self.env.backend.faults = FlakyNetwork(self.env.backend.faults, self.random)
        logging.getLogger().addHandler(self.error_log)
        try:
            with self.env.time_context():
                try:
                    await self._play_all(games, tables)
                except Exception as error:  # e.g. the bot stopped settling: counted, never hidden
                    print(f"the run stopped: {type(error).__name__}: {error}", file=sys.stderr)
                    self.counts.errors += 1
            self.counts.calls, self.counts.faults = self.network.calls, self.network.fired
            self.counts.errors += len(self.env.errors) + len(self.error_log.records)
            for record in self.error_log.records[:3]:
                print(f"logged: {record.name}: {record.getMessage()}", file=sys.stderr)
                if record.exc_info:
                    traceback.print_exception(*record.exc_info, limit=-4, file=sys.stderr)
        finally:
            logging.getLogger().removeHandler(self.error_log)
            await self.env.shutdown()
            await self.env.bot.shutdown_storage()
        return self.counts

    async def _play_all(self, games: int, tables: int) -> None:
        self.guild = self.env.create_guild(name="Game Night")
        self.members = [self.guild.add_member(self.env.create_user(f"member{n}")) for n in range(MEMBERS)]
        for member in self.members[::3]:  # a third of the members have closed DMs
            self.env.inject_error("POST", f"/channels/{member.user.dm_channel.id}/messages", status=403,
                                  code=50007, message="Cannot send messages to this user", times=None)
        self.playing: list[PlayedTable] = []
        kinds = [*(g for g in TUNED if g in GAMES), *(g for g in GAMES if g not in TUNED)]
        while self.playing or self.counts.games < games:
            while len(self.playing) < tables and self.counts.games < games:
                self.playing.append(await self.open(kinds[self.counts.games % len(kinds)]))
            game = self.random.choice(self.playing)
            if not await self.step(game):
                self.playing.remove(game)
                await self.check_finished(game)

    # --- opening a table (on a calm network: the lobby's failures have tests of their own) ---------------
    async def open(self, kind: str) -> PlayedTable:
        self.network.on = False
        engine = GAMES[kind]
        seats = self.random.randint(max(2, engine.min_players), min(5, engine.max_players))
        humans = self.random.randint(1, seats)
        hosted = [t.host_id for t in self.tables.cache.cached_tables()]
        host = self.random.choice([m for m in self.members if hosted.count(m.id) < MAX_HOSTED_TABLES])
        seated = [host, *self.random.sample([m for m in self.members if m is not host], humans - 1)]
        channel = self.guild.create_text_channel(f"table-{self.counts.games}")
        lobby = (await host.slash(channel, f"{kind} new")).response.message
        for member in seated[1:]:
            await member.click(lobby, label="Join")
        for _ in range(seats - humans):
            await host.select(lobby, ["normal"])  # the lobby's "🤖 Add a computer…" menu
        await host.click(lobby, label="Start")
        self.counts.games += 1
        return PlayedTable(channel, self.table(channel).id)

    def table(self, channel) -> Any:
        return next((t for t in self.tables.cache.cached_tables() if t.channel_id == channel.id), None)

    # --- one step of chaos ------------------------------------------------------------------------------
    async def step(self, game: PlayedTable) -> bool:
        """One thing happens at `game`'s table; False once the table is closed."""
        await self.tables.cache.open_tables()  # touch every table (lazy after a restart), as their clicks would
        table = self.table(game.channel)
        if table is None:
            return False
        game.steps += 1
        if game.steps > MAX_STEPS:
            print(f"table {table.id} ({table.game.id}): no end after {MAX_STEPS} steps", file=sys.stderr)
            self.counts.stuck += 1
            return False
        roll = self.random.random()
        self.network.on = True
        try:
            if roll < 0.02:
                await self.restart()
            elif roll < 0.05:
                await self.env.advance_time(self.random.choice([PACE_SECONDS / 2, PACE_SECONDS]))
            else:
                await self.member_step(game, table)
        except Exception as error:  # the harness must never hide a failure: count it, next table
            print(f"table {table.id}: {type(error).__name__}: {error}", file=sys.stderr)
            self.counts.errors += 1
            return False
        self.check_secrets(game.channel, self.table(game.channel))
        return True

    async def restart(self) -> None:
        self.network.on = False  # Discord itself is not what fails here
        old = self.env.bot
        await self.env.restart_bot(self.new_bot())
        await old.shutdown_storage()  # SimCord never closes a bot: its database connection is ours to close
        self.counts.restarts += 1
        await self.check_ledgers(self.playing)  # what the old process accepted, as the new one reads it

    async def member_step(self, game: PlayedTable, table) -> None:
        if game.away and self.random.random() < 0.15:  # a member comes back; My hand takes their seat back
            seat = game.away.pop()
            if table.seats[seat].autopilot:
                await self.press_hand(self.member(table.seats[seat].user_id), game.channel, table)
                self.counts.taken_back += not self.table(game.channel).seats[seat].autopilot
            return
        humans = [s.seat for s in table.seats if s.human and s.seat not in game.away]
        if humans and self.random.random() < 0.02:  # a member goes away for a while: their deadlines pass
            game.away.add(self.random.choice(humans))
        waiting = [s for s in table.to_act
                   if table.seats[s].human and not table.seats[s].autopilot and s not in game.away]
        if not waiting:
            if not table.deadline_at:
                print(f"table {table.id}: nobody can act and no deadline is set", file=sys.stderr)
                self.counts.stuck += 1
            await self.env.advance_time(PACE_SECONDS)
            return
        seat = self.random.choice(waiting)
        found = await self.offered(game.channel, table, seat, self.member(table.seats[seat].user_id))
        if found is None:
            return
        if game.presses and self.random.random() < 0.05:  # the client sends a control of an earlier turn
            await self.press_again(game, self.random.choice(game.presses))
        table = self.table(game.channel) or table
        actor, message, controls = found
        control, value = self.pick(controls, table, seat)
        press = Press(actor, message, control, value, table.seq)
        with contextlib.suppress(simcord.SetupError):  # the control went with the previous click
            failed = self.network.fired
            if value is not None:
                result = await actor.select(message, [value], custom_id=control.custom_id)
            else:
                result = await actor.click(message, custom_id=control.custom_id)
            self.check_answered(result, failed)
            await self.after_press(game, press, seat, result)
            if self.random.random() < 0.05:  # a double click
                await self.press_again(game, press)
        game.presses = [*game.presses[-30:], press]

    def pick(self, controls: list[Any], table, seat: int) -> tuple[Any, str | None]:
        """Mostly what the computer would play (so games end), else any control offered."""
        if self.random.random() < 0.6:
            return choose(controls, table, seat)
        control = self.random.choice(controls)
        if isinstance(control, discord.SelectMenu):
            return control, self.random.choice(control.options).value
        return control, None

    async def offered(self, channel, table, seat: int, member) -> tuple[Any, Any, list[Any]] | None:
        """Where the member finds their move: the table message, else their DM, else My hand."""
        message = next((m for m in reversed(channel.history()) if m.id == table.message_id), None)
        if message is None:  # never posted (its send failed): the member asks for it again
            await member.slash(channel, "game status")
            return None
        controls = move_controls(message)
        if controls and self.random.random() < 0.7:
            return member, message, controls
        dm = member.user.dm_channel
        latest = next((m for m in reversed(dm.history()) if m.id == table.seats[seat].dm_message_id), None)
        if latest is not None and move_controls(latest) and self.random.random() < 0.5:
            return member.user, latest, move_controls(latest)
        hand = await self.press_hand(member, channel, table)
        if hand is None or not move_controls(hand):
            return (member, message, controls) if controls else None
        return member, hand, move_controls(hand)

    async def press_hand(self, member, channel, table) -> Any:
        message = next((m for m in reversed(channel.history()) if m.id == table.message_id), None)
        if message is None or not any(getattr(c, "label", None) == "My hand" for c in components(message)):
            return None
        result = await member.click(message, label="My hand")
        if result.response is not None and not result.response.ephemeral:
            self.counts.public_refusals += 1  # a private view shown to everyone
        return result.response.message if result.response is not None else None

    async def after_press(self, game: PlayedTable, press: Press, seat: int, result) -> None:
        """A move the bot accepted goes in the ledger; a click that changed nothing is answered privately."""
        after = await self.seq_now(game)
        if after > press.seq:
            code = press.control.custom_id.split(":", 3)[3] if press.control.custom_id.startswith("a:") else \
                press.value if press.control.custom_id.endswith(":act") else None
            game.accepted.append((press.seq + 1, seat, code))
        else:
            self.check_private(result, press)

    async def press_again(self, game: PlayedTable, press: Press) -> None:
        before, failed = await self.seq_now(game), self.network.fired
        try:
            result = await send_again(press.actor, press.message, press.control.custom_id, press.value)
        except simcord.SetupError:  # the message is gone (a restart does not remove messages; a delete would)
            return
        self.counts.resent += 1
        self.check_answered(result, failed)
        if await self.seq_now(game) != before and press.seq < before:
            print(f"table {game.table_id}: a click made at move {press.seq} applied at move {before}", file=sys.stderr)
            self.counts.doubled += 1
        if await self.seq_now(game) == before:
            self.check_private(result, press)

    def check_answered(self, result, failed_before: int) -> None:
        if not result.acknowledged and self.network.fired == failed_before:
            self.counts.unanswered += 1

    def check_private(self, result, press: Press) -> None:
        answers = ([result.response] if result.response is not None and result.response.id != press.message.id
                   else []) + result.followups
        if any(not answer.ephemeral for answer in answers):
            self.counts.public_refusals += 1

    async def seq_now(self, game: PlayedTable) -> int:
        """The move number the members were shown: the bot's copy of an open table, else the stored one."""
        table = next((t for t in self.tables.cache.cached_tables() if t.id == game.table_id), None)
        return table.seq if table is not None else (await self.tables.store.table(game.table_id)).seq

    def member(self, user_id: int):
        return next(m for m in self.members if m.id == user_id)

    # --- the checks ---------------------------------------------------------------------------------------
    def check_secrets(self, channel, table) -> None:
        """No secret in anything the channel shows everyone: texts, embeds, controls, pictures."""
        if table is None:
            return
        secrets = secrets_of(table)
        if not secrets and not table.game.has_secrets:
            return
        messages = [m for m in channel.history() if not m.flags.ephemeral]
        public = "\n".join(public_text(m) for m in messages)
        leaked = [s for s in secrets if s in public]
        for secret in leaked:
            print(f"table {table.id}: {secret!r} is in the channel", file=sys.stderr)
        self.counts.leaks += len(leaked)
        self.counts.leaks += self.private_pictures_shown(table, messages)

    def private_pictures_shown(self, table, messages) -> int:
        drawn = self.env.bot.edge.shared.pictures.drawn
        shown = {self.env.backend.cdn.get(a.url) for m in messages for a in m.attachments}
        with speaking("en"):
            private = {drawn.cached(table, seat) for seat in range(len(table.seats))} - {None}
        return len(shown & private)

    async def check_finished(self, game: PlayedTable) -> None:
        await self.check_ledgers([game])
        for event in await self.tables.store.moves(game.table_id):
            self.counts.by[event.by] = self.counts.by.get(event.by, 0) + 1
        row = await self.tables.store.table(game.table_id)
        if row.status == "finished" and not verify(
                await self.tables.records.game_record(self.guild.id, game.table_id, row.channel_id),
                self.tables.games).ok:
            self.counts.not_reproduced += 1

    async def check_ledgers(self, games: list[PlayedTable]) -> None:
        """Every move the bot accepted from a member is stored at its number, by its seat, as played."""
        for game in games:
            stored = {e.seq: e for e in await self.tables.store.moves(game.table_id)}
            for seq, seat, code in game.accepted:
                event = stored.get(seq)
                if event is None or event.seat != seat or event.by != "player" or code not in (None, event.action):
                    print(f"table {game.table_id}: accepted move {seq} by seat {seat} ({code}) is stored as "
                          f"{event}", file=sys.stderr)
                    self.counts.lost += 1
            game.accepted.clear()  # each move is checked once


async def chaos(folder: Path, games: int, seed: int = 1, tables: int = 6) -> Counts:
    return await Chaos(folder, seed).run(games, tables)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--tables", type=int, default=6, help="tables open at once")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        counts = asyncio.run(chaos(Path(folder), args.games, args.seed, args.tables))
    print(counts.coverage())
    print(counts.checks())
    print(counts.line())
    sys.exit(0 if counts.clean() else 1)


if __name__ == "__main__":
    main()
