"""Gatherings (game nights and tournaments): the store's part for them. It wraps a `Store` or a transaction of it
(`GatheringBook(tx)`), so its writes join that transaction.

A gathering's own changes check its revision (`change`: `Conflict` when another process changed it first), so a
round is seated, a member joins or the gathering ends once, whatever races it. The end of one of its tables writes
only what cannot race: that table's points and a wake (`table_closed`, in the closing table's transaction; a
no-op for a table of no gathering). The due work is claimed as the tables' deadlines are: one process at a time
(`FOR UPDATE SKIP LOCKED` on PostgreSQL), the claim lapsing by itself if that process dies.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .errors import DUPLICATE, ChannelTaken
from .rows import from_mapping
from .store import CLAIM_SECONDS, Store

OPEN_STATES = ("planned", "checking_in", "playing")
CLOSED_TABLES = ("finished", "ended")


@dataclass(frozen=True)
class GatheringRow:
    id: int
    guild_id: int
    channel_id: int
    kind: str
    game: str
    title: str
    host_id: int
    options: str  # JSON
    seats: int  # the largest table
    pace_seconds: int
    clock: str
    away: int
    rounds: int
    round: int
    state: str
    starts_at: float
    check_in_seconds: int
    check_in_ends_at: float | None
    created_at: float
    started_at: float | None
    ended_at: float | None
    end_reason: str | None
    rev: int
    due_at: float | None
    wakes: int
    claimed_until: float | None
    told: str | None
    scheduled_event_id: int | None
    announcement_id: int | None
    check_in_message_id: int | None
    standings_message_id: int | None


@dataclass(frozen=True)
class MemberRow:
    user_id: int
    name: str
    joined_at: float
    checked_in_at: float | None
    first_round: int
    dropped_at: float | None
    seed: int | None


@dataclass(frozen=True)
class RoundTableRow:
    """One table of a round: its members by seat (None: a computer), its table once placed, and that table's
    status (None: not placed yet)."""

    table_no: int
    seats: tuple[int | None, ...]
    session_id: int | None
    status: str | None


@dataclass(frozen=True)
class StandingsRows:
    """What the standings are computed from, read in one statement (one snapshot, one round trip): the members with
    their rating in the game (mu, sigma; the defaults asked for: never rated), every seat of every round and every
    bye."""

    members: list[tuple[MemberRow, float, float]]
    seats: list[tuple[int, int, int, int | None, float | None]]  # (round, table_no, seat, user_id, points)
    byes: list[tuple[int, int, float]]  # (round, user_id, points)


MESSAGES = {"scheduled_event_id", "announcement_id", "check_in_message_id", "standings_message_id"}
CHANGEABLE = {"state", "round", "check_in_ends_at", "started_at", "ended_at", "end_reason", "due_at", "starts_at",
              "rounds", "title"} | MESSAGES
MEMBER_FIELDS = {"name", "checked_in_at", "first_round", "dropped_at", "seed"}


class GatheringBook:
    def __init__(self, store: Store) -> None:
        self._store = store

    # --- a gathering ---------------------------------------------------------------------------
    async def create(self, *, guild_id: int, channel_id: int, kind: str, game: str, title: str, host_id: int,
                     options: str, seats: int, pace_seconds: int, clock: str, away: bool, rounds: int,
                     starts_at: float, check_in_seconds: int, created_at: float) -> int:
        """A planned gathering, due at its start; `ChannelTaken` if one is open in the channel already."""
        try:
            row = await self._store._one(
                "INSERT INTO gatherings (guild_id, channel_id, kind, game, title, host_id, options, seats,"
                " pace_seconds, clock, away, rounds, state, starts_at, check_in_seconds, created_at, due_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'planned', ?, ?, ?, ?) RETURNING id",
                (guild_id, channel_id, kind, game, title, host_id, options, seats, pace_seconds, clock, int(away),
                 rounds, starts_at, check_in_seconds, created_at, starts_at))
        except DUPLICATE as error:
            raise ChannelTaken() from error
        return row["id"]

    async def get(self, gathering_id: int) -> GatheringRow | None:
        row = await self._store._one("SELECT * FROM gatherings WHERE id = ?", (gathering_id,))
        return from_mapping(GatheringRow, row) if row else None

    async def open_in(self, channel_id: int) -> GatheringRow | None:
        row = await self._store._one("SELECT * FROM gatherings WHERE channel_id = ? AND state IN (?, ?, ?)",
                                     (channel_id, *OPEN_STATES))
        return from_mapping(GatheringRow, row) if row else None

    async def of_guild(self, guild_id: int, limit: int = 25, kind: str | None = None) -> list[GatheringRow]:
        """The server's gatherings (of one kind: `kind`), the latest first."""
        of_kind, args = (" AND kind = ?", (guild_id, kind, limit)) if kind else ("", (guild_id, limit))
        rows = await self._store._all(f"SELECT * FROM gatherings WHERE guild_id = ?{of_kind} ORDER BY id DESC LIMIT ?",
                                      args)
        return [from_mapping(GatheringRow, row) for row in rows]

    async def of_member(self, guild_id: int, user_id: int, kinds: Sequence[str], limit: int) -> list[GatheringRow]:
        """The server's finished gatherings of these kinds that a member played in (dropped or not), the latest
        first."""
        marks = ", ".join("?" for _ in kinds)
        rows = await self._store._all(
            "SELECT g.* FROM gatherings g JOIN gathering_members m ON m.gathering_id = g.id"
            f" WHERE g.guild_id = ? AND m.user_id = ? AND g.state = 'finished' AND g.kind IN ({marks})"
            " ORDER BY g.id DESC LIMIT ?", (guild_id, user_id, *kinds, limit))
        return [from_mapping(GatheringRow, row) for row in rows]

    async def change(self, gathering_id: int, rev: int, **fields: object) -> None:
        """The gathering's next revision, with `fields`: `Conflict` unless its revision is still `rev`."""
        assert set(fields) <= CHANGEABLE, fields
        assignments = "".join(f", {name} = ?" for name in fields)
        await self._store._write(f"UPDATE gatherings SET rev = ?{assignments} WHERE id = ? AND rev = ?",
                                 (rev + 1, *fields.values(), gathering_id, rev), expect=1,
                                 tag=f"gathering {gathering_id}")

    async def set_messages(self, gathering_id: int, **ids: int | None) -> None:
        """The edge's bookkeeping (its messages, the scheduled event): no revision, nothing races it."""
        assert ids and set(ids) <= MESSAGES, ids
        assignments = ", ".join(f"{name} = ?" for name in ids)
        await self._store._write(f"UPDATE gatherings SET {assignments} WHERE id = ?", (*ids.values(), gathering_id))

    # --- members ------------------------------------------------------------------------------
    async def members(self, gathering_id: int) -> list[MemberRow]:
        rows = await self._store._all("SELECT * FROM gathering_members WHERE gathering_id = ? ORDER BY joined_at,"
                                      " user_id", (gathering_id,))
        return [from_mapping(MemberRow, row) for row in rows]

    async def member(self, gathering_id: int, user_id: int) -> MemberRow | None:
        row = await self._store._one("SELECT * FROM gathering_members WHERE gathering_id = ? AND user_id = ?",
                                     (gathering_id, user_id))
        return from_mapping(MemberRow, row) if row else None

    async def add_member(self, gathering_id: int, member: MemberRow) -> None:
        await self._store._write(
            "INSERT INTO gathering_members (gathering_id, user_id, name, joined_at, checked_in_at, first_round,"
            " dropped_at, seed) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (gathering_id, member.user_id, member.name, member.joined_at, member.checked_in_at, member.first_round,
             member.dropped_at, member.seed))

    async def update_member(self, gathering_id: int, user_id: int, **fields: object) -> None:
        assert fields and set(fields) <= MEMBER_FIELDS, fields
        assignments = ", ".join(f"{name} = ?" for name in fields)
        await self._store._write(f"UPDATE gathering_members SET {assignments} WHERE gathering_id = ? AND user_id = ?",
                                 (*fields.values(), gathering_id, user_id))

    async def remove_member(self, gathering_id: int, user_id: int) -> None:
        await self._store._write("DELETE FROM gathering_members WHERE gathering_id = ? AND user_id = ?",
                                 (gathering_id, user_id))

    # --- rounds -------------------------------------------------------------------------------
    async def add_table(self, gathering_id: int, round_: int, table_no: int, seats: Sequence[int | None]) -> None:
        await self._store._write("INSERT INTO gathering_tables (gathering_id, round, table_no) VALUES (?, ?, ?)",
                                 (gathering_id, round_, table_no))
        await self._store._write(
            "INSERT INTO gathering_seats (gathering_id, round, table_no, seat, user_id) VALUES (?, ?, ?, ?, ?)",
            [(gathering_id, round_, table_no, seat, user) for seat, user in enumerate(seats)], many=True)

    async def add_bye(self, gathering_id: int, round_: int, user_id: int, points: float) -> None:
        await self._store._write("INSERT INTO gathering_byes (gathering_id, round, user_id, points)"
                                 " VALUES (?, ?, ?, ?)", (gathering_id, round_, user_id, points))

    async def place(self, gathering_id: int, round_: int, table_no: int, session_id: int) -> None:
        """The round's table is played at table `session_id`: `Conflict` if another process placed it first."""
        key = (gathering_id, round_, table_no)
        await self._store._write("UPDATE gathering_tables SET session_id = ? WHERE gathering_id = ? AND round = ?"
                                 " AND table_no = ? AND session_id IS NULL", (session_id, *key), expect=1,
                                 tag=f"gathering {gathering_id}")
        await self._store._write("UPDATE gathering_seats SET session_id = ? WHERE gathering_id = ? AND round = ?"
                                 " AND table_no = ?", (session_id, *key))

    async def round_tables(self, gathering_id: int, round_: int) -> list[RoundTableRow]:
        rows = await self._store._all(
            "SELECT t.table_no, t.session_id, s.status, x.seat, x.user_id FROM gathering_tables t"
            " JOIN gathering_seats x ON x.gathering_id = t.gathering_id AND x.round = t.round"
            " AND x.table_no = t.table_no LEFT JOIN sessions s ON s.id = t.session_id"
            " WHERE t.gathering_id = ? AND t.round = ? ORDER BY t.table_no, x.seat", (gathering_id, round_))
        tables: dict[int, RoundTableRow] = {}
        for row in rows:
            found = tables.get(row["table_no"])
            seats = (found.seats if found else ()) + (row["user_id"],)
            tables[row["table_no"]] = RoundTableRow(row["table_no"], seats, row["session_id"], row["status"])
        return list(tables.values())

    async def table_of(self, session_id: int) -> tuple[int, int, int] | None:
        """(gathering, round, table number) a table is played for, or None."""
        row = await self._store._one("SELECT gathering_id, round, table_no FROM gathering_tables WHERE session_id = ?",
                                     (session_id,))
        return (row["gathering_id"], row["round"], row["table_no"]) if row else None

    async def table_closed(self, session_id: int, points: Sequence[float] | None, at: float) -> None:
        """In the transaction closing table `session_id`: its seats' points (None: it ended without a result), and
        its gathering woken now. Two writes that change nothing for a table of no gathering."""
        if points:
            cases = " ".join("WHEN ? THEN ?" for _ in points)
            await self._store._write(f"UPDATE gathering_seats SET points = CASE seat {cases} ELSE points END"
                                     " WHERE session_id = ?",
                                     (*(v for seat, got in enumerate(points) for v in (seat, got)), session_id))
        await self._store._write(
            "UPDATE gatherings SET wakes = wakes + 1, due_at = CASE WHEN due_at IS NULL OR due_at > ? THEN ?"
            " ELSE due_at END WHERE id = (SELECT gathering_id FROM gathering_tables WHERE session_id = ?)",
            (at, at, session_id))

    async def standings_rows(self, gathering_id: int, default_mu: float, default_sigma: float) -> StandingsRows:
        """Everything the standings need, in ONE statement."""
        rows = await self._store._all(
            "SELECT 'member' AS kind, m.user_id, m.name, m.joined_at, m.checked_in_at, m.first_round, m.dropped_at,"
            " m.seed, 0 AS round, 0 AS table_no, 0 AS seat, COALESCE(r.mu, ?) AS mu, COALESCE(r.sigma, ?) AS sigma,"
            " NULL AS points FROM gathering_members m JOIN gatherings g ON g.id = m.gathering_id"
            " LEFT JOIN ratings r ON r.guild_id = g.guild_id AND r.game = g.game AND r.user_id = m.user_id"
            " WHERE m.gathering_id = ?"
            " UNION ALL SELECT 'seat', s.user_id, NULL, NULL, NULL, NULL, NULL, NULL, s.round, s.table_no, s.seat,"
            " NULL, NULL, s.points FROM gathering_seats s WHERE s.gathering_id = ?"
            " UNION ALL SELECT 'bye', b.user_id, NULL, NULL, NULL, NULL, NULL, NULL, b.round, 0, 0, NULL, NULL,"
            " b.points FROM gathering_byes b WHERE b.gathering_id = ?",
            (default_mu, default_sigma, gathering_id, gathering_id, gathering_id))
        found = StandingsRows([], [], [])
        for row in rows:
            if row["kind"] == "member":
                found.members.append((from_mapping(MemberRow, row), row["mu"], row["sigma"]))
            elif row["kind"] == "seat":
                found.seats.append((row["round"], row["table_no"], row["seat"], row["user_id"], row["points"]))
            else:
                found.byes.append((row["round"], row["user_id"], row["points"]))
        found.seats.sort(key=lambda s: s[:3])
        return found

    # --- the timer ----------------------------------------------------------------------------
    async def next_due(self) -> float | None:
        """When the earliest due gathering is (a claimed one: when its claim lapses)."""
        row = await self._store._one(
            "SELECT MIN(CASE WHEN claimed_until > due_at THEN claimed_until ELSE due_at END) AS due FROM gatherings"
            " WHERE due_at IS NOT NULL")
        return row["due"] if row else None

    async def claim_due(self, now: float, limit: int = 20) -> list[GatheringRow]:
        """Claim up to `limit` due gatherings no live claim holds: each by exactly one caller."""
        skip_locked = " FOR UPDATE SKIP LOCKED" if self._store.dialect == "postgresql" else ""
        async with self._store.transaction():
            rows = await self._store._all(
                "UPDATE gatherings SET claimed_until = ? WHERE id IN (SELECT id FROM gatherings WHERE due_at <= ?"
                f" AND (claimed_until IS NULL OR claimed_until <= ?) ORDER BY due_at, id LIMIT ?{skip_locked})"
                " RETURNING *", (now + CLAIM_SECONDS, now, now, limit))
        return sorted((from_mapping(GatheringRow, row) for row in rows), key=lambda g: g.id)

    async def release(self, gathering_id: int, wakes: int, rev: int, due_at: float | None, told: str | None
                      ) -> None:
        """The claim's work is done: the claim goes, `told` is recorded, and the gathering is next due at `due_at`
        — unless one of its tables ended since the claim read it (`wakes` moved), or it was changed meanwhile (`rev`
        moved: cancelled while its notice was told, say), whose due time stays."""
        await self._store._write(
            "UPDATE gatherings SET claimed_until = NULL, told = ?, due_at = CASE WHEN wakes = ? AND rev = ? THEN ?"
            " ELSE due_at END WHERE id = ?", (told, wakes, rev, due_at, gathering_id))

    async def wake(self, gathering_id: int, at: float) -> None:
        """Due by `at` (a sooner due time stays)."""
        await self._store._write("UPDATE gatherings SET due_at = CASE WHEN due_at IS NULL OR due_at > ? THEN ?"
                                 " ELSE due_at END WHERE id = ?", (at, at, gathering_id))
