"""A modified client can send any custom id. Every control — move, menu, hand, lobby, end, replay, block, follow,
rematch, the vote on an absent member's seat, not this turn — acts only on a table of the server it was pressed in
(or, from a DM, a table where the member sits) and only for the member it is for; an id that names another
server's table, a number out of range, a move number the table never reached, a control of another game, another
member's seat, or an id no control's template matches (shown on its message or not) gets the stale, "not here" or
"not yours" refusal, privately, changes nothing and logs nothing above WARNING."""

from __future__ import annotations

import logging
import sys
from pathlib import Path

import discord
import pytest

from bot.games.core import encode_action
from cogs.games import registered
from tests.cogs.helpers import end_game, start_against_a_computer, table_of, tables, texts

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "benchmarks"))

from chaos_kit import send_again  # noqa: E402

GAMES = list(registered())
NOT_HERE = "That button is not for a table here."
STALE = "That move was already made. The table shows the current state."
HUGE = (2**63, 10**30)


@pytest.fixture
def two_servers(simcord_env):
    """Home, where alice plays, and Elsewhere, where mallory has Manage Server and a message of the bot to click
    on: (env, home channel, alice, mallory, a message in Elsewhere)."""
    env = simcord_env
    home = env.create_guild(name="Home")
    channel = home.create_text_channel("games")
    alice = home.add_member(env.create_user("alice"))
    elsewhere = env.create_guild(name="Elsewhere")
    mods = elsewhere.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    there = elsewhere.create_text_channel("there")
    mallory = elsewhere.add_member(env.create_user("mallory"), roles=[mods])
    return env, channel, alice, mallory, there


async def bot_message_in(member, channel) -> discord.Message:
    return (await member.slash(channel, "armymen new")).response.message


async def snapshot(env, table_id: int):
    row = await env.bot.tables.store.table(table_id)
    seats = await env.bot.tables.store.seats(table_id)
    return row, seats


def assert_refused(result, *expected: str) -> None:
    assert result.acknowledged and result.ephemeral, result
    assert result.response.content in expected, result.response.content


@pytest.fixture
def no_errors_logged(caplog):
    caplog.set_level(logging.WARNING)
    yield
    loud = [r for r in caplog.records if r.levelno > logging.WARNING]
    assert not loud, [r.getMessage() for r in loud]


def crafted_ids(table, game_id: str) -> dict[str, tuple[str, str | None]]:
    """Every control kind aimed at `table` (running), as a member to act there would be offered it."""
    seat = min(table.to_act)
    code = encode_action(table.game.legal_actions(table.state, seat)[0])
    return {
        "move": (f"a:{table.id}:{table.seq}:{code}", None),
        "menu": (f"s:{table.id}:{table.seq}:act", code),
        "hand": (f"h:{table.id}", None),
        "end": (f"end:{table.id}:yes", None),
        "block": (f"db:{table.id}:{table.seq}:1", None),
        "follow": (f"f:{table.id}", None),
        "not this turn": (f"q:{table.id}:{table.seq}", None),
        "vote": (f"rv:{table.id}:{seat}:replace", None),
        "choices": (f"o:{table.id}:{table.seq}:discard", None),
    }


@pytest.mark.parametrize("game", GAMES)
async def test_no_control_acts_on_a_table_of_another_server(two_servers, game, no_errors_logged):
    env, channel, alice, mallory, there = two_servers
    table_id = await start_against_a_computer(env, channel, alice, game)
    table = table_of(env, channel)
    assert table.seat_of(alice.id) in table.to_act
    lobby_channel = alice.guild.create_text_channel("lobby")
    await alice.slash(lobby_channel, f"{game} new")
    lobby = table_of(env, lobby_channel)
    message = await bot_message_in(mallory, there)
    before = [await snapshot(env, table_id), await snapshot(env, lobby.id)]

    for kind, (custom_id, value) in crafted_ids(table, game).items():
        result = await send_again(mallory, message, custom_id, value)
        assert_refused(result, NOT_HERE), kind
    for verb in ("join", "leave", "addbot", "start"):
        assert_refused(await send_again(mallory, message, f"l:{lobby.id}:{verb}"), NOT_HERE)
    assert_refused(await send_again(mallory, message, f"lc:{lobby.id}", "hard"), NOT_HERE)
    assert [await snapshot(env, table_id), await snapshot(env, lobby.id)] == before

    await end_game(alice, channel)
    replay = await send_again(mallory, message, f"r:{table_id}:0:new")
    assert_refused(replay, f"There is no table {table_id} in this server.")
    for verb in ("yes", "no"):
        assert_refused(await send_again(mallory, message, f"rm:{table_id}:{verb}"), NOT_HERE)


@pytest.mark.parametrize("number", HUGE, ids=["2**63", "10**30"])
async def test_ids_out_of_range_get_the_stale_refusal(two_servers, number, no_errors_logged):
    env, channel, alice, _, _ = two_servers
    message = await bot_message_in(alice, channel)
    for custom_id, value in [(f"a:{number}:0:[\"Roll\"]", None), (f"s:{number}:0:act", "[\"Roll\"]"),
                             (f"h:{number}", None), (f"l:{number}:join", None), (f"lc:{number}", "hard"),
                             (f"end:{number}:yes", None),
                             (f"r:{number}:0", None), (f"r:{number}:0:new", None), (f"db:{number}:0:1", None),
                             (f"a:1:{number}:[\"Roll\"]", None), ("db:1:0:12", None), ("x:1", None),
                             (f"f:{number}", None), (f"rm:{number}:yes", None), ("rm:1:maybe", None),
                             (f"q:{number}:0", None), (f"q:1:{number}", None), ("q:1:-1", None),
                             (f"rv:{number}:0:replace", None), ("rv:1:20:end", None), ("rv:1:0:maybe", None),
                             (f"rv:1:{number}:end", None), (f"l:{number}:hack", None),
                             (f"o:{number}:0:discard", None), (f"o:1:{number}:discard", None), ("o:1:0:", None)]:
        assert_refused(await send_again(alice, message, custom_id, value), STALE)
    assert [s.user_id for s in table_of(env, channel).seats] == [alice.id]  # her lobby, unchanged


@pytest.mark.parametrize("game", ["armymen", "armadillo", "dardz"])
async def test_a_block_on_a_table_of_another_game_is_stale(world, game, no_errors_logged):
    env, channel, alice, _ = world
    table_id = await start_against_a_computer(env, channel, alice, game)
    table = table_of(env, channel)
    message = await bot_message_in(alice, alice.guild.create_text_channel("other"))
    assert_refused(await send_again(alice, message, f"db:{table_id}:{table.seq}:1"), STALE)
    assert_refused(await send_again(alice, message, f"o:{table_id}:{table.seq}:cards"), STALE)  # no such choices
    assert table_of(env, channel).seq == table.seq


async def test_a_move_number_the_table_never_reached_is_stale_without_a_rebuild(world, no_errors_logged):
    env, channel, alice, _ = world
    table_id = await start_against_a_computer(env, channel, alice, "armymen")
    table = table_of(env, channel)
    code = encode_action(table.game.legal_actions(table.state, table.seat_of(alice.id))[0])
    message = await bot_message_in(alice, alice.guild.create_text_channel("other"))
    rebuilds = tables(env).cache.rebuilds
    for seq in (table.seq + 1, 999_999_999, 10**50):
        assert_refused(await send_again(alice, message, f"a:{table_id}:{seq}:{code}"), STALE)
    assert tables(env).cache.rebuilds == rebuilds
    assert table_of(env, channel).seq == table.seq


async def test_from_a_dm_a_control_acts_only_where_the_member_sits(world, no_errors_logged):
    env, channel, alice, bob = world
    table_id = await start_against_a_computer(env, channel, alice, "armadillo")
    lobby_channel = alice.guild.create_text_channel("lobby")
    await bob.slash(lobby_channel, "dardz new")
    lobby = table_of(env, lobby_channel)
    (dm,) = alice.user.dm_channel.history()  # alice's private view of her table
    assert_refused(await send_again(alice.user, dm, f"l:{lobby.id}:join"), NOT_HERE)
    assert [s.user_id for s in table_of(env, lobby_channel).seats] == [bob.id]
    hand = await send_again(alice.user, dm, f"h:{table_id}")
    assert hand.ephemeral and texts(hand.response.message), "her own seat's controls work from her DM"


async def test_the_newer_controls_refuse_a_member_they_are_not_for(world, no_errors_logged):
    """Block, Follow, the vote, Not this turn on a running Doodle Dice table (Rematch, on a finished table: in the
    fifth game's test folder, whose tables end in a few flips): each pressed, with a crafted id, by a member it is
    not for gets its private refusal and changes nothing."""
    env, channel, alice, bob = world
    mallory = channel.guild.add_member(env.create_user("mallory"))
    lobby = (await alice.slash(channel, "doodle new", pace="live")).response.message
    await bob.click(lobby, label="Join")
    await alice.click(lobby, label="Start")
    table = table_of(env, channel)
    message = await bot_message_in(mallory, channel.guild.create_text_channel("elsewhere"))
    (alice_seat, bob_seat), before = (table.seat_of(alice.id), table.seat_of(bob.id)), await snapshot(env, table.id)
    for member, custom_id, refusal in [
        (mallory, f"db:{table.id}:{table.seq}:{alice_seat}", "You are not seated at this table."),
        (alice, f"f:{table.id}", "You play at this table: its result comes to you anyway."),
        (mallory, f"rv:{table.id}:{bob_seat}:replace", "Only the other players at this table can vote on bob's seat."),
        (alice, f"rv:{table.id}:{bob_seat}:end", "bob is playing again: there is nothing to vote on."),
        (bob, f"rv:{table.id}:{bob_seat}:replace", "This vote is about your own seat: play a move or open My hand "
                                                   "to take it back."),
        (mallory, f"q:{table.id}:{table.seq}", "Only the players this reminder named can silence it."),
    ]:
        assert_refused(await send_again(member, message, custom_id), refusal)
    assert await snapshot(env, table.id) == before
    await end_game(alice, channel)


@pytest.mark.parametrize("custom_id", ["l:{table}:hack", 'a:{table}:1234567890:["Roll"]', "join:{table}"],
                         ids=["tampered verb", "move number over nine digits", "an older format"])
async def test_a_shown_control_no_template_matches_gets_the_stale_refusal(world, custom_id, no_errors_logged):
    """A message showing an id no control's template matches — an older bot's button, a tampering client's — is
    answered with the stale refusal, never left to fail ("This interaction failed")."""
    env, channel, alice, _ = world
    await alice.slash(channel, "armymen new")
    table = table_of(env, channel)
    custom_id = custom_id.format(table=table.id)
    view = discord.ui.View(timeout=None)
    view.add_item(discord.ui.Button(label="Old", custom_id=custom_id))
    view.stop()  # no callback of this process answers it: as an older bot's message, or a tampered one
    await env.bot.get_channel(channel.id).send("an older table message", view=view)
    old = channel.history()[-1]
    assert_refused(await alice.click(old, custom_id=custom_id), STALE)
    assert [s.user_id for s in table_of(env, channel).seats] == [alice.id]
