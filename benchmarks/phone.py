"""The table message on a phone, before and after a change, in one run: each game's tallest table — this checkout's
samples (cogs/games/<id>/picture.py `sample`: the most seats, mid-turn), every seat a 32-character name, in a
Spanish server — shown by each tree's own bot in its own playground and measured in Debian's chromium at
390 × 844 px by scripts/phone.py (copied into the tree measured before). For each game: the channel a phone shows
between its header and its message box, the table message's height against it, how far down its first control
is, the picture's shown width and its smallest text there, whether "due in 60 minutes" stays on one line, the
controls' words the phone cuts. The goal: every table within the channel and 620 px, its first control
within 600 px, its text at least 10 px, the deadline on one line, nothing cut.

    .venv/bin/python benchmarks/phone.py [--against REV]
"""

from __future__ import annotations

import argparse
import pickle
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "scripts")]

WORKER = "scripts/phone.py"
TALLEST, FIRST_CONTROL, READABLE = 620, 600, 10


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--against", default="main", help="the revision measured before (default main)")
    arguments = parser.parse_args()

    from phone import tallest
    from trees import alternate, tree_of

    from cogs.games import live

    with tempfile.TemporaryDirectory() as folder, tree_of(arguments.against, WORKER) as before:
        tables = Path(folder) / "tables.pickle"
        tables.write_bytes(pickle.dumps({game_id: tallest(game_id) for game_id in live()}))
        measured = alternate({"before": before, "after": ROOT}, 1, WORKER, "--no-photos", "--json",
                             "--tables", str(tables))
    print(f"The tallest table messages at 390 × 844 px, before ({arguments.against}) and after (CSS px):")
    print(f"{'game':10} {'channel':>8} {'message':>17} {'1st control':>17} {'picture':>15} {'smallest text':>15} "
          f"{'due on a line':>15}  cut after")
    fine = True
    for game_id in live():
        was, now = measured["before"][0][game_id], measured["after"][0][game_id]
        fine &= (now["height"] <= min(TALLEST, now["space"]) and now["first_control"] is not None
                 and now["first_control"] <= FIRST_CONTROL and now["smallest_shown"] >= READABLE and not now["cut"]
                 and now["due_whole"])
        print(f"{game_id:10} {now['space']:8.0f} {was['height']:8.0f} → {now['height']:5.0f} "
              f"{was['first_control'] or 0:8.0f} → {now['first_control'] or 0:5.0f} "
              f"{was['shown_width']:6.0f} → {now['shown_width']:5.0f} "
              f"{was['smallest_shown']:6.1f} → {now['smallest_shown']:5.1f} "
              f"{'yes' if was['due_whole'] else 'no':>6} → {'yes' if now['due_whole'] else 'no':>5}  "
              f"{', '.join(now['cut']) or 'none'}")
    print("after: " + ("every table within the goal" if fine else "A TABLE MISSES THE GOAL"))


if __name__ == "__main__":
    main()
