"""The chaos run's pieces (benchmarks/chaos.py): its counts, a network that fails at random, the log of the
bot's own errors, what a channel shows everyone, the secrets it must never show, and a click sent again."""

from __future__ import annotations

import logging
import random
from dataclasses import dataclass, field
from typing import Any

import discord
import simcord
from simcord import actors as simcord_actors

from bot.i18n import speaking
from cogs.games.armadillo.render import ArmadilloRenderer, answer_text, hand_text
from cogs.games.dardz.render import RENDERER as DARDZ_RENDERER

FAULT_ROUTES = [("POST", "/interactions/*/callback"), ("POST", "/webhooks/*"), ("PATCH", "/webhooks/*"),
                ("PATCH", "/channels/*/messages/*"), ("POST", "/channels/*/messages"), ("POST", "/users/@me/channels")]
FAULT_CHANCE = 0.10  # of every call on those routes, while tables are played


@dataclass
class Counts:
    games: int = 0
    restarts: int = 0
    faults: int = 0
    lost: int = 0
    stuck: int = 0
    leaks: int = 0
    errors: int = 0
    calls: int = 0
    resent: int = 0  # doubled and stale clicks sent
    by: dict[str, int] = field(default_factory=dict)  # stored moves of the finished tables, by who made them
    taken_back: int = 0  # seats taken back from autopilot with My hand
    doubled: int = 0  # a doubled or stale click that changed the table
    public_refusals: int = 0  # a click that changed nothing, answered in public
    unanswered: int = 0  # a click left without an answer though Discord did not fail ("This interaction failed")
    not_reproduced: int = 0  # finished games whose replay from the seed differs from what was stored

    def line(self) -> str:
        return (f"chaos: {self.games} games, {self.restarts} restarts, {self.faults} faults, {self.lost} lost moves, "
                f"{self.stuck} stuck tables, {self.leaks} secret leaks, {self.errors} unexpected errors")

    def coverage(self) -> str:
        moves = ", ".join(f"{n} by {by}" for by, n in sorted(self.by.items()))
        return (f"played: {self.calls} REST calls ({self.faults / max(self.calls, 1):.0%} failed), moves {moves}, "
                f"{self.taken_back} seats taken back from autopilot, {self.resent} doubled or stale clicks sent")

    def checks(self) -> str:
        return (f"checks: {self.doubled} doubled or stale clicks applied, {self.public_refusals} public refusals, "
                f"{self.unanswered} clicks left unanswered, {self.not_reproduced} finished games not reproduced "
                "from their seed")

    def clean(self) -> bool:
        return not (self.lost or self.stuck or self.leaks or self.errors or self.doubled or self.public_refusals
                    or self.unanswered or self.not_reproduced)


@dataclass
class Press:
    """One interaction a member sent: who, on which message, which control (and menu value), at which move."""
    actor: Any
    message: Any
    control: Any
    value: str | None
    seq: int


@dataclass
class PlayedTable:
    """A table the run plays: its channel, and every move the bot accepted from a member (the ledger)."""
    channel: Any
    table_id: int
    accepted: list[tuple[int, int, str | None]] = field(default_factory=list)  # (seq, seat, action code)
    presses: list[Press] = field(default_factory=list)
    away: set[int] = field(default_factory=set)  # seats whose member is not playing for now
    steps: int = 0


class FlakyNetwork(list):
    """SimCord's list of injected faults (`inject_error`), which it reads on every REST call, with one more
    while `on`: with probability FAULT_CHANCE, the call fails with 500 or 503 if it is on one of FAULT_ROUTES."""

    def __init__(self, faults: list[dict[str, Any]], rng: random.Random) -> None:
        super().__init__(faults)
        self.rng = rng
        self.on = False
        self.calls = 0  # calls made while on
        self.fired = 0

    def __iter__(self):
        yield from super().__iter__()
        if self.on:
            self.calls += 1
            if self.rng.random() < FAULT_CHANCE:
                status = self.rng.choice([500, 503])
                for method, path in FAULT_ROUTES:
                    yield {"method": method, "path": path, "status": status, "code": 0,
                           "message": "Service unavailable (chaos)", "times": 1, "chaos": True}

    def remove(self, fault: dict[str, Any]) -> None:
        """SimCord removes a fault once it has fired its `times`: ours were never in the list."""
        if fault.get("chaos"):
            self.fired += 1
        else:
            super().remove(fault)


class ErrorLog(logging.Handler):
    """Every ERROR the bot logs: a failure it caught but did not expect (Discord's failures are warnings)."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


def walk(parts: list[Any]) -> list[Any]:
    """Every component of a message, nested ones included (Components V2: a Container's texts, picture, rows)."""
    found = []
    for part in parts:
        found.append(part)
        found += walk(list(getattr(part, "children", None) or []))
    return found


def public_text(message: discord.Message) -> str:
    """Everything a message says: content, embeds, Text Displays, its pictures' descriptions, its controls."""
    parts = [message.content or ""]
    for embed in message.embeds:
        parts += [embed.title or "", embed.description or "", embed.footer.text if embed.footer else "",
                  embed.author.name if embed.author else ""]
        parts += [f"{f.name}\n{f.value}" for f in embed.fields]
    for item in walk(list(message.components)):
        parts.append(getattr(item, "label", None) or getattr(item, "placeholder", None) or "")
        parts.append(item.content if isinstance(item, discord.components.TextDisplay) else "")
        parts += [i.description or "" for i in getattr(item, "items", None) or []]  # a Media Gallery's alt texts
        parts += [f"{o.label} {o.description or ''}" for o in getattr(item, "options", [])]
    return "\n".join(p for p in parts if p)


def secrets_of(table) -> list[str]:
    """What only one seat may know, written the way the bot writes it for that seat: an Armadillo hand, a
    pending answer and the private lines around them; a DARDZ points pile, its count and points."""
    if table.state is None or table.game.id not in ("armadillo", "dardz"):
        return []
    found = []
    with speaking("en"):
        for seat in range(len(table.seats)):
            view = table.view(seat)
            if table.game.id == "dardz":
                found += DARDZ_RENDERER.pile_lines(view)
                continue
            found += ArmadilloRenderer.secret_lines(view, seat)
            if len(view["you"]["hand"]) >= 2:
                found.append(hand_text(view["you"]["hand"]))
            answer = view["you"]["answer"]
            if answer is not None and not answer["token"]:
                found.append(answer_text(answer, you=True))  # "discard **9**": the table says "discarded"
    return found


async def send_again(actor, message, custom_id: str, value: str | None = None) -> simcord.InteractionResult:
    """Send a control's interaction again, as a double click or a client that has not redrawn the message yet
    does: Discord delivers the custom id the member saw, whatever the message shows now. SimCord's `click`
    refuses a control the message no longer shows, so this goes one level down (SimCord 3's internals)."""
    stored = simcord_actors._visible_message(actor, message)
    kind = discord.ComponentType.button if value is None else discord.ComponentType.string_select
    data: dict[str, Any] = {"custom_id": custom_id, "component_type": kind.value}
    if value is not None:
        data["values"] = [value]
    actor._env._begin_operation("click")
    try:
        return await simcord_actors._component_interaction(actor, stored, data)
    finally:
        actor._env._end_operation()


def components(message) -> list[Any]:
    """The buttons and menus of a message."""
    return [c for c in walk(list(message.components)) if isinstance(c, (discord.Button, discord.SelectMenu))]
