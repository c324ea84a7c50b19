"""What the tests and the benchmarks that go over every game need of each one, declared in the game's own test
folders — `tests/games/<id>/` (the rules': its recorded games, `measures.py` with its benchmarks' yardsticks) and
`tests/cogs/games/<id>/` (the edge's: its reference pictures, `measures.py` with its REST budget) — so a new game
brings its own and no shared list changes. What a game does not declare takes the default here."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
SPEED_GOAL = 200.0  # games/s of two normal computers' self-play (benchmarks/engine_speed.py)

Chooser = Callable[[Any, int, Any], Any]  # (state, seat, rng) -> a move (None: no interjection)


@dataclass(frozen=True)
class RestBudget:
    """How the REST budget plays a game (benchmarks/rest_budget.py, tests/test_rest_budget.py): the members and
    computers seated, and the REST calls a move that passes the turn may cost on average — its answer, and the DMs
    whose view changed."""

    members: int = 2
    computers: int = 0
    passing_turn: float = 1.0


def engine_tests(game_id: str) -> Path:
    """The game's rules' tests: tests/games/<id>/."""
    return ROOT / "tests" / "games" / game_id


def edge_tests(game_id: str) -> Path:
    """The game's tests at the Discord edge: tests/cogs/games/<id>/."""
    return ROOT / "tests" / "cogs" / "games" / game_id


def declared(package: str, game_id: str) -> ModuleType | None:
    """The `measures` module of one of the game's test folders (None: it declares nothing there)."""
    try:
        return importlib.import_module(f"{package}.{game_id}.measures")
    except ModuleNotFoundError as missing:
        if missing.name not in (f"{package}.{game_id}", f"{package}.{game_id}.measures"):
            raise
        return None


def rest_budget(game_id: str) -> RestBudget:
    return getattr(declared("tests.cogs.games", game_id), "REST_BUDGET", RestBudget())


def speed_goal(game_id: str) -> float:
    return getattr(declared("tests.games", game_id), "SPEED_GOAL", SPEED_GOAL)


def greedy(game_id: str) -> Chooser | None:
    """The game's greedy player (`computer_strength.py`'s yardstick), written from its rules' computer player
    section: the plain play a member would try first. None: the game has none."""
    return getattr(declared("tests.games", game_id), "greedy", None)


def recorded(game_id: str) -> Path:
    """The game's recorded games (tests/games/recorded_play.py)."""
    return engine_tests(game_id) / "recorded.json.gz"


def reference(game_id: str, seat: int | None) -> Path:
    """The reference picture of the game's sample table (tests/test_pictures.py), for everyone or its private
    seat."""
    return edge_tests(game_id) / ("picture.png" if seat is None else "picture-private.png")
