"""Results and ratings, written in the transaction that ends a game."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from db import RatingRow, SessionRow, Store

from .games.core import Outcome
from .ratings import DEFAULT_MU, DEFAULT_SIGMA, rate

if TYPE_CHECKING:
    from .sessions import Seat

MIN_HUMANS_FOR_RATING = 2


async def record_result(
    tx: Store, row: SessionRow, seats: Sequence[Seat], outcome: Outcome, now: float
) -> None:
    """Store every member's placing; rate the game when at least two members played it.

    A member who left a running game keeps the seat's result (the computer finished it for them),
    so leaving is never a way to dodge a loss. Computer seats are neither stored nor rated.
    """
    members = {s.seat: s.user_id for s in seats if s.user_id is not None}
    rated = row.guild_id is not None and len(members) >= MIN_HUMANS_FOR_RATING  # leaderboards are per server
    await tx.add_results(
        (
            row.id,
            row.guild_id,
            row.game,
            user_id,
            seat,
            outcome.placings[seat],
            outcome.scores[seat],
            len(seats),
            int(rated),
            now,
        )
        for seat, user_id in members.items()
    )
    if not rated:
        return
    await tx.lock_ratings(row.guild_id, row.game)  # another process may be rating this server's game right now
    before = await tx.ratings_for(row.guild_id, row.game, list(members.values()))
    after = rate(
        {u: (r.mu, r.sigma) for u, r in before.items()},
        {user_id: outcome.placings[seat] for seat, user_id in members.items()},
    )
    for seat, user_id in members.items():
        old = before.get(user_id, RatingRow(user_id, DEFAULT_MU, DEFAULT_SIGMA, 0, 0))
        mu, sigma = after[user_id]
        won = outcome.placings[seat] == 1
        await tx.put_rating(
            row.guild_id, row.game, RatingRow(user_id, mu, sigma, old.games + 1, old.wins + won)
        )
