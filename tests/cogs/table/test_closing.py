"""A finished table whose final edit keeps failing (Discord 5xx) is tried again later — with the next touch of
its channel, and on a timer — until the finished table, without its move buttons (only its rematch offer), is
shown. So is its result's announcement, which the service keeps until it is posted (bot/service/outbox.py): at
the timer's next round, with a touch of the channel, after a restart — and once, even when the post went through
but its bookkeeping did not."""

from __future__ import annotations

import sqlite3

from db.store import CLAIM_SECONDS
from tests.cogs.helpers import (
    components,
    end_game,
    labels,
    make_move,
    message_by_id,
    moves,
    start_against_a_computer,
    table_of,
    text_of,
)

LIVE_TURN = 121  # seconds: past a live table's deadline


async def test_a_finished_table_is_shown_once_discord_answers_again(world):
    env, channel, alice, _ = world
    table_id = await start_against_a_computer(env, channel, alice, "armymen")
    for _ in range(2):  # two missed turns; the third puts alice on autopilot and the computer finishes the game
        await env.advance_time(LIVE_TURN)
    message_id = table_of(env, channel).message_id
    env.inject_error("PATCH", f"/channels/{channel.id}/messages/{message_id}", times=None)
    await env.advance_time(LIVE_TURN)
    assert (await env.bot.tables.store.table(table_id)).status == "finished"
    assert "wins!" in channel.last_message.content or "draw" in channel.last_message.content, "result announced"
    assert "My hand" in labels(message_by_id(channel, message_id)), "every try of the final edit failed"
    await env.advance_time(30)
    assert "My hand" in labels(message_by_id(channel, message_id)), "still failing: still not shown"
    env.backend.faults.clear()
    await env.advance_time(60)  # the next round of the timer
    final = message_by_id(channel, message_id)
    assert labels(final) == ["Rematch", "No rematch"] and ("wins!" in text_of(final) or "draw" in text_of(final))
    assert not env.errors


async def test_an_ended_table_is_shown_with_the_next_touch_of_its_channel(world):
    env, channel, alice, bob = world
    await start_against_a_computer(env, channel, alice, "doodle")
    message_id = table_of(env, channel).message_id
    env.inject_error("PATCH", f"/channels/{channel.id}/messages/{message_id}", times=None)
    await end_game(alice, channel)
    assert components(message_by_id(channel, message_id)), "the end's edit failed"
    env.backend.faults.clear()
    await bob.slash(channel, "leaderboard")  # anything in the channel
    final = message_by_id(channel, message_id)
    assert not components(final) and "Table closed" in text_of(final)
    assert not env.errors


def results(channel) -> list:
    """The result announcements posted in the channel."""
    return [m for m in channel.history() if m.content.startswith(("🏆", "🤝"))]


async def played_to_the_end(env, channel, alice) -> int:
    """Alice plays Army Men against a computer to the end, by its first move (a button or the keep menu's first
    option): the table's id."""
    table_id = await start_against_a_computer(env, channel, alice, "armymen")
    while (table := table_of(env, channel)) is not None:
        message = message_by_id(channel, table.message_id)
        await make_move(alice, message, moves(message)[0])
    assert (await env.bot.tables.store.table(table_id)).status == "finished"
    return table_id


async def finished_while_posting_fails(env, channel, alice, times: int | None = 3) -> int:
    """`played_to_the_end`, while posting in the channel fails `times` times (None: always) with Discord's 500 —
    three: the three tries of the result's announcement."""
    env.inject_error("POST", f"/channels/{channel.id}/messages", status=500, times=times)
    table_id = await played_to_the_end(env, channel, alice)
    assert results(channel) == []
    return table_id


async def test_a_result_discord_refused_three_times_is_posted_once_at_the_timers_next_round(world):
    env, channel, alice, _ = world
    table_id = await finished_while_posting_fails(env, channel, alice)
    await env.advance_time(29)
    assert results(channel) == [], "due again 30 seconds on"
    await env.advance_time(1)
    (posted,) = results(channel)
    assert "[See the table](" in posted.content
    await env.advance_time(3600)
    assert len(results(channel)) == 1, "posted once"
    assert await outbox(env, table_id) == [], "nothing left to show: the offer lapsed, the result was posted"


async def test_a_result_not_posted_goes_with_the_next_touch_of_its_channel(world):
    env, channel, alice, bob = world
    await finished_while_posting_fails(env, channel, alice)
    await bob.slash(channel, "leaderboard")  # anything in the channel
    assert len(results(channel)) == 1
    await env.advance_time(60)
    assert len(results(channel)) == 1, "the timer finds nothing more to post"


async def test_a_result_not_posted_before_a_restart_is_posted_once_after_it(world, make_bot):
    env, channel, alice, _ = world
    table_id = await finished_while_posting_fails(env, channel, alice, times=None)
    await env.restart_bot(make_bot())  # a new process: the result waits in the database, not in memory
    env.backend.faults.clear()
    await env.advance_time(30)
    assert len(results(channel)) == 1
    await env.advance_time(3600)
    assert len(results(channel)) == 1 and await outbox(env, table_id) == []


async def test_a_result_posted_whose_bookkeeping_failed_is_not_posted_twice(world):
    """Discord took the result, but the database was away when the outbox heard of it: its claim lapses and the
    timer posts it again — with the table's nonce, which Discord enforces, so it stays one message."""
    env, channel, alice, _ = world
    driver = env.bot.tables.store._db
    execute, failed = driver.execute, []

    async def away_once(sql, args, **options):
        if sql.startswith("DELETE FROM outbox") and not failed:
            failed.append(sql)
            raise sqlite3.OperationalError("database is locked")
        return await execute(sql, args, **options)

    driver.execute = away_once
    table_id = await played_to_the_end(env, channel, alice)
    assert failed and len(results(channel)) == 1 and await outbox(env, table_id) != []
    await env.advance_time(CLAIM_SECONDS + 1)
    assert len(results(channel)) == 1, "the same nonce again within minutes: Discord gives back the first"
    assert [kind for kind, _ in await outbox(env, table_id)] == ["offer_lapsed"], "the second post was recorded"


async def outbox(env, table_id: int) -> list[tuple[str, float]]:
    rows = await env.bot.tables.store._all("SELECT kind, due_at FROM outbox WHERE session_id = ?", (table_id,))
    return [(r["kind"], r["due_at"]) for r in rows]
