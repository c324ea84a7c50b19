"""What a log line is about, set where an interaction enters (the edge) and where the service takes a table: a
refused click names its server, channel, member, table and move number; so does a move."""

from __future__ import annotations

import io
import json
import logging

import pytest

from bot.logs import JsonLines
from tests.cogs.games.armymen.test_play import member_for, open_two_player_table
from tests.cogs.helpers import message_by_id, move_ids, table_of


@pytest.fixture
def json_log():
    buffer = io.StringIO()
    handler = logging.StreamHandler(buffer)
    handler.setFormatter(JsonLines())
    root = logging.getLogger()
    old_level = root.level
    root.addHandler(handler)
    root.setLevel(logging.DEBUG)
    yield lambda: [json.loads(line) for line in buffer.getvalue().splitlines()]
    root.removeHandler(handler)
    root.setLevel(old_level)


async def test_a_refused_click_and_a_move_name_their_server_channel_member_table_and_move(world, dice, json_log):
    env, channel, alice, bob = world
    table = await open_two_player_table(env, channel, alice, bob, dice, pace="live")
    player = member_for(table, [alice, bob], min(table.to_act))
    other = bob if player is alice else alice
    offered = message_by_id(channel, table.message_id)
    button = move_ids(offered)[0]
    refused = await other.click(offered, custom_id=button)  # not their turn
    assert refused.ephemeral
    await player.click(offered, custom_id=button)

    where = {"guild": channel.guild.id, "channel": channel.id, "table": table.id}
    (refusal,) = [line for line in json_log() if line["message"].startswith("refused (NotYourTurn)")]
    assert refusal["level"] == "INFO" and {k: refusal[k] for k in where} == where
    assert refusal["member"] == other.id and refusal["move"] == table.seq
    (move,) = [line for line in json_log() if line["logger"] == "bot.service.telemetry"]
    assert move["level"] == "DEBUG" and {k: move[k] for k in where} == where
    assert move["member"] == player.id and move["move"] == table.seq + 1 == table_of(env, channel).seq
