"""How long a table picture takes: every game's scripted sample table (its drawer's `sample`), public and
private, drawn `--runs` times in one run; medians against a budget of 30 ms a picture (so a move's answer is not
held up by its picture), and the cache's answer for an unchanged table (the key: a hash of the view) next to a fresh
drawing.

    .venv/bin/python benchmarks/pictures.py [--runs N]
"""

from __future__ import annotations

import argparse
import io
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from PIL import Image  # noqa: E402

from bot.pictures import key  # noqa: E402
from bot.pictures import render as draw_with  # noqa: E402
from cogs.games import registered  # noqa: E402

BUDGET_MS = 30.0


def timed(work, runs: int) -> list[float]:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append((time.perf_counter() - start) * 1000)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=50)
    runs = parser.parse_args().runs
    print(f"{'picture':20} {'size':>10} {'PNG KB':>7} {'median ms':>10} {'p95 ms':>7} {'cached ms':>10} "
          f"{'of budget':>10}")
    worst = 0.0
    for game, parts in registered().items():
        table = parts.sample()

        def render(table, seat, draw=parts.drawer):
            return draw_with(draw, table, seat)

        for seat in (None, parts.private_seat) if parts.private_seat is not None else (None,):
            render(table, seat)  # fonts loaded once per process, as in the bot
            drawn = timed(lambda t=table, s=seat: render(t, s), runs)
            cached = timed(lambda t=table, s=seat: key(t, s), runs)
            png = render(table, seat)
            median = statistics.median(drawn)
            worst = max(worst, median)
            name = game if seat is None else f"{game} (private)"
            size = "x".join(map(str, Image.open(io.BytesIO(png)).size))
            print(f"{name:20} {size:>10} {len(png) / 1024:7.1f} {median:10.1f} "
                  f"{statistics.quantiles(drawn, n=20)[-1]:7.1f} {statistics.median(cached):10.3f} "
                  f"{median / BUDGET_MS:9.2f}x")
    print(f"slowest median {worst:.1f} ms against a budget of {BUDGET_MS:.0f} ms: "
          + ("within budget" if worst <= BUDGET_MS else "OVER BUDGET"))


if __name__ == "__main__":
    main()
