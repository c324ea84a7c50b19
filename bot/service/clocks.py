"""Each seat's own clock: a fixed deadline per move (the default) or a time bank, stopped while its member is away.

A seat to act has its own deadline (`Seat.deadline_at`); the table's `deadline_at` is the earliest of them, so the
timer and the claim of what is due (store.claim_due) see one time per table and the deadline's handler looks at
each seat. A table from before per-seat clocks has only the table's deadline: `seat_deadline` gives it to the
seats to act until their clocks are next written, so an upgraded database keeps every open table's deadline.

A bank (`clock:bank`) starts with `BANKS[pace][0]` seconds and gains `BANKS[pace][1]` each time the seat's turn
begins, up to the start; the time the member takes comes out of it; an empty bank plays the rules' timeout default.
While a seat's member is away (away.py) at a table whose clocks stop for them, the seat's deadline lies after
their return by what was left of its time: the time away is never spent.
"""

from __future__ import annotations

from typing import Any

from db import TableRow

from .table import PACES, LiveTable, Table

FIXED, BANK = "fixed", "bank"
CLOCKS = (FIXED, BANK)
DAY, HOUR, MINUTE = 86_400, 3_600, 60
BANKS = {"live": (10 * MINUTE, MINUTE), "casual": (3 * HOUR, HOUR), "async": (3 * DAY, DAY)}


def pace_name(pace_seconds: int) -> str:
    """live (up to 2 minutes a move), casual (up to an hour), async (longer)."""
    if pace_seconds <= PACES["live"]:
        return "live"
    return "casual" if pace_seconds <= PACES["casual"] else "async"


def stops_for_away(table: LiveTable | Table) -> bool:
    """Members' away days stop their clocks here: never at a live table, nor where the host chose away:off."""
    row = table.row if isinstance(table, LiveTable) else table
    return bool(row.away) and pace_name(row.pace_seconds) != "live"


def seat_deadline(table: LiveTable | Table, seat: int) -> float | None:
    """When `seat`'s time to decide runs out (None: no deadline runs for it — it is not to act, or the computer
    plays it), on the service's live copy or on a snapshot the edge shows. The one way to read a seat's deadline
    (reminders, digests and /mygames are computed from it)."""
    info = table.seats[seat]
    if table.state is None or info.automatic or seat not in table.game.to_act(table.state):
        return None
    if info.deadline_at is not None:
        return info.deadline_at
    if any(s.deadline_at is not None for s in table.seats):
        return None
    return table.row.deadline_at if isinstance(table, LiveTable) else table.deadline_at  # from before seat clocks


def away(live: LiveTable | Table, seat: int, now: float) -> bool:
    """The seat's member is away and their clock here is stopped."""
    until = live.seats[seat].away_until
    return until is not None and until > now and stops_for_away(live)


def time_left(live: LiveTable | Table, seat: int, now: float) -> float | None:
    """The seconds the seat's member has left on this decision, not counting an absence (None: not running)."""
    deadline = seat_deadline(live, seat)
    return None if deadline is None else time_left_of(deadline, live.seats[seat].away_until, now)


def time_left_of(deadline: float, away_until: float | None, now: float) -> float:
    return max(0.0, deadline - max(now, away_until or now))


def wound(live: LiveTable, now: float, newly: frozenset[int]) -> tuple[dict[int, dict[str, Any]], set[int]]:
    """The seats' clock changes after moves: a seat no longer to act stops its clock (a bank keeps what is left),
    a seat to act whose clock is not running starts it, and a fixed clock starts again for a seat whose decision
    began anew (`newly`). Returns seat -> the columns to write, and the seats whose clock started."""
    row, to_act = live.row, live.game.to_act(live.state)
    start, increment = BANKS[pace_name(row.pace_seconds)]
    changes: dict[int, dict[str, Any]] = {}
    started: set[int] = set()
    for info in live.seats:
        running = seat_deadline(live, info.seat) if info.seat in to_act else info.deadline_at
        acting = info.seat in to_act and not info.automatic
        if not acting:
            if info.deadline_at is not None:
                left = time_left_of(info.deadline_at, info.away_until, now)
                changes[info.seat] = {"deadline_at": None, "bank": left if row.clock == BANK else None}
            continue
        if running is not None and (row.clock == BANK or info.seat not in newly):
            if info.deadline_at is None:  # a table from before per-seat clocks: its deadline becomes the seat's
                changes[info.seat] = {"deadline_at": running}
            continue
        bank = None if row.clock != BANK else start if info.bank is None else min(start, info.bank + increment)
        span = bank if bank is not None else row.pace_seconds
        begins = info.away_until if info.away_until and info.away_until > now and stops_for_away(live) else now
        changes[info.seat] = {"deadline_at": begins + span, "bank": bank}
        started.add(info.seat)
    return changes, started


def span_of(live: LiveTable, seat: int) -> float:
    """The time a seat's decision was given: its bank when the turn began, or the table's pace."""
    info = live.seats[seat]
    return info.bank if live.row.clock == BANK and info.bank is not None else live.row.pace_seconds


def due_at(row: TableRow | Table) -> float | None:
    """When an open table is next due: the earlier of its reminder and its deadline (as `Store.next_due` orders
    them: one seat's reminder may come after another seat's deadline)."""
    return min((at for at in (row.reminder_at, row.deadline_at) if at is not None), default=None)


def table_deadline(live: LiveTable) -> float | None:
    """The table's deadline: the earliest of its seats'."""
    deadlines = [d for s in live.seats if (d := seat_deadline(live, s.seat)) is not None]
    return min(deadlines, default=None)
