"""Who sits with whom in a round.

- **Round 1** is seeded by rating: the members in rating order are dealt to the tables in turn (table 1 gets seeds
  1, t + 1, 2t + 1, …), so every table gets one of the strongest, one of the next, and so on — at a two-seat game
  that is the Swiss system's first round, seed 1 against seed t + 1.
- **Later rounds** go by the standings (Monrad's way): the best member not yet seated opens the next table, and its
  other seats go to the next members in the standings — equal, then nearest points — whom none at the table has
  met yet; only when everyone left has met someone there does the least-met one sit. Repeats gather at the last
  tables, so those are then regrouped by an exhaustive search (the last tables holding at most `EXACT_MEMBERS`
  members; the first grouping found with the fewest repeats, in standings order, is kept), and a repair pass swaps
  members between a table still with a repeat and the tables just above it while that removes repeats.
- **Byes** (a Swiss round whose counts leave members over): the lowest in the standings who have had no bye yet.
  **Computers** (a game night whose counts force them) sit at the last tables.
- **Seat order** at a table: who has sat first least often sits first, then the lower seed (sitting first often
  moves first: it evens out over the rounds).

Everything is deterministic (ties broken by the order given), so every process seats the same round alike.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from .sizes import layout
from .standings import Member, Played, met

REPAIR_REACH = 6  # tables above a table with a repeat that the repair pass looks at
EXACT_MEMBERS = 12  # the last tables are regrouped exhaustively while they hold at most this many members
EXACT_BUDGET = 50_000  # … and the search looks at this many partial tables at most


@dataclass(frozen=True)
class Seating:
    """A round: each table's members by seat (None: a computer plays that seat), and who sits it out."""

    tables: tuple[tuple[int | None, ...], ...]
    byes: tuple[int, ...] = ()

    @property
    def seated(self) -> tuple[int, ...]:
        return tuple(m for table in self.tables for m in table if m is not None)


def first_round(members: Sequence[Member], low: int, high: int, *, byes: bool = False) -> Seating:
    """Round 1 for `members`, seeded by rating (highest first; then the order given)."""
    order = [m.user_id for m in sorted(members, key=lambda m: -m.rating)]
    plan = layout(len(order), low, high, byes=byes)
    out = tuple(order[len(order) - plan.byes:]) if plan.byes else ()
    order = order[:len(order) - plan.byes]
    capacity = list(plan.members)
    tables: list[list[int]] = [[] for _ in capacity]
    turn = 0
    for member in order:  # dealt in turn, skipping tables already full
        while len(tables[turn % len(tables)]) >= capacity[turn % len(tables)]:
            turn += 1
        tables[turn % len(tables)].append(member)
        turn += 1
    rank = {m: i for i, m in enumerate(order)}
    return Seating(_seated(tables, plan.computers, rank, Counter()), out)


def next_round(order: Sequence[int], played: Sequence[Played], low: int, high: int, *, byes: bool = False
               ) -> Seating:
    """The next round for the members in `order` (the standings' order, best first; only those who play it), given
    every table and bye of the rounds before."""
    plan = layout(len(order), low, high, byes=byes)
    out = _byes(order, played, plan.byes)
    playing = [m for m in order if m not in out]
    seen = met(played)
    tables = _grouped(playing, plan.members, seen)
    rank = {m: i for i, m in enumerate(playing)}
    _regroup_tail(tables, seen, rank)
    _repair(tables, seen, rank)
    firsts = Counter(t.seats[0] for t in played if not t.bye and t.seats and t.seats[0] is not None)
    return Seating(_seated(tables, plan.computers, rank, firsts), out)


def _byes(order: Sequence[int], played: Sequence[Played], count: int) -> tuple[int, ...]:
    if not count:
        return ()
    had = Counter(m for t in played if t.bye for m in t.members)
    from_bottom = list(reversed(order))
    chosen = sorted(from_bottom, key=lambda m: had[m])[:count]  # sorted is stable: the lowest first among equals
    return tuple(m for m in order if m in chosen)


def _grouped(order: list[int], capacity: Sequence[int], seen: dict[int, set[int]]) -> list[list[int]]:
    remaining = list(order)
    tables = []
    for size in capacity:
        table = [remaining.pop(0)]
        while len(table) < size:
            table.append(remaining.pop(_pick(remaining, table, seen)))
        tables.append(table)
    return tables


def _pick(remaining: list[int], table: list[int], seen: dict[int, set[int]]) -> int:
    """The index of the highest member in `remaining` who has met nobody at `table`; else the one who met fewest."""
    best, fewest = 0, None
    for i, candidate in enumerate(remaining):
        repeats = sum(1 for m in table if m in seen.get(candidate, ()))
        if repeats == 0:
            return i
        if fewest is None or repeats < fewest:
            best, fewest = i, repeats
    return best


def _repeats(table: list[int], seen: dict[int, set[int]]) -> int:
    return sum(1 for i, a in enumerate(table) for b in table[i + 1:] if b in seen.get(a, ()))


def _regroup_tail(tables: list[list[int]], seen: dict[int, set[int]], rank: dict[int, int]) -> None:
    """Regroup the last tables (as many as hold at most EXACT_MEMBERS members) with the fewest repeats."""
    count, members = 0, 0
    while count < len(tables) and members + len(tables[-1 - count]) <= EXACT_MEMBERS:
        members += len(tables[-1 - count])
        count += 1
    if count < 2:
        return
    tail = tables[len(tables) - count:]
    if not sum(_repeats(t, seen) for t in tail):
        return
    better = _fewest_repeats(sorted((m for t in tail for m in t), key=rank.__getitem__), [len(t) for t in tail],
                             seen, sum(_repeats(t, seen) for t in tail))
    if better is not None:
        tables[len(tables) - count:] = better


def _fewest_repeats(members: list[int], capacity: list[int], seen: dict[int, set[int]], bound: int
                    ) -> list[list[int]] | None:
    """Members (in standings order) grouped into tables of `capacity` with fewer than `bound` repeats — the fewest
    found, the first in standings order among equals — or None. Tables of one size next to each other are told
    apart by their best member only (so a grouping is looked at once), and a branch is cut once its repeats reach
    the best found."""
    best: list[list[int]] | None = None
    budget = EXACT_BUDGET
    chosen: list[tuple[int, ...]] = []  # positions in `members`

    def fill(table: int, left: tuple[int, ...], repeats: int) -> None:
        nonlocal best, bound, budget
        if table == len(capacity):
            best, bound = [[members[i] for i in group] for group in chosen], repeats
            return
        same_size = table and capacity[table] == capacity[table - 1]
        for group in combinations(left, capacity[table]):
            if same_size and group[0] < chosen[-1][0]:
                continue
            budget -= 1
            if budget < 0:
                return
            total = repeats + _repeats([members[i] for i in group], seen)
            if total >= bound:
                continue
            chosen.append(group)
            fill(table + 1, tuple(i for i in left if i not in group), total)
            chosen.pop()
            if bound == 0:
                return

    fill(0, tuple(range(len(members))), 0)
    return best


def _repair(tables: list[list[int]], seen: dict[int, set[int]], rank: dict[int, int]) -> None:
    """Swap a member of a table with a repeat for one of a table just above while that lowers the repeats of the
    two (nearest tables and members first, so the standings' grouping moves as little as possible)."""
    for i in range(len(tables) - 1, -1, -1):
        improved = True
        while improved and _repeats(tables[i], seen):
            improved = False
            for j in range(i - 1, max(-1, i - 1 - REPAIR_REACH), -1):
                before = _repeats(tables[i], seen) + _repeats(tables[j], seen)
                for x in sorted(tables[i], key=lambda m: rank[m]):
                    for y in sorted(tables[j], key=lambda m: -rank[m]):
                        a = [y if m == x else m for m in tables[i]]
                        b = [x if m == y else m for m in tables[j]]
                        if _repeats(a, seen) + _repeats(b, seen) < before:
                            tables[i], tables[j] = a, b
                            improved = True
                            break
                    if improved:
                        break
                if improved:
                    break


def _seated(tables: list[list[int]], computers: Sequence[int], rank: dict[int, int], firsts: Counter
            ) -> tuple[tuple[int | None, ...], ...]:
    """Each table in seat order (who sat first least often, then the lower seed, first), its computers after."""
    return tuple(tuple(sorted(table, key=lambda m: (firsts[m], -rank[m]))) + (None,) * extra
                 for table, extra in zip(tables, computers, strict=True))
