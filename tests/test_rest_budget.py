"""The REST budget, from one SimCord run of every registered game (benchmarks/rest_budget.py), each seated and held
to the passing-turn budget its own test folder declares (tests/cogs/games/<id>/measures.py), and a game night's
(benchmarks/night_budget.py).

A move that does not end the turn and calls nobody costs at most 1.2 calls on average in every game, and
edits no DM: moves are made on the table message (or My hand), and a DM shows only its member's secret,
edited when that changes. A move that calls others within the turn (Armadillo's roll: everyone answers)
costs its answer alone when the members play along (a ping goes only to a member who has not touched the table
lately). A passing turn pings once at most, only members who must act; a DM is edited only when that member's view
changed.

Three members playing a live Armadillo game to its end leave the table and its result in the channel, and no ping
(benchmarks/channel_messages.py).
"""

from __future__ import annotations

import statistics
import sys
from pathlib import Path

from bot.games.registry import engines

from .per_game import rest_budget

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

import channel_messages  # noqa: E402
import night_budget  # noqa: E402
import rest_budget as benchmark  # noqa: E402
import tournament_budget  # noqa: E402

WITHIN_TURN = 1.2
CALLING = 1.0  # the answer (the table edited through the click): the members play along, nobody is pinged


async def test_every_game_stays_within_its_rest_budget(tmp_path):
    tallies = await benchmark.budget(tmp_path, games_played=1)
    report = benchmark.report(tallies)
    assert list(tallies) == list(engines()), "every registered game is played"
    for game, tally in tallies.items():
        assert tally.calls["end"], f"{game}: the game was played to its end\n{report}"
        # a game whose every move passes the turn has no move within one
        assert statistics.mean(tally.calls["within"] or [0]) <= WITHIN_TURN, report
        assert not tally.kinds["within"]["DM edit"] and not tally.kinds["within"]["DM send"], report
        assert max(tally.calls.get("calls") or [0]) <= CALLING, report
        assert statistics.mean(tally.calls["passes"]) <= rest_budget(game).passing_turn, report
        assert not tally.problems, tally.problems
        assert tally.kinds["within"]["answer"] == len(tally.calls["within"]), "every move is answered once"
    assert tallies["armadillo"].calls["calls"], f"Armadillo's rolls call everyone to answer\n{report}"


async def test_a_live_armadillo_game_of_three_members_leaves_its_table_and_its_result(tmp_path):
    async with benchmark.Run(tmp_path / "channel.sqlite3") as run:
        channel = run.guild.create_text_channel("armadillo")
        left, calls, pinged = await channel_messages.play_live_armadillo(run, channel)
    assert left == {"table": 1, "result": 1}, left
    assert pinged == 0, "members answering within seconds are never pinged"
    assert max(calls) <= 5 and calls.count(1) > len(calls) / 2, "most moves cost their one answer"


async def test_a_game_night_stays_within_its_budget_per_step_per_member_and_per_table(tmp_path):
    """The plan's budget (docs/architecture.md): planning 2, a member's click 1, the check-in 2 + a page of
    subscribers, 3 per table seated, at most one standings edit per table end, the end 2, and 2 once a night."""
    tally = await night_budget.night(tmp_path / "night.sqlite3")
    report, budget = night_budget.report(tally), night_budget.BUDGET
    assert tally.tables == 6 and tally.tables_ended == 6, report
    assert tally.steps["plan"] == [budget["plan"]], report
    assert set(tally.steps["click"]) == {budget["click"]}, report
    assert tally.steps["check-in"] == [budget["check-in"]], report
    assert tally.seating == budget["per table"] * tally.tables, report
    assert tally.standings_edits <= budget["per table end"] * tally.tables_ended, report
    assert (tally.end, tally.once) == (budget["end"], budget["once"]), report


async def test_a_tournament_stays_within_its_budget_per_step_per_member_and_per_table(tmp_path):
    """The plan's budget (docs/architecture.md): planning 1, a member's sign-up 2 (its answer, the sign-up message's
    edit), the host's Start 1, 3 per table seated, at most one standings edit per table end, the end 2 (the podium,
    the sign-up message saying it is over), and 2 once a tournament (the sign-up closed, the standings posted)."""
    tally = await tournament_budget.tournament(tmp_path / "tournament.sqlite3")
    report, budget = tournament_budget.report(tally), tournament_budget.BUDGET
    assert tally.tables == 6 and tally.tables_ended == 6, report
    assert tally.steps["plan"] == [budget["plan"]], report
    assert set(tally.steps["click"]) == {budget["click"]}, report
    assert len(tally.steps["start"]) == budget["start"], report
    assert tally.seating == budget["per table"] * tally.tables, report
    assert tally.standings_edits <= budget["per table end"] * tally.tables_ended, report
    assert (tally.end, tally.once) == (budget["end"], budget["once"]), report
