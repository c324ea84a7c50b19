"""Results and ratings: written in the transaction that ends a game, and read as standings (the leaderboard, a
member's record)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from db import RatingRow, ResultRow, Store, TableRow
from db.leaderboards import Leaderboards
from db.seasons import Seasons

from ..games.core import Outcome
from .ratings import DEFAULT_MU, DEFAULT_SIGMA, rate
from .season_results import rate_in_season

MIN_HUMANS_FOR_RATING = 2


def seat_places(seats: Sequence, outcome: Outcome) -> tuple[int, ...]:
    """Each seat's place in a finished game (1 = won; equal numbers tie): the outcome's — but a seat the computer
    took over from a member (they left, or the others voted to replace them) lost for its member, whatever the
    computer did there: it is placed below every seat played to the end, so leaving never dodges a loss nor
    earns the computer's win."""
    gave_up = len(seats) + 1
    return tuple(gave_up if s.is_computer and s.user_id is not None else outcome.placings[s.seat] for s in seats)


def member_places(seats: Sequence, outcome: Outcome) -> dict[int, int]:
    """Each member's place, by seat (`seat_places`)."""
    places = seat_places(seats, outcome)
    return {s.seat: places[s.seat] for s in seats if s.user_id is not None}


async def record_result(tx: Store, row: TableRow, seats: Sequence, outcome: Outcome, now: float) -> None:
    """Store every member's place (with their rating after it); rate the game when at least two members played
    it, all-time and in the server's running season (season_results.py). A place is `member_places`': the seat's,
    or a loss for a member the computer replaced (stored as the last place). Computer seats are neither stored
    nor rated.
    """
    members = {s.seat: s.user_id for s in seats if s.user_id is not None}
    places = member_places(seats, outcome)
    # the server whose leaderboards rate the game (None: not rated; leaderboards are per server)
    rated_in = row.guild_id if len(members) >= MIN_HUMANS_FOR_RATING else None
    after: dict[int, tuple[float, float]] = {}
    if rated_in is not None:
        await tx.lock_ratings(rated_in, row.game)  # another process may be rating this server's game right now
        before = await tx.ratings_for(rated_in, row.game, list(members.values()))
        after = rate({u: (r.mu, r.sigma) for u, r in before.items()},
                     {user_id: places[seat] for seat, user_id in members.items()})
        for seat, user_id in members.items():
            old = before.get(user_id, RatingRow(user_id, DEFAULT_MU, DEFAULT_SIGMA, 0, 0))
            won = places[seat] == 1
            await tx.put_rating(
                rated_in, row.game, RatingRow(user_id, *after[user_id], old.games + 1, old.wins + won)
            )
    await tx.add_results(
        (row.id, row.guild_id, row.game, user_id, seat, min(places[seat], len(seats)), outcome.scores[seat],
         len(seats), int(rated_in is not None), now, *after.get(user_id, (None, None)))
        for seat, user_id in members.items()
    )
    if rated_in is not None:
        await rate_in_season(tx, rated_in, row, members, places, now)


@dataclass(frozen=True)
class Ranked:
    """A member on a leaderboard: their rating and the name they last sat at a table under here."""

    rating: RatingRow
    name: str | None


@dataclass(frozen=True)
class MemberStats:
    """A member's record in a server: per game (finished games, wins) and rating, and their latest results."""

    record: dict[str, tuple[int, int]]
    ratings: dict[str, RatingRow]
    recent: list[ResultRow]


class Standings:
    """What the finished games add up to in a server: leaderboards and members' records."""

    def __init__(self, store: Store) -> None:
        self._store = store

    async def leaderboard(self, guild_id: int | None, game: str, limit: int = 10, season_id: int | None = None
                          ) -> list[Ranked]:
        """A game's best players in a server (all-time, or in a season), best first, with the names to show."""
        if season_id is None:
            rows = [r for __, r in await Leaderboards(self._store).leaderboard(guild_id, game, limit=limit)]
        else:
            rows = await Seasons(self._store).leaderboard(season_id, game, limit)
        return await self.named(guild_id, rows)

    async def named(self, guild_id: int | None, rows: list[RatingRow]) -> list[Ranked]:
        """Ratings with the names their members last sat at a table under here (no member cache needed)."""
        names = await Leaderboards(self._store).member_names(guild_id, [r.user_id for r in rows]) if rows else {}
        return [Ranked(r, names.get(r.user_id)) for r in rows]

    async def member(self, guild_id: int | None, user_id: int, game: str | None = None) -> MemberStats:
        members = Leaderboards(self._store)
        return MemberStats(await members.member_record(guild_id, user_id),
                           await members.member_ratings(guild_id, user_id),
                           await members.member_results(guild_id, user_id, game))
