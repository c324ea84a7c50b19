"""Army Men Dice War played through Discord as players would: slash commands and buttons."""

from __future__ import annotations

import pytest


@pytest.fixture
def table(simcord_env):
    guild = simcord_env.create_guild(name="Game Night")
    channel = guild.create_text_channel("army-men")
    alice = guild.add_member(simcord_env.create_user("alice"))
    bob = guild.add_member(simcord_env.create_user("bob"))
    return simcord_env, channel, alice, bob


async def test_two_members_open_join_and_start(table, dice):
    env, channel, alice, bob = table
    result = await alice.slash(channel, "armymen new", pace="live")
    lobby = result.response.message
    assert "Lobby" in lobby.embeds[0].description
    await bob.click(lobby, label="Join")
    dice.script(0)  # alice starts
    await alice.click(lobby, label="Start")
    message = channel.last_message
    print(env.transcript())
