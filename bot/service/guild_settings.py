"""Each server's own choices (the language of its public messages, pictures on or off), read often and
changed rarely, so kept in memory in front of the database.

With SQLite this process is the only writer, so what it cached is current. With several processes
(PostgreSQL) another one may change a setting: a cached value is then trusted for `ttl` seconds only.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from db import Store

from ..games.core import replace


@dataclass(frozen=True)
class ServerSettings:
    language: str | None = None  # None: the server's own Discord language
    pictures: bool = True
    time_zone: str | None = None  # None: UTC


DEFAULTS = ServerSettings()


class GuildSettings:
    def __init__(self, store: Store, clock: Callable[[], datetime], *, ttl: float = 30.0) -> None:
        self._store, self._clock, self._ttl = store, clock, ttl
        self._cached: dict[int, tuple[ServerSettings, float]] = {}

    async def of(self, guild_id: int | None) -> ServerSettings:
        if guild_id is None:
            return DEFAULTS
        now = self._clock().timestamp()
        cached = self._cached.get(guild_id)
        if cached and (self._store.single_process or now - cached[1] < self._ttl):
            return cached[0]
        row = await self._store.guild_settings(guild_id)
        settings = ServerSettings(row.language, row.pictures, row.time_zone) if row else DEFAULTS
        self._cached[guild_id] = (settings, now)
        return settings

    async def change(self, guild_id: int, **changes: Any) -> ServerSettings:
        """Save `changes` (field=value of `ServerSettings`) for the server and return its settings."""
        settings = replace(await self.of(guild_id), **changes)
        async with self._store.transaction() as store:
            await store.save_guild_settings(guild_id, language=settings.language, pictures=settings.pictures,
                                            time_zone=settings.time_zone)
        self._cached[guild_id] = (settings, self._clock().timestamp())
        return settings
