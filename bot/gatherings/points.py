"""Points by placing at one table: one point for each other seat placed below, half a point for each placed equal.
The winner of a table of k seats gets k - 1, the last 0; seats that tie share the points of the places they hold
between them (two tied for first at a three-seat table get 1.5 each). At a two-seat table this is chess's 1, ½, 0.
"""

from __future__ import annotations

from collections.abc import Sequence


def points_by_placing(placings: Sequence[int]) -> tuple[float, ...]:
    """Per seat, its points from the table's placings (1 = won; equal numbers tie)."""
    return tuple(sum(1.0 if p < other else 0.5 if p == other else 0.0
                     for j, other in enumerate(placings) if j != i) for i, p in enumerate(placings))


def bye_points(table_size: int) -> float:
    """A bye is worth a median placing at a table of the round's size: the points of finishing in the middle
    (½ at a two-seat table, as in chess's half-point bye)."""
    return (table_size - 1) / 2
