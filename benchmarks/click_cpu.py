"""A click's event-loop CPU, before and after, in one run: the whole path a click on a move button takes, from the
interaction to its last REST call (the controls parsed, the service's one request and its commit, the publisher's
edits), timed by the event loop's own thread (`rest_budget.Run.latency`: a picture drawn in a worker thread does not
count, SimCord's handling of the calls does), against a no-op slash command as the yardstick.

"before" is the code at BASELINE (exported with `git archive`), "after" this worktree; each run is a fresh process
on a tree of its own, runs alternate (before, after, before, …) so the shared machine's load falls on both alike,
and the report gives the medians of the runs' medians and their ratio.

    .venv/bin/python benchmarks/click_cpu.py [--baseline COMMIT] [--runs 5] [--moves 60]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BASELINE = "4ece60e"  # main before the edge was typed and the service's door split among its collaborators
GAMES = ("armymen", "armadillo", "doodle", "dardz")
WORKER_SECONDS = 900  # a worker is killed (and the run fails, naming it) rather than left waiting for ever

# Run in each tree's own folder with its own benchmarks/rest_budget.py: one game's clicks, their medians as JSON.
WORKER = """
import asyncio, json, sys, tempfile
from pathlib import Path
sys.path.insert(0, "benchmarks")
import rest_budget

async def main(game, moves):
    with tempfile.TemporaryDirectory() as folder:
        async with rest_budget.Run(Path(folder) / "click.sqlite3") as run:
            timing = await run.latency(game, run.guild.create_text_channel(game), moves)
    print(json.dumps({"move_cpu": timing.move_cpu, "noop_cpu": timing.noop_cpu}))

asyncio.run(main(sys.argv[1], int(sys.argv[2])))
"""


def export(commit: str, folder: Path) -> Path:
    """The tree at `commit`, as `git archive` gives it."""
    archive = subprocess.run(["git", "archive", commit], cwd=ROOT, capture_output=True, check=True).stdout
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(folder, filter="data")
    return folder


def measured(tree: Path, game: str, moves: int) -> dict[str, float]:
    environment = {**os.environ, "PYTHONPATH": str(tree)}
    done = subprocess.run([sys.executable, "-c", WORKER, game, str(moves)], cwd=tree, env=environment,
                          capture_output=True, text=True, check=True, timeout=WORKER_SECONDS)
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", default=BASELINE, help="the git commit measured as 'before'")
    parser.add_argument("--runs", type=int, default=5, help="runs of each tree per game (alternating)")
    parser.add_argument("--moves", type=int, default=60, help="clicks timed per run")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        trees = {"before": export(args.baseline, Path(folder) / "before"), "after": ROOT}
        found: dict[str, dict[str, dict[str, list[float]]]] = {
            game: {tree: {"move_cpu": [], "noop_cpu": []} for tree in trees} for game in GAMES}
        for run in range(args.runs):
            for game in GAMES:
                for tree, path in trees.items():
                    for key, value in measured(path, game, args.moves).items():
                        found[game][tree][key].append(value)
            print(f"run {run + 1} of {args.runs} done", file=sys.stderr, flush=True)
    print(f"a click's event-loop CPU (ms), medians of {args.runs} runs of {args.moves} clicks each; "
          f"before = {args.baseline}")
    print(f"{'game':<10} {'before':>8} {'after':>8} {'ratio':>6}   runs' medians before, after   no-op: before, after")
    ratios = []
    for game, trees_found in found.items():
        runs = {tree: sorted(ms * 1000 for ms in trees_found[tree]["move_cpu"]) for tree in ("before", "after")}
        before, after = statistics.median(runs["before"]), statistics.median(runs["after"])
        noop = [statistics.median(trees_found[tree]["noop_cpu"]) * 1000 for tree in ("before", "after")]
        ratios.append(after / before)
        spread = "   ".join(f"{r[0]:.2f}–{r[-1]:.2f}" for r in runs.values())
        print(f"{game:<10} {before:>8.2f} {after:>8.2f} {after / before:>6.2f}   {spread}   "
              f"{noop[0]:.2f}, {noop[1]:.2f}")
    print(f"{'all':<10} {'':>8} {'':>8} {statistics.median(ratios):>6.2f}   (median of the games' ratios)")


if __name__ == "__main__":
    main()
