"""The inactivity ladder's last step with this game's scripted flips (tests/service/test_votes.py has the
vote itself): whoever takes a member's seat — the computer after the vote, or after the member left — its win is
never the member's. This game's turns are one flip each, so a whole table is a handful of scripted draws."""

from __future__ import annotations

from bot.games.rng import ScriptedRng
from bot.service.table import AUTOPILOT_AFTER
from tests.service.test_votes import ALICE, BOB, CAROL, CHANNEL, absent_for_three_turns, at, play_one

GAME = __package__.rsplit(".", 1)[-1]  # this folder's game


async def test_the_computer_wins_in_a_replaced_members_seat_and_the_member_loses_all_time_and_in_the_season(
        svc_harness):
    """One flip a turn in seat order, every seat calling heads (1). Carol's three missed turns and the two rounds
    after the vote flip tails for everyone but her seat, whose computer then flips heads three
    times: it wins the table — Carol loses, all-time and in the season."""
    tails_round, computer_heads = [2, 2, 2], [2, 2, 1]
    svc = await svc_harness(rng_factory=lambda *_: shared)
    shared = ScriptedRng(tails_round * AUTOPILOT_AFTER + computer_heads * 3)
    await svc.tables.seasons.start(svc.GUILD, "Spring", CHANNEL)
    table, seat = await absent_for_three_turns(svc, ALICE, BOB, CAROL, absent=CAROL, game_id=GAME)
    await svc.tables.votes.vote(at(table), ALICE, seat, "replace")
    table, tally = await svc.tables.votes.vote(at(table), BOB, seat, "replace")
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
    member who played on (results.member_places). alice flips tails, bob's computer heads, three times."""
    shared = ScriptedRng([2, 1] * 3)
    svc = await svc_harness(rng_factory=lambda *_: shared)
    await svc.lobby(CHANNEL, ALICE, BOB, game_id=GAME)
    await svc.tables.turns.start(CHANNEL, ALICE)
    table = await svc.play(await svc.tables.lobby.leave(CHANNEL, BOB))
    assert table.outcome.winners == (1,), "the computer won in bob's seat"
    rows = {r["user_id"]: r for r in svc.rows('SELECT user_id, "placing", rated FROM results')}
    ratings = {r["user_id"]: r for r in svc.rows("SELECT user_id, mu, wins FROM ratings")}
    assert (rows[ALICE]["placing"], rows[BOB]["placing"]) == (2, 2), "the computer took first: both members lost"
    assert ratings[BOB]["wins"] == ratings[ALICE]["wins"] == 0
    assert ratings[BOB]["mu"] < ratings[ALICE]["mu"], "who left is rated below who played on"
