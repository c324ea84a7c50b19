"""Draw the scripted sample table of every game (bot/pictures/samples.py) as the pictures in docs/pictures/
(linked from README.md), or with --references as the visual regression references of tests/test_pictures.py.

    .venv/bin/python scripts/pictures.py [--references]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.pictures import render  # noqa: E402
from bot.pictures.samples import PRIVATE_SEAT, SAMPLES  # noqa: E402

DOCS = ROOT / "docs" / "pictures"
REFERENCES = ROOT / "tests" / "fixtures" / "pictures"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--references", action="store_true", help="write the test references instead")
    folder = REFERENCES if parser.parse_args().references else DOCS
    folder.mkdir(parents=True, exist_ok=True)
    for game, sample in SAMPLES.items():
        table = sample()
        (folder / f"{game}.png").write_bytes(render(table))
        if game in PRIVATE_SEAT:
            (folder / f"{game}-private.png").write_bytes(render(table, PRIVATE_SEAT[game]))
        print(f"wrote {folder / game}.png")


if __name__ == "__main__":
    main()
