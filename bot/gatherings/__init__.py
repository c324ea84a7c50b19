"""Gatherings: game nights and tournaments, as pure functions. No I/O, no asyncio, no randomness.

In the issue's words these are *events*; here they are gatherings, because `events` already names the log of a
table's moves (the database's table) and what a move did (`bot.games.core.Event`). Discord's own calendar entry is
the *scheduled event*, which only the edge touches.

- `sizes`: how many tables of how many seats seat a number of members as evenly as the game allows, and how many
  computers (a game night) or byes (Swiss) the counts force.
- `points`: points by placing at one table, ties shared; a bye's points.
- `standings`: a gathering's order — points, then opponents' points, then head-to-head, then rating.
- `pairing`: the first round seeded by rating, the later ones by the standings (equal, then nearest points,
  avoiding members who already met), and the Swiss byes.
- `round_robin`: every member meets every other once (two-seat games, at most eight members).
- `lifecycle`: the kinds, the states and what may follow what; when a night is expected to end.
"""

from .lifecycle import (
    CANCELLED,
    CHECKING_IN,
    CLOSED,
    FINISHED,
    KINDS,
    NIGHT,
    OPEN,
    PLANNED,
    PLAYING,
    ROUND_ROBIN,
    SWISS,
    expected_end,
    may_follow,
)
from .pairing import Seating, first_round, next_round
from .points import bye_points, points_by_placing
from .round_robin import MAX_ROUND_ROBIN, round_robin_rounds
from .sizes import Layout, computers_needed, layout
from .standings import Member, Played, Standing, standings

__all__ = [
    "CANCELLED", "CHECKING_IN", "CLOSED", "FINISHED", "KINDS", "MAX_ROUND_ROBIN", "NIGHT", "OPEN", "PLANNED",
    "PLAYING", "ROUND_ROBIN", "SWISS", "Layout", "Member", "Played", "Seating", "Standing", "bye_points",
    "computers_needed", "expected_end", "first_round", "layout", "may_follow", "next_round", "points_by_placing",
    "round_robin_rounds", "standings",
]
