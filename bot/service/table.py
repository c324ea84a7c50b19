"""What a table is: its seats and logged moves, the immutable snapshot the edge renders, the live copy the service
keeps of an open one, where a request for a table comes from, and the one form of a member's move (`Reading`).

A table is a game at one channel, from its lobby to its end. Its log is the list of its moves (`Move`: who played
what, when, and what it did — the engine's `Event`s); `Table.news` is what the last update did, `Table.story`
every event of a closed table.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable
from dataclasses import MISSING, dataclass, field, fields
from typing import Any

from db import SeatRow, TableRow

from ..games.core import Event, Game, replace
from ..games.levels import DEFAULT_LEVEL
from ..games.rng import FAIR, commitment
from ..games.text import Text
from . import errors
from .fairness import luck_texts

PACES = {"live": 120, "casual": 3600, "async": 86400}
AUTOPILOT_AFTER = 3
REMATCH_WINDOW = 600  # a finished table's players may ask for a rematch for this long after its end (seconds)


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
    level: str = DEFAULT_LEVEL  # how a computer seat plays (bot/games/levels.py); a member's seat keeps normal
    touched_at: float | None = None  # its member's last touch of the table known here: a click, a move, My hand
    reminder_at: float | None = None  # when its member is reminded of their pending decision (reminders.py)
    silenced_since: int | None = None  # "not this turn": the move by which the decision its member silenced began
    deadline_at: float | None = None  # its own clock: when its decision times out (clocks.py `seat_deadline`)
    bank: float | None = None  # a bank clock's seconds (while it acts: the bank its turn began with)
    away_until: float | None = None  # its member is away until then: their clock here is stopped

    @property
    def automatic(self) -> bool:
        """Played by the computer right now (a computer seat, or a human's seat on autopilot)."""
        return self.is_computer or self.autopilot

    @property
    def playing_level(self) -> str:
        """The level the computer plays this seat at: a computer seat's own; an absent member's autopilot, normal."""
        return self.level if self.is_computer else DEFAULT_LEVEL

    @property
    def human(self) -> bool:
        return self.user_id is not None and not self.is_computer

    @property
    def member_id(self) -> int:
        """The member of a member's seat (a computer's seat has none: ask `human` first)."""
        assert self.user_id is not None and not self.is_computer, "a member's seat"
        return self.user_id


@dataclass(frozen=True)
class Move:
    seq: int
    seat: int
    action: Any
    by: str  # player | timeout | computer | autopilot
    events: tuple[Event, ...] = ()  # what the move did (the engine's account, recomputed by replay)
    dice: tuple[tuple[int, int, int], ...] = ()  # (low, high, value) of every number it drew


AUTOMATIC = ("computer", "autopilot")


def last_update(log: list[Move]) -> int:
    """Where the moves of the table's last update begin (an index into its log).

    An update is one player's move, or one deadline's timeouts, with the computer moves that follow it;
    the moves that open the game belong to its first update. Computed from the log alone, so the table
    shows the same news before and after a restart.
    """
    i = len(log)
    while i and log[i - 1].by in AUTOMATIC:
        i -= 1
    if i and log[i - 1].by == "player":
        return i - 1
    while i and log[i - 1].by == "timeout":
        i -= 1
    return i


@dataclass(frozen=True)
class Table:
    """An immutable snapshot of one table, for the edge to render."""

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
    ended_at: float | None = None  # when it closed
    moves: tuple[Move, ...] = ()  # moves made by the call that returned this snapshot
    newly_to_act: frozenset[int] = frozenset()  # seats whose turn began during that call
    news: tuple[Event, ...] = ()  # what the table's last update did, set-up included when it opened the game
    commitment: str = ""  # SHA-256 of the secret dice seed, shown from the start
    revealed_seed: str | None = None  # the seed itself, once the table is closed
    luck: tuple[Text, ...] = ()  # once closed: per seat, its dice against a fair die (one line each)
    story: tuple[Event, ...] = ()  # a closed table's every event, set-up first (only when asked for)
    client_seeds: tuple[str, ...] | None = None  # per seat, mixed into the dice; None: a table from before them
    reminder_at: float | None = None  # when the members to act are reminded
    host_left: bool = False  # the call that returned this snapshot seated a new host (the host left)
    followers: int = 0  # members who follow it (they get its result by DM)
    rematch: RematchOffer | None = None  # a finished table's offer of a rematch to its players
    called: frozenset[int] = frozenset()  # seats to ping now: they must act and have not touched the table lately
    answered_pings: tuple[int, ...] = ()  # ping messages to take down: all they named have acted (calls.py)
    reminded_by_dm: frozenset[int] = frozenset()  # a reminder's seats whose members chose it by DM (reminders.py)
    clock: str = "fixed"  # fixed: a deadline per move; bank: each seat's time bank (clocks.py)
    away: bool = True  # members' away days stop their clocks here (False: the host chose away:off)
    elsewhere: tuple[Table, ...] = ()  # the call's change at other tables (a move ended its member's absence)
    rev: int = 0  # the table's revision: every change advances it (a lobby's too, which makes no move)

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


@dataclass(frozen=True)
class RematchOffer:
    """A finished table's rematch: its players (the members seated at the end) each say yes or no within
    REMATCH_WINDOW; once all said yes the rematch opens, one no ends the offer."""

    until: float
    players: tuple[int, ...]
    wanted: tuple[int, ...] = ()  # who said yes so far
    declined_by: int | None = None
    opened: int | None = None  # the rematch's table
    lapsed: bool = False  # REMATCH_WINDOW has passed (as the table was read)

    @property
    def open(self) -> bool:
        return self.declined_by is None and self.opened is None and not self.lapsed

    def answered(self, votes: dict[int, bool], opened: int | None) -> RematchOffer:
        """With the players' answers so far (member -> yes)."""
        return replace(self, wanted=tuple(u for u in self.players if votes.get(u)), opened=opened,
                       declined_by=next((u for u in self.players if votes.get(u) is False), None))


def rematch_offer(live: LiveTable) -> RematchOffer | None:
    """A finished table's offer, before anyone answered: None when a rematch could not be played (no member
    left at the table, or too few seats once the members who left are gone)."""
    row = live.row
    if row.status != "finished" or row.ended_at is None:
        return None
    humans = [s.member_id for s in live.seats if s.human]
    if not humans or len(rematch_seats(live.seats)) < live.game.min_players:
        return None
    return RematchOffer(row.ended_at + REMATCH_WINDOW, tuple(humans))


def rematch_seats(seats: list[Seat] | tuple[Seat, ...]) -> list[Seat]:
    """The seats a rematch plays again: its members, and the computers it was opened with (a member who left
    mid-game is not asked back, and their seat goes)."""
    return [s for s in seats if s.human or (s.is_computer and s.user_id is None)]


@dataclass
class LiveTable:
    """The mutable copy of an open table; only touched under its lock in the service."""

    row: TableRow
    game: Game
    seats: list[Seat]
    state: Any = None
    since: list[int] = field(default_factory=list)
    opening: tuple[Event, ...] = ()  # what the set-up did (cards dealt, who starts)
    log: list[Move] = field(default_factory=list)  # every move, with its events

    @property
    def client_seeds(self) -> tuple[str, ...] | None:
        """Every seat's client seed in seat order, for the dice; None for a table that began before them."""
        if self.row.derivation != FAIR:
            return None
        return tuple(s.client_seed or "" for s in self.seats)

    def news(self) -> tuple[Event, ...]:
        start = last_update(self.log)
        events = tuple(e for move in self.log[start:] for e in move.events)
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
        row.level,
        row.touched_at,
        row.reminder_at,
        row.silenced_since,
        row.deadline_at,
        row.bank,
        row.away_until,
    )


def snapshot(live: LiveTable, moves: list[Move] | tuple = (), newly: frozenset[int] = frozenset(),
             **extra: Any) -> Table:
    """The table as it stands, for the edge; `moves` and `newly` are what the call made happen. Built without the
    frozen dataclass's `__init__` (a write per field, 37 of them): a move makes two, one for its reading."""
    row = live.row
    closed = row.status in ("finished", "ended")
    table = object.__new__(Table)
    values = table.__dict__
    values.update(TABLE_DEFAULTS)
    values.update(
        id=row.id,
        guild_id=row.guild_id,
        channel_id=row.channel_id,
        game=live.game,
        options=parsed_options(row.options),
        status=row.status,
        host_id=row.host_id,
        seq=row.seq,
        pace_seconds=row.pace_seconds,
        message_id=row.message_id,
        deadline_at=row.deadline_at,
        seats=tuple(live.seats),
        state=live.state,
        since=tuple(live.since),
        end_reason=row.end_reason,
        ended_at=row.ended_at,
        moves=tuple(moves),
        newly_to_act=newly,
        news=live.news() if live.state is not None else (),
        commitment=commitment(row.seed),
        revealed_seed=row.seed if closed else None,
        client_seeds=live.client_seeds,
        luck=luck(live) if closed and live.state is not None else (),
        reminder_at=row.reminder_at,
        followers=row.followers,
        rematch=rematch_offer(live),
        clock=row.clock,
        away=bool(row.away),
        rev=row.rev,
        **extra,
    )
    if len(values) != len(TABLE_FIELDS):
        raise TypeError(f"a Table's fields, not these: {sorted(values.keys() ^ TABLE_FIELDS)}")
    return table


@functools.lru_cache(maxsize=1024)
def parsed_options(text: str) -> dict[str, Any]:
    """A table's options as its row stores them, parsed once for every snapshot (which share it: read, never
    changed)."""
    return json.loads(text)


TABLE_FIELDS = frozenset(f.name for f in fields(Table))
TABLE_DEFAULTS = {f.name: f.default for f in fields(Table) if f.default is not MISSING}


def luck(live: LiveTable) -> tuple[Text, ...]:
    """Per seat, how lucky its dice were in the game's terms (none where no face is luckier); a move's dice count
    for the seat that made it."""
    dice = [(move.seat, a, b, v) for move in live.log for a, b, v in move.dice]
    return tuple(luck_texts([s.name for s in live.seats], dice, live.game.luckier))


def newly_to_act(live: LiveTable, moves: list[Move]) -> frozenset[int]:
    """Seats whose current decision began during these moves (their turn started, or went on)."""
    if live.state is None or not moves:
        return frozenset()
    return frozenset(s for s in live.game.to_act(live.state) if live.since[s] >= moves[0].seq)


def touched(live: LiveTable, seat: int, at: float) -> None:
    """What this copy knows of the seat's member's last touch of the table (a later one known stays)."""
    info = live.seats[seat]
    if info.touched_at is None or info.touched_at < at:
        live.seats[seat] = replace(info, touched_at=at)


def seat_of(live: LiveTable, user_id: int, message: str | None = None) -> int:
    seat = next((s.seat for s in live.seats if s.user_id == user_id and not s.is_computer), None)
    if seat is None:
        raise errors.NotSeated(message)
    return seat


def require_lobby(live: LiveTable) -> None:
    if live.row.status != "lobby":
        raise errors.NotInLobby()


def require_active(live: LiveTable) -> None:
    if live.row.status == "lobby":
        raise errors.NotStarted()
    if live.row.status != "active":
        raise errors.GameOver()


# --- where a request comes from ----------------------------------------------------------------------
@dataclass(frozen=True)
class Clicked:
    """A control of table `table_id` pressed in server `guild_id` (None: in a DM). A modified client can name any
    table, so it acts only on a table of that server, or, from a DM, on one where the member sits."""

    table_id: int
    guild_id: int | None


@dataclass(frozen=True)
class Typed:
    """A command typed in channel `channel_id`: it acts on the channel's open table, which must play `game_id`
    (None: any game)."""

    channel_id: int
    game_id: str | None = None


Reading = Callable[[Table, int], Any]
"""A member's move as the edge read it from what was clicked or typed: given the table and the member's seat once
both are known, the move (None: nothing to read for a member off turn). The one form a move takes from the edge
to the service (`Turns.act`)."""


def played(action: Any) -> Reading:
    """A move known as it is: an action a command typed, or a test's."""
    return lambda table, seat: action
