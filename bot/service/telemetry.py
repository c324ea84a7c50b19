"""A committed change's moves, counted (bot/metrics.py) and logged with their table and move number — after the
commit, so a change run again after a conflict is counted once. No Discord here."""

from __future__ import annotations

import logging
from collections.abc import Sequence

from ..metrics import Unmeasured
from .table import AUTOPILOT_AFTER, Move, Table

log = logging.getLogger(__name__)

AUTOMATIC = {"timeout": "timeout", "computer": "computer", "autopilot": "computer"}  # Move.by -> the move's source


def moves_made(table_id: int, game_id: str, moves: Sequence[Move], metrics: Unmeasured, member: str = "click"
               ) -> None:
    """Count and log the moves of a committed change; a member's own move came from `member` (click or typed)."""
    for move in moves:
        source = AUTOMATIC.get(move.by, member)
        metrics.moved(game_id, source)
        log.debug("%s: seat %d played %s (%s, by %s)", game_id, move.seat, move.action, source,
                  move.by, extra={"table": table_id, "move": move.seq})


def timer_event(table: Table, kind: str, metrics: Unmeasured) -> None:
    """A reminder, a timeout or a lobby expiring, committed: counted and logged, with the seats a timeout put on
    autopilot (its moves are counted with its commit, as every change's are: `TableCache.committed`)."""
    metrics.fired(kind)
    where = {"table": table.id, "move": table.seq}
    if kind != "timeout":
        log.info("%s (%s)", "reminder sent" if kind == "reminder" else "lobby expired", table.game.id, extra=where)
        return
    timed_out = sorted({m.seat for m in table.moves if m.by == "timeout"})
    log.info("time ran out, seats: %s (%s)", ", ".join(map(str, timed_out)), table.game.id, extra=where)
    for seat in timed_out:
        if table.seats[seat].autopilot and table.seats[seat].timeouts == AUTOPILOT_AFTER:
            metrics.fired("autopilot")
            log.info("seat %d put on autopilot after %d timeouts", seat, AUTOPILOT_AFTER, extra=where)
