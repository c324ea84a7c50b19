"""How long a table's picture takes to draw, and how big it is: every game at its most seats, mid-game — its sample
(its tallest moment, cogs/games/<id>/picture.py `sample`) and the middle half of a whole seeded game the computer
plays against itself — drawn in one run before (the revision `--against`, default main) and after (this
checkout), in rounds that alternate which goes first. Each worker draws every table once first, as a bot has drawn
a game's earlier moves (its fonts loaded; here, the drawings a picture is pasted from kept), then `--runs` times;
a picture is the PNG the bot sends, its encoding included. Medians of the wall time and of the drawing thread's
CPU time (steadier on a shared machine), their ratios, and the pictures' sizes. Goal: at most 3 ms
median and 20 KB.

    .venv/bin/python benchmarks/pictures.py [--against REV] [--rounds N] [--runs N]
"""

from __future__ import annotations

import argparse
import json
import pickle
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

GOAL_MS, GOAL_KB = 3.0, 20.0
WORKER = "benchmarks/pictures.py"
MIDDLE = 16  # states of the middle half of a game, evenly spaced


def tables() -> dict[str, list]:
    """Each live game's tables at its most seats: its sample, then mid-game moments of a seeded game."""
    from bot.games.rng import SeededRng
    from bot.pictures.samples import sample_table
    from cogs.games import live

    found = {}
    for game_id, parts in live().items():
        game, players = parts.engine, parts.engine.max_players
        chosen = {name: option.default for name, option in game.options.items()}
        state, states, move = game.setup(players, chosen, SeededRng("benchmark", 0)), [], 0
        while to_act := sorted(game.to_act(state)):
            move += 1
            action = game.computer_action(state, to_act[0], SeededRng("benchmark", f"computer:{move}"))
            state = game.apply(state, to_act[0], action, SeededRng("benchmark", move))
            if game.to_act(state):
                states.append(state)
        middle = states[len(states) // 4: 3 * len(states) // 4]
        chosen_states = middle[:: max(1, len(middle) // MIDDLE)][:MIDDLE]
        found[game_id] = [parts.sample(players)] + [sample_table(game, s, players) for s in chosen_states]
    return found


def draw(path: str, runs: int) -> dict[str, dict[str, list[float]]]:
    """The worker: this tree's drawers on the tables pickled at `path`."""
    from bot.pictures import render
    from cogs.games import live

    with open(path, "rb") as source:
        games = pickle.load(source)
    drawers = {game_id: parts.drawer for game_id, parts in live().items()}
    measured: dict[str, dict[str, list[float]]] = {}
    for game_id, shown in games.items():
        pictures = [render(drawers[game_id], table) for table in shown]  # fonts loaded, drawings kept: a bot's
        walls, cpus = [], []
        for _ in range(runs):
            for table in shown:
                wall, cpu = time.perf_counter(), time.thread_time()
                render(drawers[game_id], table)
                cpus.append((time.thread_time() - cpu) * 1000)
                walls.append((time.perf_counter() - wall) * 1000)
        measured[game_id] = {"wall": walls, "cpu": cpus, "bytes": [len(png) for png in pictures]}
    return measured


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--against", default="main", help="the revision measured before (default main)")
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--runs", type=int, default=5, help="draws of every table a round")
    parser.add_argument("--draw", help=argparse.SUPPRESS)  # the worker: the pickled tables to draw
    arguments = parser.parse_args()
    if arguments.draw:
        print(json.dumps(draw(arguments.draw, arguments.runs)))
        return

    from trees import ROOT, alternate, tree_of

    with tempfile.TemporaryDirectory() as folder, tree_of(arguments.against, WORKER) as before:
        path = Path(folder) / "tables.pickle"
        made = tables()
        path.write_bytes(pickle.dumps(made))
        answers = alternate({"before": before, "after": ROOT}, arguments.rounds, WORKER, "--draw", str(path),
                            "--runs", str(arguments.runs))
    print(f"Pictures at their most seats, mid-game ({', '.join(f'{g} {len(t)}' for g, t in made.items())} tables), "
          f"{arguments.rounds} rounds of {arguments.runs} draws each, before ({arguments.against}) and after:")
    print(f"{'game':10} {'ms before':>10} {'ms after':>9} {'ratio':>6} {'CPU before':>11} {'CPU after':>10} "
          f"{'ratio':>6} {'KB before':>10} {'KB after':>9} {'largest':>8}")
    worst_ms = worst_kb = 0.0
    for game_id in made:
        got = {side: {measure: [value for answer in answers[side] for value in answer[game_id][measure]]
                      for measure in ("wall", "cpu", "bytes")} for side in answers}
        wall = {side: statistics.median(got[side]["wall"]) for side in got}
        cpu = {side: statistics.median(got[side]["cpu"]) for side in got}
        size = {side: statistics.median(got[side]["bytes"]) / 1024 for side in got}
        largest = max(got["after"]["bytes"]) / 1024
        worst_ms, worst_kb = max(worst_ms, cpu["after"]), max(worst_kb, largest)
        print(f"{game_id:10} {wall['before']:10.2f} {wall['after']:9.2f} {wall['after'] / wall['before']:6.2f} "
              f"{cpu['before']:11.2f} {cpu['after']:10.2f} {cpu['after'] / cpu['before']:6.2f} "
              f"{size['before']:10.1f} {size['after']:9.1f} {largest:8.1f}")
    print(f"after: slowest median {worst_ms:.2f} ms of CPU (goal {GOAL_MS:.0f} ms), largest picture {worst_kb:.1f} KB "
          f"(goal {GOAL_KB:.0f} KB): " + ("within the goal" if worst_ms <= GOAL_MS and worst_kb <= GOAL_KB
                                          else "OVER THE GOAL"))


if __name__ == "__main__":
    main()
