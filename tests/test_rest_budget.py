"""The REST budget, from one SimCord run of every registered game (benchmarks/rest_budget.py), each seated and held
to the passing-turn budget its own test folder declares (tests/cogs/games/<id>/measures.py).

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
import rest_budget as benchmark  # noqa: E402

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
