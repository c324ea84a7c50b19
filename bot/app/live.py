"""The live bot's run, from its settings to a graceful stop (lifecycle.py).

In order, so a start refused for a setting leaves nothing behind: health and metrics bind their port (when
METRICS_PORT is set), the database is checked (a SQLite file claimed for this process), the slash commands checked
against Discord's limits; then the bot connects and serves until SIGTERM or SIGINT, stops gracefully and exits 0.
"""

from __future__ import annotations

import asyncio
import logging
import os
import sys

import aiohttp
import discord

from db import StoreUnavailable, check_database, hold_sqlite_file

from ..config import Settings
from ..metrics import UNMEASURED, Metrics
from .dicebot import ShardedDiceBot, commands_problem
from .health import Health
from .lifecycle import on_stop_signals

log = logging.getLogger(__name__)


def refused(problem: str) -> int:
    print(f"Cannot start: {problem}", file=sys.stderr)
    return 2


def unreachable(error: BaseException) -> str:
    """Why a connection failed, in a few words ("Cannot connect to host discord.com:443 …", "timed out")."""
    words = " ".join(str(error).split()) or type(error).__name__
    return words[:160]


async def serve(settings: Settings) -> int:
    """Run the live bot until it is told to stop; the exit status (2: a setting it can't run with, said in one
    sentence)."""
    port, token = settings.port, settings.discord_token
    assert token, "the live bot runs with a token (without one: the playground)"
    metrics = Metrics() if port else UNMEASURED
    health = Health(metrics) if isinstance(metrics, Metrics) else None
    if health is not None and port:
        try:
            await health.start(settings.metrics_host, port)
        except OSError as error:
            why = os.strerror(error.errno).lower() if error.errno else str(error)
            return refused(f"METRICS_PORT {settings.port} can't be used on {settings.metrics_host} ({why}): "
                           f"choose another port, or unset METRICS_PORT.")
    try:
        try:
            if settings.database_url:
                await check_database(settings.database_url)
            else:  # one process per SQLite file: held until this process ends
                hold_sqlite_file(settings.database_path)
        except StoreUnavailable as error:
            return refused(str(error))
        problem = await commands_problem(settings.dev_guild_id)
        if problem:
            return refused(problem)
        bot = ShardedDiceBot(settings.database, dev_guild_id=settings.dev_guild_id, shard_count=settings.shard_count,
                             shard_ids=list(settings.shard_ids) if settings.shard_ids else None, metrics=metrics)
        if health is not None:
            health.bot = bot
        stop = asyncio.Event()
        on_stop_signals(stop.set)
        async with bot:
            running = asyncio.create_task(bot.start(token))
            told = asyncio.create_task(stop.wait())
            await asyncio.wait({running, told}, return_when=asyncio.FIRST_COMPLETED)
            if told.done():
                log.info("stopping: asked to (SIGTERM or SIGINT)")
                await bot.close()
            told.cancel()
            try:
                await running
            except discord.LoginFailure:
                return refused("DISCORD_TOKEN was refused by Discord: copy the bot's token again (Developer Portal, "
                               "your application, Bot, Reset Token).")
            except (aiohttp.ClientError, OSError, discord.GatewayNotFound) as error:
                # Only the first connection gets here: once connected, discord.py reconnects by itself.
                return refused(f"Discord could not be reached ({unreachable(error)}): check this machine's network "
                               f"connection and DNS, then start again.")
        log.info("stopped")
        return 0
    finally:
        if health is not None:
            await health.stop()
