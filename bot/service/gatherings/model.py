"""What the service hands the edge about a gathering: its snapshot, its standings with names, the tables a round
still needs a thread for, and the notices the timer gives the listener (the edge)."""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from db.gatherings import GatheringRow, MemberRow

from ...gatherings import CANCELLED, CHECKING_IN, CLOSED, FINISHED, OPEN, PLANNED, PLAYING, Standing

# The notices: what the edge must do once the service has committed (each told until the listener returns).
CHECK_IN = "check_in"  # post the check-in (an "I'm here" button); read the scheduled event's subscribers
ROUND = "round"  # a round was seated: give each table in `to_place` a thread (`Gatherings.open_table`), ping
STANDINGS = "standings"  # a table ended: edit the standings message
NOTICES = (CHECK_IN, ROUND, STANDINGS, FINISHED, CANCELLED)  # FINISHED: the podium, the scheduled event COMPLETED;
# CANCELLED: one message, the scheduled event CANCELED (or COMPLETED once it began) — named as the states


@dataclass(frozen=True)
class Entrant:
    user_id: int
    name: str
    joined_at: float
    checked_in: bool
    first_round: int  # a member who came late plays from this round
    dropped: bool

    @classmethod
    def of(cls, row: MemberRow) -> Entrant:
        return cls(row.user_id, row.name, row.joined_at, row.checked_in_at is not None, row.first_round,
                   row.dropped_at is not None)


@dataclass(frozen=True)
class Gathering:
    """A game night or a tournament as it stands, with its members (in the order they joined)."""

    id: int
    guild_id: int
    channel_id: int
    kind: str
    game_id: str
    title: str
    host_id: int
    options: dict[str, Any]
    seats: int
    pace_seconds: int
    clock: str
    away: bool
    rounds: int
    round: int
    state: str
    starts_at: float
    check_in_ends_at: float | None
    ended_at: float | None
    end_reason: str | None
    scheduled_event_id: int | None
    announcement_id: int | None
    check_in_message_id: int | None
    standings_message_id: int | None
    members: tuple[Entrant, ...] = ()

    @classmethod
    def of(cls, row: GatheringRow, members: list[MemberRow] | tuple = ()) -> Gathering:
        return cls(row.id, row.guild_id, row.channel_id, row.kind, row.game, row.title, row.host_id,
                   json.loads(row.options), row.seats, row.pace_seconds, row.clock, bool(row.away), row.rounds,
                   row.round, row.state, row.starts_at, row.check_in_ends_at, row.ended_at, row.end_reason,
                   row.scheduled_event_id, row.announcement_id, row.check_in_message_id, row.standings_message_id,
                   tuple(Entrant.of(m) for m in members))

    @property
    def open(self) -> bool:
        return self.state in OPEN

    @property
    def closed(self) -> bool:
        return self.state in CLOSED

    @property
    def planned(self) -> bool:
        return self.state == PLANNED

    @property
    def checking_in(self) -> bool:
        return self.state == CHECKING_IN

    @property
    def playing(self) -> bool:
        return self.state == PLAYING

    def member(self, user_id: int) -> Entrant | None:
        return next((m for m in self.members if m.user_id == user_id), None)

    @property
    def present(self) -> tuple[Entrant, ...]:
        """The members who play (or will): not dropped; at a game night's check-in or later, checked in."""
        return tuple(m for m in self.members if not m.dropped and (m.checked_in or self.state == PLANNED))


@dataclass(frozen=True)
class Ranked:
    """A line of the standings: the member's place, points and tie-breaks, and their name."""

    standing: Standing
    name: str


@dataclass(frozen=True)
class PlannedTable:
    """A table of a round: its members by seat (None: a computer), and its table once the edge gave it a thread."""

    round: int
    number: int
    seats: tuple[int | None, ...]
    table_id: int | None
    status: str | None  # the table's (None: not placed yet)

    @property
    def placed(self) -> bool:
        return self.table_id is not None


@dataclass(frozen=True)
class Notice:
    """What the edge must do for a gathering, after the service committed it (the module's kinds)."""

    kind: str
    gathering: Gathering
    standings: tuple[Ranked, ...] = ()
    to_place: tuple[PlannedTable, ...] = ()  # ROUND: the tables waiting for a thread


GatheringListener = Callable[[Notice], Awaitable[None]]
