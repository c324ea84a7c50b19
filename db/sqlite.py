"""The embedded backend: one aiosqlite connection, serialised by an asyncio lock."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Iterable, Sequence
from contextvars import ContextVar
from pathlib import Path

import aiosqlite

from .migrations import migrations


class SqliteDriver:
    """Every statement runs on the one connection. A transaction holds the lock for its whole span; reads
    outside one take the lock briefly, reads inside one (same task context) run straight through."""

    dialect = "sqlite"

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self._conn = conn
        self._lock = asyncio.Lock()
        self._in_transaction: ContextVar[bool] = ContextVar(f"sqlite_tx_{id(self)}", default=False)

    @classmethod
    async def open(cls, path: str | Path) -> SqliteDriver:
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        conn = await aiosqlite.connect(path, isolation_level=None)
        conn.row_factory = aiosqlite.Row
        for pragma in ("journal_mode = WAL", "foreign_keys = ON", "synchronous = NORMAL", "busy_timeout = 5000"):
            async with conn.execute(f"PRAGMA {pragma}") as cursor:
                await cursor.fetchall()
        driver = cls(conn)
        await driver._migrate()
        return driver

    async def _migrate(self) -> None:
        async with self._conn.execute("PRAGMA user_version") as cursor:
            (version,) = await cursor.fetchone()
        for number, script in migrations(self.dialect):
            if number > version:
                await self._conn.executescript(f"BEGIN;\n{script}\nPRAGMA user_version = {number};\nCOMMIT;")

    async def close(self) -> None:
        await self._conn.close()

    @contextlib.asynccontextmanager
    async def transaction(self) -> AsyncIterator[None]:
        async with self._lock:
            token = self._in_transaction.set(True)
            try:
                await self._conn.execute("BEGIN IMMEDIATE")
                try:
                    yield
                except BaseException:
                    await self._conn.execute("ROLLBACK")
                    raise
                await self._conn.execute("COMMIT")
            finally:
                self._in_transaction.reset(token)

    @contextlib.asynccontextmanager
    async def _turn(self) -> AsyncIterator[None]:
        if self._in_transaction.get():
            yield
        else:
            async with self._lock:
                yield

    async def fetch(self, sql: str, args: Sequence = ()) -> list[dict]:
        async with self._turn(), self._conn.execute(sql, args) as cursor:
            return [dict(row) for row in await cursor.fetchall()]

    async def execute(self, sql: str, args: Sequence = ()) -> int:
        """A write inside `transaction()`; returns the number of rows it changed."""
        async with self._turn(), self._conn.execute(sql, args) as cursor:
            return cursor.rowcount

    async def executemany(self, sql: str, rows: Iterable[Sequence]) -> None:
        async with self._turn():
            await self._conn.executemany(sql, list(rows))
