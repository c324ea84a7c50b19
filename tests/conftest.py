"""Shared pytest fixtures. Each kind of test keeps its fixtures in its own clearly marked section."""

from __future__ import annotations

import asyncio
import os
import sqlite3
import uuid
from collections.abc import AsyncIterator, Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import closing
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from bot.games import registry
from bot.games.rng import Rng, table_rng
from bot.service import Table, Tables, open_tables, played
from db import Store

from . import toy_games
from .discord_limits import discord_limits  # noqa: F401  (autouse: every SimCord call checked against Discord's limits)
from .simcord_fixtures import (  # noqa: F401  (the real bot in SimCord, for the tests of cogs/ and of the app)
    client_languages,
    dice,
    foreign_server,
    make_bot,
    simcord_bot,
    spanish_server,
    world,
)

# Every game under tests/toy_games is registered beside the bot's own (a toy game the live bot never sees): its
# engine at the game layer, its parts at the edge, so each test that goes over the registered games plays it too.
# Before anything asks the registries.
toy_games.register()

GAMES = registry.engines()


# =================================================================================================
# Service tests (tests/service/) and store tests (tests/db/)
#
# The real `Store` on a SQLite file in tmp_path, and again on a PostgreSQL schema of its own when
# TEST_DATABASE_URL names a server (`.ci/run` starts one), and the real `Tables`, with a fake clock the
# test moves by hand. Everything here is named `svc…` / `Svc…` so it stays clear of the SimCord fixtures.
# =================================================================================================

SVC_START = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)
SVC_SEED = "seed"  # every table's secret seed (new_seed is fixed), so the dice are the same each run
SVC_CLIENT_SEED = "client"  # every seat's client seed (new_client_seed is fixed)
RngFactory = Callable[[str, Sequence[str] | None, int | str], Rng]


BACKENDS = ("sqlite", "postgresql")


def postgres_server_url() -> str:
    """TEST_DATABASE_URL, or skip (a developer machine) / fail (CI=true) with one line saying why."""
    url = os.environ.get("TEST_DATABASE_URL", "").strip()
    if not url:
        reason = "no PostgreSQL server: set TEST_DATABASE_URL=postgresql://… to run this test on PostgreSQL too"
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI=true but {reason}")
        pytest.skip(reason)
    return url


def run_on_postgres(url: str, sql: str, *args: Any) -> list[dict[str, Any]]:
    """A statement through its own connection, from sync test code (its own thread and event loop)."""
    import asyncpg

    from db.postgres import numbered

    async def go() -> list[dict[str, Any]]:
        conn = await asyncpg.connect(url)
        try:
            return [dict(row) for row in await conn.fetch(numbered(sql), *args)]
        finally:
            await conn.close()

    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, go()).result()


class PostgresSchema:
    """A schema of its own on the test server, so tests running in parallel never meet."""

    def __init__(self, server: str) -> None:
        self.server = server
        self.name = f"t_{uuid.uuid4().hex[:16]}"
        run_on_postgres(server, f"CREATE SCHEMA {self.name}")
        joiner = "&" if "?" in server else "?"
        self.url = f"{server}{joiner}search_path={self.name}"

    def drop(self) -> None:
        run_on_postgres(self.server, f"DROP SCHEMA IF EXISTS {self.name} CASCADE")


class SvcHarness:
    """One database (a SQLite file, or a PostgreSQL schema), a fake clock, and the `Tables` services
    opened on it (newest last)."""

    GUILD = 7  # every table's server

    def __init__(self, path: Path | str, rng_factory: RngFactory) -> None:
        self.path = path  # a SQLite file, or a postgresql:// URL
        self.now = SVC_START  # the fake clock: tests move it with `advance`
        self.rng_factory = rng_factory
        self.heard: list[tuple[str, Table]] = []  # what the listener was told, in order
        self.store: Store | None = None
        self.tables: Tables | None = None
        self._opened: list[tuple[Tables, Store]] = []

    async def boot(self) -> Tables:
        """Open a Store and a new Tables on the file (a fresh process's start-up, before `load`)."""
        store = await Store.open(self.path)
        tables = open_tables(store, GAMES, clock=lambda: self.now, rng_factory=self.rng_factory,
                             new_seed=lambda: SVC_SEED, new_client_seed=lambda: SVC_CLIENT_SEED)
        tables.deadlines.listener = tables.outbox.listener = self._listen
        self._opened.append((tables, store))
        self.store, self.tables = store, tables
        return tables

    async def _listen(self, table: Table, kind: str) -> None:
        self.heard.append((kind, table))

    def kinds(self) -> list[str]:
        return [kind for kind, _ in self.heard]

    async def settle(self) -> None:
        """Let the service's timer task read the next deadline and go to sleep (in real time), so it
        can't wake on a clock the test moves next and race the test's own `expire_due` call."""
        await asyncio.sleep(0)
        timer = self.tables.timer.task if self.tables is not None else None
        while timer is not None and not timer.done() and not self.tables.timer.asleep:
            await asyncio.sleep(0.001)

    async def advance(self, **delta: float) -> list[tuple[Table, str]]:
        """Move the fake clock (timedelta keywords) and run the deadlines that fell due."""
        await self.settle()
        self.now += timedelta(**delta)
        return await self.tables.deadlines.expire_due()

    async def crash(self) -> None:
        """The process dies: the connection goes away, the service gets no cleanup at all."""
        await self.settle()
        await self.store.close()

    # --- playing ---------------------------------------------------------------------------------
    async def lobby(
        self, channel: int, host: int, *others: int | None, game_id: str = "armymen", pace: int = 3600
    ) -> Table:
        """Open a lobby in `channel` hosted by `host`, then seat `others` in order (None = a computer
        player, added by the host). Members are named "Player <id>"."""
        table = await self.tables.lobby.open(
            guild_id=self.GUILD,
            channel_id=channel,
            game_id=game_id,
            host_id=host,
            host_name=f"Player {host}",
            pace_seconds=pace,
        )
        for user in others:
            if user is None:
                table = await self.tables.lobby.add_computer(channel, host)
            else:
                table = await self.tables.lobby.join(channel, user, f"Player {user}")
        return table

    async def started(self, channel: int, host: int, other: int | None, *, pace: int = 3600) -> Table:
        """A started Army Men Dice War game: `host` at seat 0, `other` at seat 1 (None = a computer)."""
        await self.lobby(channel, host, other, pace=pace)
        return await self.tables.turns.start(channel, host)

    async def play(
        self, table: Table, *, moves: int | None = None, after: Callable[[Table], None] | None = None
    ) -> Table:
        """The humans to act play the rules' default move, each offered at the current move number,
        until the game ends (or `moves` calls were made). `after(table)` runs after every call."""
        made = 0
        while table.status == "active" and (moves is None or made < moves):
            seat = min(table.to_act)
            user = table.seats[seat].user_id
            action = table.game.timeout_action(table.state, seat)
            table = await self.tables.act(table.id, user, played(action), expected_seq=table.seq)
            made += 1
            if after is not None:
                after(table)
        return table

    # --- reading the database directly, through a separate connection --------------------------
    def rows(self, sql: str, *args: Any) -> list[dict[str, Any]]:
        if isinstance(self.path, str):
            return run_on_postgres(self.path, sql, *args)
        with closing(sqlite3.connect(f"file:{self.path}?mode=ro", uri=True)) as conn:
            conn.row_factory = sqlite3.Row
            return [dict(row) for row in conn.execute(sql, args)]

    def query(self, sql: str, *args: Any) -> list[tuple]:
        return [tuple(row.values()) for row in self.rows(sql, *args)]

    def write(self, sql: str, *args: Any) -> None:
        if isinstance(self.path, str):
            run_on_postgres(self.path, sql, *args)
            return
        with closing(sqlite3.connect(self.path)) as conn, conn:
            conn.execute(sql, args)

    def event_count(self, table_id: int) -> int:
        return self.query("SELECT COUNT(*) FROM events WHERE session_id = ?", table_id)[0][0]

    def events(self, table_id: int) -> list[tuple[int, int, str, str]]:
        """(seq, seat, action, by) of every logged move, in order."""
        return self.query("SELECT seq, seat, action, by FROM events WHERE session_id = ? ORDER BY seq", table_id)

    def session_row(self, table_id: int) -> dict[str, Any]:
        (row,) = self.rows("SELECT * FROM sessions WHERE id = ?", table_id)
        return row

    def seat_rows(self, table_id: int) -> list[dict[str, Any]]:
        return self.rows("SELECT * FROM seats WHERE session_id = ? ORDER BY seat", table_id)

    async def close(self) -> None:
        for tables, store in reversed(self._opened):
            await tables.timer.close()
            await store.close()  # a no-op for a store a test already closed


@pytest.fixture(params=BACKENDS)
def svc_backend(request: pytest.FixtureRequest) -> str:
    """Every service and store test runs on SQLite and on PostgreSQL."""
    if request.param == "postgresql":
        postgres_server_url()
    return request.param


@pytest.fixture
async def svc_harness(tmp_path: Path, svc_backend: str) -> AsyncIterator[Callable[..., Any]]:
    """A factory: `h = await svc_harness(rng_factory=...)` gives a booted SvcHarness (the bot's own dice by default)."""
    made: list[SvcHarness] = []
    schemas: list[PostgresSchema] = []

    async def make(rng_factory: RngFactory = table_rng) -> SvcHarness:
        if svc_backend == "postgresql":
            schemas.append(PostgresSchema(postgres_server_url()))
            target: Path | str = schemas[-1].url
        else:
            target = tmp_path / f"bot{len(made)}.sqlite3"
        harness = SvcHarness(target, rng_factory)
        made.append(harness)
        await harness.boot()
        return harness

    yield make
    for harness in made:
        await harness.close()
    for schema in schemas:
        schema.drop()


@pytest.fixture
async def svc(svc_harness: Callable[..., Any]) -> SvcHarness:
    """A booted harness with seeded dice."""
    return await svc_harness()


# ============================================ end of service section ============================
