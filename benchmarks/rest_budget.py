"""The REST budget of every game, from one SimCord run: calls per move, split by what the move did and by
call kind, plus the handling time of a move against a no-op slash command with many open tables.

    .venv/bin/python benchmarks/rest_budget.py [--games N] [--tables N]

Every registered game is played (the bot's own; a test run's toy games too), seated as the game's own test folder
declares (tests/cogs/games/<id>/measures.py, `REST_BUDGET`). Members play whole games the way a person would: the
move buttons and menus of the table message (or the choices a table's control opens in a modal only its presser
sees: Armadillo's Discard a card…), their DM, or My hand. Opening a view (My hand, a choices modal) is not a move: a
modal's one call is counted apart (`opens`). Each move is classed as `within` (the turn goes on and nobody else is
called), `calls` (the turn goes on and calls other members to act: Armadillo's roll, which everyone answers, so one
ping must go out), `passes` (the next turn begins) or `end` (the game ends), by the engine's own `turn_key`.
`w+c` adds `within` and `calls` up: every move that does not end the turn. `tests/test_rest_budget.py`
keeps every game under its budget. A game night's and a tournament's own calls (per round, per member) follow, from
benchmarks/night_budget.py and benchmarks/tournament_budget.py.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import discord  # noqa: E402
import simcord  # noqa: E402

from bot.app import DiceBot  # noqa: E402
from bot.games.core import encode_action  # noqa: E402
from bot.games.registry import engines  # noqa: E402
from bot.games.rng import SeededRng  # noqa: E402
from bot.service.errors import NoTable  # noqa: E402
from tests.per_game import rest_budget  # noqa: E402

KINDS = ("answer", "table edit", "ping", "notice", "DM edit", "DM send", "other")
CLASSES = ("within", "calls", "passes", "end")


@dataclass
class Tally:
    calls: dict[str, list[int]] = field(default_factory=lambda: defaultdict(list))  # class -> calls per move
    opens: list[int] = field(default_factory=list)  # calls of each choices modal opened before a move
    kinds: dict[str, dict[str, int]] = field(default_factory=lambda: defaultdict(lambda: defaultdict(int)))
    problems: list[str] = field(default_factory=list)


def classify(entry: Any, table_channel: int, dm_channels: set[int]) -> str:
    path = entry.path
    if path.startswith("/interactions/") or path.startswith("/webhooks/"):
        return "answer"
    parts = path.split("/")
    if len(parts) > 2 and parts[1] == "channels" and parts[2].isdigit():
        channel = int(parts[2])
        if channel == table_channel and path.endswith("/messages") and entry.method == "POST":
            return "ping" if "<@" in posted_text(entry) else "notice"
        if channel == table_channel and entry.method == "PATCH":
            return "table edit"
        if channel in dm_channels:
            return "DM edit" if entry.method == "PATCH" else "DM send"
    return "other"


def posted_text(entry: Any) -> str:
    """A posted message's words: its content, or (Components V2) its Text Displays, wherever they are nested."""
    payload = entry.json or {}
    texts, stack = [payload.get("content") or ""], list(payload.get("components") or [])
    while stack:
        component = stack.pop()
        if component.get("type") == discord.ComponentType.text_display.value:
            texts.append(component.get("content") or "")
        stack += component.get("components") or []
    return "\n".join(texts)


def components(message: discord.Message) -> list[Any]:
    """The buttons and menus of a message, nested ones included (Components V2: a Container's rows)."""
    found, stack = [], list(message.components)
    while stack:
        component = stack.pop(0)
        if isinstance(component, (discord.Button, discord.SelectMenu)):
            found.append(component)
        stack[:0] = list(getattr(component, "children", None) or [])
    return found


def move_controls(message: discord.Message | None) -> list[Any]:
    """The move buttons and menus of a message (not Join, My hand, or a Block)."""
    if message is None:
        return []
    return [c for c in components(message) if (getattr(c, "custom_id", None) or "")[:2] in ("a:", "s:")]


def wanted(table: Any, seat: int) -> str:
    """The move the computer would make in this seat, encoded as controls carry it."""
    return encode_action(table.game.computer_action(table.state, seat, SeededRng("budget", table.seq)))


def offers(controls: list[Any], code: str) -> bool:
    """Whether a button or a menu option among `controls` plays `code`."""
    return any(any(o.value == code for o in control.options) if isinstance(control, discord.SelectMenu)
               else control.custom_id.endswith(f":{code}") for control in controls)


def choose(controls: list[Any], table: Any, seat: int) -> tuple[Any, str | None]:
    """The control (and menu value) for the move the computer would make; else the first control."""
    code = wanted(table, seat)
    for control in controls:
        if isinstance(control, discord.SelectMenu):
            if any(o.value == code for o in control.options):
                return control, code
        elif control.custom_id.endswith(f":{code}"):
            return control, None
    first = controls[0]
    return first, first.options[0].value if isinstance(first, discord.SelectMenu) else None


def opener(message: discord.Message | None) -> Any:
    """The table's control that opens the presser's own choices (custom id `o:…`), if it shows one."""
    return next((c for c in components(message) if (getattr(c, "custom_id", None) or "").startswith("o:")), None) \
        if message is not None else None


def modal_offers(opened: Any, code: str) -> bool:
    """Whether a choices modal a member opened offers the move `code`."""
    menus = [c["component"] for c in (opened.modal or {}).get("components", []) if c.get("component")]
    return any(o["value"] == code for menu in menus for o in menu.get("options", []))


async def press(actor, message: Any, choice: tuple[Any, str | None]) -> None:
    control, value = choice
    if getattr(message, "modal", None) is not None:  # a choices modal: its submit plays the move
        await actor.submit_modal(message, {"choice": [value]})
    elif value is not None:
        await actor.select(message, [value], custom_id=control.custom_id)
    else:
        await actor.click(message, custom_id=control.custom_id)


@dataclass(frozen=True)
class Latency:
    move: float
    noop: float
    move_cpu: float
    noop_cpu: float

    def __str__(self) -> str:
        return (f"move {self.move * 1000:.2f} ms (loop CPU {self.move_cpu * 1000:.2f} ms), no-op slash command "
                f"{self.noop * 1000:.2f} ms (loop CPU {self.noop_cpu * 1000:.2f} ms): "
                f"ratio {self.move / self.noop:.1f}x "
                f"(loop CPU {self.move_cpu / self.noop_cpu:.1f}x)")


class TimedCalls(list):
    """SimCord's log of the bot's REST calls, which also notes when each call was made."""

    def __init__(self, calls: list[Any]) -> None:
        super().__init__(calls)
        self.times = [0.0] * len(calls)

    def append(self, call: Any) -> None:
        super().append(call)
        self.times.append(time.perf_counter())

    def last_since(self, count: int, started: float) -> float:
        """Seconds from `started` to the last call made after the first `count` calls."""
        assert len(self) > count, "the interaction made no REST call"
        return self.times[-1] - started


class NoopBot(DiceBot):
    """The bot with one more command, /noop, that only answers: the yardstick a move is measured against."""

    async def setup_hook(self) -> None:
        @discord.app_commands.command(name="noop", description="Answer and do nothing else")
        async def noop(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("ok", ephemeral=True)

        self.tree.add_command(noop)
        await super().setup_hook()


class Run:
    def __init__(self, database: Path) -> None:
        self.bot = NoopBot(database)
        self.env = simcord.Env(self.bot)

    async def __aenter__(self) -> Run:
        await self.env.start()
        self.calls = self.env.backend.http_requests = TimedCalls(self.env.backend.http_requests)
        self.guild = self.env.create_guild(name="Game Night")
        self.members = [self.guild.add_member(self.env.create_user(name)) for name in ("alice", "bob", "carol")]
        return self

    async def __aexit__(self, *exc: Any) -> None:
        await self.env.shutdown()
        await self.bot.shutdown_storage()

    def table(self, channel) -> Any:
        return next((t for t in self.bot.tables.cache.cached_tables() if t.channel_id == channel.id), None)

    async def open(self, game: str, channel) -> Any:
        seating = rest_budget(game)
        humans, computers = seating.members, seating.computers
        lobby = (await self.members[0].slash(channel, f"{game} new", pace="casual")).response.message
        for member in self.members[1:humans]:
            await member.click(lobby, label="Join")
        for _ in range(computers):
            await self.members[0].select(lobby, ["normal"])  # the lobby's "🤖 Add a computer…" menu
        await self.members[0].click(lobby, label="Start")
        return self.table(channel)

    async def play_game(self, game: str, channel, tally: Tally, max_moves: int = 3000) -> None:
        table = await self.open(game, channel)
        for _ in range(max_moves):
            if table is None or table.status != "active":
                return
            seat = min(s for s in table.to_act if table.seats[s].human)
            member = next(m for m in self.members if m.id == table.seats[seat].user_id)
            opening = len(self.env.http_requests)
            actor, message, control = await self._control(channel, table, seat, member)
            before = len(self.env.http_requests)
            if getattr(message, "modal", None) is not None:
                tally.opens.append(before - opening)
            await press(actor, message, control)
            after = self.table(channel)
            self._count(tally, table, seat, after, self.env.http_requests[before:], channel.id)
            table = after
        raise AssertionError(f"{game}: no end after {max_moves} moves")

    async def _control(self, channel, table, seat: int, member) -> tuple[Any, discord.Message, Any]:
        """Who presses what: the table's controls (when they offer this member's move, or when one member
        acts), else the member's DM (as the user), else My hand."""
        message = next(m for m in channel.history() if m.id == table.message_id)
        controls = move_controls(message)
        if controls and (len(table.to_act) == 1 or offers(controls, wanted(table, seat))):
            return member, message, choose(move_controls(message), table, seat)
        if (button := opener(message)) is not None:
            opened = await member.click(message, custom_id=button.custom_id)
            if modal_offers(opened, wanted(table, seat)):
                return member, opened, (None, wanted(table, seat))
        dm = member.user.dm_channel
        latest = next((m for m in reversed(dm.history()) if move_controls(m)), None) if dm else None
        if latest is not None and table.seats[seat].dm_message_id == latest.id:
            return member.user, latest, choose(move_controls(latest), table, seat)
        hand = (await member.click(message, label="My hand")).response.message
        return member, hand, choose(move_controls(hand), table, seat)

    def _count(self, tally: Tally, before, seat: int, after, calls: list[Any], channel_id: int) -> None:
        game = before.game
        if after is None or after.status != "active":
            kind = "end"
        elif game.turn_key(after.state) == game.turn_key(before.state) and seat in after.to_act | before.to_act:
            called = {s for s in after.to_act - before.to_act - {seat}
                      if after.seats[s].human and not after.seats[s].autopilot}
            kind = "calls" if called else "within"
        else:
            kind = "passes"
        dms = {s.dm_channel_id for s in (after or before).seats if s.dm_channel_id}
        kinds = [classify(c, channel_id, dms) for c in calls]
        tally.calls[kind].append(len(calls))
        for k in kinds:
            tally.kinds[kind][k] += 1
        if kind in ("passes", "calls"):
            self._check_pings(tally, after, calls, channel_id)
        if after is not None and after.state is not None:
            for s in after.seats:
                edited = any(c.method == "PATCH" and f"/channels/{s.dm_channel_id}/messages/" in c.path
                             for c in calls if s.dm_channel_id)
                if edited and game.view(before.state, s.seat) == game.view(after.state, s.seat):
                    tally.problems.append(f"{game.id}: seat {s.seat}'s DM was edited though its view is unchanged")

    @staticmethod
    def _check_pings(tally: Tally, after, calls: list[Any], channel_id: int) -> None:
        pings = [c for c in calls if classify(c, channel_id, set()) == "ping"]
        waiting = {f"<@{after.seats[s].user_id}>" for s in after.to_act if after.seats[s].human
                   and not after.seats[s].autopilot}
        if len(pings) > 1:
            tally.problems.append(f"{after.game.id}: {len(pings)} pings for one passing turn")
        for ping in pings:
            named = {word.strip(",") for word in posted_text(ping).split() if word.startswith("<@")}
            if not named <= waiting:
                tally.problems.append(f"{after.game.id}: pinged {named - waiting}, who need not act")

    async def latency(self, game: str, channel, moves: int) -> Latency:
        """Medians of a move and of a no-op slash command, each from the interaction to its last REST call
        (SimCord's own settling after it is not counted), and the event loop's own CPU time for each (the
        loop's thread: a picture drawn in a worker thread does not count, SimCord's handling of the calls does)."""
        table = await self.open(game, channel)
        move_times, noop_times, move_cpu, noop_cpu = [], [], [], []
        for _ in range(moves):
            if table is None or table.status != "active":
                table = await self.open(game, channel)
            seat = min(s for s in table.to_act if table.seats[s].human)
            member = next(m for m in self.members if m.id == table.seats[seat].user_id)
            actor, message, control = await self._control(channel, table, seat, member)
            count, started, cpu = len(self.calls), time.perf_counter(), time.thread_time()
            await press(actor, message, control)
            move_times.append(self.calls.last_since(count, started))
            move_cpu.append(time.thread_time() - cpu)
            count, started, cpu = len(self.calls), time.perf_counter(), time.thread_time()
            await member.slash(channel, "noop")
            noop_times.append(self.calls.last_since(count, started))
            noop_cpu.append(time.thread_time() - cpu)
            table = self.table(channel)
        return Latency(*map(statistics.median, (move_times, noop_times, move_cpu, noop_cpu)))

    async def fill(self, tables: int) -> None:
        """Open tables in other channels, as a busy community would have (service only, no messages)."""
        for n in range(tables):
            await self.bot.tables.lobby.open(guild_id=self.guild.id, channel_id=10_000 + n, game_id="armymen",
                                         host_id=1_000_000 + n, host_name=f"Host {n}")


def games() -> list[str]:
    """The games the budget plays: every registered one."""
    return list(engines())


async def budget(database_dir: Path, games_played: int = 1) -> dict[str, Tally]:
    tallies = {game: Tally() for game in games()}
    async with Run(database_dir / "budget.sqlite3") as run:
        for game in tallies:
            channel = run.guild.create_text_channel(game)
            for _ in range(games_played):
                await run.play_game(game, channel, tallies[game])
    return tallies


async def move_latency(database_dir: Path, tables: int, moves: int) -> dict[str, Latency]:
    """Per game: the median move and no-op slash command, with `tables` other open tables in the database."""
    async with Run(database_dir / "latency.sqlite3") as run:
        await run.fill(tables)
        medians = {}
        for game in games():
            channel = run.guild.create_text_channel(f"{game}-latency")
            medians[game] = await run.latency(game, channel, moves)
            with contextlib.suppress(NoTable):  # a member hosts 3 open tables at most
                await run.bot.tables.turns.end(channel.id, run.members[0].id, is_admin=True)
        return medians


def report(tallies: dict[str, Tally]) -> str:
    lines = [f"{'game':<10} {'moves':<7} {'n':>4} {'avg':>5} {'max':>4}  per move by kind"]
    for game, tally in tallies.items():
        for kind in CLASSES:
            counts = tally.calls.get(kind, [])
            if not counts:
                continue
            split = ", ".join(f"{k} {tally.kinds[kind][k] / len(counts):.2f}" for k in KINDS if tally.kinds[kind][k])
            lines.append(f"{game:<10} {kind:<7} {len(counts):>4} {statistics.mean(counts):>5.2f} "
                         f"{max(counts):>4}  {split}")
        if tally.calls.get("calls"):  # the "moves that do not end the turn": both classes together
            both = tally.calls["within"] + tally.calls["calls"]
            lines.append(f"{game:<10} {'w+c':<7} {len(both):>4} {statistics.mean(both):>5.2f} {max(both):>4}")
        if tally.opens:  # a choices modal opened before the move (Armadillo's Discard a card…)
            lines.append(f"{game:<10} {'opens':<7} {len(tally.opens):>4} {statistics.mean(tally.opens):>5.2f} "
                         f"{max(tally.opens):>4}  the modal of the presser's own choices, before its move")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3, help="games per game kind (default 3)")
    parser.add_argument("--tables", type=int, default=1000, help="open tables for the latency run")
    parser.add_argument("--moves", type=int, default=200, help="moves timed for the latency run")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        tallies = asyncio.run(budget(Path(folder), args.games))
        print(report(tallies))
        for tally in tallies.values():
            for problem in sorted(set(tally.problems)):
                print(f"PROBLEM {problem}")
        from night_budget import night  # a game night's own calls, step by step
        from night_budget import report as night_report
        print(night_report(asyncio.run(night(Path(folder) / "night.sqlite3"))))
        from tournament_budget import report as tournament_report
        from tournament_budget import tournament  # a tournament's own calls, step by step
        print(tournament_report(asyncio.run(tournament(Path(folder) / "tournament.sqlite3"))))
        print(f"latency with {args.tables} open tables (medians; loop CPU: the event loop's own thread)")
        for game, timing in asyncio.run(move_latency(Path(folder), args.tables, args.moves)).items():
            print(f"{game:<10} {timing}")


if __name__ == "__main__":
    main()
