"""Service tests, time: half-time reminders, timeout defaults, autopilot, and lobby expiry.

The clock is fake: `svc.advance(...)` moves it and calls `expire_due()` as the timer task would; the
listener's calls are recorded in `svc.heard` / `svc.kinds()`.
"""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest

from bot.games.doodle import Block, Draw
from bot.games.rng import table_rng
from bot.service import PACES, errors, played

ALICE, BOB, CAROL, DAVE = 101, 102, 103, 104
CHANNEL = 900
LIVE = PACES["live"]  # 2-minute turns


def seat_row(svc, table_id: int, seat: int) -> dict:
    return svc.seat_rows(table_id)[seat]


async def live_game(svc):
    """Alice against Bob at live pace; returns the table and the seat (and its member) on turn."""
    table = await svc.started(CHANNEL, ALICE, BOB, pace=LIVE)
    (seat,) = table.to_act
    return table, seat, table.seats[seat].user_id


async def test_a_half_time_reminder_is_sent_once(svc):
    table, seat, _ = await live_game(svc)
    assert await svc.advance(seconds=LIVE / 2 - 1) == []
    assert svc.kinds() == []
    await svc.advance(seconds=1)
    assert svc.kinds() == ["reminder"]
    reminded = svc.heard[0][1]
    assert reminded.id == table.id and reminded.to_act == {seat} and reminded.seq == 0
    assert svc.session_row(table.id)["reminder_at"] is None
    assert svc.event_count(table.id) == 0  # a reminder moves nothing
    await svc.advance(seconds=10)
    assert svc.kinds() == ["reminder"]  # not again


async def miss_turns(svc, table, seat: int, turns: int):
    """`seat`'s member misses `turns` turns: each deadline finishes one; the other member plays theirs."""
    for _ in range(turns):
        await svc.advance(seconds=LIVE)
        table = await svc.tables.cache.get_by_id(table.id)
        while table.status == "active" and seat not in table.to_act and not table.seats[seat].autopilot:
            table = await svc.play(table, moves=1)
    return table


async def test_one_deadline_finishes_the_absent_members_whole_turn_as_one_timeout(svc):
    """DD-R12's rule for every game (Game.turn_key): Army Men's turn is a roll and its set-asides."""
    table, seat, _ = await live_game(svc)
    await svc.advance(seconds=LIVE - 1)
    assert svc.event_count(table.id) == 0
    await svc.advance(seconds=1)
    assert svc.kinds()[-1] == "timeout"
    after = await svc.tables.cache.get_by_id(table.id)
    events = svc.events(table.id)
    assert len(events) >= 2, "the roll and every set-aside of the turn"
    assert {(s, by) for _, s, _, by in events} == {(seat, "timeout")}
    assert seat not in after.to_act, "her turn is over: one deadline, one whole turn"
    assert [(m.seat, m.by) for m in svc.heard[-1][1].moves] == [(seat, "timeout")] * len(events)
    assert (after.seats[seat].timeouts, after.seats[seat].autopilot) == (1, False), "counted once"
    assert (seat_row(svc, table.id, seat)["timeouts"], seat_row(svc, table.id, seat)["autopilot"]) == (1, 0)
    assert after.deadline_at == svc.now.timestamp() + LIVE  # the next player's turn has its own deadline


async def test_one_deadline_finishes_a_doodle_turn_dd_r12(svc):
    """DD-R12: two members; one deadline passes; the absent member draws, then claims or ends the turn."""
    await svc.lobby(CHANNEL, ALICE, BOB, game_id="doodle", pace=LIVE)
    table = await svc.tables.turns.start(CHANNEL, ALICE)
    await svc.advance(seconds=LIVE)
    after = await svc.tables.cache.get_by_id(table.id)
    actions = [action for _, _, action, _ in svc.events(table.id)]
    assert actions[0] == '["Draw"]' and len(actions) == 2, "the draw with its roll, then a claim or the end"
    assert actions[1] == '["Stop"]' or actions[1].startswith('["Claim"')
    assert after.state.turns == 1 and after.to_act == {1}, "alice's whole turn is over; bob's begins"
    assert after.seats[0].timeouts == 1


async def test_a_timed_out_armadillo_roller_also_answers_arm_r9_as_one_timeout(svc):
    """ARM-R9 under the same rule: a turn is a roll and the answers to it. One deadline rolls the computer's
    dice for the absent roller and answers by ARM-R9 for them; the others keep their own time to answer."""
    await svc.lobby(CHANNEL, ALICE, BOB, game_id="armadillo", pace=LIVE)
    table = await svc.tables.turns.start(CHANNEL, ALICE)
    (roller,) = table.to_act
    await svc.advance(seconds=LIVE)
    after = await svc.tables.cache.get_by_id(table.id)
    actions = [(seat, action.split('"')[1], by) for _, seat, action, by in svc.events(table.id)]
    assert actions[0] == (roller, "Roll", "timeout") and actions[1][0::2] == (roller, "timeout")
    assert actions[1][1] in ("Discard", "Token") and len(actions) == 2
    assert after.to_act == {1 - roller}, "the other member answers in their own time"
    assert after.seats[roller].timeouts == 1 and after.seats[1 - roller].timeouts == 0
    assert after.deadline_at == svc.now.timestamp() + LIVE


class BlockOnTop:
    """The bot's dice, but its Doodle Dice deck has Block A Turn on top: the first player draws it."""

    def __init__(self, seed: str, client_seeds, stream) -> None:
        self._rng = table_rng(seed, client_seeds, stream)

    def randint(self, a: int, b: int) -> int:
        return self._rng.randint(a, b)

    def shuffle(self, items) -> None:
        self._rng.shuffle(items)
        if "BT1" in items:
            items.remove("BT1")
            items.insert(0, "BT1")


async def test_a_timed_out_doodle_turn_ends_though_the_same_member_plays_next_dd_r12(svc_harness):
    """DD-R7 and DD-R12 together: alice blocks bob's coming turn, then walks away. One deadline finishes her
    turn only (bob's is lost, so hers comes again): one timeout, and her new turn waits with its own deadline."""
    svc = await svc_harness(rng_factory=BlockOnTop)
    await svc.lobby(CHANNEL, ALICE, BOB, game_id="doodle", pace=LIVE)
    table = await svc.tables.turns.start(CHANNEL, ALICE)
    table = await svc.tables.act(table.id, ALICE, played(Draw()), table.seq)  # keeps Block A Turn, draws, rolls
    table = await svc.tables.act(table.id, ALICE, played(Block(1)), table.seq)
    acted = table.seq
    await svc.advance(seconds=LIVE)
    after = await svc.tables.cache.get_by_id(table.id)
    timed_out = [(seat, by) for seq, seat, _, by in svc.events(table.id) if seq > acted]
    assert timed_out == [(0, "timeout")], "one move finished her turn: a claim or the end of it"
    assert after.state.turns == 2 and after.to_act == {0} and not after.state.begun, "bob's turn was lost"
    assert after.seats[0].timeouts == 1
    assert after.deadline_at == svc.now.timestamp() + LIVE


async def test_three_timeouts_in_a_row_put_the_seat_on_autopilot(svc):
    table, seat, _ = await live_game(svc)
    other = 1 - seat
    for n in (1, 2):
        table = await miss_turns(svc, table, seat, 1)
        assert (table.seats[seat].timeouts, table.seats[seat].autopilot) == (n, False)
        assert table.to_act == {seat}  # her next turn waits for her
    await svc.advance(seconds=LIVE)
    table = await svc.tables.cache.get_by_id(table.id)
    assert (table.seats[seat].timeouts, table.seats[seat].autopilot) == (3, True)
    assert seat_row(svc, table.id, seat)["autopilot"] == 1
    assert table.to_act == {other} or table.status != "active"

    # From now on her seat plays itself as soon as it is her turn again, inside Bob's calls.
    user = table.seats[other].user_id
    autopiloted = []
    while table.status == "active" and not autopiloted:
        assert table.to_act == {other}  # the game never waits for her
        table = await svc.tables.act(
            table.id, user, played(table.game.timeout_action(table.state, other)), expected_seq=table.seq
        )
        autopiloted = [m for m in table.moves if m.seat == seat]
    assert autopiloted and {m.by for m in autopiloted} == {"autopilot"}
    assert svc.event_count(table.id) == table.seq


async def test_my_hand_takes_the_seat_back_from_autopilot(svc):
    table, seat, owner = await live_game(svc)
    other = 1 - seat
    table = await miss_turns(svc, table, seat, 3)
    assert (await svc.tables.cache.get_by_id(table.id)).seats[seat].autopilot

    table, taken_back = await svc.tables.turns.hand(table.channel_id, owner)
    assert taken_back and (table.seats[seat].autopilot, table.seats[seat].timeouts) == (False, 0)
    assert (seat_row(svc, table.id, seat)["autopilot"], seat_row(svc, table.id, seat)["timeouts"]) == (0, 0)

    # The other player finishes the turn; now the game waits for her again.
    table = await svc.play(table, moves=1)
    while table.to_act == {other}:
        table = await svc.play(table, moves=1)
    assert table.to_act == {seat}
    assert not any(m.by == "autopilot" for m in table.moves)
    table = await svc.tables.act(table.id, owner, played(table.game.timeout_action(table.state, seat)), table.seq)
    assert table.moves[0].by == "player"


async def test_acting_again_resets_the_timeouts_in_a_row(svc):
    table, seat, owner = await live_game(svc)
    table = await miss_turns(svc, table, seat, 2)
    assert table.seats[seat].timeouts == 2
    table = await svc.tables.act(table.id, owner, played(table.game.timeout_action(table.state, seat)), table.seq)
    assert table.seats[seat].timeouts == 0
    assert seat_row(svc, table.id, seat)["timeouts"] == 0
    assert table.to_act == {seat}  # her turn goes on (seeded dice): one more timeout starts a new row
    await svc.advance(seconds=LIVE)
    table = await svc.tables.cache.get_by_id(table.id)
    assert (table.seats[seat].timeouts, table.seats[seat].autopilot) == (1, False)


async def test_a_live_lobby_expires_after_30_minutes(svc):
    table = await svc.lobby(CHANNEL, ALICE, BOB, pace=LIVE)
    await svc.advance(minutes=29, seconds=59)
    assert svc.kinds() == [] and (await svc.tables.cache.get(CHANNEL)).status == "lobby"
    await svc.advance(seconds=1)
    assert svc.kinds() == ["expired"]
    assert svc.heard[0][1].id == table.id and svc.heard[0][1].status == "ended"
    with pytest.raises(errors.NoTable):
        await svc.tables.cache.get(CHANNEL)
    row = svc.session_row(table.id)
    assert (row["status"], row["end_reason"], row["deadline_at"]) == ("ended", "the lobby expired", None)
    again = await svc.lobby(CHANNEL, BOB)  # the channel is free
    assert again.id != table.id


@pytest.mark.parametrize("pace", ["casual", "async"])
async def test_other_lobbies_expire_after_7_days(svc, pace):
    table = await svc.lobby(CHANNEL, ALICE, pace=PACES[pace])
    await svc.advance(days=6, hours=23, minutes=59)
    assert svc.kinds() == []
    await svc.advance(minutes=1)
    assert svc.kinds() == ["expired"]
    assert svc.session_row(table.id)["status"] == "ended"
    with pytest.raises(errors.NoTable):
        await svc.tables.cache.get(CHANNEL)


async def test_a_started_game_does_not_expire_as_a_lobby(svc):
    table, _, _ = await live_game(svc)
    await svc.advance(minutes=31)  # a turn deadline (timeout), but no lobby expiry
    assert "expired" not in svc.kinds()
    assert (await svc.tables.cache.get(CHANNEL)).status == "active"
    assert svc.session_row(table.id)["status"] == "active"


async def test_a_move_elsewhere_does_not_cancel_the_timers_notifications(svc):
    """The timer task tells the listener of every timeout of its sweep, even if a move on another
    table (which may re-arm the timer) arrives while the listener is still busy."""
    gate = asyncio.Event()
    heard: list[int] = []

    async def slow_listener(table, kind):  # e.g. the cog editing messages on Discord
        heard.append(table.id)
        await gate.wait()

    first = await svc.started(CHANNEL, ALICE, BOB, pace=LIVE)
    second = await svc.started(CHANNEL + 1, CAROL, DAVE, pace=LIVE)
    svc.tables.deadlines.listener = slow_listener
    await svc.settle()
    svc.now += timedelta(seconds=LIVE)  # both deadlines are due; the test does not call expire_due
    svc.tables.timer.start()  # wake the timer now (it sleeps in real time)
    for _ in range(200):
        if heard:
            break
        await asyncio.sleep(0.005)
    assert heard == [first.id]  # the timer timed out both tables and is telling the cog of the first

    third = await svc.started(CHANNEL + 2, ALICE, CAROL, pace=LIVE)  # moves elsewhere meanwhile
    (seat,) = third.to_act
    move = third.game.timeout_action(third.state, seat)
    await svc.tables.act(third.id, third.seats[seat].user_id, played(move), third.seq)
    gate.set()
    for _ in range(200):
        if len(heard) == 2:
            break
        await asyncio.sleep(0.005)
    assert heard == [first.id, second.id]
    assert {by for *_, by in svc.events(first.id)} == {"timeout"}
    assert {by for *_, by in svc.events(second.id)} == {"timeout"}


async def test_a_table_failing_at_its_deadline_does_not_hold_up_the_others(svc_harness):
    """Its claim stays until it lapses (then it is tried again); the other due tables time out now."""
    failures: list[str] = []

    def rng(seed: str, client_seeds, stream):
        if failures:  # the first table handled at the deadline fails once
            raise RuntimeError(failures.pop())
        return table_rng(seed, client_seeds, stream)

    svc = await svc_harness(rng_factory=rng)
    first = await svc.started(CHANNEL, ALICE, BOB, pace=LIVE)
    second = await svc.started(CHANNEL + 1, CAROL, DAVE, pace=LIVE)
    failures.append("a table that fails at its deadline")
    await svc.advance(seconds=LIVE)
    assert svc.event_count(first.id) == 0
    assert svc.event_count(second.id) > 0 and svc.kinds() == ["timeout"]
