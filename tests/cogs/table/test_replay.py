"""The replay message (◀ ▶ through a closed table's public state, surviving a restart), a seated player's own
secrets in /game history, and /stats pointing at the history of recent games."""

from __future__ import annotations

from bot.pictures import FILENAME
from tests.cogs.helpers import components, end_game, labels, start_against_a_computer, table_of, text_of


async def armadillo_ended(env, channel, alice, bob):
    """Alice and bob play Armadillo (hands are secret) until one deadline has passed, then alice ends it."""
    lobby = (await alice.slash(channel, "armadillo new", pace="live")).response.message
    await bob.click(lobby, label="Join")
    await alice.click(lobby, label="Start")
    table_id = table_of(env, channel).id
    await env.advance_time(121)
    await end_game(alice, channel)
    return table_id


async def test_stepping_through_a_replay_from_the_history_and_after_a_restart(world, make_bot, simcord_env):
    env, channel, alice, bob = world
    table_id = await armadillo_ended(env, channel, alice, bob)
    carol = channel.guild.add_member(simcord_env.create_user("carol"))  # a spectator: never seated
    history = await carol.slash(channel, "game history")
    assert labels(history.response.message) == ["🎞️ Replay"] and not history.followups, "nothing private for her"

    opened = await carol.click(history.response.message, label="🎞️ Replay")
    assert not opened.ephemeral
    replay = opened.response.message
    text = text_of(replay)
    assert f"🎞️ 🦔 Armadillo · table {table_id} · replay" in text or f"table {table_id} · replay" in text
    assert "The set-up · move 0 of" in text and "Round 1: 10 cards each;" in text
    total = int(text.split("move 0 of ")[1].split("*")[0])
    assert total >= 2
    assert labels(replay) == ["⏮", "◀", "▶", "⏭"], "one round: no round to jump to"
    assert [a.filename for a in replay.attachments] == [FILENAME], "the table's picture comes with each step"
    pictures = {await replay.attachments[0].read()}

    shown = []
    for step in range(1, total + 1):
        stepped = await carol.click(replay, label="▶")
        assert not stepped.ephemeral
        replay = stepped.response.message
        text = text_of(replay)
        assert f"Move {step} of {total}" in text
        assert "Your hand" not in text and "hand:" not in text.lower(), "a spectator's view only"
        assert len(replay.attachments) == 1  # replaced at each step, not added
        pictures.add(await replay.attachments[0].read())
        shown.append(text)
    assert len(pictures) > 1, "each step shows its own state's picture"
    assert "Table closed" in shown[-1], "the last move shows how the table ended"
    assert "Table closed" not in shown[0]
    last_button = [c for c in components(replay) if c.label == "▶"][0]
    assert last_button.disabled

    await env.restart_bot(make_bot())  # the buttons carry the table and the move: they survive a restart
    back = await carol.click(replay, label="◀")
    assert not back.ephemeral and f"Move {total - 1} of {total}" in text_of(back.response.message)
    assert text_of(back.response.message) == shown[-2]


async def test_replay_command_and_refusals(world, simcord_env):
    env, channel, alice, bob = world
    nothing = await alice.slash(channel, "game replay")
    assert nothing.ephemeral and "No table has been played in this channel yet." in nothing.response.content
    table_id = await start_against_a_computer(env, channel, alice, "armymen")
    still = await bob.slash(channel, "game replay")
    assert still.ephemeral and f"Table {table_id} is still open" in still.response.content
    await env.advance_time(121)
    await end_game(alice, channel)
    shown = await bob.slash(channel, "game replay", table=table_id)
    assert not shown.ephemeral and "The set-up · move 0 of" in text_of(shown.response.message)
    unknown = await bob.slash(channel, "game replay", table=404)
    assert unknown.ephemeral and "There is no table 404 in this server." in unknown.response.content
    other = simcord_env.create_guild(name="Elsewhere")
    carol = other.add_member(simcord_env.create_user("carol"))
    foreign = await carol.slash(other.create_text_channel("games"), "game replay", table=table_id)
    assert foreign.ephemeral and f"There is no table {table_id} in this server." in foreign.response.content


async def test_a_seated_player_reads_their_own_secrets_in_the_history_only_they(world):
    env, channel, alice, bob = world
    table_id = await armadillo_ended(env, channel, alice, bob)
    public = await alice.slash(channel, "game history", table=table_id)
    assert not public.ephemeral and "Your hand" not in text_of(public.response.message)
    (mine,) = public.followups
    assert mine.ephemeral and f"Only you see this: table {table_id} as your seat saw it" in mine.content
    assert "Your hand" in mine.content or "you" in mine.content.lower()
    (bobs,) = (await bob.slash(channel, "game history", table=table_id)).followups
    assert bobs.ephemeral and bobs.content != mine.content, "each seat its own secrets"


async def test_stats_recent_games_name_their_table_and_how_to_open_it(world):
    env, channel, alice, bob = world
    lobby = (await alice.slash(channel, "armymen new", pace="live")).response.message
    await bob.click(lobby, label="Join")
    await alice.click(lobby, label="Start")
    table_id = table_of(env, channel).id
    for _ in range(40):  # deadlines play both seats until the game is over
        if table_of(env, channel) is None:
            break
        await env.advance_time(121)
    stats = await alice.slash(channel, "stats")
    text = text_of(stats.response.message)
    assert f"· table {table_id}" in text and "/game history table:N" in text and "/game replay table:N" in text


async def test_a_spanish_server_reads_its_replay_in_spanish(spanish_server):
    env, guild, channel, alice, bob, mod = spanish_server
    await alice.slash(channel, "armymen new", pace="live")
    await alice.slash(channel, "game addbot")
    await alice.slash(channel, "game start")
    await env.advance_time(121)
    await end_game(alice, channel)
    shown = await alice.slash(channel, "game replay")  # alice's own client is English; the message is public
    text = text_of(shown.response.message)
    assert "· repetición" in text and "La preparación · jugada 0 de" in text
    refused = await bob.slash(channel, "game replay", table=404)
    assert refused.ephemeral and "404" in refused.response.content and "server" not in refused.response.content


async def test_a_replay_is_its_members_own_whoever_else_steps_it(world):
    """Alice's replay moves only at her clicks: bob's ▶ on it opens his own replay, privately, at the move he
    pressed, which his own clicks then step in place."""
    env, channel, alice, bob = world
    table_id = await armadillo_ended(env, channel, alice, bob)
    mine = (await alice.slash(channel, "game replay", table=table_id)).response.message
    theirs = await bob.click(mine, label="▶")
    assert theirs.ephemeral and "Move 1 of" in text_of(theirs.response.message)
    alices = next(m for m in channel.history() if m.id == mine.id)
    assert "The set-up · move 0 of" in text_of(alices), "alice's replay stays where she left it"
    stepped = await bob.click(theirs.response.message, label="▶")
    assert stepped.response.message.id == theirs.response.message.id, "his own, stepped in place"
    assert stepped.response.message.flags.ephemeral
    assert "Move 2 of" in text_of(stepped.response.message)
    own = await alice.click(alices, label="▶")
    assert not own.ephemeral and own.response.message.id == mine.id and "Move 1 of" in text_of(own.response.message)


async def test_history_and_replay_without_a_number_show_the_last_games_played_while_a_table_is_open(world):
    env, channel, alice, bob = world
    played = []
    for _ in range(3):
        played.append(await start_against_a_computer(env, channel, alice, "armymen"))
        await end_game(alice, channel)
    lobby = (await alice.slash(channel, "armymen new")).response.message
    await bob.click(lobby, label="Join")
    await alice.click(lobby, label="Start")
    assert table_of(env, channel) is not None, "a game runs here"

    history = await bob.slash(channel, "game history")
    assert not history.ephemeral, history.response.content
    text = text_of(history.response.message)
    assert f"table {played[-1]} · history" in text
    assert f"Also played here: tables {played[1]}, {played[0]} (`/game history table:{played[1]}`)" in text
    replay = await bob.slash(channel, "game replay")
    assert not replay.ephemeral and f"table {played[-1]} · replay" in text_of(replay.response.message)
    named = text_of((await bob.slash(channel, "game history", table=played[0])).response.message)
    assert f"table {played[0]} · history" in named and "Also played here" not in named, "a number names one table"
