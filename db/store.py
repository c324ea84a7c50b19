"""The only place with SQL: typed queries over either backend (SQLite or PostgreSQL).

Each query is written once, in the SQL both engines share, with `?` marks. Every write happens inside
`transaction()`, which commits before returning; a move's write is conditional on the table's move number,
so of two processes computing a move from the same state only one commits (the other gets `Conflict`).
Writes are held until the transaction's first read or its end; a table's own row changes in one
transaction go as one statement with its revision check (db/writes.py).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from contextvars import ContextVar
from pathlib import Path

from .connect import open_driver
from .errors import DUPLICATE, ChannelTaken
from .postgres import TABLE_LOG_POSTGRES
from .rows import GuildSettingsRow, MoveRow, RatingRow, SeatRow, TableRow, from_mapping
from .writes import Pending, RowChange, Transaction

TableLog = tuple[TableRow, list[SeatRow], list[MoveRow]]
CLAIM_SECONDS = 60  # a deadline claim lapses after this long, so another process fires what a dead one claimed
# An open table falls due at the earlier of its reminder and its deadline (NULL reminder: the deadline)
TABLE_DUE = "CASE WHEN reminder_at < deadline_at THEN reminder_at ELSE deadline_at END"


def _seat_row(r: dict) -> SeatRow:
    return from_mapping(SeatRow, {**r, "is_computer": bool(r["is_computer"]), "autopilot": bool(r["autopilot"])})


class Store:
    def __init__(self, driver) -> None:
        self._db = driver
        self._pending: ContextVar[Pending | None] = ContextVar(f"store_tx_{id(self)}", default=None)

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

    def transaction(self) -> Transaction:
        return Transaction(self)

    async def _hand_over(self, pending: Pending) -> None:
        """Give the driver the writes held so far; a table's row changes after this go on their own."""
        for write in pending.writes:
            if isinstance(write, RowChange):
                sql, args = write.statement()
                await self._db.execute(sql, args, expect=1, tag=write.table_id)
            else:
                sql, args, many, expect, tag = write
                if many:
                    await self._db.executemany(sql, args)
                else:
                    await self._db.execute(sql, args, expect=expect, tag=tag)
        pending.writes.clear()
        pending.rows.clear()

    async def _write(
        self, sql: str, args: Sequence, *, many: bool = False, expect: int | None = None, tag: object = None
    ) -> None:
        pending = self._pending.get()
        assert pending is not None, "writes happen inside transaction()"
        pending.writes.append((sql, list(args) if many else args, many, expect, tag))

    async def _all(self, sql: str, args: Sequence = ()) -> list[dict]:
        pending = self._pending.get()
        if pending is not None:
            await self._hand_over(pending)
        return await self._db.fetch(sql, args)

    async def _one(self, sql: str, args: Sequence = ()) -> dict | None:
        rows = await self._all(sql, args)
        return rows[0] if rows else None

    # --- writes (call inside `transaction()`) ----------------------------------------------------
    async def create_table(
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
        clock: str = "fixed",
        away: bool = True,
    ) -> int:
        try:
            row = await self._one(
                "INSERT INTO sessions (guild_id, channel_id, game, rules_version, options, status, host_id, seed,"
                " pace_seconds, created_at, deadline_at, derivation, clock, away)"
                " VALUES (?, ?, ?, ?, ?, 'lobby', ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
                (guild_id, channel_id, game, rules_version, options, host_id, seed, pace_seconds, created_at,
                 deadline_at, derivation, clock, int(away)),
            )
        except DUPLICATE as error:
            raise ChannelTaken() from error
        return row["id"]

    async def advance_rev(self, table_id: int, rev: int) -> None:
        """The first write of every change to a table: raises `Conflict` unless its revision is still `rev`.
        The table's row changes that follow in this transaction join this one statement."""
        pending = self._pending.get()
        assert pending is not None, "writes happen inside transaction()"
        change = pending.rows[table_id] = RowChange(table_id, rev)
        pending.writes.append(change)

    async def update_table(self, table_id: int, **fields: object) -> None:
        allowed = {"status", "message_id", "deadline_at", "reminder_at", "ended_at", "end_reason", "host_id"}
        allowed |= {"started_at", "claimed_until", "followers", "ping_message_id", "ping_seq", "ping_seats"}
        assert fields and set(fields) <= allowed, fields
        change = self._row_change(table_id)
        if change is not None:
            change.fields.update(fields)
            return
        assignments = ", ".join(f"{name} = ?" for name in fields)
        await self._write(f"UPDATE sessions SET {assignments} WHERE id = ?", (*fields.values(), table_id))

    def _row_change(self, table_id: int) -> RowChange | None:
        pending = self._pending.get()
        return pending.rows.get(table_id) if pending is not None else None

    async def add_seat(self, table_id: int, seat: int, user_id: int | None, name: str, is_computer: bool,
                       client_seed: str | None = None, level: str = "normal", touched_at: float | None = None
                       ) -> None:
        await self._write("INSERT INTO seats (session_id, seat, user_id, name, is_computer, client_seed, level,"
                          " touched_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                          (table_id, seat, user_id, name, int(is_computer), client_seed, level, touched_at))

    async def remove_seat(self, table_id: int, seat: int) -> None:
        """Remove a lobby seat; the seats behind it move up one."""
        await self._write("DELETE FROM seats WHERE session_id = ? AND seat = ?", (table_id, seat))
        # Two steps, so the primary key never sees two rows with one seat number.
        await self._write("UPDATE seats SET seat = -seat WHERE session_id = ? AND seat > ?", (table_id, seat))
        await self._write("UPDATE seats SET seat = -seat - 1 WHERE session_id = ? AND seat < 0", (table_id,))

    async def update_seat(self, table_id: int, seat: int, **fields: object) -> None:
        allowed = {"is_computer", "autopilot", "timeouts", "dm_message_id", "dm_channel_id", "name", "client_seed",
                   "touched_at", "reminder_at", "silenced_since", "deadline_at", "bank", "away_until"}
        assert fields and set(fields) <= allowed, fields
        assignments = ", ".join(f"{name} = ?" for name in fields)
        await self._write(f"UPDATE seats SET {assignments} WHERE session_id = ? AND seat = ?",
                          (*fields.values(), table_id, seat))

    async def touch_seat(self, table_id: int, seat: int, at: float) -> None:
        """The seat's member touched the table at `at` (a later touch already stored stays)."""
        await self._write("UPDATE seats SET touched_at = ? WHERE session_id = ? AND seat = ?"
                          " AND (touched_at IS NULL OR touched_at < ?)", (at, table_id, seat, at))

    async def append_move(self, table_id: int, seq: int, seat: int, action: str, by: str, at: float) -> None:
        """Log move `seq`; raises `Conflict` unless the table's stored move number is still `seq - 1`."""
        change = self._row_change(table_id)
        if change is None:
            await self._write("UPDATE sessions SET seq = ? WHERE id = ? AND seq = ?", (seq, table_id, seq - 1),
                              expect=1, tag=table_id)
        else:
            change.seq_from = seq - 1 if change.seq_from is None else change.seq_from
            change.fields["seq"] = seq
        await self._write("INSERT INTO events (session_id, seq, seat, action, by, at) VALUES (?, ?, ?, ?, ?, ?)",
                          (table_id, seq, seat, action, by, at))

    async def save_guild_settings(self, guild_id: int, *, language: str | None, pictures: bool,
                                  time_zone: str | None = None) -> None:
        await self._write(
            "INSERT INTO guild_settings (guild_id, language, pictures, time_zone) VALUES (?, ?, ?, ?) ON CONFLICT"
            " (guild_id) DO UPDATE SET language = excluded.language, pictures = excluded.pictures, time_zone ="
            " excluded.time_zone", (guild_id, language, pictures, time_zone),
        )

    async def save_member_language(self, user_id: int, language: str) -> None:
        await self._write(
            "INSERT INTO member_languages (user_id, language) VALUES (?, ?)"
            " ON CONFLICT (user_id) DO UPDATE SET language = excluded.language",
            (user_id, language),
        )

    async def save_synced_commands(self, scope: str, digest: str, at: float) -> None:
        await self._write(
            "INSERT INTO command_syncs (scope, digest, synced_at) VALUES (?, ?, ?)"
            " ON CONFLICT (scope) DO UPDATE SET digest = excluded.digest, synced_at = excluded.synced_at",
            (scope, digest, at),
        )

    async def add_results(self, rows: Iterable[tuple]) -> None:
        """Rows of (table_id, guild_id, game, user_id, seat, placing, score, players, rated, at, mu, sigma): mu and
        sigma are the member's rating after a rated game (None: unrated)."""
        await self._write(
            "INSERT INTO results (session_id, guild_id, game, user_id, seat, \"placing\", score, players, rated, at,"
            " mu, sigma) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            rows,
            many=True,
        )

    async def lock_ratings(self, guild_id: int, game: str) -> None:
        """Until this transaction ends, no other one rates a game of this server and game: a rating is read and
        written back whole, so two results recorded at once must go one after the other. PostgreSQL: an
        advisory lock held to the commit; SQLite: the transaction already writes alone (BEGIN IMMEDIATE)."""
        if self.dialect == "postgresql":
            await self._all("SELECT pg_advisory_xact_lock(hashtextextended(?, 0))", (f"ratings {guild_id} {game}",))

    async def ratings_for(self, guild_id: int | None, game: str, user_ids: Sequence[int]) -> dict[int, RatingRow]:
        marks = ", ".join("?" * len(user_ids))
        rows = await self._all(
            f"SELECT user_id, mu, sigma, games, wins FROM ratings WHERE guild_id IS NOT DISTINCT FROM ? AND game = ?"
            f" AND user_id IN ({marks})",
            (guild_id, game, *user_ids),
        )
        return {row["user_id"]: from_mapping(RatingRow, row) for row in rows}

    async def put_rating(self, guild_id: int | None, game: str, rating: RatingRow) -> None:
        await self._write(
            "INSERT INTO ratings (guild_id, game, user_id, mu, sigma, games, wins) VALUES (?, ?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (guild_id, game, user_id) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma,"
            " games = excluded.games, wins = excluded.wins",
            (guild_id, game, rating.user_id, rating.mu, rating.sigma, rating.games, rating.wins),
        )

    # --- reads -------------------------------------------------------------------------------
    async def guild_settings(self, guild_id: int) -> GuildSettingsRow | None:
        row = await self._one("SELECT * FROM guild_settings WHERE guild_id = ?", (guild_id,))
        return from_mapping(GuildSettingsRow, {**row, "pictures": bool(row["pictures"])}) if row else None

    async def member_language(self, user_id: int) -> str | None:
        row = await self._one("SELECT language FROM member_languages WHERE user_id = ?", (user_id,))
        return row["language"] if row else None

    async def synced_commands(self, scope: str) -> str | None:
        """The digest of the slash commands last synced in `scope`, or None."""
        row = await self._one("SELECT digest FROM command_syncs WHERE scope = ?", (scope,))
        return row["digest"] if row else None

    async def table(self, table_id: int) -> TableRow | None:
        row = await self._one("SELECT * FROM sessions WHERE id = ?", (table_id,))
        return from_mapping(TableRow, row) if row else None

    async def open_table_versions(self) -> list[tuple[int, str, int]]:
        """(id, game, rules version) of each open table: what start-up checks, without reading whole rows."""
        rows = await self._all("SELECT id, game, rules_version FROM sessions WHERE status IN ('lobby', 'active')"
                               " ORDER BY id")
        return [(row["id"], row["game"], row["rules_version"]) for row in rows]

    async def open_tables(self) -> list[TableRow]:
        rows = await self._all("SELECT * FROM sessions WHERE status IN ('lobby', 'active') ORDER BY id")
        return [from_mapping(TableRow, row) for row in rows]

    async def last_table_in(self, channel_id: int) -> TableRow | None:
        row = await self._one("SELECT * FROM sessions WHERE channel_id = ? ORDER BY id DESC LIMIT 1", (channel_id,))
        return from_mapping(TableRow, row) if row else None

    async def played_tables_in(self, channel_id: int, limit: int) -> list[int]:
        """The channel's tables whose game began and closed (finished, or ended after its start), newest first."""
        rows = await self._all("SELECT id FROM sessions WHERE channel_id = ? AND status IN ('finished', 'ended')"
                               " AND started_at IS NOT NULL ORDER BY id DESC LIMIT ?", (channel_id, limit))
        return [row["id"] for row in rows]

    async def hosted_channels(self, guild_id: int, host_id: int) -> list[int]:
        """Channels of the open tables a member hosts in a server."""
        rows = await self._all(
            "SELECT channel_id FROM sessions WHERE guild_id = ? AND host_id = ? AND status IN ('lobby', 'active')"
            " ORDER BY id",
            (guild_id, host_id),
        )
        return [row["channel_id"] for row in rows]

    async def seats(self, table_id: int) -> list[SeatRow]:
        rows = await self._all("SELECT * FROM seats WHERE session_id = ? ORDER BY seat", (table_id,))
        return [_seat_row(r) for r in rows]

    async def table_log(self, table_id: int, after: int = 0) -> TableLog | None:
        """A table's row, its seats and its moves after move `after`, all from ONE consistent snapshot: never
        a row from before another process's commit with moves from after it. None: no such table."""
        assert self._pending.get() is None, "a table's log is read outside transactions"
        if self.dialect == "postgresql":
            found = await self._one(TABLE_LOG_POSTGRES, (after, table_id))
            if found is None:
                return None
            return (from_mapping(TableRow, json.loads(found["table_row"])),
                    [_seat_row(s) for s in json.loads(found["seats"])],
                    [from_mapping(MoveRow, e) for e in json.loads(found["events"])])
        async with self.transaction():  # SQLite: the reads hold the file's one connection until they end
            row = await self.table(table_id)
            if row is None:
                return None
            return row, await self.seats(table_id), await self.moves(table_id, after)

    async def touches(self, table_id: int) -> list[float | None]:
        """Per seat, in seat order, the last touch of the table stored (other than a move)."""
        rows = await self._all("SELECT touched_at FROM seats WHERE session_id = ? ORDER BY seat", (table_id,))
        return [row["touched_at"] for row in rows]

    async def moves(self, table_id: int, after: int = 0) -> list[MoveRow]:
        rows = await self._all("SELECT * FROM events WHERE session_id = ? AND seq > ? ORDER BY seq", (table_id, after))
        return [from_mapping(MoveRow, row) for row in rows]

    async def next_due(self) -> float | None:
        """The earliest reminder or deadline of an open table, read from the index `sessions_by_due` (migration
        0017): the expression and the condition are the index's own. SQLite is told to use it (its planner would
        rather take `sessions_open_deadlines` for the status and sort every open table)."""
        indexed = " INDEXED BY sessions_by_due" if self.dialect == "sqlite" else ""
        row = await self._one(
            f"SELECT {TABLE_DUE} AS due FROM sessions{indexed} WHERE status IN ('lobby', 'active')"
            f" AND deadline_at IS NOT NULL ORDER BY {TABLE_DUE} LIMIT 1"
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

    async def open_table_id(self, channel_id: int) -> int | None:
        row = await self._one("SELECT id FROM sessions WHERE channel_id = ? AND status IN ('lobby', 'active')",
                              (channel_id,))
        return row["id"] if row else None

    async def ping(self) -> None:  # the health check's trivial query
        await self._all("SELECT 1 AS ok FROM sessions LIMIT 1")

    async def open_table_counts(self) -> list[tuple[str, str, int]]:
        """(game, status, how many) of the open tables."""
        return [(row["game"], row["status"], row["n"]) for row in await self._all(
            "SELECT game, status, COUNT(*) n FROM sessions WHERE status IN ('lobby', 'active') GROUP BY game, status")]

    async def open_table_ids(self) -> list[int]:
        rows = await self._all("SELECT id FROM sessions WHERE status IN ('lobby', 'active') ORDER BY id")
        return [row["id"] for row in rows]

    async def active_tables_of(self, user_id: int) -> list[int]:
        """Running tables where `user_id` holds a seat (any server)."""
        rows = await self._all(
            "SELECT sessions.id FROM seats JOIN sessions ON sessions.id = seats.session_id"
            " WHERE seats.user_id = ? AND seats.is_computer = 0 AND sessions.status = 'active' ORDER BY sessions.id",
            (user_id,),
        )
        return [row["id"] for row in rows]

