"""PostgreSQL's writes: each statement is prepared once per connection and then sent as EXECUTE; a script that failed
after its PREPAREs ran, and a new connection, leave every later write working."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from db import Conflict, Store
from db.postgres import PostgresDriver

from ..conftest import PostgresSchema, postgres_server_url

PREPARED = "SELECT name FROM pg_prepared_statements WHERE name LIKE 'dicetable_w%' ORDER BY name"  # this connection's


@pytest.fixture
async def store() -> AsyncIterator[Store]:
    """A store on a schema of its own, with ONE connection: what it prepared is what that connection holds."""
    schema = PostgresSchema(postgres_server_url())
    store = Store(await PostgresDriver.open(await PostgresDriver.connect(schema.url, pool_size=1)))
    yield store
    await store.close()
    schema.drop()


async def a_table(store: Store, channel_id: int) -> int:
    async with store.transaction() as tx:
        table_id = await tx.create_table(guild_id=1, channel_id=channel_id, game="armymen", rules_version=1,
                                         options="{}", host_id=1, seed="s", pace_seconds=3600, created_at=0.0,
                                         deadline_at=60.0)
        await tx.add_seat(table_id, 0, 1, "Ann", False)
    return table_id


async def rename(store: Store, table_id: int, name: str, rev: int | None = None) -> None:
    async with store.transaction() as tx:
        if rev is not None:
            await tx.advance_rev(table_id, rev)
        await tx.update_seat(table_id, 0, name=name)


async def test_a_write_statement_is_prepared_once_per_connection_and_reused(store):
    table_id = await a_table(store, 100)
    first = await store._db.fetch(PREPARED)
    for n in range(5):
        await rename(store, table_id, f"Ann {n}", rev=(await store.table(table_id)).rev)
    assert len(await store._db.fetch(PREPARED)) == len(first) + 2, "the revision check and the rename, once each"
    assert [row["name"] for row in await store._db.fetch("SELECT name FROM seats")] == ["Ann 4"]


async def test_a_script_that_failed_after_its_prepares_leaves_later_writes_working(store):
    """The first use of two statements fails its revision check: the server keeps what that script prepared (PREPARE
    outlives the rollback), and the next transaction with the same statements neither prepares them twice nor
    fails."""
    table_id = await a_table(store, 100)
    rev = (await store.table(table_id)).rev
    with pytest.raises(Conflict):
        await rename(store, table_id, "Stale", rev=rev - 1)
    prepared = await store._db.fetch(PREPARED)
    await rename(store, table_id, "Fresh", rev=rev)  # PREPARE of a name the connection holds would fail here
    assert [row["name"] for row in await store._db.fetch("SELECT name FROM seats")] == ["Fresh"]
    assert await store._db.fetch(PREPARED) == prepared


async def test_a_connection_the_pool_replaced_prepares_again(store):
    """A new connection (the pool replaces an old one, or one the server dropped) has prepared nothing: it prepares
    what it sends."""
    table_id = await a_table(store, 100)
    await rename(store, table_id, "Before")
    (old,) = await store._db.fetch("SELECT pg_backend_pid() AS pid")
    await store._db._pool.expire_connections()
    await rename(store, table_id, "After")
    (new,) = await store._db.fetch("SELECT pg_backend_pid() AS pid")
    assert new["pid"] != old["pid"]
    assert [row["name"] for row in await store._db.fetch(PREPARED)] == ["dicetable_w1"], "only what it sent since"
    assert [row["name"] for row in await store._db.fetch("SELECT name FROM seats")] == ["After"]
