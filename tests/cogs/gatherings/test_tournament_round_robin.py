"""A round robin as its members live it: eight sign up (a ninth is refused: at most eight), three leave before the
host's Start, and the five left each meet every other once over five rounds of two tables, one member sitting
out each round with a bye worth half a point (a median placing at two seats); the podium at the end. The bot
refuses to plan one where it may not open threads, naming the permission; the host alone starts it. The bot restarts
while members sign up and between two rounds: nothing is lost, the sign-up's buttons still answer."""

from __future__ import annotations

from itertools import combinations

from tests.cogs.helpers import message_by_id
from tests.cogs.table.test_permissions import deny

from .tournament_kit import (
    NAMES,
    bot_posts,
    gatherings,
    label,
    play_round,
    round_tables,
    says,
    signed_up,
    tournament_server,
)

TITLE = "Army Men Dice War tournament"  # the name a tournament planned without one takes

async def test_five_members_of_a_round_robin_each_meet_every_other_once(simcord_env, client_languages, make_bot):
    env = simcord_env
    guild, channel, mod, members = tournament_server(env, client_languages, "en", 8)
    ninth = guild.add_member(env.create_user(NAMES[-1]))

    closed = guild.create_text_channel("no-threads")
    await deny(env, closed, "create_public_threads")
    refused = await mod.slash(closed, "tournament new", game="armymen", format="round-robin", rounds=1, pace="casual")
    assert refused.ephemeral and "*Create Public Threads*" in refused.response.content
    unknown = await mod.slash(channel, "tournament new", game="chess", format="swiss", rounds=3, pace="async")
    assert unknown.ephemeral and unknown.response.content == "Pick a game from the list."
    assert not await gatherings(env).listed(guild.id), "refused before anything was written"

    sign_up, gathering = await signed_up(env, channel, mod, members, "en", game="armymen", format="round-robin",
                                         rounds=1, pace="casual")
    assert TITLE in sign_up.content and says(
        sign_up.content, "en", "{game} · round robin: everyone plays everyone once (at most {n} members)")
    full = await ninth.click(sign_up, label=label("en", "Join"))
    assert full.ephemeral and full.response.content == "A round robin takes at most 8 members."
    for leaving in members[5:7]:
        left = await leaving.click(sign_up, label=label("en", "Leave"))
        assert left.ephemeral and left.response.content == f"🚪 You are no longer signed up for {TITLE}."
    not_yours = await members[0].slash(channel, "tournament remove", member=members[7])
    assert not_yours.ephemeral and not_yours.response.content == "Only the host or a server admin can do that."
    removed = await mod.slash(channel, "tournament remove", member=members[7])
    assert removed.ephemeral and removed.response.content == f"{members[7].name} is no longer in {TITLE}."
    assert "5 signed up" in message_by_id(channel, sign_up.id).content
    playing = members[:5]

    await env.restart_bot(make_bot())  # while signing up: nothing lost, the sign-up's buttons still answer
    again = await members[4].click(sign_up, label=label("en", "Join"))
    assert again.ephemeral and again.response.content == "You have already joined."

    not_host = await playing[0].click(sign_up, label=label("en", "Start"))
    assert not_host.ephemeral and not_host.response.content == "Only the host or a server admin can do that."
    started = await mod.click(message_by_id(channel, sign_up.id), label=label("en", "Start"))
    assert started.ephemeral
    gathering = await gatherings(env).get(gathering.id)
    assert gathering.playing and gathering.rounds == 5, "a round robin of five: five rounds, one bye each"

    met: list[frozenset[int]] = []
    for round_ in range(1, 6):
        if round_ == 3:  # between two rounds: the next is seated as if nothing happened
            await env.restart_bot(make_bot())
        tables = await round_tables(env, gathering.id, round_)
        assert [len(t.seats) for t in tables] == [2, 2]
        met += [frozenset(t.seats) for t in tables]
        await play_round(env, channel, playing, gathering.id, round_)
    assert sorted(map(sorted, met)) == sorted(map(sorted, map(frozenset, combinations([m.id for m in playing], 2))))

    final = await gatherings(env).get(gathering.id)
    assert final.state == "finished"
    ranked = await gatherings(env).standings(gathering.id)
    assert all(line.standing.byes == 1 and line.standing.played == 4 for line in ranked)
    assert sum(line.standing.points for line in ranked) == 10 + 5 * 0.5, "a point a table, half a point a bye"
    podium = bot_posts(channel)[-1]
    assert says(podium.content, "en", "🏆 **{title}** — podium") and podium.attachments

    over = await mod.slash(channel, "tournament cancel")
    assert over.ephemeral and over.response.content == \
        "There is no tournament in this channel: `/tournament new` plans one."
