"""A closed table's last edit — its final state, without buttons — is tried until it is shown.

`attempt_closing` tries it a few times at once; when Discord keeps failing (5xx), the table is remembered and
tried again with the next touch of its channel (a message there, an interaction there) and on a timer that
backs off, until the edit goes through (or the table is shown some other way: `/game status`, a click on the
old message). Otherwise the old message would keep a live Roll button under the announced result.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import OrderedDict
from typing import Any

from bot.service import Table

from .after_commit import attempt, attempt_closing
from .shared import Shared
from .table_message import TableMessage

log = logging.getLogger(__name__)

FIRST_RETRY = 30.0  # seconds after the last failure; doubled each round, up to LAST_RETRY
LAST_RETRY = 900.0
UNSHOWN_TABLES = 1_000  # closed tables remembered at most (the oldest forgotten: /game status still shows them)


class ClosingRetries:
    def __init__(self, shared: Shared, table_message: TableMessage) -> None:
        self._shared, self._table_message = shared, table_message
        self._unshown: OrderedDict[int, int] = OrderedDict()  # table id -> its channel, final state not shown yet
        self._retrier: asyncio.Task | None = None
        self._touches: set[asyncio.Task] = set()  # retries started by a touch of a channel, until they end
        self._stopped = False  # the bot is shutting down: nothing more is tried

    async def edit_closing(self, table: Table, what: str, access: Any = None) -> bool:
        """Edit the table message (`access`: what the bot may do in its channel, if known); a closed table whose
        edit keeps failing is tried again later."""
        shown = await attempt_closing(table, what, lambda: self._table_message.edit(table, access))
        if shown or table.status in ("lobby", "active"):
            self.closing_shown(table.id)
        else:
            self._unshown[table.id] = table.channel_id
            while len(self._unshown) > UNSHOWN_TABLES:
                self._unshown.popitem(last=False)
            if not self._stopped and (self._retrier is None or self._retrier.done()):
                self._retrier = asyncio.get_running_loop().create_task(self._retry_later())
        return shown

    def closing_shown(self, table_id: int) -> None:
        """The table's final state is shown (by a repost, or in place through a click)."""
        self._unshown.pop(table_id, None)

    def channel_touched(self, channel_id: int | None) -> None:
        """Something happened in a channel: a good moment to try its unshown final state again."""
        if not self._stopped and channel_id is not None and channel_id in self._unshown.values():
            task = asyncio.get_running_loop().create_task(self.retry_closing(channel_id))
            self._touches.add(task)
            task.add_done_callback(self._touches.discard)

    async def retry_closing(self, channel_id: int | None = None) -> None:
        for table_id, channel in list(self._unshown.items()):
            if channel_id is not None and channel != channel_id:
                continue
            if self._stopped:
                return
            try:
                table = await self._shared.tables.records.closed_table(table_id)
            except Exception:  # the database is away for now: the next round tries again
                log.warning("could not read closed table %s to show it again", table_id, exc_info=True)
                continue
            shown = table is not None and await attempt(f"showing closed table {table_id} again",
                                                        self._table_message.edit(table))
            if table is None or shown:
                self.closing_shown(table_id)

    async def _retry_later(self) -> None:
        delay = FIRST_RETRY
        while self._unshown and not self._stopped:
            await asyncio.sleep(delay)
            await self.retry_closing()
            delay = min(2 * delay, LAST_RETRY)

    async def stop_retrying(self) -> None:
        """The bot shuts down: no retry is started or tried from now on."""
        self._stopped = True
        if self._retrier is not None:
            self._retrier.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._retrier
            self._retrier = None
