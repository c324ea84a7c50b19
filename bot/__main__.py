"""`python -m bot`: live on Discord with DISCORD_TOKEN; without one, the offline playground."""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import logging
import sys
from pathlib import Path

from .config import Settings


def main(argv: list[str] | None = None) -> int:
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
    from .playground import run_playground

    return run_playground(settings, port=args.port, seed=args.seed, open_browser=not args.no_browser,
                          database=args.database)


def run_live(settings: Settings) -> int:
    from db import StoreUnavailable, check_database

    from .app import ShardedDiceBot

    if settings.database_url:
        try:
            asyncio.run(check_database(settings.database_url))
        except StoreUnavailable as error:
            print(f"Cannot start: {error}", file=sys.stderr)
            return 2
    problem = settings.shard_problem()
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
