"""A committed move's CPU, held to a reference measured in the same process (benchmarks/move_cost.py): the service's
move loop at concurrency 20 against the raw SQLite move plus a fixed Python loop, alternating, medians of 7 rounds.

The limit is the ratio 64f90a8's service measures against the same reference (`move_cost.LIMIT`: a move before the
clocks, pings, preferences, seasons and metrics, which a move of today must not exceed), times MARGIN for noise. On
the shared 2-core machine, at load averages of 6 to 12, seven runs of 64f90a8 gave medians of 0.99–1.19 (their median
1.13), three of this branch 0.99–1.21, two of c25daba 1.36 and 1.44 (RESULTS-issue35.md). MARGIN 1.15 puts the limit
at 1.30: above every run of 64f90a8 and of this branch, below every run of the move the issue found 1.35–1.59× dearer.
A move a tenth dearer than today's may pass once; its figure is in the report either way. A run over the limit is
measured once more and the test fails only if that one is over too: the machine's load (the suite's other worker
beside it) lifts a run's ratio by chance, a move that truly costs more lifts both.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

import move_cost  # noqa: E402

MARGIN = 1.15


async def test_a_committed_move_costs_what_it_did_before_the_clocks(tmp_path):
    reports = []
    for attempt in range(2):
        folder = tmp_path / str(attempt)
        folder.mkdir()
        figures = await move_cost.measure(folder, rounds=7, moves=300, tables=300)
        reports.append(f"a move {figures['move_us']:.0f} µs of CPU, the reference {figures['reference_us']:.0f} µs: "
                       f"ratio {figures['ratio']:.2f} (rounds {figures['ratio_min']:.2f}–{figures['ratio_max']:.2f})")
        if figures["ratio"] <= move_cost.LIMIT * MARGIN:
            return
    raise AssertionError(f"over the limit {move_cost.LIMIT:.2f} × {MARGIN} twice: " + "; ".join(reports))
