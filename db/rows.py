"""The typed rows the store returns.

The code says "table" and "move" where the database, named before, says `sessions` and `events` (with
`session_id` columns): renaming them would stop every process of the previous release in the middle of an
upgrade, for no change in behaviour. `COLUMNS` is where the two vocabularies meet."""

from __future__ import annotations

import functools
from dataclasses import dataclass, fields

COLUMNS = {"table_id": "session_id"}  # a row field -> the database column it is read from


def from_mapping(cls, row) -> object:
    """Build a row dataclass from a database row, ignoring columns the dataclass does not name. Built without the
    frozen dataclass's `__init__` (a write per field): a start-up reads every open table's row, a rebuild its seats
    and moves."""
    made = object.__new__(cls)
    made.__dict__.update({name: row[column] for name, column in _columns(cls)})
    return made


@functools.cache
def _columns(cls) -> tuple[tuple[str, str], ...]:
    """Each field of a row class with the column it is read from."""
    return tuple((f.name, COLUMNS.get(f.name, f.name)) for f in fields(cls))


@dataclass(frozen=True)
class TableRow:
    id: int
    guild_id: int | None
    channel_id: int
    game: str
    rules_version: int
    options: str
    status: str
    host_id: int
    seed: str
    seq: int
    pace_seconds: int
    message_id: int | None
    deadline_at: float | None
    reminder_at: float | None
    created_at: float
    ended_at: float | None
    end_reason: str | None
    started_at: float | None = None
    rev: int = 0  # committed changes of this table (the optimistic-concurrency check)
    derivation: str | None = None  # the dice derivation (bot/games/rng.py): None for tables before client seeds
    followers: int = 0  # members who follow the table (its result comes to them by DM)
    ping_message_id: int | None = None  # the table's ping standing in its channel (bot/service/calls.py)
    ping_seq: int | None = None  # … calling the decisions that began by this move
    ping_seats: str | None = None  # … of these seats (a JSON list)
    clock: str = "fixed"  # fixed: a deadline per move; bank: each seat's time bank (bot/service/clocks.py)
    away: int = 1  # 0: the host chose away:off (members' away days do not stop their clocks here)


@dataclass(frozen=True)
class SeatRow:
    table_id: int
    seat: int
    user_id: int | None
    name: str
    is_computer: bool
    autopilot: bool
    timeouts: int
    dm_message_id: int | None
    dm_channel_id: int | None
    client_seed: str | None = None  # the seat's part of the dice (provably fair); None before client seeds
    level: str = "normal"  # how a computer seat plays (migration 0010); a member's seat: normal
    touched_at: float | None = None  # its member's last touch of the table other than a move (unix seconds)
    reminder_at: float | None = None  # when its member is reminded of the decision pending (their preferences)
    silenced_since: int | None = None  # "not this turn": the move by which the silenced decision began
    deadline_at: float | None = None  # when its decision times out (None: not running, or a table from before)
    bank: float | None = None  # a bank clock's seconds (while it acts: the bank its turn began with)
    away_until: float | None = None  # its member is away until then: their clock here is stopped


@dataclass(frozen=True)
class MoveRow:
    table_id: int
    seq: int
    seat: int
    action: str
    by: str
    at: float


@dataclass(frozen=True)
class ResultRow:
    table_id: int
    game: str
    seat: int
    placing: int
    score: int
    players: int
    rated: bool
    at: float


@dataclass(frozen=True)
class RatingRow:
    user_id: int
    mu: float
    sigma: float
    games: int
    wins: int


@dataclass(frozen=True)
class GuildSettingsRow:
    guild_id: int
    language: str | None  # None: the server's own Discord language
    pictures: bool
    time_zone: str | None = None  # an IANA name; None: UTC
