"""How many tables, of how many seats: as few tables as the game's largest allows, their sizes as even as the
counts allow (differing by one at most), never a table below the game's smallest. 9 members of a 2–5 seat game
sit 5 + 4 (never 5 + 3 + 1); 7 of a two-seat game sit 2 + 2 + 2, with one member left over, whom a game night
seats against a computer and a Swiss tournament gives a bye."""

from __future__ import annotations

from dataclasses import dataclass


def even_sizes(players: int, low: int, high: int) -> tuple[int, ...] | None:
    """The sizes of the fewest tables of `low`..`high` seats that seat exactly `players`, largest first, as even as
    possible; None when no such tables exist (the fewest tables are the largest: more tables only get smaller)."""
    if players == 0:
        return ()
    if players < low:
        return None
    tables = -(-players // high)
    if players < tables * low:
        return None
    base, extra = divmod(players, tables)
    return (base + 1,) * extra + (base,) * (tables - extra)


@dataclass(frozen=True)
class Layout:
    """A round's tables: `sizes` (seats per table, largest first), `computers` per table (seats the counts force
    the computer into, at the smallest tables), and how many members sit the round out (`byes`)."""

    sizes: tuple[int, ...]
    computers: tuple[int, ...]
    byes: int = 0

    @property
    def members(self) -> tuple[int, ...]:
        """Members per table."""
        return tuple(s - c for s, c in zip(self.sizes, self.computers, strict=True))


def computers_needed(players: int, low: int, high: int) -> int:
    """The fewest computer seats that make `players` seatable (0 almost always: only when the game's smallest table
    is also its largest, or fewer members than its smallest came)."""
    extra = 0
    while even_sizes(players + extra, low, high) is None:
        extra += 1
    return extra


def layout(players: int, low: int, high: int, *, byes: bool = False) -> Layout:
    """The tables for `players` members of a game of `low`..`high` seats. What the counts leave over is filled with
    computer seats (a game night), or, with `byes`, sits the round out (a Swiss round). Each table keeps at least
    one member: a member alone with computers is better than a member left out of a game night."""
    if players <= 0:
        return Layout((), ())
    if byes:
        out = 0
        while even_sizes(players - out, low, high) is None:
            out += 1
        sizes = even_sizes(players - out, low, high) or ()
        return Layout(sizes, (0,) * len(sizes), out)
    missing = computers_needed(players, low, high)
    sizes = even_sizes(players + missing, low, high) or ()
    computers = [0] * len(sizes)
    for i in range(missing):  # the smallest tables (at the end) take them, one each in turn
        computers[len(sizes) - 1 - i % len(sizes)] += 1
    return Layout(sizes, tuple(computers))
