"""The store's part for what members did: leaderboards, a member's ratings, results and record. It wraps a `Store`
(`Leaderboards(store)`), as the other parts do."""

from __future__ import annotations

from .rows import RatingRow, ResultRow, from_mapping
from .store import Store


class Leaderboards:
    def __init__(self, store: Store) -> None:
        self._store = store

    async def leaderboard(self, guild_id: int | None, game: str | None, limit: int = 10) -> list[tuple[str, RatingRow]]:
        rows = await self._store._all(
            "SELECT game, user_id, mu, sigma, games, wins FROM ratings WHERE guild_id IS NOT DISTINCT FROM ?"
            " AND game = COALESCE(?, game) ORDER BY mu - 3 * sigma DESC, wins DESC LIMIT ?",
            (guild_id, game, limit),
        )
        return [(row["game"], from_mapping(RatingRow, row)) for row in rows]

    async def member_names(self, guild_id: int | None, user_ids: list[int]) -> dict[int, str]:
        """The name each member last sat at a table under in this server (no member cache needed)."""
        marks = ", ".join("?" * len(user_ids))
        rows = await self._store._all(
            "SELECT seats.user_id, seats.name FROM seats JOIN sessions ON sessions.id = seats.session_id"
            f" WHERE sessions.guild_id IS NOT DISTINCT FROM ? AND seats.user_id IN ({marks}) ORDER BY seats.session_id",
            (guild_id, *user_ids),
        )
        return {row["user_id"]: row["name"] for row in rows}

    async def member_ratings(self, guild_id: int | None, user_id: int) -> dict[str, RatingRow]:
        rows = await self._store._all(
            "SELECT game, user_id, mu, sigma, games, wins FROM ratings"
            " WHERE guild_id IS NOT DISTINCT FROM ? AND user_id = ?",
            (guild_id, user_id),
        )
        return {row["game"]: from_mapping(RatingRow, row) for row in rows}

    async def member_results(
        self, guild_id: int | None, user_id: int, game: str | None, limit: int = 5
    ) -> list[ResultRow]:
        rows = await self._store._all(
            "SELECT session_id, game, seat, \"placing\", score, players, rated, at FROM results"
            " WHERE guild_id IS NOT DISTINCT FROM ? AND user_id = ? AND game = COALESCE(?, game)"
            " ORDER BY at DESC, session_id DESC LIMIT ?",
            (guild_id, user_id, game, limit),
        )
        return [from_mapping(ResultRow, {**row, "rated": bool(row["rated"])}) for row in rows]

    async def member_record(self, guild_id: int | None, user_id: int) -> dict[str, tuple[int, int]]:
        """Per game: (finished games, wins) from results, rated or not."""
        rows = await self._store._all(
            "SELECT game, COUNT(*) AS played, SUM(CASE WHEN \"placing\" = 1 THEN 1 ELSE 0 END) AS won FROM results"
            " WHERE guild_id IS NOT DISTINCT FROM ? AND user_id = ? GROUP BY game",
            (guild_id, user_id),
        )
        return {row["game"]: (row["played"], row["won"]) for row in rows}
