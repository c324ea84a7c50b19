"""The table's dice, and its moves applied to the live copy.

A move's randomness is the table's secret seed mixed with every seat's client seed (or, for a table from before
client seeds, the seed alone) and the move's number, so replaying the log gives the same dice on any machine.
Applying a move records the dice it drew (for the luck report) and whose decisions it began (for stale clicks).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

from db import MoveRow

from ..games.core import decode_action
from ..games.rng import Recorder, Rng
from .table import LiveTable, Move, touched

RngFactory = Callable[[str, Sequence[str] | None, int | str], Rng]


class TableDice:
    def __init__(self, rng_factory: RngFactory) -> None:
        self._rng = rng_factory

    def rng(self, live: LiveTable, stream: int | str) -> Rng:
        """The table's randomness for one stream (a move's dice, a computer's choice)."""
        return self._rng(live.row.seed, live.client_seeds, stream)

    def setup(self, live: LiveTable) -> None:
        """Deal the game: the set-up from stream 0, every seat's decision beginning now."""
        live.state = live.game.setup(len(live.seats), json.loads(live.row.options), self.rng(live, 0))
        live.since, live.opening, live.log = [0] * len(live.seats), live.state.events, []

    def advance(self, live: LiveTable, seat: int, action: Any, seq: int) -> tuple[tuple[int, int, int], ...]:
        """Apply one move to the live state; returns its dice as (low, high, value), for the luck report."""
        game = live.game
        before = game.to_act(live.state)
        rng = Recorder(self.rng(live, seq))
        live.state = game.apply(live.state, seat, action, rng)
        for s in game.to_act(live.state):
            if s == seat or s not in before:
                live.since[s] = seq
        return tuple(rng.dice)

    def replay(self, live: LiveTable, logged: Sequence[MoveRow]) -> None:
        """The game from its set-up through every logged move."""
        self.setup(live)
        self.apply_logged(live, logged)
        if live.row.seq != len(logged):
            raise ValueError(f"table {live.row.id}: move {live.row.seq} but {len(logged)} moves logged")

    def apply_logged(self, live: LiveTable, logged: Sequence[MoveRow]) -> None:
        for row in logged:
            action = decode_action(live.game, row.action)
            dice = self.advance(live, row.seat, action, row.seq)
            live.log.append(Move(row.seq, row.seat, action, row.by, live.state.events, dice))
            if row.by == "player":  # a move is its member's touch of the table (calls.py)
                touched(live, row.seat, row.at)
