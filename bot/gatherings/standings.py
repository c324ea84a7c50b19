"""A gathering's standings, from the tables its members played.

Order: points (points.py); then the sum of the points of every opponent met at a table that ended with a result
(Buchholz: who you played counts); then head-to-head among the members still tied — at each table where two of
them met, the one placed higher scores 1 and a tie ½ each; then the rating (the conservative estimate, the
leaderboard's); then the member id, so the order is total and the same in every process. A bye is worth its points
but meets nobody; a computer scores no standings and so adds nothing to its opponents'. A dropped member keeps their
place and points, and plays no more.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property


@dataclass(frozen=True)
class Member:
    user_id: int
    rating: float = 0.0  # mu - 3 sigma in the game (0 for a member never rated)
    dropped: bool = False


@dataclass(frozen=True)
class Played:
    """One table of one round, or one member's bye (`bye`: a one-seat entry). `seats` holds members by seat, None
    where a computer sat; `points` per seat once the table ended with a result (None: still playing, or ended
    unrated — then nobody scores there, though they did meet)."""

    round: int
    seats: tuple[int | None, ...]
    points: tuple[float, ...] | None = None
    bye: bool = False

    @cached_property
    def members(self) -> tuple[int, ...]:
        return tuple(m for m in self.seats if m is not None)


@dataclass(frozen=True)
class Standing:
    place: int
    user_id: int
    points: float
    opponents_points: float
    head_to_head: float
    rating: float
    played: int  # tables ended with a result
    byes: int
    dropped: bool


def met(played: Iterable[Played]) -> dict[int, set[int]]:
    """Who sat at a table with whom (every table seated, whether or not it ended)."""
    seen: dict[int, set[int]] = defaultdict(set)
    for table in played:
        if table.bye:
            continue
        members = table.members
        if len(members) == 2:  # the common case, without the sets of the general one
            a, b = members
            seen[a].add(b)
            seen[b].add(a)
            continue
        for m in members:
            seen[m].update(members)
            seen[m].discard(m)
    return seen


def standings(members: Sequence[Member], played: Sequence[Played]) -> list[Standing]:
    """Every member in order, best first (the module's tie-breaks), places 1, 2, 3, …"""
    points = dict.fromkeys((m.user_id for m in members), 0.0)
    tables = dict.fromkeys(points, 0)
    byes = dict.fromkeys(points, 0)
    scored = [(t, t.points) for t in played if t.points is not None]
    for table, by_seat in scored:
        counted = byes if table.bye else tables
        for member, got in zip(table.seats, by_seat, strict=True):
            if member in points:
                points[member] += got
                counted[member] += 1
    opponents = dict.fromkeys(points, 0.0)
    for table, __ in scored:
        if table.bye:
            continue
        at_table = [m for m in table.members if m in points]
        total = sum(points[m] for m in at_table)
        for m in at_table:
            opponents[m] += total - points[m]
    head_to_head = _head_to_head(scored, {m: (points[m], opponents[m]) for m in points})
    ratings = {m.user_id: m.rating for m in members}
    order = sorted(points, key=lambda m: (-points[m], -opponents[m], -head_to_head.get(m, 0.0), -ratings[m], m))
    dropped = {m.user_id for m in members if m.dropped}
    return [Standing(place, m, points[m], opponents[m], head_to_head.get(m, 0.0), ratings[m], tables[m], byes[m],
                     m in dropped) for place, m in enumerate(order, start=1)]


def _head_to_head(scored: Sequence[tuple[Played, tuple[float, ...]]],
                  tied: dict[int, tuple[float, float]]) -> dict[int, float]:
    """Per member, what they scored against the members they are tied with (points and opponents' points) at the
    tables where they met."""
    sizes: dict[tuple[float, float], int] = defaultdict(int)
    for key in tied.values():
        sizes[key] += 1
    group = {m: key for m, key in tied.items() if sizes[key] > 1}  # members tied with someone
    result: dict[int, float] = defaultdict(float)
    for table, by_seat in scored:
        if table.bye:
            continue
        seats = [(i, m) for i, m in enumerate(table.seats) if m is not None and m in group]
        if len(seats) < 2:
            continue
        for a, member in seats:
            for b, opponent in seats:
                if a != b and group[member] == group[opponent]:
                    got, other = by_seat[a], by_seat[b]
                    result[member] += 1.0 if got > other else 0.5 if got == other else 0.0
    return result
