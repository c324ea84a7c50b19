"""How strong is each computer level? Matches through `bot.games.selfplay` (the dice as the service draws them):

- two seats: hard vs the greedy baseline (each game's own, in its test folder: tests/games/<id>/measures.py),
  hard vs normal, normal vs the baseline,
  easy vs normal, seats alternating game by game;
- three to five seats (games that allow them): one hard against normals, hard's seat rotating.

A game's score for a player: 1 for a sole first place, 1/k for a first place shared by k, else 0 (so a
two-seat draw counts half; draws are also counted apart). The interval is Wilson's 95 % score interval on the
mean score. Hard's CPU time per decision is measured on the side (mean and worst, each process's first decision
left out: it builds the planner's tables, see `computer_budget.py`).

    .venv/bin/python benchmarks/computer_strength.py [--games 1000] [--tables 500] [--jobs 2] [--only dardz]
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.games.core import resolve_options  # noqa: E402
from bot.games.registry import engines  # noqa: E402
from bot.games.selfplay import play  # noqa: E402
from tests.per_game import greedy  # noqa: E402

PAIRS = (("hard", "greedy"), ("hard", "normal"), ("normal", "greedy"), ("normal", "easy"))
GAMES = engines()
BASELINES = {game_id: chooser for game_id in GAMES if (chooser := greedy(game_id)) is not None}
GOALS = {("hard", "greedy"): 0.65, ("hard", "normal"): 0.60, ("normal", "easy"): 0.60}  # the first player's


@dataclass
class Tally:
    games: int = 0
    score: float = 0.0
    wins: int = 0
    draws: int = 0  # a first place shared
    hard_seconds: list[float] = field(default_factory=list)

    def add(self, other: Tally) -> None:
        self.games += other.games
        self.score += other.score
        self.wins += other.wins
        self.draws += other.draws
        self.hard_seconds += other.hard_seconds


def chooser(game_id: str, name: str, timings: list[float]) -> Callable:
    if name == "greedy":
        return BASELINES[game_id]
    game = GAMES[game_id]
    if name != "hard":
        return partial(game.computer_action, level=name)

    def timed(state, seat, rng):
        start = time.process_time()
        action = game.computer_action(state, seat, rng, level="hard")
        if game_id in WARM:  # a process's first decision also builds the planner's tables: computer_budget.py
            timings.append(time.process_time() - start)
        WARM.add(game_id)
        return action
    return timed


WARM: set[str] = set()  # games whose hard planner has decided once in this process


def run_games(game_id: str, names: tuple[str, ...], focal: int, first: int, count: int, tag: str) -> Tally:
    """Games first..first+count-1 of a match: seat order rotates by game number; `focal` indexes `names`."""
    game = GAMES[game_id]
    options = resolve_options(game, {})
    tally, timings = Tally(), []
    n = len(names)
    for k in range(first, first + count):
        order = [names[(i + k) % n] for i in range(n)]  # seat s plays names[(s + k) % n]
        seats = [chooser(game_id, name, timings) for name in order]
        state, _ = play(game, seats, options, f"strength:{tag}:{k}")
        placings = game.outcome(state).placings
        me = (focal - k) % n
        firsts = placings.count(1)
        if placings[me] == 1:
            tally.score += 1 / firsts
            tally.wins += firsts == 1
            tally.draws += firsts > 1
        tally.games += 1
    tally.hard_seconds = timings
    return tally


def match(game_id: str, names: tuple[str, ...], games: int, jobs: int) -> Tally:
    tag = f"{game_id}:{'-'.join(names)}"
    chunk = max(1, math.ceil(games / (jobs * 4)))
    parts = [(game_id, names, 0, first, min(chunk, games - first), tag) for first in range(0, games, chunk)]
    total = Tally()
    if jobs > 1:
        with multiprocessing.Pool(jobs) as pool:
            for tally in pool.starmap(run_games, parts):
                total.add(tally)
    else:
        for part in parts:
            total.add(run_games(*part))
    return total


def wilson(score: float, n: int, z: float = 1.96) -> tuple[float, float]:
    p = score / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def timing(tally: Tally) -> str:
    if not tally.hard_seconds:
        return "–"
    return f"{1000 * sum(tally.hard_seconds) / len(tally.hard_seconds):.1f} / {1000 * max(tally.hard_seconds):.0f}"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=1000, help="games per two-seat match")
    parser.add_argument("--tables", type=int, default=500, help="games per 3-5 seat table size")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--only", default=",".join(GAMES), help="games to run, by id")
    parser.add_argument("--pairs", default="all", help="e.g. hard-greedy,hard-normal")
    args = parser.parse_args()
    pairs = PAIRS if args.pairs == "all" else tuple(tuple(p.split("-")) for p in args.pairs.split(","))
    print("| game | match | games | first player's score | 95 % interval | draws | goal | hard ms/decision "
          "(mean / worst) |")
    print("|---|---|---|---|---|---|---|---|")
    for game_id in args.only.split(","):
        for names in pairs:
            if "greedy" in names and game_id not in BASELINES:  # a game without a greedy player of its own
                continue
            start = time.time()
            tally = match(game_id, names, args.games, args.jobs)
            low, high = wilson(tally.score, tally.games)
            goal = GOALS.get(names)
            verdict = "–" if goal is None else (f"≥ {goal:.0%}: " + ("met" if tally.score / tally.games >= goal
                                                                      and low > goal - 0.05 else "NOT met"))
            print(f"| {game_id} | {names[0]} vs {names[1]} | {tally.games} | {tally.score / tally.games:.1%} | "
                  f"{low:.1%}–{high:.1%} | {tally.draws} | {verdict} | {timing(tally)} |", flush=True)
            print(f"<!-- {time.time() - start:.0f} s -->", file=sys.stderr)
        game = GAMES[game_id]
        for n in range(3, min(5, game.max_players) + 1):
            if args.tables <= 0:
                break
            names = ("hard",) + ("normal",) * (n - 1)
            tally = match(game_id, names, args.tables, args.jobs)
            low, high = wilson(tally.score, tally.games)
            above = tally.score / tally.games > 1 / n
            verdict = ("met" + (", significant" if low > 1 / n else ", within the interval")) if above else "NOT met"
            print(f"| {game_id} | hard vs {n - 1} normals | {tally.games} | {tally.score / tally.games:.1%} | "
                  f"{low:.1%}–{high:.1%} | {tally.draws} | > 1/{n} = {1 / n:.0%}: {verdict} | {timing(tally)} |",
                  flush=True)


if __name__ == "__main__":
    main()
