"""Issue 9's REST budget, from one SimCord run of every game (benchmarks/rest_budget.py).

A move that does not end the turn and calls nobody costs at most 1.2 calls on average in every game, and
edits no DM: moves are made on the table message (or My hand), and a DM shows only its member's secret,
edited when that changes. A move that calls others within the turn (Armadillo's roll: everyone answers)
costs its answer and one ping. A passing turn pings once, only members who must act; a DM is edited only
when that member's view changed.
"""

from __future__ import annotations

import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

import rest_budget  # noqa: E402

WITHIN_TURN = 1.2
CALLING = 2.0  # the answer (the table edited through the click) and one ping
PASSING_TURN = {"armymen": 2.0, "doodle": 2.0, "armadillo": 5.0, "dardz": 5.0}


async def test_every_game_stays_within_its_rest_budget(tmp_path):
    tallies = await rest_budget.budget(tmp_path, games=1)
    report = rest_budget.report(tallies)
    for game, tally in tallies.items():
        assert tally.calls["end"], f"{game}: the game was played to its end\n{report}"
        assert statistics.mean(tally.calls["within"]) <= WITHIN_TURN, report
        assert not tally.kinds["within"]["DM edit"] and not tally.kinds["within"]["DM send"], report
        assert max(tally.calls.get("calls") or [0]) <= CALLING, report
        assert statistics.mean(tally.calls["passes"]) <= PASSING_TURN[game], report
        assert not tally.problems, tally.problems
        assert tally.kinds["within"]["answer"] == len(tally.calls["within"]), "every move is answered once"
    assert tallies["armadillo"].calls["calls"], f"Armadillo's rolls call everyone to answer\n{report}"
