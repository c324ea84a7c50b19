"""The embedded backend: one aiosqlite connection, serialised by an asyncio lock.

Writes inside a transaction are buffered. At its end the transaction joins a group commit: the batches
of every transaction that ended meanwhile (moves of different tables) go to aiosqlite's thread in one
hop and one BEGIN … COMMIT; should one fail a check, the group is rolled back and each batch runs again
on its own, so one failing check fails only its transaction. Each `async with transaction()` returns only
after its COMMIT. A transaction that reads takes the connection's lock at its first read, reads in one hop
(its writes so far, then the query), and commits on its own.

A SQLite file serves ONE bot process: a process trusts the tables it holds in memory. Opening the file claims
it for the process: an exclusive `flock` on the database file itself (created empty if it is new — SQLite reads an
empty file as an empty database), held until the last store on it closes. The lock is the file's, whatever name
reached it, so a second process is refused with `FileInUse` before it reads or writes anything even through a hard
link, a symlink or another mount of the same file (a lock beside the path, `<file>.lock`, would not be: the second
name's process would see an empty database and write a WAL of its own). `flock` locks are independent of the POSIX
record locks SQLite takes on the same file, and belong to the descriptor that took them, so SQLite opening and
closing the file meanwhile leaves the claim in place. Stores of one process share the claim, found by the file's
device and inode (the tests open several).

A file with several names (hard links) is refused even with no other process about (`FileHasOtherNames`): SQLite
keeps the write-ahead log beside the name it opened, so a process on the other name — after a crash, say — would
see the file without the commits still in the first name's log, and a log recovered later would overwrite its own
(SQLite's "How To Corrupt An SQLite Database File", 2.4)."""

from __future__ import annotations

import asyncio
import os
import sqlite3
from collections.abc import Callable, Iterable, Sequence
from contextvars import ContextVar
from pathlib import Path
from typing import TypeVar

import aiosqlite

from .group_commit import GroupCommit
from .migrations import migrations

try:
    import fcntl
except ImportError:  # Windows: no flock, so a second process is not noticed there
    fcntl = None


class FileInUse(Exception):
    """Another process has the SQLite file open."""

    def __init__(self, path: str | Path) -> None:
        super().__init__(f"{path} is in use by another process")
        self.path = path


class FileHasOtherNames(Exception):
    """The SQLite file is reached by more than one name (hard links)."""

    def __init__(self, path: str | Path, names: int) -> None:
        super().__init__(f"{path} is one of {names} names of the same file")
        self.path, self.names = path, names


Claim = tuple[int, int]  # a claimed file: its device and inode
_claims: dict[Claim, list[int]] = {}  # a file this process claimed -> [the locked descriptor, stores sharing it]


def claim_file(path: str | Path) -> Claim | None:
    """Claim a SQLite file for this process (again, for another store of it): FileInUse if another process has it,
    FileHasOtherNames if it has several names. None where nothing is claimed (`:memory:`, or no flock: Windows)."""
    if str(path) == ":memory:" or fcntl is None:
        return None
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    claim = (os.fstat(fd).st_dev, os.fstat(fd).st_ino)
    try:
        if claim not in _claims:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                raise FileInUse(path) from None
        names = os.fstat(fd).st_nlink  # read under the lock: a link made later is refused at the next claim
        if names > 1:
            raise FileHasOtherNames(path, names)
    except BaseException:
        os.close(fd)  # and its lock, if it took one (a lock another descriptor holds stays)
        raise
    if claim in _claims:  # this process holds it already: one more store shares the claim
        os.close(fd)
        _claims[claim][1] += 1
    else:
        _claims[claim] = [fd, 1]
    return claim


def release_file(claim: Claim | None) -> None:
    held = _claims.get(claim) if claim is not None else None
    if held is None:
        return
    held[1] -= 1
    if held[1] == 0:
        del _claims[claim]
        os.close(held[0])  # the lock goes with its descriptor


class RowcountMismatch(Exception):
    """A conditional write changed another number of rows than expected; the transaction was rolled back."""

    def __init__(self, tag: object) -> None:
        super().__init__(tag)
        self.tag = tag


class _Batch:
    def __init__(self) -> None:
        self.writes: list[tuple[str, Sequence | list, int | None, object]] = []
        self.begun = False  # a real transaction is open (it read something)
        self.holds_lock = False  # it holds the driver's lock until it ends


def _run_writes(raw: sqlite3.Connection, batch: _Batch) -> None:
    for sql, args, expect, tag in batch.writes:
        if expect == MANY:
            raw.executemany(sql, args)
        elif raw.execute(sql, args).rowcount != expect and expect is not None:
            raise RowcountMismatch(tag)


def _run_group(raw: sqlite3.Connection, batches: list[_Batch]) -> list[BaseException | None]:
    """In aiosqlite's thread: one transaction for many batches. Should one fail (a revision check, a value SQLite
    refuses), the whole group is rolled back and each batch runs again on its own, so only the failing one fails.
    One process writes a SQLite file, so that hardly ever happens: a savepoint around each batch would cost every
    batch two more statements."""
    if len(batches) > 1:
        raw.execute("BEGIN IMMEDIATE")
        try:
            for batch in batches:
                _run_writes(raw, batch)
            raw.execute("COMMIT")
        except Exception:
            raw.execute("ROLLBACK")
        except BaseException:
            raw.execute("ROLLBACK")
            raise
        else:
            for batch in batches:
                batch.writes.clear()
            return [None] * len(batches)
    failures: list[BaseException | None] = []
    for batch in batches:
        try:
            _run_batch(raw, batch, commit=True)
            failures.append(None)
        except Exception as failure:
            failures.append(failure)
    return failures


def _run_batch(raw: sqlite3.Connection, batch: _Batch, commit: bool) -> None:
    """In aiosqlite's thread: BEGIN (once), the buffered writes with their row-count checks, COMMIT."""
    try:
        if not batch.begun:
            raw.execute("BEGIN IMMEDIATE")
            batch.begun = True
        _run_writes(raw, batch)
        batch.writes.clear()
        if commit:
            raw.execute("COMMIT")
    except BaseException:
        if batch.begun:
            raw.execute("ROLLBACK")
            batch.begun = False
        raise


def _fetch(raw: sqlite3.Connection, batch: _Batch | None, sql: str, args: Sequence) -> list[dict]:
    """In aiosqlite's thread: a transaction's writes so far (BEGIN first), then the query, its rows as dicts —
    one hop to the thread however many statements."""
    if batch is not None:
        _run_batch(raw, batch, commit=False)
    return [dict(row) for row in raw.execute(sql, args).fetchall()]


MANY = -1
Result = TypeVar("Result")


class SqliteDriver:
    """Every statement runs on the one connection. A transaction holds the lock for its whole span; reads
    outside one take the lock briefly, reads inside one (same task context) run straight through."""

    dialect = "sqlite"
    single_process = True  # one bot process per SQLite file: its cached tables are current

    def __init__(self, conn: aiosqlite.Connection, claim: Claim | None = None) -> None:
        self._conn = conn
        self._claim = claim
        self._lock = asyncio.Lock()
        self._batch: ContextVar[_Batch | None] = ContextVar(f"sqlite_tx_{id(self)}", default=None)
        self._group_commit = GroupCommit(self._send_group)

    @classmethod
    async def open(cls, path: str | Path) -> SqliteDriver:
        claim = claim_file(path)  # before anything is read or written
        try:
            conn = await aiosqlite.connect(path, isolation_level=None)
            conn.row_factory = aiosqlite.Row
            for pragma in ("journal_mode = WAL", "foreign_keys = ON", "synchronous = NORMAL", "busy_timeout = 5000"):
                async with conn.execute(f"PRAGMA {pragma}") as cursor:
                    await cursor.fetchall()
            driver = cls(conn, claim)
            await driver._migrate()
        except BaseException:
            release_file(claim)
            raise
        return driver

    async def _migrate(self) -> None:
        async with self._conn.execute("PRAGMA user_version") as cursor:
            (version,) = await cursor.fetchone()
        for number, script in migrations(self.dialect):
            if number > version:
                await self._conn.executescript(f"BEGIN;\n{script}\nPRAGMA user_version = {number};\nCOMMIT;")

    async def close(self) -> None:
        await self._conn.close()
        release_file(self._claim)  # the first close gives the claim back
        self._claim = None

    async def _in_thread(self, function: Callable[..., Result], *args: object) -> Result:
        # aiosqlite runs queued functions on its connection's thread; `_execute` is how its own methods
        # do it (there is no public name for running several statements in one hop).
        return await self._conn._execute(function, self._conn._conn, *args)

    def transaction(self) -> _Transaction:
        return _Transaction(self)

    async def _send_group(self, batches: list[_Batch]) -> list[BaseException | None]:
        async with self._lock:
            return await self._in_thread(_run_group, batches)

    async def fetch(self, sql: str, args: Sequence = ()) -> list[dict]:
        batch = self._batch.get()
        if batch is None:
            async with self._lock:
                return await self._in_thread(_fetch, None, sql, args)
        if not batch.holds_lock:
            await self._lock.acquire()  # released when the transaction ends
            batch.holds_lock = True
        return await self._in_thread(_fetch, batch, sql, args)  # what this transaction wrote so far, first

    async def execute(self, sql: str, args: Sequence = (), *, expect: int | None = None, tag: object = None) -> None:
        """A write inside `transaction()`, sent at commit; with `expect`, the transaction fails with
        RowcountMismatch(tag) unless it changes exactly that many rows."""
        batch = self._batch.get()
        assert batch is not None, "writes happen inside transaction()"
        batch.writes.append((sql, args, expect, tag))

    async def executemany(self, sql: str, rows: Iterable[Sequence]) -> None:
        batch = self._batch.get()
        assert batch is not None, "writes happen inside transaction()"
        batch.writes.append((sql, list(rows), MANY, None))


class _Transaction:
    """`SqliteDriver.transaction()` (a class, as `Store.transaction()` is: every move opens one)."""

    __slots__ = ("_driver", "_batch", "_token")

    def __init__(self, driver: SqliteDriver) -> None:
        self._driver = driver

    async def __aenter__(self) -> None:
        self._batch = _Batch()
        self._token = self._driver._batch.set(self._batch)

    async def __aexit__(self, kind: type[BaseException] | None, failure: BaseException | None, _: object) -> None:
        driver, batch = self._driver, self._batch
        try:
            if failure is not None:
                if batch.begun:
                    await driver._conn.execute("ROLLBACK")
            elif batch.begun:
                await driver._in_thread(_run_batch, batch, True)
            elif batch.writes:
                await driver._group_commit.commit(batch)
        finally:
            driver._batch.reset(self._token)
            if batch.holds_lock:
                driver._lock.release()
