"""The computer players as the service runs them: each decides at its seat's level, the hard one in a worker
thread, and the hard planners' tables are built once at start-up rather than by a member's first game.

A hard decision takes up to a few milliseconds of CPU (its budget is 50 ms, benchmarks/computer_budget.py): on the
event loop that would hold up every other table's clicks, so it runs in a thread (`asyncio.to_thread`). Nothing
else changes: the caller still holds the table's lock and its open transaction (whose writes go at commit), the
state is immutable and the rng is the table's stream for that decision, so the move is the one `/game verify`
recomputes.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Mapping
from functools import partial
from typing import Any

from ..games.core import Game, resolve_options
from ..games.rng import Rng
from ..games.selfplay import play

log = logging.getLogger(__name__)

OFF_THE_LOOP = frozenset({"hard"})  # levels that think for milliseconds
WARM_UP_SEED = "warm-up"

_warmed = threading.Event()


async def decide(game: Game, state: Any, seat: int, rng: Rng, level: str) -> Any:
    """The computer's move for `seat` at `level` (None: a seat not to act lets its interjection pass)."""
    if level in OFF_THE_LOOP:
        return await asyncio.to_thread(game.computer_action, state, seat, rng, level)
    return game.computer_action(state, seat, rng, level)


def warm(games: Mapping[str, Game]) -> None:
    """Build the hard planners' tables (odds, Army Men's win rows…): one game of hard computers per game, once
    per process (about 0.3 s of CPU for the four games; a first hard decision would otherwise pay up to 45 ms).
    A failure is logged, never raised: the bot plays on, and a table's own hard decision would show it."""
    if _warmed.is_set():
        return
    for game in games.values():
        hard = partial(game.computer_action, level="hard")
        try:
            play(game, [hard] * game.min_players, resolve_options(game, {}), WARM_UP_SEED)
        except Exception:
            log.exception("warming the hard computer of %s", game.id)
    _warmed.set()
