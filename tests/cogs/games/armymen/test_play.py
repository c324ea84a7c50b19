"""Army Men Dice War played through Discord as players would: slash commands and buttons."""

from __future__ import annotations

import re
import sqlite3
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[4] / "benchmarks"))

from chaos_kit import send_again  # noqa: E402

from tests.cogs.helpers import (
    add_computer,
    end_game,
    labels,
    last_table_message,
    make_move,
    message_by_id,
    move_ids,
    moves,
    table_of,
    tables,
    text_of,
)


async def open_two_player_table(env, channel, alice, bob, dice, *, starter=0, **options):
    result = await alice.slash(channel, "armymen new", **options)
    lobby = result.response.message
    assert "Lobby" in text_of(lobby)
    joined = await bob.click(lobby, label="Join")
    assert not joined.ephemeral
    dice.script(starter)  # AMD-R6: the first starter is drawn at the start
    await alice.click(lobby, label="Start")
    return table_of(env, channel)


def member_for(table, members, seat):
    return next(m for m in members if m.id == table.seats[seat].user_id)


async def play_out_with_buttons(env, channel, members, max_moves=500):
    """Whoever must act plays the table message's first move (Roll the dice, or the cheapest keep in the keep
    menu), until the game ends."""
    for _ in range(max_moves):
        table = table_of(env, channel)
        if table is None:
            return
        (seat,) = table.to_act
        message = message_by_id(channel, table.message_id)
        offered = moves(message)
        assert offered, f"no moves on the table message: {text_of(message)}"
        result = await make_move(member_for(table, members, seat), message, offered[0])
        assert not result.ephemeral, result.response.content
    raise AssertionError("the game did not end")


async def test_two_members_play_a_whole_game_with_buttons(world, dice):
    env, channel, alice, bob = world
    table = await open_two_player_table(env, channel, alice, bob, dice, pace="live")
    assert table.status == "active" and table.to_act == {0}
    first = message_by_id(channel, table.message_id)
    assert "Roll the dice" in labels(first)
    await play_out_with_buttons(env, channel, [alice, bob])
    final = last_table_message(channel)
    assert "wins!" in text_of(final) or "draw" in text_of(final)
    assert not move_ids(final), "a finished table offers no moves"
    announcement = channel.last_message
    assert "wins!" in announcement.content or "draw" in announcement.content


async def test_a_whole_campaign_with_slash_commands(world, dice, tmp_path):
    env, channel, alice, bob = world
    table = await open_two_player_table(env, channel, alice, bob, dice, pace="casual", campaign=True)
    assert table.options == {"campaign": True}
    members = [alice, bob]
    for _ in range(2000):
        table = table_of(env, channel)
        if table is None:
            break
        (seat,) = table.to_act
        member = member_for(table, members, seat)
        view = table.view(None)
        if not view["rolled"]:
            result = await member.slash(channel, "armymen roll")
        else:
            lowest = sorted(view["rolled"], key=lambda f: 0 if f == 1 else f)[0]
            result = await member.slash(channel, "armymen set-aside", dice=str(lowest))
        assert result.ephemeral and result.response.content.startswith("✅ ")
    with sqlite3.connect(tmp_path / "bot.sqlite3") as db:
        games = db.execute("SELECT game, COUNT(*) FROM results GROUP BY game").fetchall()
        (state_game,) = db.execute("SELECT status FROM sessions").fetchone()
    assert games == [("armymen", 2)] and state_game == "finished"
    final = channel.last_message
    assert "wins!" in final.content or "draw" in final.content


async def test_a_game_against_the_computer(world, dice):
    env, channel, alice, _ = world
    lobby = (await alice.slash(channel, "armymen new")).response.message
    await add_computer(alice, lobby)
    dice.script(1)  # the computer starts: it plays its whole turn before alice is asked
    await alice.click(lobby, label="Start")
    table = table_of(env, channel)
    assert table.to_act == {0}
    assert table.view(None)["done"] == [False, True], "the computer played its turn at once"
    assert "Computer 1" in text_of(message_by_id(channel, table.message_id))
    await play_out_with_buttons(env, channel, [alice])
    assert "wins!" in channel.last_message.content or "draw" in channel.last_message.content


async def test_a_restart_mid_game_keeps_old_buttons_working(world, dice, make_bot):
    env, channel, alice, bob = world
    table = await open_two_player_table(env, channel, alice, bob, dice)
    message = message_by_id(channel, table.message_id)
    await alice.click(message, label="Roll the dice")
    before = table_of(env, channel)
    await env.restart_bot(make_bot())
    await tables(env).cache.open_tables()  # the new process rebuilds tables when first touched
    after = table_of(env, channel)
    assert after.state == before.state and after.seq == before.seq
    message = message_by_id(channel, after.message_id)  # sent before the restart
    result = await make_move(alice, message, moves(message)[0])
    assert not result.ephemeral
    assert table_of(env, channel).seq > after.seq
    await play_out_with_buttons(env, channel, [alice, bob])
    assert table_of(env, channel) is None


async def test_an_old_button_is_refused_and_changes_nothing(world, dice):
    """A button offered before a move (here in alice's private hand view) is stale once the move is made."""
    env, channel, alice, bob = world
    table = await open_two_player_table(env, channel, alice, bob, dice)
    dice.script(1, 1, 1, 1, 1)
    await alice.click(message_by_id(channel, table.message_id), label="Roll the dice")
    hand = (await alice.slash(channel, "game hand")).response.message  # ephemeral, offers "Set aside 1" now
    table_message = message_by_id(channel, table.message_id)
    dice.script(1, 1, 1, 1)
    await make_move(alice, table_message, moves(table_message)[0])
    now = table_of(env, channel)
    result = await make_move(alice, hand, moves(hand)[0])  # the same move, offered one move ago
    assert result.ephemeral
    assert "already made" in result.response.content
    assert table_of(env, channel).seq == now.seq and table_of(env, channel).state == now.state


async def test_a_double_click_after_the_table_changed_is_answered_and_applies_once(world, dice):
    """The second click of a double click reaches the bot after the first one edited the message: its button
    is no longer shown there (discord.py alone would leave it unanswered: "This interaction failed"). It is
    refused as a move already made, ephemerally, and the table stays as the first click left it."""
    env, channel, alice, bob = world
    table = await open_two_player_table(env, channel, alice, bob, dice)
    message = message_by_id(channel, table.message_id)
    roll = move_ids(message)[0]
    dice.script(1, 2, 3, 4, 5)
    first = await alice.click(message, custom_id=roll)
    after = table_of(env, channel)
    assert after.seq == table.seq + 1 and roll not in move_ids(message_by_id(channel, table.message_id))
    second = await send_again(alice, message, roll)
    assert first.acknowledged and second.acknowledged, "every click gets an answer"
    assert second.ephemeral and "already made" in second.response.content
    assert table_of(env, channel).seq == after.seq and table_of(env, channel).state == after.state


async def test_refusals_are_ephemeral_and_change_nothing(world, dice):
    env, channel, alice, bob = world
    carol = env.guild.add_member(env.create_user("carol"))
    table = await open_two_player_table(env, channel, alice, bob, dice)
    message = message_by_id(channel, table.message_id)
    cases = [
        (bob.click(message, label="Roll the dice"), "not your turn: the table is waiting for alice."),
        (carol.click(message, label="Roll the dice"), "not seated"),
        (carol.slash(channel, "armymen new"), "already open"),
        (carol.slash(channel, "game join"), "already started"),
        (bob.slash(channel, "game end"), "Only the host"),
        (alice.slash(channel, "armymen set-aside", dice="7"), "faces"),
        (bob.slash(channel, "armymen set-aside", dice="7"), "waiting for alice"),
        (alice.slash(channel, "armymen set-aside", dice="1"), "Roll your dice first"),
    ]
    for call, expected in cases:
        result = await call
        assert result.ephemeral, expected
        assert expected.lower() in result.response.content.lower()
        assert table_of(env, channel).seq == table.seq


async def test_a_timed_out_player_gets_the_default_then_autopilot(world, dice):
    env, channel, alice, bob = world
    table = await open_two_player_table(env, channel, alice, bob, dice, pace="live")
    await env.advance_time(61)
    assert not any("reminder" in m.content for m in channel.history()), \
        "alice started the live game a minute ago: she is watching it, and is not reminded"
    await env.advance_time(60)
    after = table_of(env, channel)
    assert after.seq > table.seq + 1 and after.to_act == {1}, "one deadline played alice's whole turn"
    assert after.seats[0].timeouts == 1, "…counted as one missed turn"
    assert any("Time ran out" in m.content for m in channel.history())
    called = channel.last_message
    assert called.content.startswith(f"<@{bob.id}>"), "bob, away for two minutes, is called as his turn begins"
    await env.advance_time(61)
    reminder = channel.last_message
    assert "reminder" in reminder.content and f"<@{bob.id}>" in reminder.content
    assert called.id not in [m.id for m in channel.history()], "the reminder replaced the ping before it"
    for _ in range(8):  # both stay away: each deadline finishes the turn of whoever is on turn
        if table_of(env, channel).seats[0].autopilot:
            break
        await env.advance_time(120)
    seat = table_of(env, channel).seats[0]
    assert seat.autopilot, "3 timeouts in a row put the seat on autopilot"
    assert any("the computer plays the seat" in m.content for m in channel.history())
    table = table_of(env, channel)
    hand = await alice.click(message_by_id(channel, table.message_id), label="My hand")
    assert hand.ephemeral
    assert not table_of(env, channel).seats[0].autopilot, "pressing My hand takes the seat back"


async def test_leaderboard_and_stats_after_games(world, dice):
    env, channel, alice, bob = world
    for _ in range(2):
        await open_two_player_table(env, channel, alice, bob, dice)
        await play_out_with_buttons(env, channel, [alice, bob])
    board = await alice.slash(channel, "leaderboard", game="armymen")
    text = text_of(board.response.message)
    assert "alice" in text and "bob" in text and "<@" not in text, "names, not raw mentions"
    assert " of 2 (" in text and "(provisional)" in text and "Everyone starts at 1000" in text
    assert "μ" not in text and "OpenSkill" not in text
    ratings = [int(n) for n in re.findall(r"\*\*(\d+)\*\*", text)]
    assert len(ratings) == 2 and ratings[0] > 1000 > ratings[1] > 0, text
    combined = text_of((await alice.slash(channel, "leaderboard")).response.message)
    assert combined.count("alice") == 1 and "Army Men" in combined, "one ranking per game, each member once"
    stats = await bob.slash(channel, "stats", member=alice)
    text = text_of(stats.response.message)
    assert "of 2" in text and "Recent games" in text and "rating" in text


async def test_rest_calls_per_move_stay_low(world, dice):
    env, channel, alice, bob = world
    table = await open_two_player_table(env, channel, alice, bob, dice)
    counts = []
    for _ in range(6):
        table = table_of(env, channel)
        (seat,) = table.to_act
        message = message_by_id(channel, table.message_id)
        before = len(env.http_requests)
        await make_move([alice, bob][seat], message, moves(message)[0])
        after = table_of(env, channel)
        if after.to_act == table.to_act:  # the move did not end the turn
            counts.append(len(env.http_requests) - before)
    assert counts and sum(counts) / len(counts) <= 2, counts


async def test_leaving_a_running_game_hands_the_seat_to_the_computer(world, dice):
    env, channel, alice, bob = world
    await open_two_player_table(env, channel, alice, bob, dice, starter=1)
    result = await bob.slash(channel, "game leave")
    assert not result.ephemeral and "computer plays their seat" in result.response.content
    table = table_of(env, channel)
    assert table.seats[1].is_computer and table.to_act == {0}, "the computer played bob's turn at once"
    await play_out_with_buttons(env, channel, [alice])
    assert table_of(env, channel) is None


async def test_the_host_ends_a_table_unrated(world, dice, tmp_path):
    env, channel, alice, bob = world
    table = await open_two_player_table(env, channel, alice, bob, dice)
    result = await end_game(alice, channel)
    assert not result.ephemeral and "not rated" in result.response.content
    assert table_of(env, channel) is None
    assert "Not rated" in text_of(message_by_id(channel, table.message_id))
    with sqlite3.connect(tmp_path / "bot.sqlite3") as db:
        assert db.execute("SELECT COUNT(*) FROM results").fetchone() == (0,)
    again = await bob.slash(channel, "armymen new")  # the channel is free again
    assert not again.ephemeral


async def test_ending_a_running_game_asks_first(world, dice):
    env, channel, alice, bob = world
    table = await open_two_player_table(env, channel, alice, bob, dice)
    refused = await bob.slash(channel, "game end")
    assert refused.ephemeral and "Only the host" in refused.response.content
    asked = await alice.slash(channel, "game end")
    assert asked.ephemeral and [c.label for c in asked.response.message.components[0].children] == [
        "End the table", "Keep playing"]
    kept = await alice.click(asked.response.message, label="Keep playing")
    assert kept.response.content == "The game goes on." and table_of(env, channel).seq == table.seq
    ended = await end_game(alice, channel)
    assert "ended the Army Men Dice War table" in ended.response.content and table_of(env, channel) is None
    final = text_of(last_table_message(channel))
    assert "Table closed" in final and "Set aside" not in final and "rolls" not in final.split("Players")[0]


async def test_a_discord_outage_after_a_move_loses_nothing(world, dice):
    env, channel, alice, bob = world
    table = await open_two_player_table(env, channel, alice, bob, dice)
    env.inject_error("PATCH", f"/channels/{channel.id}/messages/{table.message_id}", status=500, code=0,
                     message="Internal Server Error", times=None)
    result = await alice.slash(channel, "armymen roll")
    assert result.ephemeral
    assert "Saved" in result.response.content, "the player learns the move stands"
    assert table_of(env, channel).seq == table.seq + 1
    assert not env.errors, "the failed edit was logged; nothing escaped"
    shown = await alice.slash(channel, "game status")
    assert "rolled" in text_of(shown.response.message)


async def test_the_host_adds_and_removes_computer_players_in_the_lobby(world):
    env, channel, alice, bob = world
    await alice.slash(channel, "armymen new")
    await alice.slash(channel, "game addbot")
    assert [s.name for s in table_of(env, channel).seats] == ["alice", "Computer 1"]
    refused = await alice.slash(channel, "game addbot")
    assert refused.ephemeral and "full" in refused.response.content
    assert (await bob.slash(channel, "game removebot")).ephemeral, "only the host"
    await alice.slash(channel, "game removebot")
    assert [s.name for s in table_of(env, channel).seats] == ["alice"]
    joined = await bob.slash(channel, "game join")
    assert joined.response.content.startswith("✅ ") and len(table_of(env, channel).seats) == 2
