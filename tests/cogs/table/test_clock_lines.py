"""Clocks played through Discord as members use them: a member away for a weekend across three async tables, a time
bank that drains and refills, Armadillo's answers each on its own clock, a vote to replace an absent member, and
each refusal private with why, nothing changed — in English and in Spanish."""

from __future__ import annotations

from datetime import timedelta

import discord

from tests.cogs.helpers import (
    labels,
    last_table_message,
    make_move,
    message_by_id,
    moves,
    read,
    table_of,
    text_of,
)

DAY, HOUR = 86_400, 3_600
LIVE_TURN = 121


def member_for(table, members, seat):
    return next(m for m in members if m.id == table.seats[seat].user_id)


async def armymen_table(env, channel, alice, bob, dice, *, join="Join", start="Start", **options):
    lobby = (await alice.slash(channel, "armymen new", **options)).response.message
    await bob.click(lobby, label=join)
    dice.script(0)  # AMD-R6: alice starts
    await alice.click(lobby, label=start)
    return table_of(env, channel)


async def play_turn(env, channel, members, seat):
    """The seat's member plays the first move offered until their turn is over."""
    while (table := table_of(env, channel)) is not None and seat in table.to_act:
        message = message_by_id(channel, table.message_id)
        result = await make_move(member_for(table, members, seat), message, moves(message)[0])
        assert not result.ephemeral, result.response.content
    return table_of(env, channel)


async def test_a_member_away_for_a_weekend_across_three_tables(world, dice):
    env, channel, alice, bob = world
    channels = [channel, channel.guild.create_text_channel("games-2"), channel.guild.create_text_channel("games-3")]
    for where in channels:
        await armymen_table(env, where, alice, bob, dice, pace="async")
    before = len(env.http_requests)
    away = await alice.slash(channel, "me away", days=3)
    assert away.ephemeral and "4 away days left" in away.response.content
    assert "away until <t:" in away.response.content
    assert len(env.http_requests) - before == 1 + 3, "the answer, and one edit of each table"
    for where in channels:
        shown = text_of(message_by_id(where, table_of(env, where).message_id))
        assert "⏸ **alice** is away until <t:" in shown

    await env.advance_time(2 * DAY + 20 * HOUR)  # the weekend: her day per move would have run out twice
    for where in channels:
        table = table_of(env, where)
        assert table.seats[0].timeouts == 0 and 0 in table.to_act, "no turn of hers timed out"
        assert not any("Time ran out" in m.content for m in where.history())

    table = table_of(env, channels[0])
    message = message_by_id(channels[0], table.message_id)
    before = len(env.http_requests)
    await make_move(alice, message, moves(message)[0])  # her move ends the absence, at every table
    assert len(env.http_requests) - before == 1 + 2, "the move (through its click), one edit at each other table"
    await play_turn(env, channels[0], [alice, bob], 0)
    for where in channels[1:]:
        assert "is away" not in text_of(message_by_id(where, table_of(env, where).message_id))
    card = await alice.slash(channel, "me back")
    assert card.ephemeral and card.response.content == "You are not away."
    beyond = await alice.slash(channel, "me away", days=5)
    assert "have 4 left" in beyond.response.content, "her three days were all begun: none came back"
    back = discord.utils.utcnow().date() + timedelta(days=4)  # the simulated clock's day, four days on
    again = await alice.slash(channel, "me away", until=back.isoformat())
    assert "0 away days left" in again.response.content, "until midnight four days on: four whole days begun"


async def test_a_bank_drains_and_refills_on_the_table(world, dice):
    env, channel, alice, bob = world
    await armymen_table(env, channel, alice, bob, dice, pace="casual", clock="bank")
    shown = text_of(message_by_id(channel, table_of(env, channel).message_id))
    assert "⏱ time bank 3 h, +1 h a turn" in shown
    assert "⏱ Time left: **alice** ⏳ runs out <t:" in shown and "**bob** 3 h" not in shown, \
        "bob's bank starts on his turn"
    await env.advance_time(2 * HOUR + 30 * 60)
    table = await play_turn(env, channel, [alice, bob], 0)
    assert "**alice** 30 min" in text_of(message_by_id(channel, table.message_id)), "the time she took came out"
    await play_turn(env, channel, [alice, bob], 1)
    table = table_of(env, channel)
    assert table.seats[0].bank == HOUR + 30 * 60, "+1 hour for her new turn"
    await env.advance_time(HOUR + 30 * 60)  # her bank runs out: the rules' timeout default plays her turn
    assert any("Time ran out" in m.content for m in channel.history())
    table = table_of(env, channel)
    assert table.seats[0].timeouts == 1
    while 0 not in table.to_act:  # (Army Men: who rolls first in a new battle depends on the last)
        table = await play_turn(env, channel, [alice, bob], 1)
    assert table.seats[0].bank == HOUR, "emptied, then refilled by an hour"
    assert "⏱ Time left: **alice** ⏳ runs out <t:" in text_of(message_by_id(channel, table.message_id))


async def test_armadillo_answers_each_on_its_own_clock(world):
    env, channel, alice, bob = world
    lobby = (await alice.slash(channel, "armadillo new", pace="casual", clock="bank")).response.message
    await bob.click(lobby, label="Join")
    await alice.click(lobby, label="Start")
    members = [alice, bob]
    table = table_of(env, channel)
    (roller,) = table.to_act
    slow, quick = member_for(table, members, roller), member_for(table, members, 1 - roller)
    await slow.slash(channel, "armadillo roll", blue=1)
    await quick.slash(channel, "armadillo respond")
    await env.advance_time(2 * HOUR)
    await slow.slash(channel, "armadillo respond")  # two hours taken: one left in the roller's bank
    table = table_of(env, channel)
    while len(table.to_act) != 2:  # the next roll
        (seat,) = table.to_act
        await member_for(table, members, seat).slash(channel, "armadillo roll", blue=1)
        table = table_of(env, channel)
    await env.advance_time(2 * HOUR)  # the roller's bank (an hour, +1) is empty; the other's three hours are not
    table = table_of(env, channel)
    assert table.to_act == {1 - roller}, "the slow member's answer was the rules' default; the other still answers"
    assert table.seats[roller].timeouts == 1 and table.seats[1 - roller].timeouts == 0
    assert "⏱ Time left:" in text_of(message_by_id(channel, table.message_id))


async def test_a_vote_to_replace_an_absent_member(world, client_languages):
    env, channel, alice, bob = world
    carol = channel.guild.add_member(env.create_user("carol"))
    dave = channel.guild.add_member(env.create_user("dave"))
    client_languages[dave.id] = "es-ES"
    lobby = (await alice.slash(channel, "armadillo new", pace="live")).response.message
    await bob.click(lobby, label="Join")
    await carol.click(lobby, label="Join")
    await alice.click(lobby, label="Start")
    members = [alice, bob, carol]
    absent = table_of(env, channel).seat_of(carol.id)
    while not (table := table_of(env, channel)).seats[absent].autopilot:  # carol misses three turns
        present = sorted(table.to_act - {absent})
        if not present:
            await env.advance_time(LIVE_TURN)
            continue
        member = member_for(table, members, present[0])
        rolling = table.view(None).get("phase") == "roll"
        if rolling:
            await member.slash(channel, "armadillo roll", blue=1)
        else:
            await member.slash(channel, "armadillo respond")
    message = message_by_id(channel, table.message_id)
    assert "A majority of the 2 other players may replace them" in text_of(message)
    assert {"Replace by the computer", "End unrated"} <= set(labels(message))

    before = (table_of(env, channel).seats, len(channel.history()))
    outsider = await dave.click(message, label="Replace by the computer")
    assert outsider.ephemeral and "Solo los demás jugadores de esta mesa pueden votar" in outsider.response.content
    own = await carol.click(message, label="End unrated")
    assert own.ephemeral and "your own seat" in own.response.content
    assert (table_of(env, channel).seats, len(channel.history())) == before, "refused: nothing changed"

    first = await bob.click(message, label="Replace by the computer")
    assert first.ephemeral and "1 to replace carol, 0 to end the table, of 2 players" in first.response.content
    assert not table_of(env, channel).seats[absent].is_computer, "one of two is not a majority"
    await alice.click(message_by_id(channel, table_of(env, channel).message_id), label="Replace by the computer")
    table = table_of(env, channel)
    assert table.seats[absent].is_computer and table.seats[absent].user_id == carol.id
    assert any("the computer plays for carol to the end of the game" in m.content for m in channel.history()), \
        [m.content for m in channel.history()][-3:]
    assert "Replace by the computer" not in labels(message_by_id(channel, table.message_id))


async def test_away_refusals_are_private_and_change_nothing(world, client_languages):
    env, channel, alice, bob = world
    client_languages[bob.id] = "es-ES"
    beyond = await alice.slash(channel, "me away", days=8)
    assert beyond.ephemeral and "You asked for 8 away days but have 7 left" in beyond.response.content
    lobby = (await bob.slash(channel, "armymen new", pace="live")).response.message
    await alice.click(lobby, label="Join")
    await bob.click(lobby, label="Start")
    live = await bob.slash(channel, "me away", days=2)
    assert live.ephemeral and "las mesas live nunca se detienen" in live.response.content
    assert (await bob.slash(channel, "me back")).response.content == "No estás ausente."
    typo = await bob.slash(channel, "me away", until="24/12/2026")
    assert typo.ephemeral and "año-mes-día" in typo.response.content
    both = await alice.slash(channel, "me away", days=2, until="2026-12-24")
    assert both.ephemeral and "Say how long you are away" in both.response.content
    assert env.bot.store is not None
    rows = await env.bot.tables.away.card(bob.id)
    assert (rows.days_left, rows.away_until) == (7, None), "nothing changed"


async def test_a_spanish_server_reads_the_clocks_in_spanish(spanish_server, dice):
    env, guild, channel, alice, bob, mod = spanish_server
    await armymen_table(env, channel, alice, bob, dice, join="Unirme", start="Empezar", pace="casual", clock="bank")
    away = await bob.slash(channel, "me away", days=2)  # bob's client is Spanish
    assert away.ephemeral and "🏖 te quedan 5 días de ausencia · ⏸ ausente hasta el <t:" in away.response.content
    shown = text_of(message_by_id(channel, table_of(env, channel).message_id))
    assert "⏸ **bob** está ausente hasta el <t:" in shown
    assert "⏱ reserva de tiempo 3 h, +1 h por turno" in shown
    assert "⏱ Tiempo restante: **alice** ⏳ se agota <t:" in shown


async def test_the_computer_that_replaced_an_absent_member_wins_for_itself_and_the_member_loses(world, dice):
    """Bob misses three turns; alice votes to replace him; the computer plays his seat against alice, who sets
    aside her worst dice every time, and wins. The table says the computer won; bob's /stats and the season's
    leaderboard count a loss for him, never that win."""
    env, channel, alice, bob = world
    mods = channel.guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    mod = channel.guild.add_member(env.create_user("mod"), roles=[mods])
    assert not (await mod.slash(channel, "season start", name="Spring")).ephemeral
    table = await armymen_table(env, channel, alice, bob, dice, pace="live")
    absent = table.seat_of(bob.id)

    async def alice_plays_her_worst() -> None:
        message = message_by_id(channel, table_of(env, channel).message_id)
        await make_move(alice, message, moves(message)[-1])  # the roll, or the keep menu's costliest

    while not (table := table_of(env, channel)).seats[absent].autopilot:
        if table.seat_of(alice.id) in table.to_act:
            await alice_plays_her_worst()
        else:
            await env.advance_time(LIVE_TURN)
    await alice.click(message_by_id(channel, table.message_id), label="Replace by the computer")
    assert table_of(env, channel).seats[absent].is_computer
    while table_of(env, channel) is not None:
        await alice_plays_her_worst()

    result = channel.history()[-1].content
    assert "🏆 🤖 **Computer for bob** wins!" in result, result
    assert "🤖 The computer finished the game for **bob**: a loss for them." in result
    final = read(last_table_message(channel))
    assert "Computer for bob wins!" in final, "the table, its picture's description included, says so too"
    assert "🥇 🤖 Computer for bob · normal" in final
    stats = (await alice.slash(channel, "stats", member=bob, game="armymen")).response.message
    assert "0 won of 1" in text_of(stats) and "place 2 of 2" in text_of(stats), text_of(stats)
    board = text_of((await alice.slash(channel, "leaderboard", game="armymen")).response.message)
    assert "season Spring" in board and "bob — " in board and "won 0 of 1" in board.split("bob — ")[1], board
