"""Copies of a SQLite database, made with SQLite's online backup API (`sqlite3.Connection.backup`).

The copy is taken in one step, inside one read transaction of the source: it is the database as of one commit, and
a bot writing it meanwhile is not held up (in WAL mode readers and the writer don't wait for each other). A live
source is opened read-only and never claimed (the running bot's lock on it is untouched). A copy onto a database goes
into it as one write transaction: a copy cut short leaves the target as it was. A backup is kept as one file (a
rollback journal, not WAL), so reading it later leaves nothing beside it.
"""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

REQUIRED = ("sessions", "seats", "events")  # what makes a file a Dice Table database
LIVE = "mode=ro"  # a database a bot may be writing: read through its WAL, changing nothing
STILL = "mode=ro&immutable=1"  # a backup nothing writes: read as the one file it is, nothing made beside it
HELD = "mode=rw"  # a database this process holds: its WAL folded back into the file when closed


def copy_sqlite(source: Path, target: Path, *, reading: str = LIVE) -> None:
    """A consistent copy of `source` (opened as `reading` says) into `target` (created, or replaced in one
    transaction)."""
    with closing(sqlite3.connect(f"file:{source}?{reading}", uri=True)) as src, \
            closing(sqlite3.connect(target)) as dst:
        src.execute("PRAGMA busy_timeout = 5000")
        src.backup(dst)


def as_one_file(path: Path) -> None:
    """Keep the database at `path` in one file (a rollback journal instead of WAL): a backup as it is stored."""
    with closing(sqlite3.connect(path)) as conn:
        conn.execute("PRAGMA journal_mode = DELETE").fetchall()


def database_problem(path: Path) -> str | None:
    """Why `path` is not a Dice Table database SQLite can read whole (one short phrase), or None."""
    try:
        with closing(sqlite3.connect(f"file:{path}?{STILL}", uri=True)) as conn:
            (check,) = conn.execute("PRAGMA quick_check").fetchone()
            names = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    except sqlite3.DatabaseError as error:
        return f"not a SQLite database SQLite can read ({error})"
    if check != "ok":
        return f"damaged (SQLite's check says: {check})"
    if not set(REQUIRED) <= names:
        return "a SQLite database, but not the bot's (it has no tables, seats or moves)"
    return None
