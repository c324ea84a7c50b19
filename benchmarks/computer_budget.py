"""The hard computer's thinking time: CPU per decision on the slowest states, against the budget of 50 ms.

For each game and table size (two seats, five, and the most the game allows), the decisions with a choice in
the last third of games of normal computers (late game: full tables, long histories), each asked of the hard
computer with fair dice for that decision. CPU time (`time.process_time`) per decision: median, 99th percentile,
worst, after the tables a planner builds once per process ("cold": the slowest decision of a fresh process's
first game, tables included, reported apart).

    .venv/bin/python benchmarks/computer_budget.py [--games 3]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.games.core import resolve_options  # noqa: E402
from bot.games.registry import engines  # noqa: E402
from bot.games.rng import FairRng  # noqa: E402
from bot.games.selfplay import computers, play  # noqa: E402

BUDGET_MS = 50


def decisions(game, players: int, games: int, early: bool = False) -> list:
    """(state, seat) of the decisions with a choice in the last third of games of normal computers (or all)."""
    found = []
    for k in range(games):
        states: list = []
        play(game, computers(game, players), resolve_options(game, {}), f"budget:{game.id}:{players}:{k}",
             on_move=lambda state, seat, action, states=states: states.append((state, seat)))
        found += [(state, seat) for state, seat in states[0 if early else 2 * len(states) // 3:]
                  if len(game.legal_actions(state, seat)) > 1]
    return found


def cold_ms(game_id: str) -> float:
    """The slowest hard decision of a fresh process's first game (two seats), the planner's tables included."""
    code = (f"import time\nfrom bot.games.registry import engines\nfrom benchmarks.computer_budget import decisions\n"
            f"from bot.games.rng import FairRng\ng = engines()[{game_id!r}]\nworst = 0.0\n"
            f"for state, seat in decisions(g, 2, 1, early=True):\n"
            f"    t = time.process_time()\n    g.computer_action(state, seat, FairRng('s', ['c'], 0), level='hard')\n"
            f"    worst = max(worst, time.process_time() - t)\nprint(worst * 1000)")
    root = Path(__file__).resolve().parents[1]
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True, cwd=root,
                         env={"PYTHONPATH": str(root)})
    return float(out.stdout)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=3, help="games of normal computers per table size")
    args = parser.parse_args()
    print(f"| game | seats | decisions | median ms | p99 ms | worst ms | within {BUDGET_MS} ms | cold first ms |")
    print("|---|---|---|---|---|---|---|---|")
    for game in engines().values():
        cold = cold_ms(game.id)
        for players in sorted({2, min(5, game.max_players), game.max_players}):
            late = decisions(game, players, args.games)
            game.computer_action(*late[0], FairRng("warm", ["c"], 0), level="hard")
            times = []
            for n, (state, seat) in enumerate(late):
                start = time.process_time()
                game.computer_action(state, seat, FairRng("budget", ["c"], f"computer:{n}:{seat}"), level="hard")
                times.append((time.process_time() - start) * 1000)
            times.sort()
            p99 = times[min(len(times) - 1, int(0.99 * len(times)))]
            print(f"| {game.id} | {players} | {len(times)} | {statistics.median(times):.2f} | {p99:.1f} | "
                  f"{times[-1]:.1f} | {'yes' if times[-1] <= BUDGET_MS else 'NO'} | {cold:.0f} |", flush=True)


if __name__ == "__main__":
    main()
