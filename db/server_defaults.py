"""A server's defaults per game (`/settings defaults`): the store's part. It wraps a `Store` or a transaction of it
(`DefaultsBook(tx)`)."""

from __future__ import annotations

from dataclasses import dataclass

from .rows import from_mapping
from .store import Store


@dataclass(frozen=True)
class GameDefaultsRow:
    guild_id: int
    game: str
    pace_seconds: int | None  # None: the bot's own default
    clock: str | None
    away: int | None
    options: str  # JSON: the game's options chosen here ({}: none)


class DefaultsBook:
    def __init__(self, store: Store) -> None:
        self._store = store

    async def of_game(self, guild_id: int, game: str) -> GameDefaultsRow | None:
        row = await self._store._one("SELECT * FROM game_defaults WHERE guild_id = ? AND game = ?", (guild_id, game))
        return from_mapping(GameDefaultsRow, row) if row else None

    async def of_guild(self, guild_id: int) -> list[GameDefaultsRow]:
        rows = await self._store._all("SELECT * FROM game_defaults WHERE guild_id = ? ORDER BY game", (guild_id,))
        return [from_mapping(GameDefaultsRow, row) for row in rows]

    async def put(self, row: GameDefaultsRow) -> None:
        await self._store._write(
            "INSERT INTO game_defaults (guild_id, game, pace_seconds, clock, away, options) VALUES (?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (guild_id, game) DO UPDATE SET pace_seconds = excluded.pace_seconds, clock = excluded.clock,"
            " away = excluded.away, options = excluded.options",
            (row.guild_id, row.game, row.pace_seconds, row.clock, row.away, row.options))

    async def clear(self, guild_id: int, game: str) -> None:
        await self._store._write("DELETE FROM game_defaults WHERE guild_id = ? AND game = ?", (guild_id, game))
