"""The gatherings' store on both backends: the standings of a 200-member Swiss tournament read in one statement (one
round trip), the end of a table of no gathering writing nothing, a due gathering claimed by one caller, and a
server's defaults per game."""

from __future__ import annotations

import random

from db.gatherings import GatheringBook, MemberRow
from db.server_defaults import DefaultsBook, GameDefaultsRow

GUILD, CHANNEL = 7, 900


async def a_swiss(store, members: int, rounds: int, now: float) -> int:
    """A Swiss tournament of `members` members with `rounds` rounds played (random results), written directly."""
    rng = random.Random(38)
    async with store.transaction() as tx:
        book = GatheringBook(tx)
        gathering_id = await book.create(guild_id=GUILD, channel_id=CHANNEL, kind="swiss", game="armymen",
                                         title="Big cup", host_id=1, options="{}", seats=2, pace_seconds=86400,
                                         clock="fixed", away=True, rounds=rounds, starts_at=now,
                                         check_in_seconds=600, created_at=now)
        users = list(range(1000, 1000 + members))
        for user in users:
            await book.add_member(gathering_id, MemberRow(user, f"Player {user}", now, now, 1, None, None))
        for round_ in range(1, rounds + 1):
            rng.shuffle(users)
            for number in range(members // 2):
                await book.add_table(gathering_id, round_, number + 1, users[2 * number:2 * number + 2])
    async with store.transaction() as tx:
        await tx._write("UPDATE gathering_seats SET points = CASE WHEN seat = 0 THEN 1.0 ELSE 0.0 END", ())
    return gathering_id


async def test_the_standings_of_a_200_member_swiss_are_one_round_trip(svc, monkeypatch):
    store = svc.store
    gathering_id = await a_swiss(store, 200, 4, svc.now.timestamp())
    trips: list[str] = []
    fetch = store._db.fetch

    async def counted(sql, args=()):
        trips.append(sql)
        return await fetch(sql, args)

    monkeypatch.setattr(store._db, "fetch", counted)
    standings = await svc.tables.gatherings.standings(gathering_id)
    assert len(trips) == 1, "one statement: one snapshot, one round trip"
    assert len(standings) == 200 and [r.standing.place for r in standings] == list(range(1, 201))
    assert sum(r.standing.points for r in standings) == 4 * 100
    assert all(r.standing.played == 4 for r in standings)


async def test_the_end_of_a_table_of_no_gathering_writes_nothing(svc):
    table = await svc.started(CHANNEL, 101, 102)
    await svc.play(table)
    assert svc.rows("SELECT * FROM gatherings") == [] and svc.rows("SELECT * FROM gathering_seats") == []
    assert svc.session_row(table.id)["status"] == "finished"


async def test_a_due_gathering_is_claimed_by_one_caller(svc):
    gathering_id = await a_swiss(svc.store, 2, 0, svc.now.timestamp())
    first = GatheringBook(svc.store)
    other_store = await type(svc.store).open(svc.path)
    try:
        claimed = [await first.claim_due(svc.now.timestamp()), await GatheringBook(other_store).claim_due(
            svc.now.timestamp())]
    finally:
        await other_store.close()
    assert [[g.id for g in c] for c in claimed] == [[gathering_id], []]
    assert await first.next_due() == claimed[0][0].claimed_until, "a claimed one is due when its claim lapses"


async def test_a_servers_defaults_per_game(svc):
    async with svc.store.transaction() as tx:
        await DefaultsBook(tx).put(GameDefaultsRow(GUILD, "dardz", 3600, "bank", 0, '{"target": 301}'))
        await DefaultsBook(tx).put(GameDefaultsRow(GUILD, "armymen", None, None, None, "{}"))
    book = DefaultsBook(svc.store)
    assert (await book.of_game(GUILD, "dardz")).clock == "bank"
    assert [row.game for row in await book.of_guild(GUILD)] == ["armymen", "dardz"]
    async with svc.store.transaction() as tx:
        await DefaultsBook(tx).clear(GUILD, "dardz")
    assert await book.of_game(GUILD, "dardz") is None
