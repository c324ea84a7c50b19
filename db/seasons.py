"""A server's seasons and their ratings: the store's part for them. It wraps a `Store` (or a transaction of it:
`Seasons(tx)`), so its writes join that transaction.

A season's ratings start fresh for everyone; the all-time ones (`ratings`) carry on beside them. Who wins a
season's podium is read from its ratings in the leaderboard's order, so the podium and a past season's
leaderboard always agree.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .rows import RatingRow, from_mapping
from .store import Store

ORDER = "mu - 3 * sigma DESC, wins DESC, user_id"  # the leaderboard's order (ties: more wins, then the older id)


@dataclass(frozen=True)
class SeasonRow:
    id: int
    guild_id: int
    name: str
    started_at: float
    ends_at: float | None  # a monthly season rolls over by itself then; None: until it is ended by hand
    ended_at: float | None
    time_zone: str
    channel_id: int | None  # where its podium is posted (None: where it is ended)
    podium_at: float | None  # when its podium was claimed for posting


@dataclass(frozen=True)
class Medal:
    season: str
    game: str
    place: int


COLUMNS = "id, guild_id, name, started_at, ends_at, ended_at, time_zone, channel_id, podium_at"


class Seasons:
    def __init__(self, store: Store) -> None:
        self._store = store

    # --- seasons ----------------------------------------------------------------------------
    async def lock(self, guild_id: int) -> None:
        """Until this transaction ends, no other one starts, ends or rates a season of this server (PostgreSQL:
        an advisory lock to the commit; SQLite's transactions already write one at a time). Taken after a
        game's ratings lock, never before one, so two transactions never wait for each other in a circle."""
        if self._store.dialect == "postgresql":
            await self._store._all("SELECT pg_advisory_xact_lock(hashtextextended(?, 0))", (f"seasons {guild_id}",))

    async def running(self, guild_id: int) -> SeasonRow | None:
        row = await self._store._one(f"SELECT {COLUMNS} FROM seasons WHERE guild_id = ? AND ended_at IS NULL",
                                     (guild_id,))
        return from_mapping(SeasonRow, row) if row else None

    async def named(self, guild_id: int, name_key: str) -> SeasonRow | None:
        row = await self._store._one(f"SELECT {COLUMNS} FROM seasons WHERE guild_id = ? AND name_key = ?",
                                     (guild_id, name_key))
        return from_mapping(SeasonRow, row) if row else None

    async def of_guild(self, guild_id: int, limit: int = 25) -> list[SeasonRow]:
        """The server's seasons, the latest first."""
        rows = await self._store._all(f"SELECT {COLUMNS} FROM seasons WHERE guild_id = ? ORDER BY started_at DESC,"
                                      " id DESC LIMIT ?", (guild_id, limit))
        return [from_mapping(SeasonRow, row) for row in rows]

    async def start(self, guild_id: int, name: str, name_key: str, started_at: float, ends_at: float | None,
                    time_zone: str, channel_id: int | None) -> int:
        row = await self._store._one(
            "INSERT INTO seasons (guild_id, name, name_key, started_at, ends_at, time_zone, channel_id)"
            " VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id",
            (guild_id, name, name_key, started_at, ends_at, time_zone, channel_id))
        return row["id"]

    async def end(self, season_id: int, at: float, podium_at: float | None = None) -> None:
        await self._store._write("UPDATE seasons SET ended_at = ?, ends_at = NULL, podium_at = ? WHERE id = ?",
                                 (at, podium_at, season_id))

    async def retime(self, season_id: int, ends_at: float | None, time_zone: str) -> None:
        await self._store._write("UPDATE seasons SET ends_at = ?, time_zone = ? WHERE id = ?",
                                 (ends_at, time_zone, season_id))

    async def next_due(self) -> float | None:
        """When the timer has a season to handle: a monthly season's rollover, or a podium not posted yet."""
        row = await self._store._one(
            "SELECT MIN(CASE WHEN ended_at IS NULL THEN ends_at ELSE ended_at END) AS due FROM seasons"
            " WHERE (ended_at IS NULL AND ends_at IS NOT NULL) OR (ended_at IS NOT NULL AND podium_at IS NULL)")
        return row["due"] if row else None

    async def due(self, now: float) -> list[SeasonRow]:
        """Seasons with a rollover due, or ended with their podium not posted yet."""
        rows = await self._store._all(
            f"SELECT {COLUMNS} FROM seasons WHERE (ended_at IS NULL AND ends_at <= ?)"
            " OR (ended_at IS NOT NULL AND podium_at IS NULL) ORDER BY id", (now,))
        return [from_mapping(SeasonRow, row) for row in rows]

    async def claim_podium(self, season_id: int, at: float) -> bool:
        """Exactly one caller gets a season's podium to post."""
        rows = await self._store._all("UPDATE seasons SET podium_at = ? WHERE id = ? AND ended_at IS NOT NULL"
                                      " AND podium_at IS NULL RETURNING id", (at, season_id))
        return bool(rows)

    # --- ratings ----------------------------------------------------------------------------
    async def ratings_for(self, season_id: int, game: str, user_ids: Sequence[int]) -> dict[int, RatingRow]:
        marks = ", ".join("?" * len(user_ids))
        rows = await self._store._all(
            "SELECT user_id, mu, sigma, games, wins FROM season_ratings WHERE season_id = ? AND game = ?"
            f" AND user_id IN ({marks})", (season_id, game, *user_ids))
        return {row["user_id"]: from_mapping(RatingRow, row) for row in rows}

    async def put_rating(self, season_id: int, game: str, rating: RatingRow) -> None:
        await self._store._write(
            "INSERT INTO season_ratings (season_id, game, user_id, mu, sigma, games, wins) VALUES (?, ?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (season_id, game, user_id) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma,"
            " games = excluded.games, wins = excluded.wins",
            (season_id, game, rating.user_id, rating.mu, rating.sigma, rating.games, rating.wins))

    async def leaderboard(self, season_id: int, game: str, limit: int = 10) -> list[RatingRow]:
        rows = await self._store._all(
            f"SELECT user_id, mu, sigma, games, wins FROM season_ratings WHERE season_id = ? AND game = ?"
            f" ORDER BY {ORDER} LIMIT ?", (season_id, game, limit))
        return [from_mapping(RatingRow, row) for row in rows]

    async def podium(self, season_id: int) -> dict[str, list[RatingRow]]:
        """The three best of each game played in the season, best first."""
        rows = await self._store._all(
            "SELECT game, user_id, mu, sigma, games, wins FROM (SELECT game, user_id, mu, sigma, games, wins,"
            f" ROW_NUMBER() OVER (PARTITION BY game ORDER BY {ORDER}) AS place FROM season_ratings"
            " WHERE season_id = ?) ranked WHERE place <= 3 ORDER BY game, place", (season_id,))
        podium: dict[str, list[RatingRow]] = {}
        for row in rows:
            podium.setdefault(row["game"], []).append(from_mapping(RatingRow, row))
        return podium

    async def medals(self, guild_id: int, user_id: int) -> list[Medal]:
        """The member's places on the podiums of the server's past seasons, the latest season first."""
        rows = await self._store._all(
            "SELECT s.name AS season, ranked.game, ranked.place FROM (SELECT season_id, game, user_id,"
            f" ROW_NUMBER() OVER (PARTITION BY season_id, game ORDER BY {ORDER}) AS place FROM season_ratings"
            " WHERE season_id IN (SELECT id FROM seasons WHERE guild_id = ? AND ended_at IS NOT NULL)) ranked"
            " JOIN seasons s ON s.id = ranked.season_id WHERE ranked.user_id = ? AND ranked.place <= 3"
            " ORDER BY s.started_at DESC, s.id DESC, ranked.place, ranked.game", (guild_id, user_id))
        return [from_mapping(Medal, row) for row in rows]

    # --- fair play --------------------------------------------------------------------------
    async def pair_games(self, guild_id: int, game: str, user_ids: Sequence[int], since: float,
                         other_than: int) -> dict[tuple[int, int], int]:
        """Rated games of `game` each two of these members played together in this server since `since`
        (table `other_than` left out): {(lower id, higher id): games}."""
        marks = ", ".join("?" * len(user_ids))
        rows = await self._store._all(
            "SELECT a.user_id AS a, b.user_id AS b, COUNT(*) AS games FROM results a JOIN results b"
            " ON b.session_id = a.session_id AND b.user_id > a.user_id"
            f" WHERE a.guild_id = ? AND a.game = ? AND a.rated = 1 AND a.at >= ? AND a.session_id <> ?"
            f" AND a.user_id IN ({marks}) AND b.user_id IN ({marks}) GROUP BY a.user_id, b.user_id",
            (guild_id, game, since, other_than, *user_ids, *user_ids))
        return {(row["a"], row["b"]): row["games"] for row in rows}
