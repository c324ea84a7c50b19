"""A Swiss tournament as its members live it, in English and in Spanish: twelve members sign up on the sign-up
message, four rounds of Army Men Dice War (two seats) at async pace over a simulated week — each round's tables in
threads with one ping, round 2 seating the leaders together, a member away for two days whose table waits for her,
an absent member replaced by the other's vote, a member dropping out (eleven left: a bye, worth half a point) —
then the podium, the standings privately as a picture and its words, the member's /profile and /tournament
history. Refusals are private and say why."""

from __future__ import annotations

import pytest

from tests.cogs.helpers import message_by_id
from tests.languages import said

from .tournament_kit import (
    DAY,
    HOUR,
    at,
    bot_posts,
    gatherings,
    label,
    open_table,
    play,
    play_round,
    round_tables,
    says,
    signed_up,
    thread_of,
    tournament_server,
)


@pytest.mark.parametrize("language", ["en", "es"])
async def test_a_twelve_member_swiss_over_a_week(simcord_env, client_languages, language):
    env = simcord_env
    guild, channel, mod, members = tournament_server(env, client_languages, language, 12)
    alice, bob, carol, *_ = members
    judy = members[9]
    outsider = guild.add_member(env.create_user("trent"))

    refused = await alice.slash(channel, "tournament new", game="armymen", format="swiss", rounds=4, pace="async")
    assert refused.ephemeral and refused.response.content == "Only members with Manage Server can plan a tournament."

    sign_up, gathering = await signed_up(env, channel, mod, members[:-1], language, game="armymen", format="swiss",
                                         rounds=4, pace="async", starts=at(env, DAY), name="Winter Swiss")
    before = len(env.http_requests)
    await members[-1].click(sign_up, label=label(language, "Join"))
    assert len(env.http_requests) - before == 2, "a sign-up costs its answer and the sign-up message's edit"
    sign_up, gathering = message_by_id(channel, sign_up.id), await gatherings(env).get(gathering.id)
    assert "Winter Swiss" in sign_up.content and "Army Men Dice War" in sign_up.content
    assert says(sign_up.content, language, "{n} signed up: {names}", "{n} signed up: {names}", 12)
    assert all(f"**{m.name}**" in sign_up.content for m in members)
    again = await alice.click(sign_up, label=label(language, "Join"))
    assert again.ephemeral and again.response.content == "You have already joined."
    stranger = await outsider.click(sign_up, label=label(language, "Leave"))
    assert stranger.ephemeral and stranger.response.content == "You have not joined this game night or tournament."
    second = await mod.slash(channel, "tournament new", game="armymen", format="round-robin", rounds=1, pace="async")
    assert second.ephemeral and second.response.content == said(
        language, "A game night or a tournament is already planned or running in this channel: one at a time.")
    not_host = await alice.slash(channel, "tournament start")
    assert not_host.ephemeral and not_host.response.content == "Only the host or a server admin can do that."

    # Day 1: sign-ups close by themselves; round 1 is six tables of two, each in its thread with one ping.
    before = len(env.http_requests)
    await env.advance_time(DAY + 60)
    round_1 = await round_tables(env, gathering.id, 1)
    assert len(env.http_requests) - before == 3 * 6 + 2, \
        "a thread, a table message and one ping a table; the sign-up closed and the standings posted once"
    assert [len(t.seats) for t in round_1] == [2] * 6 and all(t.placed for t in round_1)
    sign_up = message_by_id(channel, sign_up.id)
    assert not sign_up.components, "sign-ups closed: the message lost its buttons"
    for planned in round_1:
        thread = thread_of(channel, (await open_table(env, planned.table_id)).channel_id)
        pings = [m for m in thread.history() if "<@" in m.content]
        assert len(pings) == 1 and all(f"<@{u}>" in pings[0].content for u in planned.seats)
    standings_message = (await gatherings(env).get(gathering.id)).standings_message_id
    assert standings_message is not None
    await play_round(env, channel, members, gathering.id, 1)

    # Round 2: the standings seat the two leaders together, at table 1.
    after_1 = await gatherings(env).standings(gathering.id)
    round_2 = await round_tables(env, gathering.id, 2)
    assert {line.standing.user_id for line in after_1[:2]} == set(round_2[0].seats)
    assert all(line.standing.points == 1 for line in after_1[:6]), "six tables, six winners"
    shown = message_by_id(channel, standings_message)
    assert shown.attachments and shown.attachments[0].description == shown.content[:1024], "the picture's twin"

    # Carol goes away for two days before her table of round 2 comes to her: it waits, no turn of hers times out.
    carols = next(t for t in round_2 if carol.id in t.seats)
    away = await carol.slash(channel, "me away", days=2)
    assert away.ephemeral
    for planned in round_2:
        await play(env, channel, members, planned.table_id, absent=frozenset({carol.id}))
    await env.advance_time(DAY + 20 * HOUR)
    waiting = await open_table(env, carols.table_id)
    assert waiting is not None and waiting.seats[waiting.seat_of(carol.id)].timeouts == 0
    assert await play(env, channel, members, carols.table_id) is None, "back, she plays her table out"

    # Round 3: a member drops out at once (the computer plays his table, his points stay); judy never comes: three of
    # her turns time out, and her opponent votes the computer in for her.
    round_3 = await round_tables(env, gathering.id, 3)
    judys = next(t for t in round_3 if judy.id in t.seats)
    leaver = next(m for m in reversed(members) if m.id not in judys.seats)
    leavers = next(t for t in round_3 if leaver.id in t.seats)
    dropped = await leaver.slash(channel, "tournament drop")
    assert dropped.ephemeral and dropped.response.content == said(
        language if leaver.id in client_languages else "en",
        "🚪 You have left {title}: the computer plays your table of this round, and your points stay in the "
        "standings.", title="Winter Swiss"), "in his own language"
    table = await open_table(env, leavers.table_id)
    assert table is None or table.seats[leavers.seats.index(leaver.id)].is_computer
    for planned in round_3:
        if judy.id not in planned.seats:
            assert await play(env, channel, members, planned.table_id) is None
    absent = frozenset({judy.id})
    while not (table := await open_table(env, judys.table_id)).seats[table.seat_of(judy.id)].autopilot:
        if table.seats[min(table.to_act)].user_id == judy.id:
            await env.advance_time(DAY + 60)
        else:
            await play(env, channel, members, judys.table_id, absent=absent)
    thread = thread_of(channel, table.channel_id)
    (other,) = [m for m in members if m.id in judys.seats and m.id != judy.id]
    vote = await other.click(message_by_id(thread, (await open_table(env, judys.table_id)).message_id),
                             label=said(language, "Replace by the computer"))
    assert not vote.ephemeral, "the deciding vote is told to the table"
    table = await open_table(env, judys.table_id)
    assert table.seats[judys.seats.index(judy.id)].is_computer
    assert await play(env, channel, members, judys.table_id) is None

    # Round 4: eleven left, so five tables and a bye — half a point, to the lowest placed.
    round_4 = await round_tables(env, gathering.id, 4)
    assert len(round_4) == 5 and leaver.id not in {u for t in round_4 for u in t.seats}
    after_3 = [line.standing.user_id for line in await gatherings(env).standings(gathering.id)
               if not line.standing.dropped]
    await play_round(env, channel, members, gathering.id, 4)
    assert not await round_tables(env, gathering.id, 5), "four rounds"

    standings_edits = [r for r in env.http_requests if r.method == "PATCH" and r.path.endswith(f"/{standings_message}")]
    assert len(standings_edits) <= 4 * 6, "at most one standings edit a table's end"

    # The end: the podium, in the server's language; the standings privately, a picture and its words.
    final = await gatherings(env).get(gathering.id)
    assert final.state == "finished"
    podium = bot_posts(channel)[-1]
    assert says(podium.content, language, "🏆 **{title}** — podium") and podium.attachments
    assert says(message_by_id(channel, sign_up.id).content, language,
                "This tournament is over: `/tournament standings` shows how it ended.")
    ranked = await gatherings(env).standings(gathering.id)
    assert [line.standing.place for line in ranked] == list(range(1, 13))
    assert next(line for line in ranked if line.standing.user_id == leaver.id).standing.dropped
    (bye,) = [line for line in ranked if line.standing.byes]
    assert bye.standing.byes == 1 and bye.standing.played == 3 and bye.standing.user_id == after_3[-1], \
        "the bye went to the lowest placed"
    private = await bob.slash(channel, "tournament standings")
    assert private.ephemeral and private.response.message.attachments
    assert ranked[0].name in private.response.content and says(private.response.content, language, "opponents {points}")
    assert private.response.message.attachments[0].description == private.response.content, "its twin"
    winner = next(m for m in members if m.id == ranked[0].standing.user_id)
    card = await winner.slash(channel, "profile")
    assert "Winter Swiss" in card.response.content and "🥇" in card.response.content
    history = await alice.slash(channel, "tournament history")
    assert history.ephemeral and "Winter Swiss" in history.response.content
    assert f"🥇 **{ranked[0].name}**" in history.response.content
