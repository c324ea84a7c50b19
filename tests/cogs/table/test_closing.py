"""A finished table whose final edit keeps failing (Discord 5xx) is tried again later — with the next touch of
its channel, and on a timer — until the finished table, without its move buttons (only its rematch offer), is
shown."""

from __future__ import annotations

from tests.cogs.helpers import components, end_game, labels, message_by_id, start_against_a_computer, table_of, text_of

LIVE_TURN = 121  # seconds: past a live table's deadline


async def test_a_finished_table_is_shown_once_discord_answers_again(world):
    env, channel, alice, _ = world
    table_id = await start_against_a_computer(env, channel, alice, "armymen")
    for _ in range(2):  # two missed turns; the third puts alice on autopilot and the computer finishes the game
        await env.advance_time(LIVE_TURN)
    message_id = table_of(env, channel).message_id
    env.inject_error("PATCH", f"/channels/{channel.id}/messages/{message_id}", times=None)
    await env.advance_time(LIVE_TURN)
    assert (await env.bot.tables.store.table(table_id)).status == "finished"
    assert "wins!" in channel.last_message.content or "draw" in channel.last_message.content, "result announced"
    assert "My hand" in labels(message_by_id(channel, message_id)), "every try of the final edit failed"
    await env.advance_time(30)
    assert "My hand" in labels(message_by_id(channel, message_id)), "still failing: still not shown"
    env.backend.faults.clear()
    await env.advance_time(60)  # the next round of the timer
    final = message_by_id(channel, message_id)
    assert labels(final) == ["Rematch", "No rematch"] and ("wins!" in text_of(final) or "draw" in text_of(final))
    assert not env.errors


async def test_an_ended_table_is_shown_with_the_next_touch_of_its_channel(world):
    env, channel, alice, bob = world
    await start_against_a_computer(env, channel, alice, "doodle")
    message_id = table_of(env, channel).message_id
    env.inject_error("PATCH", f"/channels/{channel.id}/messages/{message_id}", times=None)
    await end_game(alice, channel)
    assert components(message_by_id(channel, message_id)), "the end's edit failed"
    env.backend.faults.clear()
    await bob.slash(channel, "leaderboard")  # anything in the channel
    final = message_by_id(channel, message_id)
    assert not components(final) and "Table closed" in text_of(final)
    assert not env.errors
