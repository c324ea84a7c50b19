"""What the private views remember of each table's DMs (to send an edit only when a DM changes) is dropped when the
table closes, and bounded for the tables still open."""

from __future__ import annotations

from cogs.table import dms
from tests.cogs.helpers import end_game, start_against_a_computer


def remembered(env) -> list[int]:
    return list(env.bot.edge.private_views._dm_shown)


async def test_a_closed_tables_dms_are_forgotten(world):
    env, channel, alice, _ = world
    table_id = await start_against_a_computer(env, channel, alice, "armadillo")
    assert remembered(env) == [table_id], "the DM just sent is remembered while the table is open"
    await end_game(alice, channel)
    assert remembered(env) == []


async def test_the_dms_remembered_are_bounded(world, monkeypatch):
    env, _, alice, _ = world
    monkeypatch.setattr(dms, "DM_TABLES", 2)
    channels = [alice.guild.create_text_channel(f"dardz-{n}") for n in range(3)]
    opened = [await start_against_a_computer(env, channel, alice, "dardz") for channel in channels]
    assert remembered(env) == opened[1:], "the least recently changed table is forgotten"
