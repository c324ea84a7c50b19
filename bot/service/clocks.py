"""A seat's clock: the one place that says when a seat's time to decide runs out.

Today every seat of a table shares the table's deadline (`sessions.deadline_at`); a clock per seat changes only
this function, and everything that asks when a seat must have acted (reminders, the digest, /mygames) follows."""

from __future__ import annotations

from .table import LiveTable, Table


def seat_deadline(table: LiveTable | Table, seat: int) -> float | None:
    """When `seat`'s time to decide runs out (None: no deadline runs for it), on the service's live copy or on a
    snapshot the edge shows."""
    return table.row.deadline_at if isinstance(table, LiveTable) else table.deadline_at
