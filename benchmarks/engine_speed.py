"""Engine speed, before and after, from one run: games/s of two normal computers' self-play per game, the dice
as the service draws them (`bot.games.selfplay`: FairRng streams per move and per decision), on one core. A goal
is checked as a ratio to the baseline measured in the same run (NOTES_BEFORE), never as games/s of one machine.

"Before" is the engines at BASELINE (exported with `git archive` into a temporary folder, plus this tree's
self-play driver), "after" is this worktree; each measurement runs in its own subprocess (`--worker`) so
neither sees the other's modules, and the two alternate. The machine is shared: compare the ratios.

    .venv/bin/python benchmarks/engine_speed.py [--seconds 5] [--repeat 3] [--baseline REV] [--games a,b]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BASELINE = "aa4578b"  # main before the engines were made faster for the computer levels
# A goal is games/s on the machine of RESULTS-issue28.md, where BASELINE's engines played these: on any machine it
# is the ratio goal / NOTES_BEFORE to BASELINE's games/s measured in the same run (a slower machine plays both
# slower), so anyone can check it on theirs.
NOTES_BEFORE = {"armymen": 362.8, "armadillo": 27.1, "doodle": 182.8, "dardz": 98.1}


def engines_here() -> dict:
    """The engines by id in the tree being measured: `bot.games.GAMES` in the baseline's (before the games were
    registered; only bot/games is exported), the game layer's registry's own games in this one."""
    import bot.games

    if hasattr(bot.games, "GAMES"):
        return bot.games.GAMES
    from bot.games.registry import engines

    return engines()


def goals() -> dict[str, float]:
    """Each registered game's goal, games/s: what its own test folder declares (tests/per_game.py). Asked of this
    tree only: a worker imports nothing but the tree it measures."""
    sys.path.insert(0, str(ROOT))
    from tests.per_game import speed_goal

    return {game_id: speed_goal(game_id) for game_id in engines_here()}


def worker(seconds: float, games: list[str]) -> dict[str, dict[str, float]]:
    from bot.games.core import resolve_options
    from bot.games.selfplay import computers, play

    results, found = {}, engines_here()
    for game_id in games:
        game = found[game_id]
        options = resolve_options(game, {})
        n = moves = 0
        start = time.process_time()
        while time.process_time() - start < seconds:
            _, count = play(game, computers(game, 2), options, f"speed:{n}")
            n, moves = n + 1, moves + count
        spent = time.process_time() - start
        results[game_id] = {"games_per_s": n / spent, "moves_per_s": moves / spent, "games": n}
    return results


def export(rev: str, into: Path) -> Path:
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", rev, "bot/__init__.py", "bot/games"],
                             check=True, capture_output=True).stdout
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    driver = into / "bot" / "games" / "selfplay.py"
    if not driver.exists():
        shutil.copy(ROOT / "bot" / "games" / "selfplay.py", driver)
    return into


def measure(root: Path, seconds: float, games: list[str]) -> dict[str, dict[str, float]]:
    env = {**os.environ, "PYTHONPATH": str(root)}
    out = subprocess.run([sys.executable, __file__, "--worker", "--seconds", str(seconds), "--games", ",".join(games)],
                         check=True, capture_output=True, text=True, env=env, cwd=root).stdout
    return json.loads(out)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=5.0, help="CPU seconds per game per measurement")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--baseline", default=BASELINE)
    parser.add_argument("--games", default=None, help="game ids, comma-separated (default: every registered one)")
    parser.add_argument("--worker", action="store_true")
    args = parser.parse_args()
    if args.worker:
        games = args.games.split(",")
        print(json.dumps(worker(args.seconds, games)))
        return
    goal = goals()
    games = args.games.split(",") if args.games else list(goal)
    with tempfile.TemporaryDirectory() as tmp:
        before_root = export(args.baseline, Path(tmp))
        runs: dict[str, list[dict]] = {"before": [], "after": []}
        for _ in range(args.repeat):
            runs["before"].append(measure(before_root, args.seconds, games))
            runs["after"].append(measure(ROOT, args.seconds, games))
    print(f"Two normal computers' self-play, service dice; medians of {args.repeat} runs of {args.seconds:g} CPU s "
          f"per game; before = {args.baseline}, after = this tree.\n")
    print("The goal as a ratio: the goal's games/s over what BASELINE played on the machine the goal was set on.\n")
    print("| game | before games/s | after games/s | ratio | goal (ratio) | met | after moves/s |")
    print("|---|---|---|---|---|---|---|")
    for game_id in games:
        before = statistics.median(r[game_id]["games_per_s"] for r in runs["before"])
        after = statistics.median(r[game_id]["games_per_s"] for r in runs["after"])
        moves = statistics.median(r[game_id]["moves_per_s"] for r in runs["after"])
        target = goal.get(game_id, 0)
        as_ratio = target / NOTES_BEFORE[game_id] if target and game_id in NOTES_BEFORE else None
        met = "-" if as_ratio is None else "yes" if after / before >= as_ratio else "no"
        shown = f"{target:,.0f}" if as_ratio is None else f"{target:,.0f} ({as_ratio:.2f}×)"
        print(f"| {game_id} | {before:,.1f} | {after:,.1f} | {after / before:.2f}× | {shown} | {met} | {moves:,.0f} |")


if __name__ == "__main__":
    main()
