"""`python -m bot`: live on Discord with DISCORD_TOKEN; without one, the offline playground.
`python -m bot verify FILE`: whether a game record (table-N.json) is exactly reproduced by its seed."""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import json
import logging
import sys
from pathlib import Path

from .config import Settings


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["verify"]:
        return verify_file(argv[1:])
    parser = argparse.ArgumentParser(prog="python -m bot", description=__doc__)
    parser.add_argument("--port", type=int, default=None,
                        help="playground: the port on 127.0.0.1 (default 8765, or a free one)")
    parser.add_argument("--seed", default=None, help="playground: a fixed dice seed for every table")
    parser.add_argument("--no-browser", action="store_true", help="playground: don't open a browser")
    parser.add_argument("--database", default=None, metavar="PATH",
                        help="the SQLite file (playground default: data/playground.sqlite3, never the live one)")
    args = parser.parse_args(argv)
    settings = Settings.from_env()
    logging.basicConfig(level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if settings.discord_token:
        if args.database:
            settings = dataclasses.replace(settings, database_path=Path(args.database))
        return run_live(settings)
    from .playground_run import run_playground

    return run_playground(settings, port=args.port, seed=args.seed, open_browser=not args.no_browser,
                          database=args.database)


def verify_file(argv: list[str]) -> int:
    """Print one line: verified, or why not. Exit status 0 only when the game is exactly reproduced."""
    parser = argparse.ArgumentParser(prog="python -m bot verify",
                                     description="Recompute every die and shuffle of a game record from its seed.")
    parser.add_argument("file", type=Path, help="a game record, e.g. table-12.json from /game history")
    parser.add_argument("--luck", action="store_true", help="also print the luck report, one line per player")
    args = parser.parse_args(argv)
    from cogs.games import engines

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


def read_record(path: Path) -> object:
    """A game record's JSON, read with bounds: ValueError (saying why, in a few words) for anything else."""
    with path.open("rb") as source:
        data = source.read(MAX_RECORD_BYTES + 1)
    if len(data) > MAX_RECORD_BYTES:
        raise ValueError(f"larger than {MAX_RECORD_BYTES // (1024 * 1024)} MB, so not a game record")
    try:
        return json.loads(data.decode("utf-8"))
    except RecursionError:
        raise ValueError("JSON nested too deeply to be a game record") from None


def run_live(settings: Settings) -> int:
    from db import StoreUnavailable, check_database, hold_sqlite_file

    from .app import ShardedDiceBot, commands_problem

    try:
        if settings.database_url:
            asyncio.run(check_database(settings.database_url))
        else:  # one process per SQLite file: held until this process ends
            hold_sqlite_file(settings.database_path)
    except StoreUnavailable as error:
        print(f"Cannot start: {error}", file=sys.stderr)
        return 2
    problem = settings.shard_problem() or asyncio.run(commands_problem(settings.dev_guild_id))
    if problem:
        print(f"Cannot start: {problem}", file=sys.stderr)
        return 2
    bot = ShardedDiceBot(settings.database, dev_guild_id=settings.dev_guild_id,
                         shard_count=settings.shard_count,
                         shard_ids=list(settings.shard_ids) if settings.shard_ids else None)
    bot.run(settings.discord_token, log_handler=None)
    return 0


if __name__ == "__main__":
    sys.exit(main())
