"""Issue 9: a small chaos run (benchmarks/chaos.py) in CI — four games, one of each, with restarts, failing
Discord calls, closed DMs, double clicks, old controls and deadlines; every count must be 0."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

import chaos  # noqa: E402


async def test_a_small_chaos_run_loses_nothing(tmp_path):
    counts = await chaos.Chaos(tmp_path, seed=1).run(games=4)
    assert counts.games == 4 and counts.restarts > 0 and counts.faults > 0, counts.line()
    assert (counts.lost, counts.stuck, counts.leaks, counts.errors, counts.replays_wrong) == (0, 0, 0, 0, 0), \
        counts.line()
