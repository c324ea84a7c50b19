"""Health and metrics, scraped over HTTP from the real bot running in SimCord: ready, not ready while a shard is
disconnected or the database does not answer, and the counts moving as a game is played."""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
from urllib.parse import urlsplit

import aiohttp
import pytest
from prometheus_client.parser import text_string_to_metric_families

from bot.app import DiceBot, ShardedDiceBot
from bot.app.health import Health
from bot.metrics import SOURCES, TIMER_EVENTS, Metrics
from tests.cogs.games.armymen.test_play import open_two_player_table
from tests.cogs.helpers import make_move, message_by_id, moves, start_against_a_computer, table_of
from tests.conftest import PostgresSchema, postgres_server_url


@pytest.fixture
def simcord_bot(make_bot):
    return make_bot(metrics=Metrics())


@pytest.fixture
async def health(simcord_env):
    served = Health(simcord_env.bot.metrics, simcord_env.bot)
    await served.start("127.0.0.1", 0)
    yield served
    await served.stop()


async def get(health: Health, path: str) -> tuple[int, str]:
    async with aiohttp.ClientSession() as session, session.get(f"http://127.0.0.1:{health.port}{path}") as answer:
        return answer.status, await answer.text()


async def scrape(health: Health) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """Every sample of /metrics: (name, labels) -> value."""
    status, text = await get(health, "/metrics")
    assert status == 200
    return {(s.name, tuple(sorted(s.labels.items()))): s.value
            for family in text_string_to_metric_families(text) for s in family.samples}


def value(samples, name: str, **labels: str) -> float:
    return samples.get((name, tuple(sorted(labels.items()))), 0.0)


async def test_healthz_is_200_and_one_json_line_when_ready(world, health):
    status, body = await get(health, "/healthz")
    assert status == 200 and body.count("\n") == 1 and json.loads(body) == {"status": "ok"}
    samples = await scrape(health)
    assert value(samples, "dicetable_ready") == 1
    assert ("dicetable_gateway_latency_seconds", (("shard", "0"),)) in samples


async def test_the_counts_move_as_a_game_is_played(world, health, dice):
    env, channel, alice, bob = world
    before = await scrape(health)
    assert value(before, "dicetable_open_tables", game="armymen", status="active") == 0
    table = await open_two_player_table(env, channel, alice, bob, dice, pace="live")
    during = await scrape(health)
    assert value(during, "dicetable_open_tables", game="armymen", status="active") == 1
    assert value(during, "dicetable_cached_tables") == 1

    player = alice if table.seats[min(table.to_act)].user_id == alice.id else bob
    typed = await player.slash(channel, "armymen roll")  # a typed move, confirmed privately
    assert typed.response.content.startswith("✅"), typed.response.content
    table = table_of(env, channel)
    player = alice if table.seats[min(table.to_act)].user_id == alice.id else bob
    message = message_by_id(channel, table.message_id)
    clicked = await make_move(player, message, moves(message)[0])  # a click (the keep menu's first option)
    assert not clicked.ephemeral, clicked.response.content

    after = await scrape(health)
    assert value(after, "dicetable_moves_total", game="armymen", source="typed") == 1
    assert value(after, "dicetable_moves_total", game="armymen", source="click") == 1
    assert value(after, "dicetable_move_seconds_count", game="armymen") == 2
    assert value(after, "dicetable_commit_seconds_count") >= 2
    assert value(after, "dicetable_picture_seconds_count", game="armymen") >= 1


async def test_computer_moves_and_timeouts_are_counted_by_source(world, health):
    env, channel, alice, _bob = world
    await start_against_a_computer(env, channel, alice, "armymen")
    table = table_of(env, channel)
    while table is not None and alice.id not in [table.seats[s].user_id for s in table.to_act]:
        table = table_of(env, channel)  # the computer opened: it is alice's turn now
    await env.advance_time(table.pace_seconds + 1)  # alice lets her time run out
    samples = await scrape(health)
    assert value(samples, "dicetable_timer_events_total", kind="reminder") == 1
    assert value(samples, "dicetable_timer_events_total", kind="timeout") == 1
    assert value(samples, "dicetable_moves_total", game="armymen", source="timeout") >= 1
    assert value(samples, "dicetable_moves_total", game="armymen", source="computer") >= 1


async def test_labels_are_bounded(world, health, dice):
    env, channel, alice, bob = world
    await open_two_player_table(env, channel, alice, bob, dice, pace="live")
    bounded = {"game": set(env.bot.games), "source": set(SOURCES), "kind": set(TIMER_EVENTS),
               "status": {"lobby", "active"}, "shard": {"0"}}
    for (name, labels), _ in (await scrape(health)).items():
        for label, shown in labels:
            if label == "le":
                continue
            assert label in bounded, (name, label)
            assert shown in bounded[label], (name, label, shown)
            assert not re.search(r"\d{6,}", shown), f"an id in {name}'s {label}: {shown}"


async def test_not_ready_while_the_database_does_not_answer(world, health):
    store = world[0].bot.store
    held, released = asyncio.Event(), asyncio.Event()

    async def busy() -> None:  # a transaction that has read holds the SQLite connection until it ends
        async with store.transaction():
            await store.open_table_ids()
            held.set()
            await released.wait()

    holding = asyncio.create_task(busy())
    await held.wait()
    status, body = await get(health, "/healthz")
    assert status == 503 and json.loads(body) == {"status": "unavailable",
                                                  "problems": ["the database did not answer within 1 s"]}
    assert value(await scrape(health), "dicetable_ready") == 0
    released.set()
    await holding
    assert (await get(health, "/healthz"))[0] == 200


async def test_a_disconnected_shard_makes_healthz_503(make_bot):
    import simcord

    bot = make_bot(ShardedDiceBot, metrics=Metrics(), shard_count=2)
    env = simcord.Env(bot)
    await env.start()
    served = Health(bot.metrics, bot)
    await served.start("127.0.0.1", 0)
    try:
        assert (await get(served, "/healthz"))[0] == 200
        await bot.get_shard(1).disconnect()
        status, body = await get(served, "/healthz")
        assert status == 503 and json.loads(body)["problems"] == ["shard 1 is not connected"]
        samples = await scrape(served)
        assert ("dicetable_gateway_latency_seconds", (("shard", "0"),)) in samples
        assert ("dicetable_gateway_latency_seconds", (("shard", "1"),)) not in samples
        await bot.get_shard(1).connect()
        assert (await get(served, "/healthz"))[0] == 200
    finally:
        await served.stop()
        await env.shutdown()


class Proxy:
    """A TCP relay in front of the PostgreSQL server: closing it makes the database unreachable (its connections
    cut, new ones refused)."""

    def __init__(self, host: str, port: int) -> None:
        self.target = (host, port)
        self.server: asyncio.Server | None = None
        self.writers: list[asyncio.StreamWriter] = []

    async def start(self) -> int:
        self.server = await asyncio.start_server(self._relay, "127.0.0.1", 0)
        return self.server.sockets[0].getsockname()[1]

    async def _relay(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        upstream_reader, upstream_writer = await asyncio.open_connection(*self.target)
        self.writers += [writer, upstream_writer]

        async def pipe(source: asyncio.StreamReader, sink: asyncio.StreamWriter) -> None:
            with contextlib.suppress(OSError):
                while data := await source.read(65536):
                    sink.write(data)
                    await sink.drain()
            sink.close()

        await asyncio.gather(pipe(reader, upstream_writer), pipe(upstream_reader, writer))

    async def close(self) -> None:
        self.server.close()
        for writer in self.writers:
            writer.close()


async def test_not_ready_while_postgresql_is_unreachable():
    import simcord

    server = postgres_server_url()
    schema = PostgresSchema(server)
    address = urlsplit(server)
    proxy = Proxy(address.hostname, address.port or 5432)
    port = await proxy.start()
    bot = DiceBot(schema.url.replace(address.netloc, f"{address.username}@127.0.0.1:{port}"), metrics=Metrics())
    env = simcord.Env(bot)
    await env.start()
    served = Health(bot.metrics, bot)
    await served.start("127.0.0.1", 0)
    try:
        assert (await get(served, "/healthz"))[0] == 200
        await proxy.close()
        status, body = await get(served, "/healthz")
        assert status == 503, body
        (problem,) = json.loads(body)["problems"]
        assert problem.startswith("the database did not answer"), problem
        assert value(await scrape(served), "dicetable_ready") == 0
    finally:
        await served.stop()
        await env.shutdown()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(bot.shutdown_storage(), 5)
        schema.drop()
