"""`python -m bot backup PATH` and `python -m bot restore PATH`: the SQLite database copied while the bot runs, and
put back while it does not.

A backup is written beside PATH under a temporary name, proved — opened, and every open table replayed from its
log — and only then renamed to PATH: a backup that fails leaves nothing half-written. A restore refuses while a bot
holds the database (its lock on the file, db/sqlite.py), proves the backup the same way, keeps the database it
replaces beside it (`<file>.before-restore`), and copies the backup in as one transaction. A database file with
several names (hard links) is refused by both: SQLite keeps its log beside one name. PostgreSQL has its own
tools (pg_dump, pg_restore: docs/operating.md). Each failure is one sentence naming the setting or the path; exit
status 2 for input the command can't use, 1 for a copy that does not replay.
"""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

from db import DatabaseInUse, Store, StoreUnavailable, hold_sqlite_file
from db.backup import HELD, STILL, as_one_file, copy_sqlite, database_problem
from db.connect import other_names

from ..config import Settings
from ..games.registry import engines
from ..service.audit import Replayed, replay_open


class Refused(Exception):
    """The command can't run: one sentence naming the setting or the path (exit status 2)."""


class DoesNotReplay(Exception):
    """The copy is not playable: its tables that do not replay (exit status 1)."""


def sqlite_source(settings: Settings, tool: str) -> Path:
    if settings.database_url:
        raise Refused(f"DATABASE_URL names a PostgreSQL database: use {tool} (docs/operating.md shows how).")
    return settings.database_path


def scratch(beside: Path, suffix: str) -> Path:
    """A temporary file in `beside`'s folder (so a rename to it is atomic), created empty to prove it may be written."""
    path = beside.with_name(f".{beside.name}.{suffix}")
    try:
        remove(path, quietly=False)  # what an earlier run cut short left
        try:
            path.touch(exist_ok=False)
        except FileNotFoundError:  # a folder that isn't there yet
            path.parent.mkdir(parents=True, exist_ok=True)
            path.touch(exist_ok=False)
    except OSError as error:
        raise Refused(f"Cannot write {beside}: {error.strerror or error} (in {path.parent}).") from error
    return path


def remove(path: Path, *, quietly: bool = True) -> None:
    """A database file we made, with whatever SQLite left beside it."""
    for leftover in (path, *(path.with_name(path.name + end) for end in ("-wal", "-shm"))):
        try:
            leftover.unlink(missing_ok=True)
        except OSError:
            if not quietly:
                raise


async def replayed(path: Path) -> Replayed:
    """Open the copy at `path` as the bot would and replay every open table (DoesNotReplay when one fails)."""
    store = await Store.open(path)
    try:
        found = await replay_open(store, engines())
    finally:
        await store.close()
    if found.problems:
        raise DoesNotReplay("; ".join(found.problems[:5]) + (" …" if len(found.problems) > 5 else ""))
    return found


async def backup(settings: Settings, target: Path) -> str:
    source = sqlite_source(settings, "pg_dump")
    if not source.is_file():
        raise Refused(f"DATABASE_PATH {source} does not exist: there is nothing to back up.")
    if source.stat().st_nlink > 1:  # read through one name, SQLite would miss the log kept beside another
        raise Refused(other_names(source, source.stat().st_nlink))
    if target.is_dir():
        raise Refused(f"The backup PATH {target} is a folder: name the file to write, e.g. "
                      f"{target / 'dicetable.sqlite3'}.")
    if target.exists() and target.resolve() == source.resolve():
        raise Refused(f"The backup PATH {target} is the database itself (DATABASE_PATH): name another file.")
    partial = scratch(target, "partial")
    try:
        await asyncio.to_thread(copy_sqlite, source, partial)
        found = await replayed(partial)
        await asyncio.to_thread(as_one_file, partial)
        os.replace(partial, target)
    except BaseException:
        remove(partial)
        raise
    return f"✓ Backed up {source} to {target}; the copy replays {replay_counts(found)}."


async def restore(settings: Settings, backup_file: Path) -> str:
    target = sqlite_source(settings, "pg_restore")
    if not backup_file.is_file():
        raise Refused(f"The backup PATH {backup_file} does not exist.")
    if target.exists() and backup_file.resolve() == target.resolve():
        raise Refused(f"The backup PATH {backup_file} is the database itself (DATABASE_PATH): name the backup.")
    problem = database_problem(backup_file)
    if problem:
        raise Refused(f"The backup PATH {backup_file} is {problem}.")
    replacing = target.exists() and target.stat().st_size > 0  # the claim makes an empty file of a new one
    try:  # held until this process ends: no bot starts on the file while it is being replaced
        hold_sqlite_file(target)
    except DatabaseInUse:
        raise Refused(f"DATABASE_PATH {target} is in use by a running bot: stop the bot first, then restore.") from None
    except StoreUnavailable as refused:
        raise Refused(str(refused)) from None
    trial = scratch(target, "restoring")
    kept = target.with_name(target.name + ".before-restore")
    try:
        await asyncio.to_thread(copy_sqlite, backup_file, trial, reading=STILL)
        found = await replayed(trial)  # migrated to this version's schema, if the backup is older
        if replacing:
            await asyncio.to_thread(copy_sqlite, target, kept, reading=HELD)
            await asyncio.to_thread(as_one_file, kept)
        await asyncio.to_thread(copy_sqlite, trial, target, reading=HELD)
    finally:
        remove(trial)
    kept_note = f"; the database it replaced is kept as {kept}" if replacing else ""
    return f"✓ Restored {target} from {backup_file}, which replays {replay_counts(found)}{kept_note}."


def replay_counts(found: Replayed) -> str:
    """What a replay went through, counted without plural endings (the operator's line is English only)."""
    return f"every open table (open tables: {found.tables}, their moves: {found.moves})"
