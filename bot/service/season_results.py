"""A finished game in the running season: its ratings there, fair play, and a monthly season's rollover.

Season ratings start fresh (OpenSkill's defaults) and move like the all-time ones, under the server's season
lock, taken in the transaction that records the result when a season runs: so a season ended or rolled over at
the same moment by another process is seen whole, before or after (a result at the very moment a season starts
may count in it or not). **Fair play:** within a season only the first
`FAIR_PLAY_GAMES` rated games of a game a day (in the server's time zone) between the same two members move
their ratings; the rest still count as played (and won).
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import combinations

from db import RatingRow, Store, TableRow
from db.seasons import SeasonRow, Seasons

from .calendar import day_start, month_name, month_of
from .ratings import DEFAULT_MU, DEFAULT_SIGMA, rate

FAIR_PLAY_GAMES = 3


def name_key(name: str) -> str:
    return name.casefold()


async def free_name(seasons: Seasons, guild_id: int, name: str) -> str:
    """`name`, or `name (2)`, `name (3)` … if a season of the server has it already."""
    candidate, n = name, 1
    while await seasons.named(guild_id, name_key(candidate)) is not None:
        n += 1
        candidate = f"{name} ({n})"
    return candidate


async def start_month(seasons: Seasons, guild_id: int, at: float, time_zone: str, channel_id: int | None
                      ) -> SeasonRow:
    """The season of the month containing `at` (there), rolling over by itself when the month ends."""
    begins, ends = month_of(at, time_zone)
    name = await free_name(seasons, guild_id, month_name(at, time_zone))
    season_id = await seasons.start(guild_id, name, name_key(name), begins, ends, time_zone, channel_id)
    return SeasonRow(season_id, guild_id, name, begins, ends, None, time_zone, channel_id, None)


async def roll_over(seasons: Seasons, season: SeasonRow, now: float) -> SeasonRow:
    """The season running at `now`: `season`, or — a monthly season past its end — the month of `now`, begun
    once `season` ended there (its podium still to post)."""
    if season.ends_at is None or season.ends_at > now:
        return season
    await seasons.end(season.id, season.ends_at)
    return await start_month(seasons, season.guild_id, now, season.time_zone, season.channel_id)


async def rate_in_season(tx: Store, guild_id: int, row: TableRow, members: dict[int, int], places: Mapping[int, int],
                         now: float) -> None:
    """`members`: seat -> member of a game that just finished at table `row`, rated by server `guild_id`'s
    leaderboards; `places`: seat -> their place (results.member_places)."""
    seasons = Seasons(tx)
    if await seasons.running(guild_id) is None:  # most servers: no season, and no lock to wait for
        return
    await seasons.lock(guild_id)
    season = await seasons.running(guild_id)  # again, under the lock: it may have ended meanwhile
    if season is None:
        return
    season = await roll_over(seasons, season, now)  # if the timer has not rolled it over yet
    users = list(members.values())
    since = max(season.started_at, day_start(now, season.time_zone))
    together = await seasons.pair_games(guild_id, row.game, users, since, other_than=row.id)
    moves = all(together.get(pair, 0) < FAIR_PLAY_GAMES for pair in combinations(sorted(users), 2))
    before = await seasons.ratings_for(season.id, row.game, users)
    known = {u: (r.mu, r.sigma) for u, r in before.items()}
    if moves:
        after = rate(known, {user: places[seat] for seat, user in members.items()})
    else:
        after = {user: known.get(user, (DEFAULT_MU, DEFAULT_SIGMA)) for user in users}
    for seat, user in members.items():
        old = before.get(user, RatingRow(user, DEFAULT_MU, DEFAULT_SIGMA, 0, 0))
        won = places[seat] == 1
        await seasons.put_rating(season.id, row.game, RatingRow(user, *after[user], old.games + 1, old.wins + won))
