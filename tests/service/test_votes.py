"""Service tests, the inactivity ladder's last step: after three missed turns the computer plays the seat, then the
other players vote to replace the absent member (their result counts as a leaver's) or to end the table unrated.
Each refusal changes nothing. The clock is fake (`svc.advance`)."""

from __future__ import annotations

import pytest

from bot.games.rng import ScriptedRng
from bot.service import PACES, Clicked, errors
from bot.service.table import AUTOPILOT_AFTER

ALICE, BOB, CAROL, DAVE = 101, 102, 103, 104
CHANNEL = 900
LIVE = PACES["live"]


async def absent_for_three_turns(svc, *members: int, absent: int, game_id: str = "armadillo"):
    """A table of `members` at live pace where `absent` misses three turns: the computer plays their seat."""
    await svc.lobby(CHANNEL, *members, game_id=game_id, pace=LIVE)
    table = await svc.tables.start(CHANNEL, members[0])
    seat = table.seat_of(absent)
    while not table.seats[seat].autopilot:
        if present := table.to_act - {seat}:
            table = await play_one(svc, table, min(present))
        else:
            await svc.advance(seconds=LIVE)
            table = await svc.tables.get_by_id(table.id)
        assert table.status == "active"
    assert table.seats[seat].timeouts == AUTOPILOT_AFTER
    return table, seat


async def play_one(svc, table, seat: int):
    return await svc.tables.act(table.id, table.seats[seat].user_id,
                                table.game.timeout_action(table.state, seat), table.seq)


def at(table):
    return Clicked(table.id, table.guild_id)


async def test_a_majority_of_the_others_replaces_the_absent_member_and_their_result_counts(svc):
    table, seat = await absent_for_three_turns(svc, ALICE, BOB, CAROL, absent=CAROL)
    table, tally = await svc.tables.vote(at(table), BOB, seat, "replace")
    assert (tally.voters, tally.replace, tally.decided) == (2, 1, None), "one of two is not a majority"
    assert table.seats[seat].autopilot and not table.seats[seat].is_computer
    table, tally = await svc.tables.vote(at(table), ALICE, seat, "replace")
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
    table, tally = await svc.tables.vote(at(table), ALICE, seat, "end")
    assert tally.decided == "end" and table.status == "ended"
    assert svc.rows("SELECT * FROM results WHERE session_id = ?", table.id) == []
    assert svc.rows("SELECT * FROM ratings") == []


async def test_the_absent_member_taking_their_seat_back_ends_the_vote(svc):
    table, seat = await absent_for_three_turns(svc, ALICE, BOB, CAROL, absent=CAROL)
    await svc.tables.vote(at(table), BOB, seat, "replace")
    table, taken_back = await svc.tables.hand(at(table), CAROL)
    assert taken_back and not table.seats[seat].autopilot
    assert svc.rows("SELECT * FROM replace_votes") == []
    with pytest.raises(errors.Refusal, match="playing again"):
        await svc.tables.vote(at(table), ALICE, seat, "replace")


@pytest.mark.parametrize("voter, why", [(DAVE, "Only the other players"), (CAROL, "your own seat"),
                                        (BOB, "nothing to vote on")])
async def test_each_refused_vote_changes_nothing(svc, voter, why):
    table, seat = await absent_for_three_turns(svc, ALICE, BOB, CAROL, absent=CAROL)
    target = seat if why != "nothing to vote on" else table.seat_of(ALICE)
    before = (svc.seat_rows(table.id), svc.session_row(table.id), svc.rows("SELECT * FROM replace_votes"))
    with pytest.raises(errors.Refusal, match=why):
        await svc.tables.vote(at(table), voter, target, "replace")
    assert (svc.seat_rows(table.id), svc.session_row(table.id), svc.rows("SELECT * FROM replace_votes")) == before


async def test_the_computer_wins_in_a_replaced_members_seat_and_the_member_loses_all_time_and_in_the_season(
        svc_harness):
    """Coin Race (tests/toy_games/coin): one flip a turn in seat order, every seat calling heads (1). Carol's three
    missed turns and the two rounds after the vote flip tails for everyone but her seat, whose computer then flips
    heads three times: it wins the table — Carol loses, all-time and in the season."""
    tails_round, computer_heads = [2, 2, 2], [2, 2, 1]
    svc = await svc_harness(rng_factory=lambda *_: shared)
    shared = ScriptedRng(tails_round * AUTOPILOT_AFTER + computer_heads * 3)
    await svc.tables.start_season(svc.GUILD, "Spring", CHANNEL)
    table, seat = await absent_for_three_turns(svc, ALICE, BOB, CAROL, absent=CAROL, game_id="coin")
    await svc.tables.vote(at(table), ALICE, seat, "replace")
    table, tally = await svc.tables.vote(at(table), BOB, seat, "replace")
    assert tally.decided == "replace" and table.seats[seat].is_computer
    while table.status == "active":
        table = await play_one(svc, table, min(table.to_act))
    assert table.outcome.winners == (seat,), "the computer won in her seat"

    rows = svc.rows('SELECT user_id, "placing", players FROM results WHERE session_id = ? ORDER BY seat', table.id)
    assert [(r["user_id"], r["placing"], r["players"]) for r in rows] == [(ALICE, 2, 3), (BOB, 2, 3), (CAROL, 3, 3)]
    for ratings in ("ratings", "season_ratings"):
        games_wins = {r["user_id"]: (r["games"], r["wins"], r["mu"]) for r in svc.rows(f"SELECT * FROM {ratings}")}
        assert {user: g[:2] for user, g in games_wins.items()} == {ALICE: (1, 0), BOB: (1, 0), CAROL: (1, 0)}
        assert games_wins[CAROL][2] < games_wins[ALICE][2] == games_wins[BOB][2], \
            f"{ratings}: Carol is rated below the two who played to the end"


async def test_a_member_who_leaves_never_earns_the_computers_win(svc_harness):
    """Leaving hands the seat to the computer as the vote does: its win is not the member's, who is rated below the
    member who played on (results.member_places). Coin Race: alice flips tails, bob's computer heads, three times."""
    shared = ScriptedRng([2, 1] * 3)
    svc = await svc_harness(rng_factory=lambda *_: shared)
    await svc.lobby(CHANNEL, ALICE, BOB, game_id="coin")
    await svc.tables.start(CHANNEL, ALICE)
    table = await svc.play(await svc.tables.leave(CHANNEL, BOB))
    assert table.outcome.winners == (1,), "the computer won in bob's seat"
    rows = {r["user_id"]: r for r in svc.rows('SELECT user_id, "placing", rated FROM results')}
    ratings = {r["user_id"]: r for r in svc.rows("SELECT user_id, mu, wins FROM ratings")}
    assert (rows[ALICE]["placing"], rows[BOB]["placing"]) == (2, 2), "the computer took first: both members lost"
    assert ratings[BOB]["wins"] == ratings[ALICE]["wins"] == 0
    assert ratings[BOB]["mu"] < ratings[ALICE]["mu"], "who left is rated below who played on"
