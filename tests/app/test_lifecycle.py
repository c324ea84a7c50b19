"""The graceful stop's gate, in SimCord: once the bot is stopping, a click is answered privately — the bot is
restarting, try again in a moment — and changes nothing. (A real process stopped mid-game:
tests/app/test_graceful_stop.py.)"""

from __future__ import annotations

from tests.cogs.games.armymen.test_play import member_for, open_two_player_table
from tests.cogs.helpers import message_by_id, move_ids, table_of


async def test_a_click_once_the_bot_is_stopping_is_refused_and_changes_nothing(world, dice):
    env, channel, alice, bob = world
    table = await open_two_player_table(env, channel, alice, bob, dice, pace="live")
    await env.bot.stop()
    assert env.bot.tables.timer.task is None  # the timer stopped
    message = message_by_id(channel, table.message_id)
    answer = await member_for(table, [alice, bob], min(table.to_act)).click(message, custom_id=move_ids(message)[0])
    assert answer.ephemeral and answer.response.content == "The bot is restarting: try again in a moment."
    assert table_of(env, channel).seq == table.seq
