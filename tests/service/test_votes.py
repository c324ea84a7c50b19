"""Service tests, the inactivity ladder's last step: after three missed turns the computer plays the seat, then the
other players vote to replace the absent member (their result counts as a leaver's) or to end the table unrated.
Each refusal changes nothing. The clock is fake (`svc.advance`)."""

from __future__ import annotations

import pytest

from bot.service import PACES, Clicked, errors, played
from bot.service.table import AUTOPILOT_AFTER

ALICE, BOB, CAROL, DAVE = 101, 102, 103, 104
CHANNEL = 900
LIVE = PACES["live"]


async def absent_for_three_turns(svc, *members: int, absent: int, game_id: str = "armadillo"):
    """A table of `members` at live pace where `absent` misses three turns: the computer plays their seat."""
    await svc.lobby(CHANNEL, *members, game_id=game_id, pace=LIVE)
    table = await svc.tables.turns.start(CHANNEL, members[0])
    seat = table.seat_of(absent)
    while not table.seats[seat].autopilot:
        if present := table.to_act - {seat}:
            table = await play_one(svc, table, min(present))
        else:
            await svc.advance(seconds=LIVE)
            table = await svc.tables.cache.get_by_id(table.id)
        assert table.status == "active"
    assert table.seats[seat].timeouts == AUTOPILOT_AFTER
    return table, seat


async def play_one(svc, table, seat: int):
    return await svc.tables.act(table.id, table.seats[seat].user_id,
                                played(table.game.timeout_action(table.state, seat)), table.seq)


def at(table):
    return Clicked(table.id, table.guild_id)


async def test_a_majority_of_the_others_replaces_the_absent_member_and_their_result_counts(svc):
    table, seat = await absent_for_three_turns(svc, ALICE, BOB, CAROL, absent=CAROL)
    table, tally = await svc.tables.votes.vote(at(table), BOB, seat, "replace")
    assert (tally.voters, tally.replace, tally.decided) == (2, 1, None), "one of two is not a majority"
    assert table.seats[seat].autopilot and not table.seats[seat].is_computer
    table, tally = await svc.tables.votes.vote(at(table), ALICE, seat, "replace")
    assert tally.decided == "replace"
    assert table.seats[seat].is_computer and table.seats[seat].user_id == CAROL
    row = svc.seat_rows(table.id)[seat]
    assert (row["is_computer"], row["user_id"]) == (1, CAROL)
    while table.status == "active":
        table = await play_one(svc, table, min(table.to_act))
    assert CAROL in [r["user_id"] for r in svc.rows("SELECT user_id FROM results WHERE session_id = ?", table.id)], \
        "her result counts, as a leaver's"


async def test_the_others_may_end_the_table_unrated(svc):
    table, seat = await absent_for_three_turns(svc, ALICE, BOB, absent=BOB)
    table, tally = await svc.tables.votes.vote(at(table), ALICE, seat, "end")
    assert tally.decided == "end" and table.status == "ended"
    assert svc.rows("SELECT * FROM results WHERE session_id = ?", table.id) == []
    assert svc.rows("SELECT * FROM ratings") == []


async def test_the_absent_member_taking_their_seat_back_ends_the_vote(svc):
    table, seat = await absent_for_three_turns(svc, ALICE, BOB, CAROL, absent=CAROL)
    await svc.tables.votes.vote(at(table), BOB, seat, "replace")
    table, taken_back = await svc.tables.turns.hand(at(table), CAROL)
    assert taken_back and not table.seats[seat].autopilot
    assert svc.rows("SELECT * FROM replace_votes") == []
    with pytest.raises(errors.Refusal, match="playing again"):
        await svc.tables.votes.vote(at(table), ALICE, seat, "replace")


@pytest.mark.parametrize("voter, why", [(DAVE, "Only the other players"), (CAROL, "your own seat"),
                                        (BOB, "nothing to vote on")])
async def test_each_refused_vote_changes_nothing(svc, voter, why):
    table, seat = await absent_for_three_turns(svc, ALICE, BOB, CAROL, absent=CAROL)
    target = seat if why != "nothing to vote on" else table.seat_of(ALICE)
    before = (svc.seat_rows(table.id), svc.session_row(table.id), svc.rows("SELECT * FROM replace_votes"))
    with pytest.raises(errors.Refusal, match=why):
        await svc.tables.votes.vote(at(table), voter, target, "replace")
    assert (svc.seat_rows(table.id), svc.session_row(table.id), svc.rows("SELECT * FROM replace_votes")) == before

