"""Before and after in one run: a benchmark's worker runs in this checkout and in a copy of another revision (`git
archive` into a temporary folder: nothing of this checkout changes), in rounds that alternate which goes first,
so a shared machine's changing load falls on both alike. The worker is this checkout's own script, copied into
the other tree (where it imports that tree's code), and what it measures goes between the two as JSON; what both
measure (tables, say) is made once, here, and handed to both by a pickle (the engines are the same in both).
"""

from __future__ import annotations

import contextlib
import io
import json
import shutil
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


@contextlib.contextmanager
def tree_of(revision: str, *workers: str) -> Iterator[Path]:
    """`revision` of this repository in a temporary folder, with this checkout's `workers` (paths from its root)
    copied in."""
    with tempfile.TemporaryDirectory(prefix="before-") as folder:
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", revision], check=True, capture_output=True)
        with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
            tar.extractall(folder, filter="data")
        for worker in workers:
            (Path(folder) / worker).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(ROOT / worker, Path(folder) / worker)
        yield Path(folder)


def run(tree: Path, worker: str, *arguments: str) -> Any:
    """The worker's JSON answer (its last line of output), run in `tree` with this checkout's Python."""
    done = subprocess.run([sys.executable, str(tree / worker), *arguments], cwd=tree, capture_output=True, text=True)
    if done.returncode:
        raise SystemExit(f"{worker} in {tree} failed:\n{done.stderr[-4000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def alternate(trees: dict[str, Path], rounds: int, worker: str, *arguments: str) -> dict[str, list[Any]]:
    """Each tree's answers, `rounds` of them, the trees taking turns and each round beginning with the other."""
    answers: dict[str, list[Any]] = {name: [] for name in trees}
    for number in range(rounds):
        order = list(trees) if number % 2 == 0 else list(reversed(trees))
        for name in order:
            answers[name].append(run(trees[name], worker, *arguments))
    return answers
