"""A game night as its members live it, in SimCord, in English and in Spanish: planned by a host with Manage Events
(an EXTERNAL event on the server's calendar, one announcement), members coming through Discord's Interested or the
Join button, the check-in at the start, nine members seated 5 + 4 in threads with one ping a table, a late arrival
playing from round 2, a member leaving mid-round (the computer plays their seat), the bot restarting between two
rounds with the buttons of before still working, the standings edited as tables end, the podium, the event
COMPLETED, the night in /gamenight history and every table rated."""

from __future__ import annotations

import pytest

from bot.gatherings import expected_end
from bot.i18n import language_of
from cogs.gatherings.scheduled import ACTIVE, COMPLETED, EXTERNAL
from tests.languages import language_problems, said

from .night_kit import CHECK_IN, HOUR, at, bot_messages, events, night_server, open_tables, play_out, says

SEATS = "doodle"  # Doodle Dice: 2 to 6 at a table; nine members sit 5 + 4


@pytest.mark.parametrize("language", ["en", "es"])
async def test_a_nine_member_game_night_of_three_rounds(simcord_env, client_languages, make_bot, language):
    env = simcord_env
    guild, channel, host, members, _mod = night_server(env, client_languages, language, members=9)
    late = guild.add_member(env.create_user("latecomer"))
    client_languages[late.id] = client_languages[members[1].id]
    nine, leaving = members, members[3]

    planned = await host.slash(channel, "gamenight plan", game="doodle", when=at(env, HOUR), rounds=3)
    announcement = planned.response.message
    assert not planned.ephemeral, "the announcement is the command's answer, in the channel"
    (event,) = events(env, guild)
    assert event.entity_type == EXTERNAL and event.entity_metadata == {"location": "#games"}
    title = said(language, "{game} night", game="Doodle Dice")
    assert event.name == title and title in announcement.content
    assert f"https://discord.com/events/{guild.id}/{event.id}" in announcement.content
    assert event.scheduled_end_time and event.description, "an EXTERNAL event has its end; it says what it is"
    night = await env.bot.tables.gatherings.open_in(channel.id)
    assert (night.scheduled_event_id, night.announcement_id) == (event.id, announcement.id)
    starts = night.starts_at
    assert expected_end(starts, 3, 120) == pytest.approx(_seconds(event.scheduled_end_time))

    for member in nine[:5]:  # Discord's own Interested
        await member.subscribe_event(event.id)
    for member in nine[5:8]:
        joined = await member.click(announcement, label=said(language, "Join the night"))
        assert joined.ephemeral and says(joined.response.content, language,
                                          "🙋 You're in {title}. The check-in opens {when}: press **I'm here** then.")
    again = await nine[5].click(announcement, label=said(language, "Join the night"))
    assert again.response.content == said(language, "You have already joined.")

    await env.advance_time(HOUR)  # the start: the check-in, the event ACTIVE, the Interested read
    assert event.status == ACTIVE
    check_in = bot_messages(channel)[-1]
    assert says(check_in.content, language, "🎲 **{title}** starts: check-in is open until {time} ({left}). Press "
                 "**I'm here** to play round 1; tables are seated when it closes.")
    called = {int(m) for m in _mentions(check_in.content)}
    assert called == {m.id for m in nine[:8]}, "those who said they would come are called, once"
    for member in nine:  # the ninth never said so: checking in joins them
        here = await member.click(check_in, label=said(language, "I'm here"))
        assert here.ephemeral
    assert {m.user_id for m in (await env.bot.tables.gatherings.open_in(channel.id)).members} == {m.id for m in nine}

    await env.advance_time(CHECK_IN)  # round 1: 5 + 4, each table in its own thread, everyone called once
    threads = list(channel.threads)
    assert len(threads) == 2
    for thread in threads:
        (table_message, ping) = thread.history()
        assert table_message.author.bot and ping.content.count("<@") in (4, 5)
        assert says(ping.content, language, "🎲 Round {round} of {rounds}, table {table} of **{title}**:")
    seated = sorted(ping.content.count("<@") for thread in threads for ping in thread.history()[1:])
    assert seated == [4, 5]
    assert says(message_by(channel, check_in.id).content, language, "🎲 **{title}**: the check-in is closed.")
    standings = bot_messages(channel)[-1]
    assert standings.attachments and standings.attachments[0].description == standings.content[:1024], \
        "the standings: a picture, its alt text the message's own words"

    joined_late = await late.click(announcement, label=said(language, "Join the night"))
    assert says(joined_late.response.content, language, "🙋 You're in {title}: you play from round {round}.")
    assert "2" in joined_late.response.content

    edits_before = _edits_of(env, standings.id)
    while len(channel.threads) == 2:  # round 1 played out; its last table seats round 2
        await env.advance_time(121)
    assert _edits_of(env, standings.id) - edits_before == 2, "one standings edit per table end"
    round_two = list(channel.threads)[2:]
    assert sorted(p.content.count("<@") for t in round_two for p in t.history()[1:]) == [5, 5], \
        "ten members: the late arrival plays"
    assert str(late.id) in " ".join(p.content for t in round_two for p in t.history()[1:])

    await env.restart_bot(make_bot())  # between two moments of a round: nothing lost, old buttons work
    shown = await nine[0].click(announcement, label=said(language, "Standings"))
    assert shown.ephemeral and shown.response.message.attachments
    left = await leaving.click(announcement, label=said(language, "Leave"))
    assert says(left.response.content, language, "🚪 You have left {title}.")
    tables = {t.id: t for t in await env.bot.store.open_tables()}
    assert tables, "round 2 plays on"

    while len(channel.threads) == 4:
        await env.advance_time(121)
    round_three = list(channel.threads)[4:]
    called_three = " ".join(p.content for t in round_three for p in t.history()[1:])
    assert str(leaving.id) not in called_three, "who left plays no more"
    assert sorted(p.content.count("<@") for t in round_three for p in t.history()[1:]) == [4, 5]

    await play_out(env)
    assert not await open_tables(env)
    podium = bot_messages(channel)[-1]
    assert podium.attachments and "🥇" in podium.content and says(podium.content, language, "🏆 **{title}** — podium")
    assert event.status == COMPLETED
    history = await host.slash(channel, "gamenight history")
    assert history.ephemeral and said(language, "finished") in history.response.content
    winner = (await env.bot.tables.gatherings.standings(night.id))[0].name
    assert f"🥇 {winner}" in history.response.content, "the archive names each night's winner"
    rated = env.bot.store  # every table of the night counted like any rated game
    assert await _rated_results(rated) == 2 + 2 + 2
    assert not language_problems(env, lambda guild: language,
                                 lambda user: language_of(client_languages.get(user, "en-US")))


def _seconds(iso: str) -> float:
    from datetime import datetime
    return datetime.fromisoformat(iso).timestamp()


def _mentions(text: str) -> list[str]:
    import re
    return re.findall(r"<@(\d+)>", text)


def message_by(channel, message_id: int):
    return next(m for m in channel.history() if m.id == message_id)


def _edits_of(env, message_id: int) -> int:
    return sum(1 for r in env.http_requests if r.method == "PATCH" and r.path.endswith(f"/messages/{message_id}"))


async def _rated_results(store) -> int:
    rows = await store._all("SELECT COUNT(DISTINCT session_id) AS n FROM results WHERE rated = 1", ())
    return rows[0]["n"]
