"""Anyone but its players may follow a running table (one call: a private answer), once; the table shows how many
follow; when it ends, each follower gets its result by DM, in their language, with its replay, whose buttons
work there. The Follow button survives a restart."""

from __future__ import annotations

import sys
from pathlib import Path

from tests.cogs.helpers import labels, last_table_message, table_of, text_of

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "benchmarks"))
from chaos_kit import send_again  # noqa: E402

LIVE_TURN = 121


async def test_a_follower_gets_the_result_by_dm_with_its_replay(world, make_bot, client_languages):
    env, channel, alice, bob = world
    carol = channel.guild.add_member(env.create_user("carol"))
    dan = channel.guild.add_member(env.create_user("dan"))
    client_languages[dan.id] = "es-ES"
    lobby = (await alice.slash(channel, "armymen new", pace="live")).response.message
    await bob.click(lobby, label="Join")
    await alice.click(lobby, label="Start")
    table = last_table_message(channel)
    assert "Follow" in labels(table)

    before = len(env.http_requests)
    followed = await carol.click(table, label="Follow")
    assert len(env.http_requests) - before == 1, "one call: the private answer"
    assert followed.ephemeral and "You follow table" in followed.response.content
    again = await carol.click(table, label="Follow")
    assert again.ephemeral and "You already follow this table" in again.response.content
    player = await bob.click(table, label="Follow")
    assert player.ephemeral and "You play at this table" in player.response.content
    assert table_of(env, channel).followers == 1

    await env.restart_bot(make_bot())
    await dan.click(last_table_message(channel), label="Follow")  # Spanish client: his DM is in Spanish
    await env.advance_time(LIVE_TURN)  # a timeout: the table message changes, and shows its followers
    assert "👀 2 members follow this table" in text_of(last_table_message(channel))

    table_id = table_of(env, channel).id
    while table_of(env, channel) is not None:
        await env.advance_time(LIVE_TURN)
    (dm,) = carol.user.dm_channel.history()
    assert f"table {table_id}" in dm.content and "is over" in dm.content and "wins!" in dm.content
    assert "[See the table]" in dm.content and labels(dm) == ["🎞️ Replay"]
    (spanish,) = dan.user.dm_channel.history()
    assert "ha terminado" in spanish.content and labels(spanish) == ["🎞️ Repetición"]
    assert not alice.user.dm_channel or not alice.user.dm_channel.history(), "players see it at the table"

    opened = await carol.user.click(dm, label="🎞️ Replay")
    replay = opened.response.message
    assert f"table {table_id} · replay" in text_of(replay) and "move 0 of" in text_of(replay)
    stepped = await carol.user.click(replay, label="▶")
    assert "Move 1 of" in text_of(stepped.response.message)


async def test_following_a_closed_table_changes_nothing(world):
    """A Follow pressed after the end (a client that had not redrawn the message) shows the table's final state."""
    env, channel, alice, bob = world
    carol = channel.guild.add_member(env.create_user("carol"))
    lobby = (await alice.slash(channel, "armymen new", pace="live")).response.message
    await bob.click(lobby, label="Join")
    await alice.click(lobby, label="Start")
    table_id = table_of(env, channel).id
    while table_of(env, channel) is not None:
        await env.advance_time(LIVE_TURN)
    late = await send_again(carol, last_table_message(channel), f"f:{table_id}")
    assert not late.ephemeral and "wins!" in text_of(late.response.message)
    assert "Follow" not in labels(late.response.message) and "follow" not in text_of(late.response.message)
    assert not carol.user.dm_channel or not carol.user.dm_channel.history()
