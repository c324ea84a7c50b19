"""What a table is: seats, moves, the immutable snapshot the cogs render, and the live cache."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from db import SeatRow, SessionRow

from .games import GAMES
from .games.core import Event, Game
from .games.rng import FAIR
from .games.text import Text

PACES = {"live": 120, "casual": 3600, "async": 86400}
AUTOPILOT_AFTER = 3


def lobby_lifetime(pace_seconds: int) -> int:
    return 30 * 60 if pace_seconds <= PACES["live"] else 7 * 86400


@dataclass(frozen=True)
class Seat:
    seat: int
    user_id: int | None
    name: str
    is_computer: bool = False
    autopilot: bool = False
    timeouts: int = 0
    dm_message_id: int | None = None
    dm_channel_id: int | None = None
    client_seed: str | None = None  # the seat's part of the dice (provably fair tables)

    @property
    def automatic(self) -> bool:
        """Played by the computer right now (a computer seat, or a human's seat on autopilot)."""
        return self.is_computer or self.autopilot

    @property
    def human(self) -> bool:
        return self.user_id is not None and not self.is_computer


@dataclass(frozen=True)
class Move:
    seq: int
    seat: int
    action: Any
    by: str  # player | timeout | computer | autopilot
    events: tuple[Event, ...] = ()  # what the move did (the engine's account, recomputed by replay)
    dice: tuple[tuple[int, int, int], ...] = ()  # (low, high, value) of every number it drew


AUTOMATIC = ("computer", "autopilot")


def last_update(history: list[Move]) -> int:
    """Where the moves of the table's last update begin (an index into `history`).

    An update is one player's move, or one deadline's timeouts, with the computer moves that follow it;
    the moves that open the game belong to its first update. Computed from the log alone, so the table
    shows the same news before and after a restart.
    """
    i = len(history)
    while i and history[i - 1].by in AUTOMATIC:
        i -= 1
    if i and history[i - 1].by == "player":
        return i - 1
    while i and history[i - 1].by == "timeout":
        i -= 1
    return i


@dataclass(frozen=True)
class Table:
    """An immutable snapshot of one table, for the cogs to render."""

    id: int
    guild_id: int | None
    channel_id: int
    game: Game
    options: dict[str, Any]
    status: str
    host_id: int
    seq: int
    pace_seconds: int
    message_id: int | None
    deadline_at: float | None
    seats: tuple[Seat, ...]
    state: Any  # None in the lobby
    since: tuple[int, ...]  # per seat: the move number at which its pending decision began
    end_reason: str | None = None
    moves: tuple[Move, ...] = ()  # moves made by the call that returned this snapshot
    newly_to_act: frozenset[int] = frozenset()  # seats whose turn began during that call
    news: tuple[Event, ...] = ()  # what the table's last update did, set-up included when it opened the game
    commitment: str = ""  # SHA-256 of the secret dice seed, shown from the start
    revealed_seed: str | None = None  # the seed itself, once the table is closed
    luck: tuple[Text, ...] = ()  # once closed: per seat, its dice against a fair die (one line each)
    story: tuple[Event, ...] = ()  # a closed table's every event, set-up first (only when asked for)
    client_seeds: tuple[str, ...] | None = None  # per seat, mixed into the dice; None: a table from before them

    @property
    def to_act(self) -> frozenset[int]:
        return self.game.to_act(self.state) if self.state is not None else frozenset()

    @property
    def outcome(self):
        return self.game.outcome(self.state) if self.state is not None else None

    def seat_of(self, user_id: int) -> int | None:
        return next((s.seat for s in self.seats if s.user_id == user_id and not s.is_computer), None)

    def view(self, seat: int | None) -> dict[str, Any]:
        return self.game.view(self.state, seat)


@dataclass
class LiveTable:
    """The mutable cache of an open table; only touched under its lock in `Sessions`."""

    row: SessionRow
    seats: list[Seat]
    state: Any = None
    since: list[int] = field(default_factory=list)
    opening: tuple[Event, ...] = ()  # what the set-up did (cards dealt, who starts)
    history: list[Move] = field(default_factory=list)  # every move, with its events

    @property
    def game(self) -> Game:
        return GAMES[self.row.game]

    @property
    def client_seeds(self) -> tuple[str, ...] | None:
        """Every seat's client seed in seat order, for the dice; None for a table that began before them."""
        if self.row.derivation != FAIR:
            return None
        return tuple(s.client_seed or "" for s in self.seats)

    def news(self) -> tuple[Event, ...]:
        start = last_update(self.history)
        events = tuple(e for move in self.history[start:] for e in move.events)
        return self.opening + events if start == 0 else events


def seat_from_row(row: SeatRow) -> Seat:
    return Seat(
        row.seat,
        row.user_id,
        row.name,
        row.is_computer,
        row.autopilot,
        row.timeouts,
        row.dm_message_id,
        row.dm_channel_id,
        row.client_seed,
    )
