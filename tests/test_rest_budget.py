"""Issue 9's REST budget, from one SimCord run of every game (benchmarks/rest_budget.py).

A move that does not end the turn costs at most 1.2 calls on average where the table message carries the
move (Army Men, Doodle Dice); the games with secrets (Armadillo's hands, DARDZ's points piles) are held
at today's measured cost until their DMs show only what changed. A passing turn pings once, only members
who must act; a DM is edited only when that member's view changed.
"""

from __future__ import annotations

import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

import rest_budget  # noqa: E402

WITHIN_TURN = {"armymen": 1.2, "doodle": 1.2, "armadillo": 3.2, "dardz": 2.4}
PASSING_TURN = {"armymen": 2.0, "doodle": 2.0, "armadillo": 5.0, "dardz": 5.0}


async def test_every_game_stays_within_its_rest_budget(tmp_path):
    tallies = await rest_budget.budget(tmp_path, games=1)
    report = rest_budget.report(tallies)
    for game, tally in tallies.items():
        assert tally.calls["end"], f"{game}: the game was played to its end\n{report}"
        assert statistics.mean(tally.calls["within"]) <= WITHIN_TURN[game], report
        assert statistics.mean(tally.calls["passes"]) <= PASSING_TURN[game], report
        assert not tally.problems, tally.problems
        assert tally.kinds["within"]["answer"] == len(tally.calls["within"]), "every move is answered once"
