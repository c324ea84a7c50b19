"""The bot's command line, `python3 run.py [ARGS]` from a clone (`python -m bot` inside its virtual environment):
no arguments: live on Discord with DISCORD_TOKEN; without one, the offline playground.
`verify FILE`: whether a game record (table-N.json) is exactly reproduced by its seed (its dice, its shuffles and its
computers' moves).
`backup PATH`: a consistent copy of the SQLite database, taken while the bot runs, proved by replaying every open
table. `restore PATH`: that copy put back in place (never under a running bot)."""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import json
import logging
import sys
from pathlib import Path
from typing import Any

from .config import Settings
from .logs import configure

log = logging.getLogger("bot")


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["verify"]:
        return verify_file(argv[1:])
    if argv[:1] in (["backup"], ["restore"]):
        return backup_or_restore(argv[0], argv[1:])
    parser = argparse.ArgumentParser(prog="python3 run.py", description=__doc__)
    parser.add_argument("--port", type=int, default=None,
                        help="playground: the port on 127.0.0.1 (default 8765, or a free one)")
    parser.add_argument("--seed", default=None, help="playground: a fixed dice seed for every table")
    parser.add_argument("--no-browser", action="store_true", help="playground: don't open a browser")
    parser.add_argument("--database", default=None, metavar="PATH",
                        help="the SQLite file (playground default: data/playground.sqlite3, never the live one)")
    args = parser.parse_args(argv)
    settings = Settings.from_env()
    problem = settings.problem()
    if problem:
        print(f"Cannot start: {problem}", file=sys.stderr)
        return 2
    configure(settings.log_level, settings.log_format)
    if settings.discord_token:
        if args.database:
            settings = dataclasses.replace(settings, database_path=Path(args.database))
        return run_live(settings)
    from .playground_run import run_playground

    return run_playground(settings, port=args.port, seed=args.seed, open_browser=not args.no_browser,
                          database=args.database)


def verify_file(argv: list[str]) -> int:
    """Print one line: verified, or why not. Exit status 0 only when the game is exactly reproduced."""
    parser = argparse.ArgumentParser(
        prog="python3 run.py verify",
        description="Recompute every die, shuffle and computer move of a game record from its seed.")
    parser.add_argument("file", type=Path, help="a game record, e.g. table-12.json from /game history")
    parser.add_argument("--luck", action="store_true", help="also print the luck report, one line per player")
    args = parser.parse_args(argv)
    from .games.registry import engines
    from .service.fairness import luck_report, verify

    try:
        record = read_record(args.file)
    except (OSError, ValueError) as exc:
        print(f"✗ Cannot read {args.file}: {' '.join(str(exc).split())[:200]}")
        return 2
    verdict = verify(record, engines())
    print(verdict.line)
    if verdict.ok and args.luck:
        print("\n".join(luck_report(record, engines())))
    return 0 if verdict.ok else 1 if verdict.readable else 2


MAX_RECORD_BYTES = 32 * 1024 * 1024  # a record of a very long game is a few MB


def read_record(path: Path) -> Any:
    """A game record's JSON (any JSON value: `verify` says whether it is a record), read with bounds: ValueError
    (saying why, in a few words) for anything else."""
    with path.open("rb") as source:
        data = source.read(MAX_RECORD_BYTES + 1)
    if len(data) > MAX_RECORD_BYTES:
        raise ValueError(f"larger than {MAX_RECORD_BYTES // (1024 * 1024)} MB, so not a game record")
    try:
        return json.loads(data.decode("utf-8"))
    except RecursionError:
        raise ValueError("JSON nested too deeply to be a game record") from None


def backup_or_restore(command: str, argv: list[str]) -> int:
    """Print one line: done, or why not. Exit status 0 when done, 1 when the copy does not replay, 2 for input the
    command can't use (the sentence names the setting or the path)."""
    parser = argparse.ArgumentParser(
        prog=f"python3 run.py {command}",
        description="Copy the SQLite database (DATABASE_PATH) to PATH while the bot runs, and replay every open "
                    "table of the copy." if command == "backup" else
                    "Put the backup at PATH in place of the SQLite database (DATABASE_PATH); the bot must be stopped.")
    parser.add_argument("path", type=Path, metavar="PATH")
    parser.add_argument("--database", default=None, metavar="FILE", help="the SQLite file (default: DATABASE_PATH)")
    args = parser.parse_args(argv)
    settings = Settings.from_env()
    if args.database:
        settings = dataclasses.replace(settings, database_path=Path(args.database), database_url=None)
    problem = settings.problem()
    if problem:
        print(f"✗ {problem}", file=sys.stderr)
        return 2
    configure("WARNING", settings.log_format)
    from .app.backups import DoesNotReplay, Refused, backup, restore

    try:
        print(asyncio.run(backup(settings, args.path) if command == "backup" else restore(settings, args.path)))
    except Refused as refused:
        print(f"✗ {refused}", file=sys.stderr)
        return 2
    except DoesNotReplay as failed:
        print(f"✗ The copy does not replay, so it was not kept: {failed}", file=sys.stderr)
        return 1
    return 0


def run_live(settings: Settings) -> int:
    from .app.live import serve

    return asyncio.run(serve(settings))


if __name__ == "__main__":
    sys.exit(main())
