"""Draw the scripted sample table of every game (its drawer's `sample`, cogs/games/<id>/picture.py) as the
pictures in docs/pictures/ (linked from README.md), or with --references as the visual regression references of
tests/test_pictures.py, each in its game's own test folder (tests/cogs/games/<id>/, the toy games' too).

    .venv/bin/python scripts/pictures.py [--references]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.pictures import render  # noqa: E402
from cogs.games import live, registered  # noqa: E402
from tests.per_game import reference  # noqa: E402
from tests.toy_games import register  # noqa: E402

DOCS = ROOT / "docs" / "pictures"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--references", action="store_true", help="write the test references instead")
    references = parser.parse_args().references
    if references:
        register()  # the tests compare the toy games' pictures too
    for game, parts in (registered() if references else live()).items():
        table = parts.sample()
        for seat in (None, parts.private_seat) if parts.private_seat is not None else (None,):
            path = reference(game, seat) if references else DOCS / (game if seat is None else f"{game}-private")
            path = path.with_suffix(".png")
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(render(parts.drawer, table, seat))
            print(f"wrote {path.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
