"""The chaos run: many games of all four games at once in SimCord while things go wrong, and the promises
checked — nothing acknowledged is lost, no table gets stuck, no secret reaches the channel, every failure is
absorbed, and every finished game replays from its seed to its stored result.

    .venv/bin/python benchmarks/chaos.py [--games N] [--seed S]

Members press the move controls they are offered (table message, DM, My hand), mostly the move the computer
would make, sometimes another one; meanwhile, at random: the bot restarts on the same database and play goes
on with the old messages; Discord calls fail with 500/503 (interaction answers, message edits and sends,
DMs); a third of the members have closed DMs (403, 50007); a member double-clicks or presses a control of an
earlier turn; time jumps past deadlines (timeouts, then autopilot; the owner takes the seat back with My
hand). The last line is `chaos: N games, R restarts, F faults, L lost moves, S stuck tables, K secret leaks,
E unexpected errors`. `tests/test_chaos.py` runs a small N and requires every count to be 0.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import random
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import discord  # noqa: E402
import simcord  # noqa: E402
from rest_budget import choose, move_controls, offers, press, wanted  # noqa: E402

from bot.app import DiceBot  # noqa: E402
from bot.fairness import verify  # noqa: E402
from bot.history import game_record  # noqa: E402
from cogs.armadillo import hand_text  # noqa: E402

SEATS = {"armymen": (2, 0), "armadillo": (3, 1), "doodle": (2, 2), "dardz": (3, 1)}  # members, computers
FAULT_ROUTES = [("POST", "/interactions/*/callback", 500), ("PATCH", "/channels/*/messages/*", 503),
                ("POST", "/channels/*/messages", 500)]
PACE_SECONDS = 3600  # casual
MAX_STEPS = 4000


@dataclass
class Counts:
    games: int = 0
    restarts: int = 0
    faults: int = 0
    lost: int = 0
    stuck: int = 0
    leaks: int = 0
    errors: int = 0
    replays_wrong: int = 0

    def line(self) -> str:
        return (f"chaos: {self.games} games, {self.restarts} restarts, {self.faults} faults, {self.lost} lost moves, "
                f"{self.stuck} stuck tables, {self.leaks} secret leaks, {self.errors} unexpected errors")


def public_text(message: discord.Message) -> str:
    parts = [message.content or ""]
    for embed in message.embeds:
        parts += [embed.title or "", embed.description or "", embed.footer.text if embed.footer else ""]
        parts += [f"{f.name}\n{f.value}" for f in embed.fields]
    for row in message.components:
        for item in getattr(row, "children", [row]):
            parts.append(getattr(item, "label", None) or "")
            parts += [o.label for o in getattr(item, "options", [])]
    return "\n".join(p for p in parts if p)


async def attempt_press(actor, message, choice) -> None:
    """Press, unless the control is no longer shown (a real member could not press it either)."""
    with contextlib.suppress(simcord.SetupError):
        await press(actor, message, choice)


class Chaos:
    def __init__(self, folder: Path, seed: int) -> None:
        self.database = folder / "chaos.sqlite3"
        self.random = random.Random(seed)
        self.counts = Counts()

    def new_bot(self) -> DiceBot:
        return DiceBot(self.database)

    @property
    def sessions(self):
        return self.env.bot.sessions

    async def run(self, games: int) -> Counts:
        self.env = simcord.Env(self.new_bot())
        await self.env.start()
        self.env.check_errors = False
        try:
            with self.env.time_context():
                try:
                    await self._play_all(games)
                except Exception as error:  # e.g. the bot stopped settling: counted, never hidden
                    print(f"the run stopped: {type(error).__name__}: {error}", file=sys.stderr)
                    self.counts.errors += 1
            self.counts.errors += len(self.env.errors)
        finally:
            await self.env.shutdown()
            await self.env.bot.shutdown_storage()
        return self.counts

    async def _play_all(self, games: int) -> None:
        self.guild = self.env.create_guild(name="Game Night")
        self.members = [self.guild.add_member(self.env.create_user(f"member{n}")) for n in range(6)]
        for member in self.members[::3]:  # a third of the members have closed DMs
            self.env.inject_error("POST", f"/channels/{member.user.dm_channel.id}/messages", status=403,
                                  code=50007, message="Cannot send messages to this user", times=None)
        kinds = list(SEATS)
        for n in range(games):
            await self.play(kinds[n % len(kinds)], self.guild.create_text_channel(f"table-{n}"))

    def table(self, channel) -> Any:
        return next((t for t in self.sessions.cached_tables() if t.channel_id == channel.id), None)

    async def play(self, game: str, channel) -> None:
        humans, computers = SEATS[game]
        seated = self.random.sample(self.members, humans)
        lobby = (await seated[0].slash(channel, f"{game} new")).response.message
        for member in seated[1:]:
            await member.click(lobby, label="Join")
        for _ in range(computers):
            await seated[0].click(lobby, label="Add computer")
        await seated[0].click(lobby, label="Start")
        self.counts.games += 1
        table_id = self.table(channel).id
        earlier: list[tuple[Any, discord.Message, Any]] = []
        for _ in range(MAX_STEPS):
            await self.sessions.open_tables()  # touch the tables (lazy after a restart)
            table = self.table(channel)
            if table is None:
                break
            try:
                await self.step(table, channel, earlier)
            except Exception as error:  # the harness itself must never hide a failure: count it, next table
                print(f"table {table_id}: {type(error).__name__}: {error}", file=sys.stderr)
                self.counts.errors += 1
                break
            self.check_secrets(channel, table)
        else:
            self.counts.stuck += 1
        await self.check_finished(table_id)

    async def step(self, table, channel, earlier: list) -> None:
        roll = self.random.random()
        if roll < 0.03:
            old = self.env.bot
            await self.env.restart_bot(self.new_bot())
            await old.shutdown_storage()  # SimCord never closes a bot: its database connection is ours to close
            self.counts.restarts += 1
            return
        if roll < 0.06:
            await self.env.advance_time(PACE_SECONDS)  # a deadline passes
            return
        if roll < 0.16:
            method, path, status = self.random.choice(FAULT_ROUTES)
            self.env.inject_error(method, path, status=status, times=1)
            self.counts.faults += 1
        humans = [s for s in table.to_act if table.seats[s].human and not table.seats[s].autopilot]
        if not humans:
            if not table.deadline_at:
                self.counts.stuck += 1
            await self.env.advance_time(PACE_SECONDS)
            return
        seat = self.random.choice(humans)
        member = next(m for m in self.members if m.id == table.seats[seat].user_id)
        actor, message, choice = await self.control(channel, table, seat, member)
        if choice is None:
            return
        if earlier and self.random.random() < 0.05:  # a control from an earlier turn, where one is still shown
            await attempt_press(*self.random.choice(earlier))
        before = table.seq
        await attempt_press(actor, message, choice)
        if self.random.random() < 0.05:  # a double click (where the control is still shown)
            await attempt_press(actor, message, choice)
        earlier.append((actor, message, choice))
        del earlier[:-20]
        await self.check_saved(table.id, before)

    async def control(self, channel, table, seat: int, member) -> tuple[Any, Any, Any]:
        """The table's controls (always when one member acts; mostly when several do and the table offers this
        member's move, e.g. Armadillo's answers), else the member's DM, else My hand (a seat on autopilot is
        taken back)."""
        message = next((m for m in reversed(channel.history()) if m.id == table.message_id), None)
        if message is None:
            return None, None, None
        controls = move_controls(message)
        if controls and (len(table.to_act) == 1 or (
                offers(controls, wanted(table, seat)) and self.random.random() < 0.7)):
            return member, message, choose(controls, table, seat)
        dm = member.user.dm_channel
        latest = next((m for m in reversed(dm.history()) if move_controls(m)), None)
        if latest is not None and table.seats[seat].dm_message_id == latest.id and self.random.random() < 0.8:
            return member.user, latest, choose(move_controls(latest), table, seat)
        hand = await member.click(message, label="My hand") if any(
            getattr(c, "label", None) == "My hand" for row in message.components for c in row.children) else None
        if hand is None or hand.response is None or not move_controls(hand.response.message):
            return None, None, None
        return member, hand.response.message, choose(move_controls(hand.response.message), table, seat)

    async def check_saved(self, table_id: int, before: int) -> None:
        """Whatever this process shows as played is in the events table, in order."""
        table = await self.sessions.get_by_id(table_id) if self.table_by_id(table_id) else None
        shown = table.seq if table is not None else None
        stored = await self.sessions.store.events(table_id)
        if [e.seq for e in stored] != list(range(1, len(stored) + 1)):
            self.counts.lost += 1
        if shown is not None and shown > len(stored):
            self.counts.lost += shown - len(stored)

    def table_by_id(self, table_id: int) -> bool:
        return any(t.id == table_id for t in self.sessions.cached_tables())

    def check_secrets(self, channel, table) -> None:
        """No Armadillo hand, no DARDZ points-pile count in anything the channel shows."""
        if table.state is None:
            return
        public = "\n".join(public_text(m) for m in channel.history())
        if table.game.id == "armadillo":
            for hand in table.state.hands:
                if len(hand) >= 3 and hand_text(list(hand)) in public:
                    self.counts.leaks += 1
        if table.game.id == "dardz" and "points pile:" in public.lower():
            self.counts.leaks += 1

    async def check_finished(self, table_id: int) -> None:
        row = await self.sessions.store.session(table_id)
        if row.status == "finished" and not verify(await game_record(self.sessions.store, table_id,
                                                                     self.guild.id)).ok:
            self.counts.replays_wrong += 1
            self.counts.lost += 1


async def chaos(folder: Path, games: int, seed: int = 1) -> Counts:
    return await Chaos(folder, seed).run(games)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        counts = asyncio.run(chaos(Path(folder), args.games, args.seed))
    print(f"replays that did not reproduce their stored result: {counts.replays_wrong}")
    print(counts.line())


if __name__ == "__main__":
    main()
