"""Rematch, on a table this game finishes in a few flips, pressed with a crafted id by a member it is not for: the
private refusal, and nothing changes (tests/cogs/table/test_controls.py has every other control)."""

from __future__ import annotations

import pytest

from db.community import Community
from tests.cogs.helpers import table_of
from tests.cogs.table.test_controls import (
    assert_refused,
    bot_message_in,
    no_errors_logged,  # noqa: F401 - the fixture, used by name
    send_again,
)

GAME = __package__.rsplit(".", 1)[-1]  # this folder's game


@pytest.mark.usefixtures("no_errors_logged")
async def test_rematch_refuses_a_member_who_did_not_play(world, dice):
    env, channel, alice, bob = world
    mallory = channel.guild.add_member(env.create_user("mallory"))
    message = await bot_message_in(mallory, channel.guild.create_text_channel("elsewhere"))
    lobby = (await alice.slash(channel, f"{GAME} new")).response.message
    await bob.click(lobby, label="Join")
    await alice.click(lobby, label="Start")
    dice.script(1, 2, 1, 2, 1)  # alice calls heads right three times: she wins
    while (running := table_of(env, channel)) is not None:
        await (alice if running.seat_of(alice.id) in running.to_act else bob).slash(channel, f"{GAME} flip")
    row = await env.bot.tables.store.last_table_in(channel.id)
    assert row.status == "finished"
    for verb in ("yes", "no"):
        assert_refused(await send_again(mallory, message, f"rm:{row.id}:{verb}"),
                       f"Only the players of table {row.id} answer its rematch offer.")
    assert await Community(env.bot.tables.store).rematch_votes(row.id) == {}
