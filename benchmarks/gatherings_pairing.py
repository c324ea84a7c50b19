"""Seating 1,000 checked-in members, from one run: the median time of each way a round is seated, and its ratio to
the goal (100 ms). Every case is the whole pure path the service runs for a round — the standings from every table
played so far, then the seating — on one core. Times are the process's CPU time (`time.process_time`), so the time
the shared machine gives other work is not counted; the cases alternate so its noise falls on each alike.

    .venv/bin/python benchmarks/gatherings_pairing.py [--members 1000] [--repeat 15]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.gatherings import Member, Played, first_round, next_round, points_by_placing, standings  # noqa: E402

GOAL_SECONDS = 0.100


def history(members: list[Member], rounds: int, low: int, high: int, byes: bool, rng: random.Random
            ) -> list[Played]:
    """`rounds` rounds seated as the service seats them, each table ended with random placings."""
    played: list[Played] = []
    for number in range(1, rounds + 1):
        if number == 1:
            seating = first_round(members, low, high, byes=byes)
        else:
            seating = next_round([s.user_id for s in standings(members, played)], played, low, high, byes=byes)
        played += [Played(number, t, points_by_placing([rng.randint(1, len(t)) for _ in t])) for t in seating.tables]
        played += [Played(number, (m,), ((high - 1) / 2,), bye=True) for m in seating.byes]
    return played


def cases(n: int) -> dict[str, object]:
    rng = random.Random(38)
    members = [Member(10_000 + i, rating=rng.uniform(-5, 40)) for i in range(n)]
    odd = members + [Member(99_999, rating=1.0)]
    swiss_history = history(odd, 4, 2, 2, True, rng)
    night_history = history(members, 2, 2, 5, False, rng)

    def first_round_two_seats():
        first_round(members, 2, 2)

    def first_round_five_seats():
        first_round(members, 2, 5)

    def swiss_round_five_of_an_odd_count():
        next_round([s.user_id for s in standings(odd, swiss_history)], swiss_history, 2, 2, byes=True)

    def game_night_round_three_five_seats():
        next_round([s.user_id for s in standings(members, night_history)], night_history, 2, 5)

    return {f.__name__.replace("_", " "): f for f in (first_round_two_seats, first_round_five_seats,
                                                      swiss_round_five_of_an_odd_count,
                                                      game_night_round_three_five_seats)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--members", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=15)
    args = parser.parse_args()
    measured = cases(args.members)
    times: dict[str, list[float]] = {name: [] for name in measured}
    for _ in range(args.repeat):
        for name, run in measured.items():
            start = time.process_time()
            run()
            times[name].append(time.process_time() - start)
    print(f"{args.members} members, median of {args.repeat} runs each, goal {GOAL_SECONDS * 1000:.0f} ms")
    for name, spent in times.items():
        median = statistics.median(spent)
        print(f"  {name:<40} {median * 1000:7.2f} ms   {median / GOAL_SECONDS:5.2f} x the goal")


if __name__ == "__main__":
    main()
