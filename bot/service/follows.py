"""Following a table: anyone may follow a running table to get its result by DM (its players get it anyway). The
table's row counts its followers, so its message shows how many, and following is a change of the table like a
move: it claims the table's next revision, so two processes never count one follower twice."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from db.community import Community

from ..games.core import replace
from ..games.text import N_
from . import errors
from .cache import TableCache
from .table import Clicked, Table, require_active, snapshot


class Follows:
    def __init__(self, cache: TableCache, clock: Callable[[], datetime]) -> None:
        self._cache, self._clock = cache, clock

    async def follow(self, at: Clicked, user_id: int) -> Table:
        return await self._cache.retried(self._follow, at, user_id)

    async def _follow(self, at: Clicked, user_id: int) -> Table:
        async with self._cache.locked_at(at, user_id) as live:
            require_active(live)
            if any(s.human and s.user_id == user_id for s in live.seats):
                raise errors.Refusal(N_("You play at this table: its result comes to you anyway."))
            if await Community(self._cache.store).follows(live.row.id, user_id):
                raise errors.Refusal(N_("You already follow this table: its result comes to you by DM."))
            async with self._cache.changing(live) as tx:
                await Community(tx).add_follower(live.row.id, user_id, self._clock().timestamp())
                await tx.update_table(live.row.id, followers=live.row.followers + 1)
                live.row = replace(live.row, followers=live.row.followers + 1)
            return snapshot(live)

    async def followers(self, table_id: int) -> list[int]:
        return await Community(self._cache.store).followers(table_id)
