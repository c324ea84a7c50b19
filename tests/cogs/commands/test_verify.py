"""/game verify: a closed table's dice checked against its revealed seed, with the game as table-N.json."""

from __future__ import annotations

import json

from bot.games.registry import engines
from bot.service.fairness import verify
from tests.cogs.helpers import add_computer, end_game, start_against_a_computer, table_of

GAMES = engines()



async def test_verify_a_closed_table_and_its_json(world, tmp_path):
    env, channel, alice, bob = world
    early = await alice.slash(channel, "game verify")
    assert early.ephemeral and "No table has been played in this channel" in early.response.content
    table_id = await start_against_a_computer(env, channel, alice, "armymen")
    still = await bob.slash(channel, "game verify")
    assert still.ephemeral and "still open: its dice seed is revealed when the game ends" in still.response.content
    await env.advance_time(121)  # a timeout move, then the computer's
    await end_game(alice, channel)

    result = await bob.slash(channel, "game verify")
    assert not result.ephemeral
    message = result.response.message
    assert message.content.startswith(f"Table {table_id}: ✓ Verified: Army Men Dice War")
    (attachment,) = message.attachments
    assert attachment.filename == f"table-{table_id}.json"
    record = json.loads(await attachment.read())
    assert record["table"] == table_id and record["status"] == "ended" and record["seed"] == "seed"
    assert record["seats"][1].startswith("🤖") and len(record["moves"]) >= 2
    assert verify(record, GAMES).ok
    assert not verify(dict(record, seed="other", commitment=None), GAMES).ok

    for table, why in ((9999, "There is no table 9999 in this server."),):
        refused = await bob.slash(channel, "game verify", table=table)
        assert refused.ephemeral and why in refused.response.content


async def test_verify_refuses_a_table_of_another_server(world, simcord_env):
    env, channel, alice, bob = world
    lobby = (await alice.slash(channel, "armymen new")).response.message
    await add_computer(alice, lobby)
    await alice.click(lobby, label="Start")
    table_id = table_of(env, channel).id
    await end_game(alice, channel)
    other = simcord_env.create_guild(name="Elsewhere")
    room = other.create_text_channel("games")
    carol = other.add_member(simcord_env.create_user("carol"))
    refused = await carol.slash(room, "game verify", table=table_id)
    assert refused.ephemeral and f"There is no table {table_id} in this server." in refused.response.content
