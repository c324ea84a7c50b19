"""A fifth game touches only its own folders: Coin Race (tests/toy_games/games/coin, tests/toy_games/cogs/coin) is
registered there, and the bot plays it like any of its own — lobby, buttons, a typed move, the off-turn refusal, the
result — through SimCord."""

from __future__ import annotations

from ...helpers import labels, message_by_id, table_of, text_of


async def test_the_toy_game_is_played_like_the_bots_own(world, dice):
    env, channel, alice, bob = world
    lobby = (await alice.slash(channel, "coin new")).response.message
    assert "Coin Race" in text_of(lobby) and labels(lobby)[:2] == ["Join", "Leave"]
    await bob.click(lobby, label="Join")
    await alice.click(lobby, label="Start")
    table = table_of(env, channel)
    assert table.game.id == "coin" and table.to_act == {0}
    assert labels(message_by_id(channel, table.message_id)) == ["Call heads", "Call tails", "My hand", "Follow"]

    refused = await bob.slash(channel, "coin flip")
    assert refused.ephemeral and refused.response.content == "It's not your turn: the table is waiting for alice."
    dice.script(1)  # heads
    typed = await alice.slash(channel, "coin flip", side="heads")
    assert typed.ephemeral and "**alice** called heads: heads." in typed.response.content

    message_id = table.message_id
    while (table := table_of(env, channel)) is not None:
        member = alice if table.seat_of(alice.id) in table.to_act else bob
        dice.script(1)
        await member.click(message_by_id(channel, table.message_id), label="Call heads")
        message_id = table.message_id
    result = channel.history()[-1].content
    assert result.startswith("🏆 **alice** wins!"), "three right calls: alice first, her calls always one ahead"
    assert "alice wins the race." in text_of(message_by_id(channel, message_id)).replace("*", "")
