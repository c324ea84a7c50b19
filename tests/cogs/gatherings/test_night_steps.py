"""A game night's steps where things go wrong or grow large, in SimCord: `when:` offered as members type it, a
night of 250 Interested (Discord's subscribers read 100 a page), restarts while planned and while checking in
(the buttons of before still work), and a table's thread Discord failed to make, made on the next telling (once)."""

from __future__ import annotations

import logging
import math
import re

import pytest
from simcord.http import router

from cogs.gatherings.scheduled import COMPLETED

from .night_kit import CHECK_IN, HOUR, at, bot_messages, events, night_server, play_out, says

SUBSCRIBERS = 250


@pytest.fixture
def paged_subscribers(monkeypatch):
    """The subscribers' route as Discord serves it (SimCord returns them all at once): `limit` (1–100) of them,
    in the order of their ids, after the id `after`."""
    def paged(handler):
        def route(ctx):
            everyone = handler(ctx)
            after, limit = int(ctx.params.get("after") or 0), int(ctx.params.get("limit") or 100)
            ordered = sorted(everyone, key=lambda entry: int(entry["user"]["id"]))
            return [entry for entry in ordered if int(entry["user"]["id"]) > after][:limit]
        return route

    routes = {method: [(template, paged(handler) if method == "GET" and template[-1] == "users" and
                        "scheduled-events" in template else handler) for template, handler in entries]
              for method, entries in router._ROUTES.items()}
    monkeypatch.setattr(router, "_ROUTES", routes)


async def test_when_and_the_game_are_offered_as_a_member_types_in_the_servers_zone(simcord_env, client_languages):
    env = simcord_env
    guild, channel, host, _, mod = night_server(env, client_languages, "es")
    await mod.slash(channel, "settings timezone", zone="Europe/Madrid")
    offered = await host.autocomplete(channel, "gamenight plan", "when", "")
    assert offered and all("(Europe/Madrid)" in choice["name"] for choice in offered)
    assert re.match(r"\w{3} \d{1,2} \w{3}, \d\d:\d\d", offered[0]["name"]), "the day as the reader writes it"
    games = await host.autocomplete(channel, "gamenight plan", "game", "doo")
    assert [g["value"] for g in games] == ["doodle"]
    planned = await host.slash(channel, "gamenight plan", game="doodle", when=offered[0]["value"])
    (event,) = events(env, guild)
    assert not planned.ephemeral and event.scheduled_start_time.startswith(offered[0]["value"][:10])


async def test_250_interested_are_read_100_a_page_and_all_enlisted(simcord_env, client_languages, paged_subscribers):
    env = simcord_env
    guild, channel, host, _, _ = night_server(env, client_languages, members=2)
    await host.slash(channel, "gamenight plan", game="dardz", when=at(env, HOUR))
    (event,) = events(env, guild)
    for i in range(SUBSCRIBERS):
        member = guild.add_member(env.create_user(f"fan{i}"))
        await member.subscribe_event(event.id)
    before = len(env.http_requests)
    await env.advance_time(HOUR)
    pages = [c for c in env.http_requests[before:] if c.path.endswith("/users")]
    assert len(pages) == math.ceil(SUBSCRIBERS / 100) + (SUBSCRIBERS % 100 == 0)
    assert all(int(c.params["limit"]) == 100 for c in pages)
    night = await env.bot.tables.gatherings.open_in(channel.id)
    assert len(night.members) == SUBSCRIBERS
    check_in = bot_messages(channel)[-1]
    assert len(check_in.content) <= 2000 and check_in.content.count("<@") < SUBSCRIBERS, \
        "as many called as one message holds"


async def test_restarts_while_planned_and_checking_in_lose_nothing(simcord_env, client_languages, make_bot):
    """Buttons of before a restart still work; a member who leaves before it starts is not called; the host's Start
    now seats the tables at once."""
    env = simcord_env
    guild, channel, host, members, _ = night_server(env, client_languages, members=4)
    planned = await host.slash(channel, "gamenight plan", game="doodle", when=at(env, HOUR), rounds=1)
    await env.restart_bot(make_bot())
    for member in members:
        joined = await member.click(planned.response.message, label="Join the night")
        assert says(joined.response.content, "en", "🙋 You're in {title}. The check-in opens {when}: press **I'm "
                    "here** then.")
    left = await members[3].click(planned.response.message, label="Leave")
    assert says(left.response.content, "en", "🚪 You have left {title}.")
    await env.advance_time(HOUR)
    check_in = bot_messages(channel)[-1]
    assert str(members[3].id) not in check_in.content and check_in.content.count("<@") == 3
    await env.restart_bot(make_bot())
    await env.advance_time(1)
    assert bot_messages(channel)[-1].id == check_in.id, "the check-in is posted once"
    for member in members[:3]:
        here = await member.click(check_in, label="I'm here")
        assert here.response.content.startswith("✅")
    not_host = await members[0].click(check_in, label="Start now")
    assert not_host.ephemeral and not_host.response.content == "Only the host or a server admin can do that."
    started = await host.click(check_in, label="Start now")
    assert started.ephemeral
    await env.advance_time(1)  # not the check-in's ten minutes: the host's Start seats the tables now
    (thread,) = channel.threads
    (_, ping) = thread.history()
    assert ping.content.count("<@") == 3


async def test_a_thread_discord_failed_to_make_is_made_on_the_next_telling_once(simcord_env, client_languages):
    env = simcord_env
    guild, channel, host, members, _ = night_server(env, client_languages, members=4)
    planned = await host.slash(channel, "gamenight plan", game="armymen", when=at(env, HOUR), rounds=1)
    for member in members:
        await member.click(planned.response.message, label="Join the night")
    await env.advance_time(HOUR)
    for member in members:
        await member.click(bot_messages(channel)[-1], label="I'm here")
    env.inject_error("POST", f"/channels/{channel.id}/threads", status=500)  # Discord fails the first thread
    await env.advance_time(CHECK_IN)
    assert len(channel.threads) == 1, "one of the two tables has its thread; the other waits"
    await env.advance_time(61)  # told again once its claim lapses
    assert len(channel.threads) == 2
    pings = [m for t in channel.threads for m in t.history() if "<@" in m.content]
    assert sorted(p.content.count("<@") for p in pings) == [2, 2], "each table called once"
    await env.advance_time(61)
    assert len(channel.threads) == 2, "no table is placed twice"


async def test_an_event_discord_ended_already_is_no_failure_at_the_nights_end(simcord_env, client_languages, caplog):
    env = simcord_env
    guild, channel, host, members, _ = night_server(env, client_languages, members=2)
    planned = await host.slash(channel, "gamenight plan", game="armymen", when=at(env, HOUR), rounds=1)
    (event,) = events(env, guild)
    for member in members:
        await member.click(planned.response.message, label="Join the night")
    await env.advance_time(HOUR)
    for member in members:
        await member.click(bot_messages(channel)[-1], label="I'm here")
    await env.advance_time(CHECK_IN)
    env.backend.edit_scheduled_event(guild.id, event.id, {"status": COMPLETED})  # Discord ended it at its end time
    env.inject_error("PATCH", f"/guilds/{guild.id}/scheduled-events/{event.id}", status=400, code=180000,
                     message="Cannot update a completed event")
    caplog.clear()
    await play_out(env)
    assert bot_messages(channel)[-1].content.startswith("🏆"), "the podium, whatever the event's state"
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING], "ended already: nothing failed"
