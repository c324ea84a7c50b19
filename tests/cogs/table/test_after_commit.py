"""Every table status renders, and after a commit every Discord step is tried on its own: what a member reads
when one of them fails.

Each test injects at most one Discord failure (`times=1`) and checks what the member sees, the database,
and the table message's buttons. "Unchanged" may be said only when nothing was committed.
"""

from __future__ import annotations

import discord
import pytest

from bot.games.armymen.engine import Keep, Roll
from bot.games.rng import table_rng
from bot.service.lobby import MAX_HOSTED_TABLES
from cogs.games import registered
from cogs.table.errors import UNEXPECTED
from tests.cogs.helpers import (
    components,
    end_game,
    labels,
    make_move,
    message_by_id,
    move_ids,
    moves,
    shows_the_last_change,
    table_of,
    text_of,
)

GAMES = list(registered())


@pytest.fixture
def server(simcord_env):
    """Game Night with a moderator (Manage Server) beside alice and bob: (env, guild, channel, alice, bob, mod)."""
    env = simcord_env
    guild = env.create_guild(name="Game Night")
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    mods = guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    mod = guild.add_member(env.create_user("mod"), roles=[mods])
    return env, guild, channel, alice, bob, mod


async def stored(env, table_id):
    return await env.bot.tables.store.table(table_id)


def never_unchanged(*results) -> None:
    for result in results:
        texts = [result.response.content or ""] + [f.content or "" for f in result.followups]
        assert not any("unchanged" in t for t in texts), texts


async def two_seat_armymen(env, channel, alice, bob, dice):
    lobby = (await alice.slash(channel, "armymen new", pace="live")).response.message
    await bob.click(lobby, label="Join")
    dice.script(0)  # alice starts
    await alice.click(lobby, label="Start")
    return table_of(env, channel)


# --- 1, 2, 3: closing a lobby ------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
async def test_the_host_ends_a_lobby_in_every_game(server, game):
    env, _, channel, alice, _, _ = server
    lobby = (await alice.slash(channel, f"{game} new")).response.message
    table_id = table_of(env, channel).id
    ended = await alice.slash(channel, "game end")
    never_unchanged(ended)
    assert not ended.ephemeral and "ended" in ended.response.content
    assert (await stored(env, table_id)).status == "ended"
    shown = message_by_id(channel, lobby.id)
    assert not components(shown), "the lobby message keeps no Join/Start"
    assert "Closed before the game started" in text_of(shown)


async def test_an_expired_lobby_says_so_and_loses_its_buttons(server):
    env, _, channel, alice, _, _ = server
    lobby = (await alice.slash(channel, "doodle new", pace="live")).response.message
    table_id = table_of(env, channel).id
    await env.advance_time(30 * 60 + 1)
    assert (await stored(env, table_id)).status == "ended"
    assert not components(message_by_id(channel, lobby.id))
    assert "the lobby expired" in text_of(message_by_id(channel, lobby.id))
    assert "lobby closed" in channel.last_message.content
    assert not env.errors


async def test_the_last_member_leaving_a_lobby_closes_it(server):
    env, _, channel, alice, _, _ = server
    lobby = (await alice.slash(channel, "dardz new")).response.message
    table_id = table_of(env, channel).id
    left = await alice.click(lobby, label="Leave")
    never_unchanged(left)
    assert (await stored(env, table_id)).status == "ended"
    assert not components(left.response.message) and "everyone left" in text_of(left.response.message)


# --- 4: told "unchanged" after a committed change -----------------------------------------------------
async def test_opening_a_table_survives_a_failed_fetch_of_the_reply(server):
    env, _, channel, alice, bob, _ = server
    env.inject_error("GET", "/webhooks/*/messages/@original", times=1)
    opened = await alice.slash(channel, "armymen new")
    never_unchanged(opened)
    table = table_of(env, channel)
    assert table.message_id == opened.response.message.id, "the table message is recorded"
    joined = await bob.click(opened.response.message, label="Join")
    assert not joined.ephemeral and len(table_of(env, channel).seats) == 2


async def test_opening_a_table_whose_answer_fails_still_posts_it(server):
    env, _, channel, alice, _, _ = server
    env.inject_error("POST", "/interactions/*/callback", times=1)
    opened = await alice.slash(channel, "armymen new")
    never_unchanged(opened)
    table = table_of(env, channel)
    assert table is not None and table.message_id is not None
    assert "Join" in labels(message_by_id(channel, table.message_id))
    assert "Saved" in " ".join(f.content for f in opened.followups) + (opened.response.content or "")


async def test_start_with_closed_dms_and_a_failed_notice(server, dice):
    env, _, channel, alice, bob, _ = server
    lobby = (await alice.slash(channel, "armadillo new")).response.message
    await bob.click(lobby, label="Join")
    env.inject_error("POST", f"/channels/{bob.user.dm_channel.id}/messages", status=403, code=50007,
                     message="Cannot send messages to this user", times=None)
    env.inject_error("POST", f"/channels/{channel.id}/messages", times=1)  # the "I can't DM you" notice
    started = await alice.click(lobby, label="Start")
    never_unchanged(started)
    table = table_of(env, channel)
    assert table.status == "active" and (await stored(env, table.id)).status == "active"
    assert "My hand" in labels(message_by_id(channel, table.message_id))
    assert alice.user.dm_channel.history(), "the other members' DMs still went out"


async def test_ending_a_game_whose_reply_fails(server, dice):
    env, _, channel, alice, bob, _ = server
    table = await two_seat_armymen(env, channel, alice, bob, dice)
    asked = await alice.slash(channel, "game end")
    env.inject_error("POST", "/interactions/*/callback", times=1)
    ended = await alice.click(asked.response.message, label="End the table")
    never_unchanged(ended)
    assert (await stored(env, table.id)).status == "ended"
    final = message_by_id(channel, table.message_id)
    assert not components(final) and "Table closed" in text_of(final)


# --- 5: one failure never skips the rest ----------------------------------------------------------------
async def test_a_move_from_my_hand_whose_answer_fails_still_updates_the_table(server, dice):
    env, _, channel, alice, bob, _ = server
    table = await two_seat_armymen(env, channel, alice, bob, dice)
    hand = await alice.click(message_by_id(channel, table.message_id), label="My hand")
    env.inject_error("POST", "/interactions/*/callback", times=1)
    moved = await alice.click(hand.response.message, label="Roll the dice")
    never_unchanged(moved)
    after = table_of(env, channel)
    assert after.seq == table.seq + 1
    assert shows_the_last_change(env, channel, message_by_id(channel, table.message_id)), "the table is not stale"


async def test_discord_failing_before_any_change_is_a_warning_not_a_bug(server, dice, caplog):
    """My hand changes nothing: when Discord fails its answer, the member is told the game is unchanged (true
    here) and the log says Discord failed, as a warning: an ERROR is kept for the bot's own faults."""
    env, _, channel, alice, bob, _ = server
    table = await two_seat_armymen(env, channel, alice, bob, dice)
    env.inject_error("POST", "/interactions/*/callback", status=503, times=1)
    hand = await alice.click(message_by_id(channel, table.message_id), label="My hand")
    assert hand.ephemeral and hand.response.content == UNEXPECTED
    assert table_of(env, channel).seq == table.seq
    assert not [r for r in caplog.records if r.levelname == "ERROR"], [r.getMessage() for r in caplog.records]
    assert any("Discord failed" in r.getMessage() and r.levelname == "WARNING" for r in caplog.records)


async def test_a_timeout_whose_notice_fails_still_updates_everything(server, dice):
    env, _, channel, alice, bob, _ = server
    table = await two_seat_armymen(env, channel, alice, bob, dice)
    await env.advance_time(61)  # the half-time reminder
    env.inject_error("POST", f"/channels/{channel.id}/messages", times=1)  # "Time ran out …"
    await env.advance_time(60)
    after = table_of(env, channel)
    assert after.seq > table.seq, "the timeout default was played"
    assert shows_the_last_change(env, channel, message_by_id(channel, table.message_id))
    assert not any("Time ran out" in m.content for m in channel.history())
    assert not env.errors


async def test_a_finished_table_whose_last_edit_failed_can_be_shown_again(server, dice):
    env, _, channel, alice, bob, _ = server
    table = await two_seat_armymen(env, channel, alice, bob, dice)
    await alice.slash(channel, "game leave")  # the computer plays alice's seat; bob plays from My hand…
    env.inject_error("PATCH", f"/channels/{channel.id}/messages/{table.message_id}", times=None)  # …unseen
    for _ in range(200):
        current = table_of(env, channel)
        if current is None:
            break
        hand = await bob.click(message_by_id(channel, table.message_id), label="My hand")
        await make_move(bob, hand.response.message, moves(hand.response.message)[0])
    env.backend.faults.clear()
    assert (await stored(env, table.id)).status == "finished"
    stale = message_by_id(channel, table.message_id)
    assert moves(stale), "the failed edit left the old controls…"
    shown = await bob.slash(channel, "game status")
    final = text_of(shown.response.message)
    assert not shown.ephemeral and ("wins!" in final or "draw" in final)
    assert not components(shown.response.message)
    assert not components(message_by_id(channel, table.message_id)), "…and the old message is retired"


async def test_a_click_on_a_closed_tables_message_shows_its_final_state(server, dice):
    env, _, channel, alice, bob, _ = server
    table = await two_seat_armymen(env, channel, alice, bob, dice)
    message = message_by_id(channel, table.message_id)
    asked = await alice.slash(channel, "game end")
    env.inject_error("PATCH", f"/channels/{channel.id}/messages/{table.message_id}", times=None)
    env.inject_error("POST", "/interactions/*/callback", times=1)
    await alice.click(asked.response.message, label="End the table")
    env.backend.faults.clear()
    assert move_ids(message_by_id(channel, table.message_id)), "the end's edit failed"
    clicked = await bob.click(message_by_id(channel, table.message_id), custom_id=move_ids(message)[0])
    assert not clicked.ephemeral
    assert not components(message_by_id(channel, table.message_id))
    assert "Table closed" in text_of(message_by_id(channel, table.message_id))


# --- 6, 7, 8: who may end and kick; the host role; how many tables a member hosts --------------------
async def test_a_manage_server_member_may_kick_and_a_member_may_not(server, dice):
    env, _, channel, alice, bob, mod = server
    table = await two_seat_armymen(env, channel, alice, bob, dice)
    refused = await bob.slash(channel, "game kick", member=alice)
    assert refused.ephemeral and "Manage Server" in refused.response.content
    kicked = await mod.slash(channel, "game kick", member=bob)
    never_unchanged(kicked)
    assert not kicked.ephemeral and "removed" in kicked.response.content
    assert table_of(env, channel).seats[1].is_computer
    assert table_of(env, channel).id == table.id


async def test_the_host_leaving_a_running_game_passes_the_host_role_on(server, dice):
    env, guild, channel, alice, bob, _ = server
    carol = guild.add_member(env.create_user("carol"))
    lobby = (await alice.slash(channel, "doodle new")).response.message
    await bob.click(lobby, label="Join")
    await carol.click(lobby, label="Join")
    await alice.click(lobby, label="Start")
    left = await alice.slash(channel, "game leave")
    assert "bob hosts the table now" in left.response.content
    assert table_of(env, channel).host_id == bob.id
    kicked = await bob.slash(channel, "game kick", member=carol)
    assert not kicked.ephemeral
    ended = await end_game(bob, channel)
    assert not ended.ephemeral and table_of(env, channel) is None


async def test_a_member_hosts_at_most_three_open_tables_per_server(server):
    env, guild, channel, alice, _, _ = server
    for i in range(MAX_HOSTED_TABLES):
        opened = await alice.slash(guild.create_text_channel(f"table-{i}"), "armymen new")
        assert not opened.ephemeral
    refused = await alice.slash(channel, "dardz new", thread=True)
    assert refused.ephemeral and f"already host {MAX_HOSTED_TABLES} open tables" in refused.response.content
    assert UNEXPECTED not in refused.response.content
    assert table_of(env, channel) is None
    assert not env.bot.get_guild(guild.id).threads, "no empty thread is left behind"


# --- a closed table's last steps are tried again: no later update would set them right -----------------
async def play_to_the_last_move(env, channel, members):
    """Type Army Men moves (roll, or keep the lowest die) until the next one ends the game; returns it."""
    for _ in range(500):
        table = table_of(env, channel)
        (seat,) = table.to_act
        view = table.view(None)
        if not view["rolled"]:
            action, command, args = Roll(), "armymen roll", {}
        else:
            lowest = sorted(view["rolled"], key=lambda f: 0 if f == 1 else f)[0]
            action, command, args = Keep((lowest,)), "armymen set-aside", {"dice": str(lowest)}
        member = members[table.seats[seat].user_id]
        after = table.game.apply(table.state, seat, action, table_rng("seed", table.client_seeds, table.seq + 1))
        if table.game.outcome(after) is not None:
            return table, member.slash(channel, command, **args)
        await member.slash(channel, command, **args)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("failing", ["table edit", "result"])
async def test_a_finished_tables_last_edit_and_result_survive_one_failure(server, dice, failing):
    env, _, channel, alice, bob, _ = server
    table = await two_seat_armymen(env, channel, alice, bob, dice)
    table, last_move = await play_to_the_last_move(env, channel, {alice.id: alice, bob.id: bob})
    if failing == "table edit":
        env.inject_error("PATCH", f"/channels/{channel.id}/messages/{table.message_id}", times=1)
    else:
        env.inject_error("POST", f"/channels/{channel.id}/messages", times=1)
    result = await last_move
    never_unchanged(result)
    assert (await stored(env, table.id)).status == "finished"
    final = message_by_id(channel, table.message_id)
    assert labels(final) == ["Rematch", "No rematch"], "tried again: the finished table offers only a rematch"
    assert "wins!" in text_of(final) or "draw" in text_of(final)
    announced = [m.content for m in channel.history() if "See the table" in (m.content or "")]
    assert len(announced) == 1 and ("wins!" in announced[0] or "draw" in announced[0])
    assert not env.errors


async def test_taking_a_seat_back_whose_hand_fails_to_show_is_still_saved(server, dice):
    env, _, channel, alice, bob, _ = server
    table = await two_seat_armymen(env, channel, alice, bob, dice)
    for _ in range(10):  # both stay away until alice's seat is on autopilot
        if table_of(env, channel).seats[0].autopilot:
            break
        await env.advance_time(120)
    assert table_of(env, channel).seats[0].autopilot
    table = table_of(env, channel)  # the timeouts' pings may have moved the table message down
    env.inject_error("POST", "/interactions/*/callback", times=1)
    hand = await alice.click(message_by_id(channel, table.message_id), label="My hand")
    never_unchanged(hand)
    assert hand.ephemeral and "Saved" in hand.response.content
    assert not table_of(env, channel).seats[0].autopilot
    assert (await env.bot.tables.store.seats(table.id))[0].autopilot is False
    assert "My hand" in labels(message_by_id(channel, table.message_id))
    assert not env.errors
