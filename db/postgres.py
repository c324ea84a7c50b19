"""The server backend: PostgreSQL through an asyncpg pool. Queries are written once with `?` marks;
they become asyncpg's `$1, $2, …` here."""

from __future__ import annotations

import contextlib
import functools
import re
from collections.abc import AsyncIterator, Iterable, Sequence
from contextvars import ContextVar

import asyncpg

from .migrations import migrations
from .sqlite import RowcountMismatch

MIGRATION_LOCK = 16_016  # a pg_advisory_xact_lock key: two processes starting at once migrate one after the other


@functools.lru_cache(maxsize=256)
def numbered(sql: str) -> str:
    counter = iter(range(1, 10_000))
    return re.sub(r"\?", lambda _: f"${next(counter)}", sql)


class PostgresDriver:
    dialect = "postgresql"
    single_process = False  # many bot processes may share the server: check a cached table before use

    def __init__(self, pool: asyncpg.Pool) -> None:
        self._pool = pool
        self._connection: ContextVar[asyncpg.Connection | None] = ContextVar(f"pg_tx_{id(self)}", default=None)

    @staticmethod
    async def connect(url: str, *, pool_size: int = 10) -> asyncpg.Pool:
        return await asyncpg.create_pool(url, min_size=1, max_size=pool_size)

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

    @contextlib.asynccontextmanager
    async def transaction(self) -> AsyncIterator[None]:
        async with self._pool.acquire() as conn, conn.transaction():
            token = self._connection.set(conn)
            try:
                yield
            finally:
                self._connection.reset(token)

    @contextlib.asynccontextmanager
    async def _conn(self) -> AsyncIterator[asyncpg.Connection]:
        current = self._connection.get()
        if current is not None:
            yield current
        else:
            async with self._pool.acquire() as conn:
                yield conn

    async def fetch(self, sql: str, args: Sequence = ()) -> list[dict]:
        async with self._conn() as conn:
            return [dict(row) for row in await conn.fetch(numbered(sql), *args)]

    async def execute(self, sql: str, args: Sequence = (), *, expect: int | None = None, tag: object = None) -> None:
        """With `expect`: raises RowcountMismatch(tag) unless exactly that many rows changed."""
        async with self._conn() as conn:
            status = await conn.execute(numbered(sql), *args)
        if expect is not None and int(status.rsplit(" ", 1)[-1]) != expect:
            raise RowcountMismatch(tag)

    async def executemany(self, sql: str, rows: Iterable[Sequence]) -> None:
        async with self._conn() as conn:
            await conn.executemany(numbered(sql), list(rows))
