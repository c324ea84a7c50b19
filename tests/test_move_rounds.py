"""benchmarks/move_rounds.py, which issue 35's figures come from, still runs: two workers on the same tree take turns
at both concurrencies and give every figure with its ratio (a tiny run; the figures themselves are the benchmark's)."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

import move_rounds  # noqa: E402


def test_paired_rounds_of_one_tree_against_itself_give_every_figure(tmp_path):
    targets = {label: str(tmp_path / f"{label}.sqlite3") for label in ("before", "after")}
    summary = move_rounds.measure({"before": ROOT, "after": ROOT}, targets, tables=200, rounds=2, moves=40)
    assert set(summary) == set(move_rounds.CONCURRENCIES)
    for figures in summary.values():
        assert set(figures) == {"moves_per_s", "bot_cpu_us"}
        for before, after, ratio in figures.values():
            assert before > 0 and after > 0 and ratio > 0
