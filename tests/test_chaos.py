"""A small chaos run (benchmarks/chaos.py) in CI — one table of each game, all open at once, with
restarts, one REST call in ten failing, closed DMs, doubled and stale clicks, deadlines and autopilot; every
count must be 0."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

import chaos  # noqa: E402


async def test_a_small_chaos_run_loses_nothing(tmp_path):
    counts = await chaos.Chaos(tmp_path, seed=6).run(games=4, tables=4)  # a seed whose run meets every kind of chaos
    report = f"{counts.coverage()}\n{counts.checks()}\n{counts.line()}"
    assert counts.games == 4 and counts.restarts and counts.faults and counts.resent, report
    assert counts.by.get("timeout") and counts.by.get("autopilot") and counts.taken_back, report
    assert counts.clean(), report
