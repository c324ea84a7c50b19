"""Which backend a database setting names, and one clear sentence when it can't be used."""

from __future__ import annotations

import contextlib
import socket
from collections.abc import Iterator
from pathlib import Path

POSTGRES_SCHEMES = ("postgresql://", "postgres://")


class StoreUnavailable(Exception):
    """The configured database can't be used; the message is one sentence naming the setting."""


class DatabaseInUse(StoreUnavailable):
    """Another process holds the SQLite file."""


def is_postgres(target: str | Path) -> bool:
    return isinstance(target, str) and target.startswith(POSTGRES_SCHEMES)


def _not_postgres(target: str) -> StoreUnavailable:
    return StoreUnavailable(f"DATABASE_URL must be a postgresql:// URL, not {target.split('://')[0][:20]!r}.")


async def _connect_postgres(url: str, driver):
    try:
        return await driver.connect(url)
    except (OSError, socket.gaierror) as error:
        raise StoreUnavailable(f"DATABASE_URL names a PostgreSQL server that can't be reached ({error}).") from error
    except Exception as error:  # asyncpg's own errors: authentication, a missing database, bad URL parts
        if type(error).__module__.startswith("asyncpg"):
            raise StoreUnavailable(f"DATABASE_URL was refused by PostgreSQL: {error}") from error
        raise StoreUnavailable(f"DATABASE_URL is not a usable PostgreSQL URL ({error}).") from error


async def open_driver(target: str | Path):
    if is_postgres(target):
        from .postgres import PostgresDriver

        return await PostgresDriver.open(await _connect_postgres(str(target), PostgresDriver))
    if isinstance(target, str) and "://" in target:
        raise _not_postgres(target)
    from .sqlite import SqliteDriver

    with _claiming(target):
        return await SqliteDriver.open(target)


@contextlib.contextmanager
def _claiming(path: str | Path) -> Iterator[None]:
    """A claim on a SQLite file refused as one sentence naming DATABASE_PATH (`DatabaseInUse` when another process
    holds it)."""
    from .sqlite import FileHasOtherNames, FileInUse

    try:
        yield
    except FileInUse as in_use:
        raise DatabaseInUse(
            f"DATABASE_PATH {path} is in use by another bot process (under this name or another of the same file), "
            f"and a SQLite file serves only one: to run several processes, give them one PostgreSQL database with "
            f"DATABASE_URL.") from in_use
    except FileHasOtherNames as linked:
        raise StoreUnavailable(other_names(path, linked.names)) from linked


def other_names(path: str | Path, names: int) -> str:
    return (f"DATABASE_PATH {path} is one of {names} names of the same file (hard links), and SQLite keeps its log "
            f"of recent moves beside the name a process opened, so another name would miss them: remove every other "
            f"name of it (`find / -samefile {path}` lists them).")


def hold_sqlite_file(path: str | Path) -> None:
    """Claim the SQLite file for this process until it ends, before anything is read or written (the bot's
    start-up); `StoreUnavailable`, one sentence naming DATABASE_PATH, when it can't (`DatabaseInUse`: another
    process has it)."""
    from .sqlite import claim_file

    with _claiming(path):
        claim_file(path)


async def check_database(url: str) -> None:
    """Connect once to DATABASE_URL and go away, writing nothing; raises `StoreUnavailable` when it can't."""
    if not is_postgres(url):
        raise _not_postgres(url)
    from .postgres import PostgresDriver

    pool = await _connect_postgres(url, PostgresDriver)
    await pool.close()
