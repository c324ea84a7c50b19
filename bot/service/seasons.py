"""Seasons: a member with Manage Server starts and ends them, or chooses monthly ones that roll over by themselves
on the first of each month (in the server's time zone). Their ratings are kept in the result's transaction
(season_results.py); here are starting, ending, rolling over on the timer, and the standings of a season.

Ending a season hands its podium (the three best of each game) to be posted once: `/season end` posts it where
it was typed; a rollover's podium is claimed by exactly one process's timer and told to the listener (the edge).
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime

from db import RatingRow, Store
from db.seasons import SeasonRow
from db.seasons import Seasons as SeasonRows

from ..games.core import replace
from ..games.text import N_, Name
from .calendar import DEFAULT_ZONE, month_of
from .errors import Refusal
from .season_results import name_key, roll_over, start_month
from .timer import Wake

log = logging.getLogger(__name__)

ALL_TIME = "all-time"  # the leaderboard's name for the ratings that never restart
MAX_NAME = 40


@dataclass(frozen=True)
class Ended:
    """A season that ended, with its podium: per game, its three best, best first."""

    season: SeasonRow
    podium: dict[str, list[RatingRow]]


SeasonListener = Callable[[Ended], Awaitable[None]]


def checked_name(name: str) -> str:
    shown = " ".join(name.split())
    if not 0 < len(shown) <= MAX_NAME:
        raise Refusal(N_("A season's name is 1 to {n} characters."), n=MAX_NAME)
    if name_key(shown) == ALL_TIME:
        raise Refusal(N_("“all-time” names the ratings that never restart: choose another name."))
    return shown


class Seasons:
    def __init__(self, store: Store, clock: Callable[[], datetime], wake: Wake = lambda due: None) -> None:
        """`wake`: the timer's, told a running season's end when a change moves it (timer.py)."""
        self._store, self._clock, self._wake = store, clock, wake
        self.listener: SeasonListener | None = None  # told of each season the timer ended, with its podium

    def now(self) -> float:
        return self._clock().timestamp()

    async def _zone(self, guild_id: int) -> str:
        settings = await self._store.guild_settings(guild_id)
        return (settings.time_zone if settings else None) or DEFAULT_ZONE

    async def start(self, guild_id: int, name: str | None, channel_id: int | None) -> SeasonRow:
        """A season named `name` from now until it is ended; None: monthly seasons, from this month's on.
        `channel_id`: where its podium goes (None: where it is ended)."""
        season = await self._started(guild_id, name, channel_id)
        self._wake(season.ends_at)
        return season

    async def _started(self, guild_id: int, name: str | None, channel_id: int | None) -> SeasonRow:
        name = checked_name(name) if name is not None else None
        now, zone = self.now(), await self._zone(guild_id)
        async with self._store.transaction() as tx:
            seasons = SeasonRows(tx)
            await seasons.lock(guild_id)
            running = await seasons.running(guild_id)
            if running is not None:
                raise Refusal(N_("Season {name} is running: end it first with /season end."),
                              name=Name(running.name))
            if name is None:
                return await start_month(seasons, guild_id, now, zone, channel_id)
            if await seasons.named(guild_id, name_key(name)) is not None:
                raise Refusal(N_("This server already had a season named {name}: choose another name."),
                              name=Name(name))
            season_id = await seasons.start(guild_id, name, name_key(name), now, None, zone, channel_id)
        return SeasonRow(season_id, guild_id, name, now, None, None, zone, channel_id, None)

    async def end(self, guild_id: int) -> Ended:
        """End the running season now; its podium is the caller's to post."""
        now = self.now()
        async with self._store.transaction() as tx:
            seasons = SeasonRows(tx)
            await seasons.lock(guild_id)
            running = await seasons.running(guild_id)
            if running is None:
                raise Refusal(N_("No season is running in this server: start one with /season start."))
            await seasons.end(running.id, now, podium_at=now)
        season = SeasonRow(running.id, guild_id, running.name, running.started_at, None, now, running.time_zone,
                           running.channel_id, now)
        return Ended(season, await SeasonRows(self._store).podium(season.id))

    async def retime(self, guild_id: int, zone: str) -> None:
        """The server's time zone changed: the running season's days, and a monthly one's rollover, follow."""
        async with self._store.transaction() as tx:
            seasons = SeasonRows(tx)
            await seasons.lock(guild_id)
            running = await seasons.running(guild_id)
            if running is not None:
                ends_at = month_of(self.now(), zone)[1] if running.ends_at is not None else None
                await seasons.retime(running.id, ends_at, zone)
                self._wake(ends_at)

    # --- the timer ----------------------------------------------------------------------------
    async def next_due(self) -> float | None:
        return await SeasonRows(self._store).next_due()

    async def roll_due(self) -> list[Ended]:
        """Roll over the monthly seasons whose month ended, and post (through the listener) every podium not
        posted yet, each by exactly one process."""
        now, ended = self.now(), []
        for season in await SeasonRows(self._store).due(now):
            try:
                if season.ended_at is None:
                    await self._roll(season.guild_id, now)
                    season = replace(season, ended_at=season.ends_at)
                if await self._claimed(season.id, now):
                    ended.append(Ended(season, await SeasonRows(self._store).podium(season.id)))
            except Exception:  # one server's season must not hold up the others (nor stop the timer)
                log.exception("season %s could not be rolled over", season.id)
        for done in ended:
            if self.listener is not None:
                try:
                    await self.listener(done)
                except Exception:
                    log.exception("the listener failed for season %s", done.season.id)
        return ended

    async def _roll(self, guild_id: int, now: float) -> None:
        async with self._store.transaction() as tx:
            seasons = SeasonRows(tx)
            await seasons.lock(guild_id)
            running = await seasons.running(guild_id)  # a result may have rolled it over meanwhile
            if running is not None:
                await roll_over(seasons, running, now)

    async def _claimed(self, season_id: int, now: float) -> bool:
        async with self._store.transaction() as tx:
            return await SeasonRows(tx).claim_podium(season_id, now)

    # --- reading ------------------------------------------------------------------------------
    async def listed(self, guild_id: int) -> list[SeasonRow]:
        return await SeasonRows(self._store).of_guild(guild_id)

    async def running(self, guild_id: int) -> SeasonRow | None:
        return await SeasonRows(self._store).running(guild_id)

    async def named(self, guild_id: int, name: str) -> SeasonRow:
        season = await SeasonRows(self._store).named(guild_id, name_key(" ".join(name.split())))
        if season is None:
            raise Refusal(N_("There is no season named {name} in this server."), name=Name(name[:MAX_NAME]))
        return season

    async def leaderboard(self, season_id: int, game: str, limit: int) -> list[RatingRow]:
        return await SeasonRows(self._store).leaderboard(season_id, game, limit)

    async def podium(self, season_id: int) -> dict[str, list[RatingRow]]:
        return await SeasonRows(self._store).podium(season_id)
