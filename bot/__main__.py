"""`python -m bot`: live on Discord with DISCORD_TOKEN; without one, the offline playground."""

from __future__ import annotations

import argparse
import logging
import sys

from .config import Settings


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot", description=__doc__)
    parser.add_argument("--port", type=int, default=None, help="playground: the port on 127.0.0.1")
    parser.add_argument("--seed", default=None, help="playground: a fixed dice seed")
    parser.add_argument("--no-browser", action="store_true", help="playground: don't open a browser")
    args = parser.parse_args(argv)
    settings = Settings.from_env()
    logging.basicConfig(level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if settings.discord_token:
        return run_live(settings)
    from .playground import run_playground

    return run_playground(settings, port=args.port, seed=args.seed, open_browser=not args.no_browser)


def run_live(settings: Settings) -> int:
    from .app import DiceBot

    bot = DiceBot(settings.database_path, dev_guild_id=settings.dev_guild_id)
    bot.run(settings.discord_token, log_handler=None)
    return 0


if __name__ == "__main__":
    sys.exit(main())
