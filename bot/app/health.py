"""Health and metrics over HTTP, served by the bot's own event loop (aiohttp, which discord.py already brings).

- `GET /healthz`: 200 only when every shard of this process is connected and the bot is ready, and the database
  answers a trivial query within DATABASE_ANSWERS seconds; otherwise 503. Either way one JSON line.
- `GET /metrics`: bot/metrics.py's metrics in Prometheus's text format, with what is read at each scrape (the open
  tables in the database, each shard's latency, the cached tables, whether it is healthy).

It listens on METRICS_HOST (127.0.0.1 unless told otherwise) at METRICS_PORT; without METRICS_PORT it is off.
"""

from __future__ import annotations

import asyncio
import json
import logging
import math

import discord
from aiohttp import web
from prometheus_client import CONTENT_TYPE_LATEST

from ..metrics import Metrics

log = logging.getLogger(__name__)

DATABASE_ANSWERS = 1.0  # seconds
OPEN = ("lobby", "active")


def gateway_problems(bot: discord.Client) -> list[str]:
    """What keeps the gateway of this process from serving: shards not connected, or not ready yet."""
    if isinstance(bot, discord.AutoShardedClient):
        shards = sorted(bot.shards.items())
        closed = [f"shard {shard_id} is not connected" for shard_id, info in shards if info.is_closed()]
        connected = bool(shards)
    else:
        websocket = bot.ws
        connected = websocket is not None
        closed = [] if websocket is None or websocket.open else ["shard 0 is not connected"]
    if not connected:
        return ["the gateway is not connected yet"]
    return closed + ([] if bot.is_ready() else ["the gateway is not ready yet"])


def latencies(bot: discord.Client) -> list[tuple[int, float]]:
    """Each connected shard's heartbeat latency, in seconds."""
    if isinstance(bot, discord.AutoShardedClient):
        found = [(shard_id, info.latency) for shard_id, info in bot.shards.items() if not info.is_closed()]
    else:
        found = [(0, bot.latency)] if bot.ws is not None and bot.ws.open else []
    return [(shard, latency) for shard, latency in found if math.isfinite(latency)]


class Health:
    """The HTTP side of a bot (`DiceBot`, with its `metrics`): `start(host, port)` binds (OSError when it can't). The
    live bot binds before it builds its client (so a port in use stops it before anything else), then sets `bot`."""

    def __init__(self, metrics: Metrics, bot: discord.Client | None = None) -> None:
        self.metrics, self.bot = metrics, bot
        self._runner: web.AppRunner | None = None
        self.port: int | None = None

    async def problems(self) -> list[str]:
        """What is wrong, in short sentences; [] when healthy."""
        if self.bot is None:
            return ["the bot is starting"]
        found = gateway_problems(self.bot)
        store = getattr(self.bot, "store", None)
        if store is None:
            return [*found, "the database is not open"]
        try:
            await asyncio.wait_for(store.ping(), DATABASE_ANSWERS)
        except TimeoutError:
            found.append(f"the database did not answer within {DATABASE_ANSWERS:g} s")
        except Exception as error:  # noqa: BLE001 - whatever the driver raises, the answer is 503 saying so
            found.append(f"the database did not answer: {' '.join(str(error).split())[:200] or type(error).__name__}")
        return found

    async def healthz(self, request: web.Request) -> web.Response:
        problems = await self.problems()
        body = {"status": "ok"} if not problems else {"status": "unavailable", "problems": problems}
        return web.Response(text=json.dumps(body) + "\n", status=503 if problems else 200,
                            content_type="application/json")

    async def scrape(self, request: web.Request) -> web.Response:
        bot, problems = self.bot, await self.problems()
        tables = getattr(bot, "tables", None)
        latency = latencies(bot) if bot is not None else []
        counts = {(game, status): 0 for game in getattr(bot, "games", {}) for status in OPEN}
        if tables is not None and not any(p.startswith("the database") for p in problems):
            for game, status, count in await tables.store.open_table_counts():
                counts[(game, status)] = count
        self.metrics.sample(open_tables=[(g, s, n) for (g, s), n in sorted(counts.items())],
                            latencies=latency, cached=tables.cache.cached_count if tables is not None else 0,
                            ready=not problems)
        return web.Response(body=self.metrics.exposition(), headers={"Content-Type": CONTENT_TYPE_LATEST})

    async def start(self, host: str, port: int) -> None:
        app = web.Application()
        app.router.add_get("/healthz", self.healthz)
        app.router.add_get("/metrics", self.scrape)
        runner = web.AppRunner(app, access_log=None)
        await runner.setup()
        site = web.TCPSite(runner, host, port)
        try:
            await site.start()
        except BaseException:
            await runner.cleanup()
            raise
        self._runner = runner
        self.port = runner.addresses[0][1]  # the one bound (port 0: a free one, in tests)
        log.info("health and metrics on http://%s:%d/healthz and /metrics", host, self.port)

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
