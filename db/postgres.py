"""The server backend: PostgreSQL through an asyncpg pool. Queries are written once with `?` marks.

A read runs as a prepared statement (asyncpg's `$1, $2, …`). The writes of a transaction are buffered
and sent at its end as ONE simple query, which PostgreSQL runs as one implicit transaction and commits
before answering: so a move that only writes costs one round trip, however many rows it touches. Each
write in it is `EXECUTE name(values as literals)` of a statement the connection prepared the first time
it sent it (`PREPARE` in front of that script): the server parses and plans a move's writes once per
connection, not once per move — half its CPU for a move. A transaction that reads opens a real one at its
first read (BEGIN and the writes so far in one round trip) and commits with its last writes in one more.

Transactions that only write also share commits: while one group is on its way to the server, the
next gathers, and goes as one implicit transaction (group commit; every caller returns only after its
COMMIT). When the server refuses a group (a failed revision check, a deadlock), nothing of it was
committed and each of its transactions is sent again on its own, so only the failing one fails.

A write with a row-count check (a table's revision) is wrapped so that the server raises when the count
differs (`dicetable_expect_rows`, migration 0006), which rolls the whole transaction back.
"""

from __future__ import annotations

import contextlib
import functools
import math
import re
from collections.abc import AsyncIterator, Iterable, Sequence
from contextvars import ContextVar

import asyncpg

from .group_commit import GroupCommit
from .migrations import migrations
from .sqlite import RowcountMismatch

# PostgreSQL: a table's row, seats and moves in ONE statement, so they come from one snapshot (READ COMMITTED
# takes a snapshot per statement) in one round trip. SQLite reads them in one transaction instead.
TABLE_LOG_POSTGRES = (
    "SELECT row_to_json(s)::text AS table_row,"
    " (SELECT COALESCE(json_agg(x ORDER BY x.seat), '[]'::json) FROM seats x WHERE x.session_id = s.id)::text AS seats,"
    " (SELECT COALESCE(json_agg(e ORDER BY e.seq), '[]'::json) FROM events e"
    " WHERE e.session_id = s.id AND e.seq > ?)::text AS events"
    " FROM sessions s WHERE s.id = ?"
)
MIGRATION_LOCK = 16_016  # a pg_advisory_xact_lock key: two processes starting at once migrate one after the other
ROWCOUNT_MISMATCH = "DTREV"  # the SQLSTATE dicetable_expect_rows raises


@functools.lru_cache(maxsize=256)
def numbered(sql: str) -> str:
    counter = iter(range(1, 10_000))
    return re.sub(r"\?", lambda _: f"${next(counter)}", sql)


@functools.lru_cache(maxsize=256)
def _checked(sql: str, count: int) -> str:
    """`sql` (with `count` marks) raising unless it changes the wanted number of rows (`$count+1`); `$count+2` is
    the write's number in its transaction, which the error names."""
    return (f"WITH changed AS ({numbered(sql)} RETURNING 1) SELECT dicetable_expect_rows("
            f"(SELECT count(*) FROM changed), ${count + 1}, ${count + 2})")


def literal(value: object) -> str:
    """A value as an SQL literal of unknown type, so the server types it from its place exactly as it
    types a `$n` parameter. Only the types our queries pass; quotes doubled (standard_conforming_strings
    is on for every connection of the pool, so a backslash is just a character). Text PostgreSQL can't
    store (a NUL, a lone surrogate) raises ValueError here, when the write is made, so it fails its own
    transaction and never reaches a group commit."""
    if value is None:
        return "NULL"
    if isinstance(value, bool):
        text = "1" if value else "0"
    elif isinstance(value, int):
        text = str(value)
    elif isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError(f"not a finite number: {value!r}")
        text = repr(value)
    elif isinstance(value, str):
        if "\x00" in value:
            raise ValueError("a text value with a NUL character")
        if not value.isascii():
            try:
                value.encode("utf-8")
            except UnicodeEncodeError:
                raise ValueError("a text value that is not valid Unicode (a lone surrogate)") from None
        text = value
    else:
        raise TypeError(f"no SQL literal for {type(value).__name__}")
    return "'" + text.replace("'", "''") + "'"


class _Write:
    """A buffered write: its statement (`$1, $2, …`) and its values, already SQL literals (so a value the server
    can't hold fails the transaction that wrote it, when it writes it)."""

    __slots__ = ("statement", "values")

    def __init__(self, statement: str, values: Sequence[object]) -> None:
        self.statement, self.values = statement, [literal(value) for value in values]


class _Prepared:
    """The names of the write statements a connection has prepared. A prepared statement lasts as long as the
    connection, whatever becomes of the transactions around its PREPARE; after a script that failed, which of its
    PREPAREs ran is not known, so `names` is None until it is read from the server again."""

    __slots__ = ("names",)

    def __init__(self) -> None:
        self.names: set[str] | None = set()


class PreparingConnection(asyncpg.Connection):
    """The pool's connections: each keeps its `_Prepared` (an attribute, so a pool's proxy reaches it)."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)
        self.statements = _Prepared()


class _Batch:
    def __init__(self) -> None:
        self.writes: list[_Write] = []  # not sent yet
        self.tags: list[object] = []  # per row-count check, in order: what RowcountMismatch names
        self.conn: asyncpg.Connection | None = None  # set once a read opened a real transaction


async def _keep_session(conn: asyncpg.Connection) -> None:
    """Pool reset: nothing. asyncpg already rolls back an unfinished transaction on release; we never set
    session state (no LISTEN, no SET, advisory locks only per transaction), so its default reset query
    would be one more round trip per checkout for nothing."""


class PostgresDriver:
    dialect = "postgresql"
    single_process = False  # many bot processes may share the server: check a cached table before use

    def __init__(self, pool: asyncpg.Pool) -> None:
        self._pool = pool
        self._batch: ContextVar[_Batch | None] = ContextVar(f"pg_tx_{id(self)}", default=None)
        self._group_commit = GroupCommit(self._send_pooled_group)
        self._names: dict[str, str] = {}  # write statement -> the name its connections prepare it under

    @staticmethod
    async def connect(url: str, *, pool_size: int = 10) -> asyncpg.Pool:
        return await asyncpg.create_pool(
            url, min_size=1, max_size=pool_size, reset=_keep_session, connection_class=PreparingConnection,
            server_settings={"standard_conforming_strings": "on"},
        )

    @classmethod
    async def open(cls, pool: asyncpg.Pool) -> PostgresDriver:
        driver = cls(pool)
        await driver._migrate()
        return driver

    async def _migrate(self) -> None:
        async with self._pool.acquire() as conn, conn.transaction():
            await conn.execute(f"SELECT pg_advisory_xact_lock({MIGRATION_LOCK})")
            await conn.execute("CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY)")
            done = {row["version"] for row in await conn.fetch("SELECT version FROM schema_migrations")}
            for number, script in migrations(self.dialect):
                if number not in done:
                    await conn.execute(script)
                    await conn.execute("INSERT INTO schema_migrations (version) VALUES ($1)", number)

    async def close(self) -> None:
        await self._pool.close()

    def transaction(self) -> _Transaction:
        return _Transaction(self)

    async def _send_pooled_group(self, batches: list[_Batch]) -> list[BaseException | None]:
        async with self._pool.acquire() as conn:
            return await self._send_group(conn, batches)

    async def _send_group(self, conn: asyncpg.Connection, batches: list[_Batch]) -> list[BaseException | None]:
        if len(batches) > 1:
            try:
                await self._run(conn, [write for batch in batches for write in batch.writes])
                return [None] * len(batches)
            except (asyncpg.PostgresError, UnicodeError):
                if conn.is_in_transaction():
                    await conn.execute("ROLLBACK")
            # The server rolled the whole group back (or the script could not even be encoded, so nothing
            # was sent); a lost connection is not retried, since the group may have committed before the
            # answer was lost.
        failures: list[BaseException | None] = []
        for batch in batches:
            try:
                await self._send(conn, batch, "", "")
                failures.append(None)
            except Exception as failure:
                failures.append(failure)
        return failures

    async def _send(self, conn: asyncpg.Connection, batch: _Batch, before: str, after: str) -> None:
        """One round trip: `before`, the buffered writes, `after`. On a failed check the transaction is
        rolled back and RowcountMismatch names the table whose revision moved."""
        writes, batch.writes = batch.writes, []
        try:
            await self._run(conn, writes, before, after)
        except asyncpg.PostgresError as error:
            if conn.is_in_transaction():
                await conn.execute("ROLLBACK")
            if error.sqlstate == ROWCOUNT_MISMATCH:
                raise RowcountMismatch(batch.tags[int(error.detail)]) from error
            raise

    async def _run(self, conn: asyncpg.Connection, writes: list[_Write], before: str = "", after: str = "") -> None:
        """`before`, the writes, `after` in one simple query; the statements this connection has not prepared yet
        are prepared in front of it."""
        prepared = await self._prepared_on(conn)
        preparing: dict[str, str] = {}
        lines = [before]
        for write in writes:
            name = self._names.get(write.statement)
            if name is None:
                name = self._names[write.statement] = f"dicetable_w{len(self._names)}"
            if name not in prepared and name not in preparing:
                preparing[name] = f"PREPARE {name} AS {write.statement};\n"
            lines.append(f"EXECUTE {name}({', '.join(write.values)});\n" if write.values else f"EXECUTE {name};\n")
        lines.append(after)
        script = "".join((*preparing.values(), *lines))
        if not script:
            return
        try:
            await conn.execute(script)
        except BaseException:
            if preparing:
                conn.statements.names = None  # some of them may have run before the failure
            raise
        prepared.update(preparing)

    @staticmethod
    async def _prepared_on(conn: asyncpg.Connection) -> set[str]:
        """What `conn` has prepared (read from the server when that is not known)."""
        known = conn.statements
        if known.names is None:
            rows = await conn.fetch("SELECT name FROM pg_prepared_statements WHERE name LIKE 'dicetable_w%'")
            known.names = {row["name"] for row in rows}
        return known.names

    @contextlib.asynccontextmanager
    async def _conn(self) -> AsyncIterator[asyncpg.Connection]:
        """The connection for a read: the transaction's (opened now, with what it wrote so far), or any."""
        batch = self._batch.get()
        if batch is None:
            async with self._pool.acquire() as conn:
                yield conn
            return
        if batch.conn is None:
            batch.conn = await self._pool.acquire()
            await self._send(batch.conn, batch, "BEGIN;", "")
        elif batch.writes:
            await self._send(batch.conn, batch, "", "")
        yield batch.conn

    async def fetch(self, sql: str, args: Sequence = ()) -> list[dict]:
        async with self._conn() as conn:
            return [dict(row) for row in await conn.fetch(numbered(sql), *args)]

    async def execute(self, sql: str, args: Sequence = (), *, expect: int | None = None, tag: object = None) -> None:
        """A write inside `transaction()`, sent at commit; with `expect`, the transaction fails with
        RowcountMismatch(tag) unless it changes exactly that many rows."""
        batch = self._batch.get()
        assert batch is not None, "writes happen inside transaction()"
        if sql.count("?") != len(args):
            raise ValueError(f"{sql.count('?')} marks but {len(args)} values: {sql}")
        if expect is None:
            batch.writes.append(_Write(numbered(sql), args))
            return
        batch.writes.append(_Write(_checked(sql, len(args)), (*args, expect, len(batch.tags))))
        batch.tags.append(tag)

    async def executemany(self, sql: str, rows: Iterable[Sequence]) -> None:
        for args in rows:
            await self.execute(sql, args)


class _Transaction:
    """`PostgresDriver.transaction()` (a class, as `Store.transaction()` is: every move opens one)."""

    __slots__ = ("_driver", "_batch", "_token")

    def __init__(self, driver: PostgresDriver) -> None:
        self._driver = driver

    async def __aenter__(self) -> None:
        self._batch = _Batch()
        self._token = self._driver._batch.set(self._batch)

    async def __aexit__(self, kind: type[BaseException] | None, failure: BaseException | None, _: object) -> None:
        driver, batch = self._driver, self._batch
        try:
            if failure is not None:
                if batch.conn is not None and batch.conn.is_in_transaction():
                    await batch.conn.execute("ROLLBACK")
            elif batch.conn is not None:
                await driver._send(batch.conn, batch, "", "COMMIT;")
            elif batch.writes:
                await driver._group_commit.commit(batch)
        finally:
            driver._batch.reset(self._token)
            if batch.conn is not None:
                await driver._pool.release(batch.conn)
