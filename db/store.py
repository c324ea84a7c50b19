"""The only place with SQL: typed queries over either backend (SQLite or PostgreSQL).

Each query is written once, in the SQL both engines share, with `?` marks. Every write happens inside
`transaction()`, which commits before returning; a move's write is conditional on the table's move number,
so of two processes computing a move from the same state only one commits (the other gets `Conflict`).
"""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import AsyncIterator, Iterable, Sequence
from pathlib import Path

import asyncpg

from .connect import open_driver
from .rows import EventRow, GuildSettingsRow, RatingRow, ResultRow, SeatRow, SessionRow, from_mapping
from .sqlite import RowcountMismatch

OPEN = ("lobby", "active")


class Conflict(Exception):
    """The table changed in the database since this process computed the change (another process moved)."""

    def __init__(self, session_id: int) -> None:
        super().__init__(f"table {session_id} changed in the database")
        self.session_id = session_id


class ChannelTaken(Exception):
    """The channel already has an open table (the database's unique index said so)."""


DUPLICATE = (sqlite3.IntegrityError, asyncpg.UniqueViolationError)
CLAIM_SECONDS = 60  # a deadline claim lapses after this long, so another process fires what a dead one claimed


class Store:
    def __init__(self, driver) -> None:
        self._db = driver

    @property
    def dialect(self) -> str:
        return self._db.dialect

    @classmethod
    async def open(cls, target: str | Path) -> Store:
        """`target`: a SQLite file path, or a postgresql:// URL."""
        return cls(await open_driver(target))

    async def close(self) -> None:
        await self._db.close()

    @property
    def single_process(self) -> bool:
        """Only this process writes here (SQLite): a table cached in memory is current."""
        return self._db.single_process

    @contextlib.asynccontextmanager
    async def transaction(self) -> AsyncIterator[Store]:
        try:
            async with self._db.transaction():
                yield self
        except RowcountMismatch as mismatch:
            raise Conflict(mismatch.tag) from mismatch

    async def _all(self, sql: str, args: Sequence = ()) -> list[dict]:
        return await self._db.fetch(sql, args)

    async def _one(self, sql: str, args: Sequence = ()) -> dict | None:
        rows = await self._db.fetch(sql, args)
        return rows[0] if rows else None

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
        derivation: str | None = None,
    ) -> int:
        try:
            row = await self._one(
                "INSERT INTO sessions (guild_id, channel_id, game, rules_version, options, status, host_id, seed,"
                " pace_seconds, created_at, deadline_at, derivation)"
                " VALUES (?, ?, ?, ?, ?, 'lobby', ?, ?, ?, ?, ?, ?) RETURNING id",
                (guild_id, channel_id, game, rules_version, options, host_id, seed, pace_seconds, created_at,
                 deadline_at, derivation),
            )
        except DUPLICATE as error:
            raise ChannelTaken() from error
        return row["id"]

    async def advance_rev(self, session_id: int, rev: int) -> None:
        """The first write of every change to a table: raises `Conflict` unless its revision is still `rev`."""
        await self._db.execute(
            "UPDATE sessions SET rev = ? WHERE id = ? AND rev = ?", (rev + 1, session_id, rev), expect=1, tag=session_id
        )

    async def update_session(self, session_id: int, **fields: object) -> None:
        allowed = {"status", "message_id", "deadline_at", "reminder_at", "ended_at", "end_reason", "host_id"}
        allowed |= {"started_at", "claimed_until"}
        assert fields and set(fields) <= allowed, fields
        assignments = ", ".join(f"{name} = ?" for name in fields)
        await self._db.execute(f"UPDATE sessions SET {assignments} WHERE id = ?", (*fields.values(), session_id))

    async def add_seat(self, session_id: int, seat: int, user_id: int | None, name: str, is_computer: bool,
                       client_seed: str | None = None) -> None:
        await self._db.execute(
            "INSERT INTO seats (session_id, seat, user_id, name, is_computer, client_seed) VALUES (?, ?, ?, ?, ?, ?)",
            (session_id, seat, user_id, name, int(is_computer), client_seed),
        )

    async def remove_seat(self, session_id: int, seat: int) -> None:
        """Remove a lobby seat; the seats behind it move up one."""
        await self._db.execute("DELETE FROM seats WHERE session_id = ? AND seat = ?", (session_id, seat))
        # Two steps, so the primary key never sees two rows with one seat number.
        await self._db.execute("UPDATE seats SET seat = -seat WHERE session_id = ? AND seat > ?", (session_id, seat))
        await self._db.execute("UPDATE seats SET seat = -seat - 1 WHERE session_id = ? AND seat < 0", (session_id,))

    async def update_seat(self, session_id: int, seat: int, **fields: object) -> None:
        allowed = {"is_computer", "autopilot", "timeouts", "dm_message_id", "dm_channel_id", "name", "client_seed"}
        assert fields and set(fields) <= allowed, fields
        assignments = ", ".join(f"{name} = ?" for name in fields)
        await self._db.execute(
            f"UPDATE seats SET {assignments} WHERE session_id = ? AND seat = ?", (*fields.values(), session_id, seat)
        )

    async def append_event(self, session_id: int, seq: int, seat: int, action: str, by: str, at: float) -> None:
        """Log move `seq`; raises `Conflict` unless the table's stored move number is still `seq - 1`."""
        await self._db.execute(
            "UPDATE sessions SET seq = ? WHERE id = ? AND seq = ?", (seq, session_id, seq - 1), expect=1, tag=session_id
        )
        await self._db.execute(
            "INSERT INTO events (session_id, seq, seat, action, by, at) VALUES (?, ?, ?, ?, ?, ?)",
            (session_id, seq, seat, action, by, at),
        )

    async def save_guild_settings(self, guild_id: int, *, language: str | None, pictures: bool) -> None:
        await self._db.execute(
            "INSERT INTO guild_settings (guild_id, language, pictures) VALUES (?, ?, ?)"
            " ON CONFLICT (guild_id) DO UPDATE SET language = excluded.language, pictures = excluded.pictures",
            (guild_id, language, pictures),
        )

    async def save_member_language(self, user_id: int, language: str) -> None:
        await self._db.execute(
            "INSERT INTO member_languages (user_id, language) VALUES (?, ?)"
            " ON CONFLICT (user_id) DO UPDATE SET language = excluded.language",
            (user_id, language),
        )

    async def add_results(self, rows: Iterable[tuple]) -> None:
        """Rows of (session_id, guild_id, game, user_id, seat, placing, score, players, rated, at)."""
        await self._db.executemany(
            "INSERT INTO results (session_id, guild_id, game, user_id, seat, \"placing\", score, players, rated, at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            rows,
        )

    async def ratings_for(self, guild_id: int | None, game: str, user_ids: Sequence[int]) -> dict[int, RatingRow]:
        marks = ", ".join("?" * len(user_ids))
        rows = await self._all(
            f"SELECT user_id, mu, sigma, games, wins FROM ratings WHERE guild_id IS NOT DISTINCT FROM ? AND game = ?"
            f" AND user_id IN ({marks})",
            (guild_id, game, *user_ids),
        )
        return {row["user_id"]: from_mapping(RatingRow, row) for row in rows}

    async def put_rating(self, guild_id: int | None, game: str, rating: RatingRow) -> None:
        await self._db.execute(
            "INSERT INTO ratings (guild_id, game, user_id, mu, sigma, games, wins) VALUES (?, ?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (guild_id, game, user_id) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma,"
            " games = excluded.games, wins = excluded.wins",
            (guild_id, game, rating.user_id, rating.mu, rating.sigma, rating.games, rating.wins),
        )

    # --- reads -------------------------------------------------------------------------------
    async def guild_settings(self, guild_id: int) -> GuildSettingsRow | None:
        row = await self._one("SELECT guild_id, language, pictures FROM guild_settings WHERE guild_id = ?", (guild_id,))
        return from_mapping(GuildSettingsRow, {**row, "pictures": bool(row["pictures"])}) if row else None

    async def member_language(self, user_id: int) -> str | None:
        row = await self._one("SELECT language FROM member_languages WHERE user_id = ?", (user_id,))
        return row["language"] if row else None

    async def session(self, session_id: int) -> SessionRow | None:
        row = await self._one("SELECT * FROM sessions WHERE id = ?", (session_id,))
        return from_mapping(SessionRow, row) if row else None

    async def open_sessions(self) -> list[SessionRow]:
        rows = await self._all("SELECT * FROM sessions WHERE status IN ('lobby', 'active') ORDER BY id")
        return [from_mapping(SessionRow, row) for row in rows]

    async def last_session_in(self, channel_id: int) -> SessionRow | None:
        row = await self._one("SELECT * FROM sessions WHERE channel_id = ? ORDER BY id DESC LIMIT 1", (channel_id,))
        return from_mapping(SessionRow, row) if row else None

    async def hosted_channels(self, guild_id: int, host_id: int) -> list[int]:
        """Channels of the open tables a member hosts in a server."""
        rows = await self._all(
            "SELECT channel_id FROM sessions WHERE guild_id = ? AND host_id = ? AND status IN ('lobby', 'active')"
            " ORDER BY id",
            (guild_id, host_id),
        )
        return [row["channel_id"] for row in rows]

    async def seats(self, session_id: int) -> list[SeatRow]:
        rows = await self._all("SELECT * FROM seats WHERE session_id = ? ORDER BY seat", (session_id,))
        return [
            from_mapping(SeatRow, {**r, "is_computer": bool(r["is_computer"]), "autopilot": bool(r["autopilot"])})
            for r in rows
        ]

    async def events(self, session_id: int, after: int = 0) -> list[EventRow]:
        rows = await self._all(
            "SELECT * FROM events WHERE session_id = ? AND seq > ? ORDER BY seq", (session_id, after)
        )
        return [from_mapping(EventRow, row) for row in rows]

    async def next_due(self) -> float | None:
        row = await self._one(
            "SELECT MIN(COALESCE(reminder_at, deadline_at)) AS due FROM sessions"
            " WHERE status IN ('lobby', 'active') AND deadline_at IS NOT NULL"
        )
        return row["due"] if row else None

    async def claim_due(self, now: float, limit: int = 100) -> list[int]:
        """Claim up to `limit` open tables with a due reminder or deadline that no live claim holds (a claim
        lapses CLAIM_SECONDS after it was made). Each due table is claimed by exactly one caller: on
        PostgreSQL, rows another process is claiming right now are skipped (SKIP LOCKED); SQLite has one
        writer at a time anyway."""
        skip_locked = " FOR UPDATE SKIP LOCKED" if self.dialect == "postgresql" else ""
        async with self.transaction():
            rows = await self._all(
                "UPDATE sessions SET claimed_until = ? WHERE id IN (SELECT id FROM sessions"
                " WHERE status IN ('lobby', 'active') AND (deadline_at <= ? OR reminder_at <= ?)"
                f" AND (claimed_until IS NULL OR claimed_until <= ?) ORDER BY id LIMIT ?{skip_locked}) RETURNING id",
                (now + CLAIM_SECONDS, now, now, now, limit),
            )
        return sorted(row["id"] for row in rows)

    async def open_session_id(self, channel_id: int) -> int | None:
        row = await self._one(
            "SELECT id FROM sessions WHERE channel_id = ? AND status IN ('lobby', 'active')", (channel_id,)
        )
        return row["id"] if row else None

    async def open_session_ids(self) -> list[int]:
        rows = await self._all("SELECT id FROM sessions WHERE status IN ('lobby', 'active') ORDER BY id")
        return [row["id"] for row in rows]

    async def active_sessions_of(self, user_id: int) -> list[int]:
        """Running tables where `user_id` holds a seat (any server)."""
        rows = await self._all(
            "SELECT sessions.id FROM seats JOIN sessions ON sessions.id = seats.session_id"
            " WHERE seats.user_id = ? AND seats.is_computer = 0 AND sessions.status = 'active' ORDER BY sessions.id",
            (user_id,),
        )
        return [row["id"] for row in rows]

    async def leaderboard(self, guild_id: int | None, game: str | None, limit: int = 10) -> list[tuple[str, RatingRow]]:
        rows = await self._all(
            "SELECT game, user_id, mu, sigma, games, wins FROM ratings WHERE guild_id IS NOT DISTINCT FROM ?"
            " AND game = COALESCE(?, game) ORDER BY mu - 3 * sigma DESC, wins DESC LIMIT ?",
            (guild_id, game, limit),
        )
        return [(row["game"], from_mapping(RatingRow, row)) for row in rows]

    async def member_names(self, guild_id: int | None, user_ids: list[int]) -> dict[int, str]:
        """The name each member last sat at a table under in this server (no member cache needed)."""
        marks = ", ".join("?" * len(user_ids))
        rows = await self._all(
            "SELECT seats.user_id, seats.name FROM seats JOIN sessions ON sessions.id = seats.session_id"
            f" WHERE sessions.guild_id IS NOT DISTINCT FROM ? AND seats.user_id IN ({marks}) ORDER BY seats.session_id",
            (guild_id, *user_ids),
        )
        return {row["user_id"]: row["name"] for row in rows}

    async def member_ratings(self, guild_id: int | None, user_id: int) -> dict[str, RatingRow]:
        rows = await self._all(
            "SELECT game, user_id, mu, sigma, games, wins FROM ratings"
            " WHERE guild_id IS NOT DISTINCT FROM ? AND user_id = ?",
            (guild_id, user_id),
        )
        return {row["game"]: from_mapping(RatingRow, row) for row in rows}

    async def member_results(
        self, guild_id: int | None, user_id: int, game: str | None, limit: int = 5
    ) -> list[ResultRow]:
        rows = await self._all(
            "SELECT session_id, game, seat, \"placing\", score, players, rated, at FROM results"
            " WHERE guild_id IS NOT DISTINCT FROM ? AND user_id = ? AND game = COALESCE(?, game)"
            " ORDER BY at DESC, session_id DESC LIMIT ?",
            (guild_id, user_id, game, limit),
        )
        return [from_mapping(ResultRow, {**row, "rated": bool(row["rated"])}) for row in rows]

    async def member_record(self, guild_id: int | None, user_id: int) -> dict[str, tuple[int, int]]:
        """Per game: (finished games, wins) from results, rated or not."""
        rows = await self._all(
            "SELECT game, COUNT(*) AS played, SUM(CASE WHEN \"placing\" = 1 THEN 1 ELSE 0 END) AS won FROM results"
            " WHERE guild_id IS NOT DISTINCT FROM ? AND user_id = ? GROUP BY game",
            (guild_id, user_id),
        )
        return {row["game"]: (row["played"], row["won"]) for row in rows}
