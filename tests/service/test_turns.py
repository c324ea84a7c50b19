"""Service tests, moves: turn order, refusals (not seated, not your turn, stale, illegal), a race, and
the rule that every acknowledged move is in the database.

Army Men Dice War: setup draws the starter with randint(0, 1); Roll() rolls the dice still to roll;
Keep(faces) sets 1 or 2 of them aside and rolls the rest again. With scripted dice the script is
[starter, dice of each roll in order…].
"""

from __future__ import annotations

import asyncio

import pytest

from bot.games.armymen.engine import Keep, Roll
from bot.games.core import IllegalAction
from bot.games.rng import ScriptedRng
from bot.service import errors, played

ALICE, BOB, CAROL = 101, 102, 103
CHANNEL = 900


def scripted_dice(rolls):
    """An rng_factory handing out one shared ScriptedRng, so every die comes from `rolls` in order."""
    shared = ScriptedRng(rolls)
    return lambda seed, client_seeds, stream: shared


async def alice_rolled(svc_harness, *rolls: int):
    """Alice (seat 0) starts against Bob and rolls her five dice; `rolls` are the dice drawn after that."""
    svc = await svc_harness(rng_factory=scripted_dice([0, 2, 2, 3, 4, 5, *rolls]))
    table = await svc.started(CHANNEL, ALICE, BOB)
    assert table.to_act == {0} and table.seq == 0
    table = await svc.tables.act(table.id, ALICE, played(Roll()), expected_seq=0)
    assert table.state.rolled == (2, 2, 3, 4, 5) and table.seq == 1
    return svc, table


async def unchanged(svc, before) -> None:
    """The table, its cache and its log are exactly as in the snapshot `before`."""
    now = await svc.tables.cache.get_by_id(before.id)
    assert (now.seq, now.state, now.since, now.seats) == (before.seq, before.state, before.since, before.seats)
    assert svc.event_count(before.id) == before.seq
    assert svc.session_row(before.id)["seq"] == before.seq


async def test_a_member_who_is_not_seated_cannot_move(svc):
    table = await svc.started(CHANNEL, ALICE, BOB)
    seat = min(table.to_act)
    with pytest.raises(errors.NotSeated):
        await svc.tables.act(table.id, CAROL, played(table.game.timeout_action(table.state, seat)), expected_seq=0)
    await unchanged(svc, table)


async def test_a_seated_player_cannot_move_out_of_turn(svc_harness):
    svc, table = await alice_rolled(svc_harness, 6, 6, 6, 6)
    for action in (Roll(), Keep((2,))):
        with pytest.raises(errors.NotYourTurn):
            await svc.tables.act(table.id, BOB, played(action), expected_seq=table.seq)
    await unchanged(svc, table)
    after = await svc.tables.act(table.id, ALICE, played(Keep((2,))), expected_seq=table.seq)  # Alice still may
    assert after.seq == 2 and after.state.rolled == (6, 6, 6, 6)


async def test_a_keep_offered_at_an_old_move_number_is_refused_even_if_legal_now(svc_harness):
    svc, table = await alice_rolled(svc_harness, 2, 3, 4, 5)
    offered_at = table.seq  # the buttons of the first roll: 2 2 3 4 5
    table = await svc.tables.act(table.id, ALICE, played(Keep((2,))), expected_seq=offered_at)
    assert table.seq == 2 and table.state.rolled == (2, 3, 4, 5)
    assert table.game.is_legal(table.state, 0, Keep((2,)))  # the same button would be a legal move now…
    with pytest.raises(errors.StaleMove):  # …but it was offered for the old roll
        await svc.tables.act(table.id, ALICE, played(Keep((2,))), expected_seq=offered_at)
    await unchanged(svc, table)


async def test_a_click_from_a_finished_turn_is_stale_not_out_of_turn(svc_harness):
    svc, table = await alice_rolled(svc_harness, 2, 3, 4, 3)
    for keep in ((2, 2), (3, 4)):
        table = await svc.tables.act(table.id, ALICE, played(Keep(keep)), expected_seq=table.seq)
    offered_at = table.seq
    table = await svc.tables.act(table.id, ALICE, played(Keep((3,))), expected_seq=offered_at)  # her last die
    assert table.to_act == {1}
    with pytest.raises(errors.StaleMove):  # a doubled click on her last button
        await svc.tables.act(table.id, ALICE, played(Keep((3,))), expected_seq=offered_at)
    await unchanged(svc, table)


async def test_an_illegal_move_is_refused_and_changes_nothing(svc_harness):
    svc, table = await alice_rolled(svc_harness)
    events_before = svc.events(table.id)
    for action in (Keep((6,)), Keep((2, 2, 3)), Keep(()), Roll()):
        with pytest.raises(IllegalAction):
            await svc.tables.act(table.id, ALICE, played(action), expected_seq=table.seq)
        await unchanged(svc, table)
    assert svc.events(table.id) == events_before


async def test_two_concurrent_moves_at_the_same_move_number_apply_once(svc_harness):
    svc, table = await alice_rolled(svc_harness, 6, 6, 6, 6)
    offered_at = table.seq
    results = await asyncio.gather(
        svc.tables.act(table.id, ALICE, played(Keep((2,))), expected_seq=offered_at),
        svc.tables.act(table.id, ALICE, played(Keep((3,))), expected_seq=offered_at),
        return_exceptions=True,
    )
    applied = [r for r in results if not isinstance(r, BaseException)]
    refused = [r for r in results if isinstance(r, BaseException)]
    assert len(applied) == 1 and len(refused) == 1
    assert isinstance(refused[0], errors.StaleMove), refused[0]
    assert applied[0].seq == offered_at + 1
    assert svc.event_count(table.id) == offered_at + 1  # exactly one new event
    assert (await svc.tables.cache.get_by_id(table.id)).state == applied[0].state


async def test_every_acknowledged_move_is_in_the_database(svc):
    table = await svc.started(CHANNEL, ALICE, BOB)
    logged = []

    def check(after) -> None:
        # a separate connection to the file sees every move the service has answered for
        count = svc.event_count(after.id)
        assert count == after.seq
        assert svc.session_row(after.id)["seq"] == after.seq
        logged.append(count)

    table = await svc.play(table, after=check)
    assert table.status == "finished"
    assert logged == sorted(logged) and logged[-1] == table.seq > 20
    seqs = [seq for seq, *_ in svc.events(table.id)]
    assert seqs == list(range(1, table.seq + 1))
    assert {by for *_, by in svc.events(table.id)} == {"player"}


async def test_a_move_number_ahead_of_the_table_is_stale_and_rebuilds_nothing(svc):
    """A crafted click naming a move the table never reached is refused as stale, changes nothing, and costs no
    rebuild of the table (at most one read of its row)."""
    table = await svc.started(CHANNEL, ALICE, BOB)
    user = table.seats[min(table.to_act)].user_id
    action = table.game.timeout_action(table.state, min(table.to_act))
    rebuilds, catch_ups = svc.tables.cache.rebuilds, svc.tables.cache.catch_ups
    for seq in (table.seq + 1, table.seq + 5, 999_999_999, 10**50, 2**63):
        with pytest.raises(errors.StaleMove):
            await svc.tables.act(table.id, user, played(action), seq)
    assert (svc.tables.cache.rebuilds, svc.tables.cache.catch_ups) == (rebuilds, catch_ups)
    assert svc.event_count(table.id) == table.seq
