"""/game history: a closed table's story as players see it, and its refusals."""

from __future__ import annotations

import json

from tests.cogs.helpers import end_game, start_against_a_computer, text_of


async def test_the_history_of_an_ended_table(world):
    env, channel, alice, bob = world
    table_id = await start_against_a_computer(env, channel, alice, "armadillo")
    still = await bob.slash(channel, "game history")
    assert still.ephemeral and f"Table {table_id} is still open" in still.response.content
    await env.advance_time(121)
    await env.advance_time(121)
    await end_game(alice, channel)

    result = await bob.slash(channel, "game history")
    assert not result.ephemeral
    message = result.response.message
    text = text_of(message)
    assert f"📜 Armadillo · table {table_id} · history" in text
    assert "Story" in text and "Round 1: 10 cards each;" in text and "rolled" in text
    assert "Your hand" not in text, "a spectator's story: no hand in it"
    assert "🔓 dice unsealed: seed seed" in text and "Table closed" in text
    assert "🍀" not in text, "Armadillo's totals are good or bad only against a hand: no luck report"
    names = sorted(a.filename for a in message.attachments)
    assert names == [f"table-{table_id}-story.txt", f"table-{table_id}.json"]
    story = next(a for a in message.attachments if a.filename.endswith(".txt"))
    assert (await story.read()).decode().startswith("Round 1: 10 cards each;")
    record = json.loads(await next(a for a in message.attachments if a.filename.endswith(".json")).read())
    assert record["table"] == table_id and record["game"] == "armadillo"


async def test_history_refusals(world, simcord_env):
    env, channel, alice, bob = world
    nothing = await alice.slash(channel, "game history")
    assert nothing.ephemeral and "No table has been played in this channel yet." in nothing.response.content
    lobby = (await alice.slash(channel, "armymen new")).response.message
    await alice.slash(channel, "game end")  # a lobby ends at once
    table_id = 1
    early = await alice.slash(channel, "game history")
    assert early.ephemeral and f"Table {table_id} closed before its game started" in early.response.content
    unknown = await alice.slash(channel, "game history", table=404)
    assert unknown.ephemeral and "There is no table 404 in this server." in unknown.response.content
    other = simcord_env.create_guild(name="Elsewhere")
    carol = other.add_member(simcord_env.create_user("carol"))
    foreign = await carol.slash(other.create_text_channel("games"), "game history", table=table_id)
    assert foreign.ephemeral and f"There is no table {table_id} in this server." in foreign.response.content
    assert lobby is not None
