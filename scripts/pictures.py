"""Draw the scripted sample table of every game (its drawer's `sample`, cogs/games/<id>/picture.py) as the
pictures in docs/pictures/ (linked from README.md), or with --references as the visual regression references of
tests/test_pictures.py.

    .venv/bin/python scripts/pictures.py [--references]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.pictures import render  # noqa: E402
from cogs.games import live  # noqa: E402

DOCS = ROOT / "docs" / "pictures"
REFERENCES = ROOT / "tests" / "fixtures" / "pictures"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--references", action="store_true", help="write the test references instead")
    folder = REFERENCES if parser.parse_args().references else DOCS
    folder.mkdir(parents=True, exist_ok=True)
    for game, parts in live().items():
        table = parts.sample()
        (folder / f"{game}.png").write_bytes(render(parts.drawer, table))
        if parts.private_seat is not None:
            (folder / f"{game}-private.png").write_bytes(render(parts.drawer, table, parts.private_seat))
        print(f"wrote {folder / game}.png")


if __name__ == "__main__":
    main()
