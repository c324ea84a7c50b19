"""What a game night refuses, privately and by name, changing nothing — and how it ends when it must: the bot
without Create Events (or the channel without threads), a member without Manage Events, a time in the past, a
second night at once in a channel, too few members checked in (one message, nothing rated), the event cancelled,
deleted or moved in Discord, and a night's table ended by anyone but an admin."""

from __future__ import annotations

import discord
import pytest

from cogs.gatherings.scheduled import CANCELED, COMPLETED
from tests.cogs.table.test_permissions import deny
from tests.languages import said

from .night_kit import CHECK_IN, HOUR, LIVE_TURN, at, bot_messages, events, night_server, open_tables, says

NONE_WRITTEN = "SELECT COUNT(*) AS n FROM gatherings"


async def gatherings_written(env) -> int:
    return (await env.bot.store._one(NONE_WRITTEN))["n"]


def without_events(env, guild) -> None:
    """Nobody gave the bot Create Events (nor Manage Events): neither its own role nor @everyone has them."""
    backend = env.backend
    stored = backend.get_guild(guild.id)
    mine = [r for r in map(stored.roles.get, stored.members[backend.bot_user.id].role_ids) if r.managed]
    for role in (*mine, stored.roles[guild.id]):
        kept = discord.Permissions(role.permissions)
        kept.update(create_events=False, manage_events=False)
        backend.edit_role(guild.id, role.id, {"permissions": kept.value})


async def test_the_bot_without_create_events_is_refused_by_name_before_anything_is_written(simcord_env,
                                                                                          client_languages):
    env = simcord_env
    guild, channel, host, _, _ = night_server(env, client_languages)
    without_events(env, guild)
    await env.settle()
    refused = await host.slash(channel, "gamenight plan", game="doodle", when=at(env, HOUR))
    assert refused.ephemeral and "*Create Events*" in refused.response.content
    assert not events(env, guild) and await gatherings_written(env) == 0


async def test_a_channel_where_the_bot_cannot_make_threads_is_refused_by_name(simcord_env, client_languages):
    env = simcord_env
    guild, channel, host, _, _ = night_server(env, client_languages)
    await deny(env, channel, "create_public_threads")
    refused = await host.slash(channel, "gamenight plan", game="doodle", when=at(env, HOUR))
    assert refused.ephemeral and "*Create Public Threads*" in refused.response.content
    assert not events(env, guild) and await gatherings_written(env) == 0


async def test_members_without_manage_events_plan_nothing(simcord_env, client_languages):
    env = simcord_env
    guild, channel, _, members, _ = night_server(env, client_languages)
    refused = await members[2].slash(channel, "gamenight plan", game="doodle", when=at(env, HOUR))
    assert refused.ephemeral and refused.response.content == said(
        "en", "Only members with Manage Events or Manage Server can plan a game night.")
    assert not events(env, guild) and await gatherings_written(env) == 0


async def test_a_time_in_the_past_an_unreadable_time_and_a_second_night_at_once(simcord_env, client_languages):
    env = simcord_env
    guild, channel, host, _, _ = night_server(env, client_languages)
    past = await host.slash(channel, "gamenight plan", game="doodle", when=at(env, -2 * HOUR))
    assert past.ephemeral and past.response.content == said("en", "That time has passed: choose a time to come.")
    unreadable = await host.slash(channel, "gamenight plan", game="doodle", when="friday-ish")
    assert unreadable.ephemeral and unreadable.response.content.startswith("I can't read that time")
    assert not events(env, guild) and await gatherings_written(env) == 0

    stamp = int(env.now().timestamp()) + 2 * HOUR  # a Discord timestamp, as a client writes one
    first = await host.slash(channel, "gamenight plan", game="doodle", when=f"<t:{stamp}:F>")
    assert not first.ephemeral and f"<t:{stamp}:F>" in first.response.content
    second = await host.slash(channel, "gamenight plan", game="dardz", when=at(env, 3 * HOUR))
    assert second.ephemeral and second.response.content == said(
        "en", "A game night or a tournament is already planned or running in this channel: one at a time.")
    assert len(events(env, guild)) == 1 and await gatherings_written(env) == 1


async def test_too_few_checked_in_ends_the_night_with_one_message_and_nothing_rated(simcord_env, client_languages):
    env = simcord_env
    guild, channel, host, members, _ = night_server(env, client_languages)
    planned = await host.slash(channel, "gamenight plan", game="doodle", when=at(env, HOUR))
    (event,) = events(env, guild)
    await members[0].click(planned.response.message, label="Join the night")
    await env.advance_time(HOUR)
    check_in = bot_messages(channel)[-1]
    await members[0].click(check_in, label="I'm here")  # one of the two a table needs
    posted = len(bot_messages(channel))
    await env.advance_time(CHECK_IN)
    (ended,) = bot_messages(channel)[posted:]
    assert says(ended.content, "en", "❌ **{title}** is cancelled: {reason}. Nothing was played or rated.")
    assert "too few members came" in ended.content
    assert not list(channel.threads) and await open_tables(env) == 0
    assert (await env.bot.store._one("SELECT COUNT(*) AS n FROM results"))["n"] == 0
    assert event.status == COMPLETED, "it had begun (the check-in): Discord lets only COMPLETED follow"
    await env.advance_time(HOUR)
    assert len(bot_messages(channel)) == posted + 1, "one message"


async def test_the_event_cancelled_or_deleted_in_discord_ends_the_night_and_a_move_moves_it(simcord_env,
                                                                                         client_languages):
    env = simcord_env
    guild, channel, host, _, _ = night_server(env, client_languages)
    await host.slash(channel, "gamenight plan", game="doodle", when=at(env, HOUR))
    (event,) = events(env, guild)
    later = (env.now().timestamp() + 3 * HOUR)
    from datetime import UTC, datetime
    env.backend.edit_scheduled_event(guild.id, event.id, {"scheduled_start_time": datetime.fromtimestamp(
        later, UTC).isoformat(), "scheduled_end_time": datetime.fromtimestamp(later + 2 * HOUR, UTC).isoformat()})
    await env.settle()
    night = await env.bot.tables.gatherings.open_in(channel.id)
    assert night.starts_at == pytest.approx(later), "moved in Discord: the night follows"

    env.backend.edit_scheduled_event(guild.id, event.id, {"status": CANCELED})  # a moderator cancels it there
    await env.settle()
    await env.advance_time(1)
    ended = bot_messages(channel)[-1]
    assert "its event was cancelled in Discord" in ended.content
    assert not await env.bot.tables.gatherings.listed(guild.id, "night") or \
        (await env.bot.tables.gatherings.listed(guild.id, "night"))[0].state == "cancelled"

    second = await host.slash(channel, "gamenight plan", game="doodle", when=at(env, HOUR))
    assert not second.ephemeral, "the channel is free again"
    (_, event) = events(env, guild)
    env.backend.delete_scheduled_event(guild.id, event.id)
    await env.settle()
    await env.advance_time(1)
    assert "its event was deleted in Discord" in bot_messages(channel)[-1].content


async def test_a_nights_table_is_ended_only_by_an_admin(simcord_env, client_languages):
    env = simcord_env
    guild, channel, host, members, mod = night_server(env, client_languages, members=2)
    planned = await host.slash(channel, "gamenight plan", game="doodle", when=at(env, HOUR), rounds=1)
    for member in members:
        await member.click(planned.response.message, label="Join the night")
    await env.advance_time(HOUR)
    for member in members:
        await member.click(bot_messages(channel)[-1], label="I'm here")
    await env.advance_time(CHECK_IN)
    (thread,) = channel.threads
    (table,) = await env.bot.store.open_tables()
    seated = next(m for m in members if m.id == table.host_id)  # the table's host, as far as the table knows
    refused = await seated.slash(thread, "game end")
    assert refused.ephemeral and refused.response.content == said(
        "en", "This table is a game night's or a tournament's: only a server admin can end it.")
    assert await open_tables(env) == 1
    asked = await mod.slash(thread, "game end")  # a server admin may, once sure
    await mod.click(asked.response.message, label="End the table")
    await env.advance_time(LIVE_TURN)
    assert await open_tables(env) == 0
    assert (await env.bot.store._one("SELECT COUNT(*) AS n FROM results WHERE rated = 1"))["n"] == 0
    podium = bot_messages(channel)[-1]
    assert podium.content.startswith("🏆"), "its only round over, the night ends: nobody scored an unrated table"


async def test_the_host_cancels_a_planned_night_and_takes_a_member_out(simcord_env, client_languages):
    env = simcord_env
    guild, channel, host, members, _ = night_server(env, client_languages, members=3)
    planned = await host.slash(channel, "gamenight plan", game="doodle", when=at(env, HOUR))
    (event,) = events(env, guild)
    for member in members:
        await member.click(planned.response.message, label="Join the night")
    refused = await members[0].slash(channel, "gamenight remove", member=members[1])
    assert refused.ephemeral and refused.response.content == "Only the host or a server admin can do that."
    removed = await host.slash(channel, "gamenight remove", member=members[1])
    assert removed.ephemeral and removed.response.content == f"{members[1].name} is no longer in Doodle Dice night."
    night = await env.bot.tables.gatherings.open_in(channel.id)
    assert {m.user_id for m in night.members} == {members[0].id, members[2].id}
    shown = await members[2].slash(channel, "gamenight standings")
    assert shown.ephemeral and shown.response.message.attachments
    assert not (await members[0].slash(channel, "gamenight cancel")).response.content.startswith("❌")
    posted = len(bot_messages(channel))
    cancelled = await host.slash(channel, "gamenight cancel")
    assert cancelled.ephemeral and cancelled.response.content == "❌ Doodle Dice night is cancelled."
    await env.advance_time(1)
    (said_so,) = bot_messages(channel)[posted:]
    assert says(said_so.content, "en", "❌ **{title}** is cancelled: {reason}. Nothing was played or rated.")
    assert event.status == CANCELED, "it had not begun: CANCELED"
    history = await host.slash(channel, "gamenight history")
    assert "Doodle Dice night · cancelled" in history.response.content


async def test_an_event_cancelled_in_discord_unheard_is_found_at_the_check_in(simcord_env, client_languages):
    """The gateway's word of it missed (the bot was down): starting the event is refused, its status read, and the
    night is called off with one message instead of a check-in."""
    env = simcord_env
    guild, channel, host, members, _ = night_server(env, client_languages, members=2)
    await host.slash(channel, "gamenight plan", game="doodle", when=at(env, HOUR))
    (event,) = events(env, guild)
    event.status = CANCELED  # in Discord, unheard
    env.inject_error("PATCH", f"/guilds/{guild.id}/scheduled-events/{event.id}", status=400, code=180000,
                     message="Cannot update a cancelled event")
    posted = len(bot_messages(channel))
    await env.advance_time(HOUR)
    await env.advance_time(1)
    (said_so,) = bot_messages(channel)[posted:]
    assert "its event was cancelled in Discord" in said_so.content and "I'm here" not in said_so.content
