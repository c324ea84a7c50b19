"""Service tests, away days: a member away for a weekend across three tables, a table whose every member is away
waits, a host's away:off, any move ends the absence, the budget (7, +2 each month, at most 21), and each refusal
changing nothing. The clock is fake (`svc.advance`)."""

from __future__ import annotations

import pytest

from bot.service import errors, played
from bot.service.clocks import seat_deadline

ALICE, BOB, CAROL = 101, 102, 103
HOUR, DAY = 3600, 86400


async def async_table(svc, channel: int, *members: int, pace: int = DAY, away: bool = True):
    await svc.tables.lobby.open(guild_id=svc.GUILD, channel_id=channel, game_id="armymen", host_id=members[0],
                                  host_name=f"Player {members[0]}", pace_seconds=pace, away=away)
    for user in members[1:]:
        await svc.tables.lobby.join(channel, user, f"Player {user}")
    return await svc.tables.turns.start(channel, members[0])


async def finish_turn(svc, table, seat: int):
    while table.status == "active" and seat in table.to_act:
        user = table.seats[seat].user_id
        table = await svc.tables.act(table.id, user, played(table.game.timeout_action(table.state, seat)), table.seq)
    return table


async def to_act(svc, table, user: int):
    """Play the others' turns until `user` must act."""
    seat = table.seat_of(user)
    while seat not in table.to_act:
        table = await finish_turn(svc, table, min(table.to_act))
    return table


async def test_a_member_away_for_a_weekend_across_three_tables_misses_no_turn(svc):
    tables = [await to_act(svc, await async_table(svc, 900 + i, ALICE, BOB), ALICE) for i in range(3)]
    card, paused = await svc.tables.away.go(ALICE, 3)
    back_at = svc.now.timestamp() + 3 * DAY
    assert (card.days_left, card.away_until) == (4, back_at)
    assert sorted(t.id for t in paused) == sorted(t.id for t in tables)
    for table in paused:
        seat = table.seat_of(ALICE)
        assert table.seats[seat].away_until == back_at
        assert seat_deadline(table, seat) == back_at + DAY, "her day to move comes after her return"
        assert table.deadline_at == back_at + DAY, "every human to act is away: the table waits"

    await svc.advance(days=3, hours=23)
    for table in tables:
        now = await svc.tables.cache.get_by_id(table.id)
        seat = now.seat_of(ALICE)
        assert now.seq == table.seq and now.seats[seat].timeouts == 0, "no turn of hers timed out"
    assert "timeout" not in svc.kinds()
    await svc.advance(hours=1)  # her day after the return is over: now it times out, once per table
    assert svc.kinds().count("timeout") == 3
    assert (await svc.tables.away.card(ALICE)).away_until is None


async def test_an_away_members_turn_begun_while_away_starts_after_the_return(svc):
    table = await async_table(svc, 900, ALICE, BOB)
    table = await to_act(svc, table, BOB)
    _, _ = await svc.tables.away.go(ALICE, 2)
    back_at = svc.now.timestamp() + 2 * DAY
    await svc.advance(hours=1)  # she has not touched the table for an hour: she would be called
    table = await finish_turn(svc, await svc.tables.cache.get_by_id(table.id), table.seat_of(BOB))
    seat = table.seat_of(ALICE)
    assert seat in table.to_act
    assert seat_deadline(table, seat) == back_at + DAY
    assert seat not in table.called, "a member on away days is not pinged"


async def test_a_move_ends_the_absence_and_gives_back_the_whole_days_not_begun(svc):
    first = await to_act(svc, await async_table(svc, 900, ALICE, BOB), ALICE)
    other = await to_act(svc, await async_table(svc, 901, ALICE, CAROL), CAROL)
    await svc.tables.away.go(ALICE, 5)
    await svc.advance(hours=30)  # a day and a quarter: two days begun
    seat = first.seat_of(ALICE)
    moved = await svc.tables.act(first.id, ALICE, played(first.game.timeout_action(first.state, seat)), first.seq)
    assert moved.seats[seat].away_until is None
    card = await svc.tables.away.card(ALICE)
    assert (card.days_left, card.away_until) == (7 - 2, None)
    elsewhere = await svc.tables.cache.get_by_id(other.id)
    assert elsewhere.seats[elsewhere.seat_of(ALICE)].away_until is None, "back at every table"
    assert svc.rows("SELECT away_until, days_left FROM away_members WHERE user_id = ?", ALICE) == [
        {"away_until": None, "days_left": 5}]


async def test_the_hosts_away_off_keeps_the_clock_running(svc):
    table = await to_act(svc, await async_table(svc, 900, ALICE, BOB, away=False), ALICE)
    _, paused = await svc.tables.away.go(ALICE, 2)
    assert paused == []
    await svc.advance(days=1)
    assert svc.kinds()[-1] == "timeout", "her clock ran on"
    after = await svc.tables.cache.get_by_id(table.id)
    assert after.seats[after.seat_of(ALICE)].timeouts == 1


async def test_i_am_back_restarts_the_clock_with_what_was_left(svc):
    table = await to_act(svc, await async_table(svc, 900, ALICE, BOB), ALICE)
    seat = table.seat_of(ALICE)
    await svc.advance(hours=6)  # 18 hours left
    await svc.tables.away.go(ALICE, 3)
    await svc.advance(hours=10)
    card, changed = await svc.tables.away.back(ALICE)
    assert card.days_left == 7 - 1, "one day begun is spent; two come back"
    (back,) = changed
    assert seat_deadline(back, seat) == svc.now.timestamp() + 18 * HOUR


async def test_the_budget_grows_by_two_on_the_first_of_each_month_up_to_21(svc):
    assert (await svc.tables.away.card(ALICE)).days_left == 7
    await svc.tables.away.go(ALICE, 1)
    await svc.tables.away.back(ALICE)
    assert (await svc.tables.away.card(ALICE)).days_left == 6
    svc.now = svc.now.replace(month=4, day=1, hour=0)
    assert (await svc.tables.away.card(ALICE)).days_left == 8
    svc.now = svc.now.replace(year=2026)
    assert (await svc.tables.away.card(ALICE)).days_left == 21


@pytest.mark.parametrize("why", ["beyond the budget", "from a live table", "already away", "not away"])
async def test_each_refusal_changes_nothing(svc, why):
    table = await async_table(svc, 900, ALICE, BOB)
    if why == "from a live table":
        await async_table(svc, 901, ALICE, CAROL, pace=120)
    if why == "already away":
        await svc.tables.away.go(ALICE, 2)
    before = (svc.rows("SELECT * FROM away_members"), svc.seat_rows(table.id), svc.session_row(table.id))
    with pytest.raises(errors.Refusal) as refused:
        if why == "not away":
            await svc.tables.away.back(ALICE)
        else:
            await svc.tables.away.go(ALICE, 8 if why == "beyond the budget" else 2)
    assert {"beyond the budget": "asked for 8 away days but have 7 left", "from a live table":
            "live tables never pause", "already away": "already away", "not away": "You are not away"}[why] \
        in refused.value.message
    assert (svc.rows("SELECT * FROM away_members"), svc.seat_rows(table.id), svc.session_row(table.id)) == before


async def test_a_game_begun_while_a_member_is_away_waits_for_their_return(svc):
    await svc.tables.lobby.open(guild_id=svc.GUILD, channel_id=900, game_id="armymen", host_id=BOB, host_name="bob",
                          pace_seconds=DAY)
    await svc.tables.lobby.join(900, ALICE, "alice")
    _, paused = await svc.tables.away.go(ALICE, 2)
    assert paused == [], "a lobby has no clock yet"
    table = await svc.tables.turns.start(900, BOB)
    seat = table.seat_of(ALICE)
    assert table.seats[seat].away_until == svc.now.timestamp() + 2 * DAY
    table = await to_act(svc, table, ALICE)
    assert seat_deadline(table, seat) == svc.now.timestamp() + 3 * DAY


async def test_away_until_a_day_takes_the_whole_days_begun_until_then(svc):
    table = await to_act(svc, await async_table(svc, 900, ALICE, BOB), ALICE)
    back = svc.now.replace(day=svc.now.day + 3, hour=0).timestamp()  # noon now: two and a half days away
    card, (paused,) = await svc.tables.away.go(ALICE, None, until=back)
    assert (card.days_left, card.away_until) == (7 - 3, back)
    assert seat_deadline(paused, table.seat_of(ALICE)) == back + DAY
    with pytest.raises(errors.Refusal, match="already begun"):
        await svc.tables.away.go(BOB, None, until=svc.now.timestamp() - 1)
    with pytest.raises(errors.Refusal, match="Say how long"):
        await svc.tables.away.go(BOB, 2, until=back)
    assert svc.rows("SELECT user_id FROM away_members") == [{"user_id": ALICE}], "nothing changed for bob"
