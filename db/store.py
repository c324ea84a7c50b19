"""The only place with SQL: one aiosqlite connection, numbered migrations, typed queries.

Every write happens inside `transaction()`, which holds an asyncio lock for its whole span so two
coroutines never interleave statements on the shared connection, and commits before returning.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib.resources
import re
from collections.abc import AsyncIterator, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

import aiosqlite

OPEN = ("lobby", "active")


@dataclass(frozen=True)
class SessionRow:
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


@dataclass(frozen=True)
class SeatRow:
    session_id: int
    seat: int
    user_id: int | None
    name: str
    is_computer: bool
    autopilot: bool
    timeouts: int
    dm_message_id: int | None
    dm_channel_id: int | None


@dataclass(frozen=True)
class EventRow:
    session_id: int
    seq: int
    seat: int
    action: str
    by: str
    at: float


@dataclass(frozen=True)
class ResultRow:
    session_id: int
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


def _migrations() -> list[tuple[int, str]]:
    folder = importlib.resources.files("db") / "migrations"
    found = []
    for entry in folder.iterdir():
        match = re.fullmatch(r"(\d{4})_.+\.sql", entry.name)
        if match:
            found.append((int(match.group(1)), entry.read_text(encoding="utf-8")))
    return sorted(found)


class Store:
    def __init__(self, conn: aiosqlite.Connection) -> None:
        self._conn = conn
        self._lock = asyncio.Lock()
        self._owner: asyncio.Task | None = None  # the task inside `transaction()`, which may read freely

    @classmethod
    async def open(cls, path: str | Path) -> Store:
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        conn = await aiosqlite.connect(path, isolation_level=None)
        conn.row_factory = aiosqlite.Row
        for pragma in (
            "journal_mode = WAL",
            "foreign_keys = ON",
            "synchronous = NORMAL",
            "busy_timeout = 5000",
        ):
            async with conn.execute(f"PRAGMA {pragma}") as cursor:
                await cursor.fetchall()
        store = cls(conn)
        await store._migrate()
        return store

    async def close(self) -> None:
        await self._conn.close()

    async def _migrate(self) -> None:
        async with self._conn.execute("PRAGMA user_version") as cursor:
            (version,) = await cursor.fetchone()
        for number, script in _migrations():
            if number > version:
                await self._conn.executescript(f"BEGIN;\n{script}\nPRAGMA user_version = {number};\nCOMMIT;")

    @contextlib.asynccontextmanager
    async def transaction(self) -> AsyncIterator[Store]:
        async with self._lock:
            self._owner = asyncio.current_task()
            try:
                await self._conn.execute("BEGIN IMMEDIATE")
                try:
                    yield self
                except BaseException:
                    await self._conn.execute("ROLLBACK")
                    raise
                await self._conn.execute("COMMIT")
            finally:
                self._owner = None

    async def _all(self, sql: str, args: Sequence = ()) -> list[aiosqlite.Row]:
        async with self._conn.execute(sql, args) as cursor:
            return list(await cursor.fetchall())

    async def _one(self, sql: str, args: Sequence = ()) -> aiosqlite.Row | None:
        async with self._conn.execute(sql, args) as cursor:
            return await cursor.fetchone()

    @contextlib.asynccontextmanager
    async def _reading(self) -> AsyncIterator[None]:
        if self._owner is not None and self._owner is asyncio.current_task():
            yield
        else:
            async with self._lock:
                yield

    async def _read_all(self, sql: str, args: Sequence = ()) -> list[aiosqlite.Row]:
        async with self._reading():
            return await self._all(sql, args)

    # --- writes (call inside `transaction()`) ----------------------------------------------------
    async def create_session(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        game: str,
        rules_version: int,
        options: str,
        host_id: int,
        seed: str,
        pace_seconds: int,
        created_at: float,
        deadline_at: float,
    ) -> int:
        cursor = await self._conn.execute(
            "INSERT INTO sessions (guild_id, channel_id, game, rules_version, options, status, host_id, seed,"
            " pace_seconds, created_at, deadline_at) VALUES (?, ?, ?, ?, ?, 'lobby', ?, ?, ?, ?, ?)",
            (
                guild_id,
                channel_id,
                game,
                rules_version,
                options,
                host_id,
                seed,
                pace_seconds,
                created_at,
                deadline_at,
            ),
        )
        return cursor.lastrowid

    async def update_session(self, session_id: int, **fields: object) -> None:
        allowed = {
            "status",
            "seq",
            "message_id",
            "deadline_at",
            "reminder_at",
            "ended_at",
            "end_reason",
            "host_id",
            "started_at",
        }
        assert fields and set(fields) <= allowed, fields
        assignments = ", ".join(f"{name} = ?" for name in fields)
        await self._conn.execute(
            f"UPDATE sessions SET {assignments} WHERE id = ?", (*fields.values(), session_id)
        )

    async def add_seat(
        self, session_id: int, seat: int, user_id: int | None, name: str, is_computer: bool
    ) -> None:
        await self._conn.execute(
            "INSERT INTO seats (session_id, seat, user_id, name, is_computer) VALUES (?, ?, ?, ?, ?)",
            (session_id, seat, user_id, name, int(is_computer)),
        )

    async def remove_seat(self, session_id: int, seat: int) -> None:
        """Remove a lobby seat; the seats behind it move up one."""
        await self._conn.execute("DELETE FROM seats WHERE session_id = ? AND seat = ?", (session_id, seat))
        # Two steps, so the primary key never sees two rows with one seat number.
        await self._conn.execute(
            "UPDATE seats SET seat = -seat WHERE session_id = ? AND seat > ?", (session_id, seat)
        )
        await self._conn.execute(
            "UPDATE seats SET seat = -seat - 1 WHERE session_id = ? AND seat < 0", (session_id,)
        )

    async def update_seat(self, session_id: int, seat: int, **fields: object) -> None:
        allowed = {"is_computer", "autopilot", "timeouts", "dm_message_id", "dm_channel_id", "name"}
        assert fields and set(fields) <= allowed, fields
        assignments = ", ".join(f"{name} = ?" for name in fields)
        await self._conn.execute(
            f"UPDATE seats SET {assignments} WHERE session_id = ? AND seat = ?",
            (*fields.values(), session_id, seat),
        )

    async def append_event(
        self, session_id: int, seq: int, seat: int, action: str, by: str, at: float
    ) -> None:
        await self._conn.execute(
            "INSERT INTO events (session_id, seq, seat, action, by, at) VALUES (?, ?, ?, ?, ?, ?)",
            (session_id, seq, seat, action, by, at),
        )
        await self.update_session(session_id, seq=seq)

    async def add_results(self, rows: Iterable[tuple]) -> None:
        """Rows of (session_id, guild_id, game, user_id, seat, placing, score, players, rated, at)."""
        await self._conn.executemany(
            "INSERT INTO results (session_id, guild_id, game, user_id, seat, placing, score, players, rated, at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            list(rows),
        )

    async def ratings_for(
        self, guild_id: int | None, game: str, user_ids: Sequence[int]
    ) -> dict[int, RatingRow]:
        marks = ", ".join("?" * len(user_ids))
        rows = await self._all(
            f"SELECT user_id, mu, sigma, games, wins FROM ratings WHERE guild_id IS ? AND game = ?"
            f" AND user_id IN ({marks})",
            (guild_id, game, *user_ids),
        )
        return {row["user_id"]: RatingRow(**dict(row)) for row in rows}

    async def put_rating(self, guild_id: int | None, game: str, rating: RatingRow) -> None:
        await self._conn.execute(
            "INSERT INTO ratings (guild_id, game, user_id, mu, sigma, games, wins) VALUES (?, ?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (guild_id, game, user_id) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma,"
            " games = excluded.games, wins = excluded.wins",
            (guild_id, game, rating.user_id, rating.mu, rating.sigma, rating.games, rating.wins),
        )

    # --- reads -------------------------------------------------------------------------------
    async def session(self, session_id: int) -> SessionRow | None:
        row = await self._read_one("SELECT * FROM sessions WHERE id = ?", (session_id,))
        return SessionRow(**dict(row)) if row else None

    async def _read_one(self, sql: str, args: Sequence = ()) -> aiosqlite.Row | None:
        async with self._reading():
            return await self._one(sql, args)

    async def open_sessions(self) -> list[SessionRow]:
        rows = await self._read_all("SELECT * FROM sessions WHERE status IN ('lobby', 'active') ORDER BY id")
        return [SessionRow(**dict(row)) for row in rows]

    async def last_session_in(self, channel_id: int) -> SessionRow | None:
        row = await self._read_one(
            "SELECT * FROM sessions WHERE channel_id = ? ORDER BY id DESC LIMIT 1", (channel_id,)
        )
        return SessionRow(**dict(row)) if row else None

    async def hosted_channels(self, guild_id: int, host_id: int) -> list[int]:
        """Channels of the open tables a member hosts in a server."""
        rows = await self._read_all(
            "SELECT channel_id FROM sessions WHERE guild_id = ? AND host_id = ? AND status IN ('lobby', 'active')"
            " ORDER BY id",
            (guild_id, host_id),
        )
        return [row["channel_id"] for row in rows]

    async def seats(self, session_id: int) -> list[SeatRow]:
        rows = await self._read_all("SELECT * FROM seats WHERE session_id = ? ORDER BY seat", (session_id,))
        return [
            SeatRow(**{**dict(r), "is_computer": bool(r["is_computer"]), "autopilot": bool(r["autopilot"])})
            for r in rows
        ]

    async def events(self, session_id: int) -> list[EventRow]:
        rows = await self._read_all("SELECT * FROM events WHERE session_id = ? ORDER BY seq", (session_id,))
        return [EventRow(**dict(row)) for row in rows]

    async def next_due(self) -> float | None:
        row = await self._read_one(
            "SELECT MIN(COALESCE(reminder_at, deadline_at)) AS due FROM sessions"
            " WHERE status IN ('lobby', 'active') AND deadline_at IS NOT NULL"
        )
        return row["due"] if row else None

    async def due_sessions(self, now: float) -> list[int]:
        rows = await self._read_all(
            "SELECT id FROM sessions WHERE status IN ('lobby', 'active')"
            " AND (deadline_at <= ? OR reminder_at <= ?) ORDER BY id",
            (now, now),
        )
        return [row["id"] for row in rows]

    async def leaderboard(
        self, guild_id: int | None, game: str | None, limit: int = 10
    ) -> list[tuple[str, RatingRow]]:
        rows = await self._read_all(
            "SELECT game, user_id, mu, sigma, games, wins FROM ratings WHERE guild_id IS ?"
            " AND (? IS NULL OR game = ?) ORDER BY mu - 3 * sigma DESC, wins DESC LIMIT ?",
            (guild_id, game, game, limit),
        )
        return [
            (row["game"], RatingRow(row["user_id"], row["mu"], row["sigma"], row["games"], row["wins"]))
            for row in rows
        ]

    async def member_ratings(self, guild_id: int | None, user_id: int) -> dict[str, RatingRow]:
        rows = await self._read_all(
            "SELECT game, user_id, mu, sigma, games, wins FROM ratings WHERE guild_id IS ? AND user_id = ?",
            (guild_id, user_id),
        )
        return {
            row["game"]: RatingRow(row["user_id"], row["mu"], row["sigma"], row["games"], row["wins"])
            for row in rows
        }

    async def member_results(
        self, guild_id: int | None, user_id: int, game: str | None, limit: int = 5
    ) -> list[ResultRow]:
        rows = await self._read_all(
            "SELECT session_id, game, seat, placing, score, players, rated, at FROM results"
            " WHERE guild_id IS ? AND user_id = ? AND (? IS NULL OR game = ?) ORDER BY at DESC, session_id DESC"
            " LIMIT ?",
            (guild_id, user_id, game, game, limit),
        )
        return [ResultRow(**{**dict(row), "rated": bool(row["rated"])}) for row in rows]

    async def member_record(self, guild_id: int | None, user_id: int) -> dict[str, tuple[int, int]]:
        """Per game: (finished games, wins) from results, rated or not."""
        rows = await self._read_all(
            "SELECT game, COUNT(*) AS played, SUM(placing = 1) AS won FROM results"
            " WHERE guild_id IS ? AND user_id = ? GROUP BY game",
            (guild_id, user_id),
        )
        return {row["game"]: (row["played"], row["won"]) for row in rows}
