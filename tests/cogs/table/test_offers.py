"""A finished table offers its players a rematch: three members press Rematch (each press one call, the table
saying "1 of 3 wants a rematch", then "2 of 3 want") and the same game opens again below, rotated; one No ends the
offer; a press by someone else, or after the ten minutes, is refused privately and changes nothing. The buttons
survive a restart, and go from the table when the offer lapses (one edit), a restart or not."""

from __future__ import annotations

import sys
from pathlib import Path

from bot.service.table import REMATCH_WINDOW
from tests.cogs.helpers import is_message_of, labels, table_of, text_of

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from chaos_kit import send_again  # noqa: E402

LIVE_TURN = 121


async def played_out(env, channel, host, *others, game: str = "doodle"):
    """`host` opens a live table that `others` join; nobody moves, so the timeouts and then the computer (every
    seat on autopilot) play it to its end. The finished table's message."""
    lobby = (await host.slash(channel, f"{game} new", pace="live")).response.message
    for member in others:
        await member.click(lobby, label="Join")
    await host.click(lobby, label="Start")
    table_id = table_of(env, channel).id
    while table_of(env, channel) is not None:
        await env.advance_time(LIVE_TURN)
    return table_id, final_message(channel, table_id)


def final_message(channel, table_id: int):
    return [m for m in channel.history() if is_message_of(m, table_id)][-1]


async def test_a_spanish_server_counts_who_wants_a_rematch_in_spanish(spanish_server):
    env, guild, channel, alice, bob, mod = spanish_server
    lobby = (await alice.slash(channel, "armymen new", pace="live")).response.message
    await bob.click(lobby, label="Unirme")
    await alice.click(lobby, label="Empezar")
    table_id = table_of(env, channel).id
    while table_of(env, channel) is not None:
        await env.advance_time(LIVE_TURN)
    final = final_message(channel, table_id)
    assert "🔁 0 de 2 quieren la revancha" in text_of(final)
    answered = await bob.click(final, label="Revancha")
    assert "🔁 1 de 2 quiere la revancha" in text_of(answered.response.message)


async def test_three_players_press_rematch_and_the_same_game_opens_again_rotated(world, make_bot, simcord_env):
    env, channel, alice, bob = world
    carol = channel.guild.add_member(env.create_user("carol"))
    dan = channel.guild.add_member(env.create_user("dan"))
    old_id, final = await played_out(env, channel, alice, bob, carol)
    assert "wins!" in text_of(final) or "A draw!" in text_of(final)
    assert labels(final) == ["Rematch", "No rematch"]
    assert "0 of 3 want a rematch" in text_of(final)

    refused = await dan.click(final, label="Rematch")
    assert refused.ephemeral and "Only the players of table" in refused.response.content

    before = len(env.http_requests)
    answered = await bob.click(final, label="Rematch")
    assert len(env.http_requests) - before == 1, "one call: the table edited through the click"
    assert "1 of 3 wants a rematch" in text_of(answered.response.message)
    again = await bob.click(final, label="Rematch")
    assert again.ephemeral and "already asked for a rematch: waiting for alice and carol" in again.response.content

    await env.restart_bot(make_bot())  # the offer is in the database, its buttons carry the table
    await carol.click(final, label="Rematch")
    final = final_message(channel, old_id)
    assert "2 of 3 want a rematch" in text_of(final)
    before = len(env.http_requests)
    await alice.click(final, label="Rematch")
    opening = [f"{r.method} {r.path.split('/')[1]}" for r in env.http_requests[before:]]
    assert opening == ["POST interactions", "POST channels", "POST channels"], \
        "the click's answer, then the rematch's table and its first ping"
    final = final_message(channel, old_id)
    new = table_of(env, channel)
    assert new is not None and new.id != old_id and new.status == "active"
    assert f"The rematch is table {new.id}" in text_of(final) and labels(final) == []
    assert [s.user_id for s in new.seats] == [bob.id, carol.id, alice.id], "the seats rotated by one"
    assert new.to_act == {0}, "Doodle Dice: the first seat begins, bob this time"
    assert new.game.id == "doodle" and new.pace_seconds == 120
    posted = channel.history()[-2:]
    assert any(is_message_of(m, new.id) for m in posted)


async def test_one_no_ends_the_offer_and_a_late_press_is_refused(world):
    env, channel, alice, bob = world
    old_id, final = await played_out(env, channel, alice, bob)
    await alice.click(final, label="Rematch")
    declined = await bob.click(final_message(channel, old_id), label="No rematch")
    assert "**bob** declined a rematch" in text_of(declined.response.message)
    assert labels(declined.response.message) == []
    assert table_of(env, channel) is None

    other_id, other = await played_out(env, channel, alice, bob)
    before = len(env.http_requests)
    await env.advance_time(REMATCH_WINDOW + 1)
    lapsed = final_message(channel, other_id)
    assert labels(lapsed) == [], "the offer lapsed: its buttons went from the table"
    assert "The rematch offer ended" in text_of(lapsed) and "want a rematch" not in text_of(lapsed)
    assert [f"{r.method} {r.path.split('/')[1]}" for r in env.http_requests[before:]] == ["PATCH channels"], \
        "one edit, when the offer lapsed"
    late = await send_again(alice, lapsed, f"rm:{other_id}:yes")  # a client that had not redrawn it
    assert late.ephemeral and "lapsed" in late.response.content
    assert labels(final_message(channel, other_id)) == []


async def test_an_offer_lapses_from_the_table_after_a_restart_too(world, make_bot):
    env, channel, alice, bob = world
    table_id, final = await played_out(env, channel, alice, bob)
    assert labels(final) == ["Rematch", "No rematch"]
    await env.restart_bot(make_bot())
    await env.advance_time(REMATCH_WINDOW + 1)  # the new process's timer finds the lapse in the database
    assert labels(final_message(channel, table_id)) == []
    assert "The rematch offer ended" in text_of(final_message(channel, table_id))
