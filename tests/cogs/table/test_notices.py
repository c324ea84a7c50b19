"""Pings that leave a channel clean: only a member who must act and has not touched the table lately is
pinged; one ping of a table stands in its channel at most, and it goes once everyone it named has acted; the bot's
own pings never bury the table; and all of it holds across a restart."""

from __future__ import annotations

from bot.games.armadillo.engine import Discard, Roll
from bot.games.core import encode_action
from tests.cogs.games.armadillo.test_play import ALICE, BOB, COMPUTER, roll
from tests.cogs.helpers import discard, message_by_id, open_choices, table_of, tables

CASUAL_AWAY = 16 * 60  # longer than a casual table counts a touch as watching (15 minutes)


def pings(channel) -> list:
    return [m for m in channel.history() if "<@" in (m.content or "")]


async def three_members(env, channel, alice, bob, dice, *, pace="casual"):
    """alice hosts, bob and carol join; alice rolls first; the deal is ALICE/BOB/COMPUTER's hand."""
    carol = env.guild.add_member(env.create_user("carol"))
    lobby = (await alice.slash(channel, "armadillo new", pace=pace)).response.message
    await bob.click(lobby, label="Join")
    await carol.click(lobby, label="Join")
    dice.script(0)
    dice.decks.append(ALICE + BOB + COMPUTER)
    await alice.click(lobby, label="Start")
    return table_of(env, channel), carol


async def test_only_a_member_away_is_pinged_and_the_ping_goes_when_all_it_named_have_answered(world, dice):
    env, channel, alice, bob = world
    table, carol = await three_members(env, channel, alice, bob, dice)
    assert pings(channel) == [], "everyone took a seat a moment ago: the game starts without a ping"

    await env.advance_time(CASUAL_AWAY)
    await carol.click(message_by_id(channel, table.message_id), label="My hand")  # carol looks: she is watching
    await roll(alice, message_by_id(channel, table.message_id), Roll(yellow=1, red=1), (5, 8), dice)
    (ping,) = pings(channel)
    assert ping.content.startswith(f"<@{bob.id}>, ") and f"<@{carol.id}>" not in ping.content, \
        "only bob, away for 16 minutes, is called; carol pressed My hand a moment ago, alice just rolled"
    assert channel.history()[-1].id == ping.id

    before = len(env.http_requests)
    await carol.click(message_by_id(channel, table.message_id), label="Take a token")
    assert len(env.http_requests) - before == 1, "a move within the turn still costs one call"
    opened = await open_choices(bob, message_by_id(channel, table.message_id))  # his cards: one call, the modal
    before = len(env.http_requests)
    await bob.submit_modal(opened, {"choice": [encode_action(Discard(13))]})
    calls = [(c.method, c.path) for c in env.http_requests[before:]]
    assert ("DELETE", f"/channels/{channel.id}/messages/{ping.id}") in calls and len(calls) == 2, \
        "bob answered: the ping that named only him is deleted — his answer and that, two calls"
    assert pings(channel) == []


async def test_the_next_ping_replaces_the_one_standing(world, dice):
    env, channel, alice, bob = world
    table, carol = await three_members(env, channel, alice, bob, dice, pace="live")
    await env.advance_time(121)  # alice's first turn runs out: the rules' default rolls for her
    (called,) = pings(channel)
    assert f"<@{bob.id}>" in called.content and f"<@{carol.id}>" in called.content, \
        "away for two minutes at a live table, both are called to answer (alice's timeout answered for her)"
    await carol.click(message_by_id(channel, table_of(env, channel).message_id), label="Take a token")
    await env.advance_time(61)  # the half-time reminder, to those who have not answered
    (reminder,) = pings(channel)
    assert "reminder" in reminder.content and f"<@{carol.id}>" not in reminder.content
    assert reminder.id != called.id, "one ping of the table stands at a time: the reminder replaced the first"


async def test_the_bots_own_pings_never_bury_the_table(world, dice):
    env, channel, alice, bob = world
    table, carol = await three_members(env, channel, alice, bob, dice, pace="live")
    for _ in range(4):  # nobody plays: timeouts, reminders and pings go by
        await env.advance_time(121)
    posted = [m for m in channel.history() if m.id > table.message_id]
    assert len(posted) > 4, "the bot said plenty below the table"
    assert table_of(env, channel).message_id == table.message_id, "none of it buries the table"
    assert not [m for m in channel.history() if "moved further down" in (m.content or "")]
    assert len(pings(channel)) <= 1 + len([m for m in posted if "Time ran out" in m.content]), \
        "one turn's ping stands at most (a timeout's notice names who ran out of time)"


async def test_a_standing_ping_goes_after_a_restart_and_a_touch_is_remembered(world, dice, make_bot):
    env, channel, alice, bob = world
    table, carol = await three_members(env, channel, alice, bob, dice)
    await env.advance_time(CASUAL_AWAY)
    await carol.click(message_by_id(channel, table.message_id), label="My hand")

    dice.script(0)  # the restarted bot replays the log: the same draws again
    dice.decks.append(ALICE + BOB + COMPUTER)
    await env.restart_bot(make_bot())
    await tables(env).cache.open_tables()
    await roll(alice, message_by_id(channel, table.message_id), Roll(yellow=1, red=1), (5, 8), dice)
    (ping,) = pings(channel)
    assert f"<@{carol.id}>" not in ping.content, "carol's My hand from before the restart still counts"

    dice.script(0, 5, 8)
    dice.decks.append(ALICE + BOB + COMPUTER)
    await env.restart_bot(make_bot())
    await tables(env).cache.open_tables()
    await discard(bob, message_by_id(channel, table.message_id), 13)
    assert pings(channel) == [], "the ping recorded before the restart was deleted once bob answered"
