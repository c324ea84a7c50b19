"""A closed table's last edit — its final state, without buttons — is tried until it is shown; so are what the
service keeps in its outbox for a closed table (bot/service/outbox.py): its result, announced once, and its
rematch offer's lapse, when the table loses its Rematch buttons.

`attempt_closing` tries each a few times at once; when Discord keeps failing (5xx), the last edit is remembered
and tried again with the next touch of its channel (a message there, an interaction there) and on a timer that
backs off, until it goes through (or the table is shown some other way: `/game status`, a click on the old
message). Otherwise the old message would keep a live Roll button under the announced result. An outbox entry is
tried again by the service's timer, in whichever process, and a result not posted also with the next touch of
its channel here; each is posted once.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import OrderedDict
from collections.abc import Coroutine
from typing import Any

from bot.service import Table
from bot.service.outbox import RESULT

from .after_commit import attempt, attempt_closing
from .notices import Notices
from .shared import Shared
from .table_message import TableMessage

log = logging.getLogger(__name__)

FIRST_RETRY = 30.0  # seconds after the last failure; doubled each round, up to LAST_RETRY
LAST_RETRY = 900.0
UNSHOWN_TABLES = 1_000  # closed tables remembered at most (the oldest forgotten: /game status still shows them)


class ClosingRetries:
    def __init__(self, shared: Shared, table_message: TableMessage, notices: Notices) -> None:
        self._shared, self._table_message, self._notices = shared, table_message, notices
        self._unshown: OrderedDict[int, int] = OrderedDict()  # table id -> its channel, final state not shown yet
        self._unannounced: OrderedDict[int, int] = OrderedDict()  # table id -> its channel, result not posted here
        self._retrier: asyncio.Task | None = None
        self._touches: set[asyncio.Task] = set()  # retries started by a touch of a channel, until they end
        self._stopped = False  # the bot is shutting down: nothing more is tried

    async def edit_closing(self, table: Table, what: str, access: Any = None) -> bool:
        """Edit the table message (`access`: what the bot may do in its channel, if known); a closed table whose
        edit keeps failing is tried again later."""
        shown = await attempt_closing(table, what, lambda: self._table_message.edit(table, access))
        closed_unshown = not shown and table.status not in ("lobby", "active")
        remember(self._unshown, table, closed_unshown)
        if closed_unshown and not self._stopped and (self._retrier is None or self._retrier.done()):
            self._retrier = asyncio.get_running_loop().create_task(self._retry_later())
        return shown

    def closing_shown(self, table_id: int) -> None:
        """The table's final state is shown (by a repost, or in place through a click)."""
        self._unshown.pop(table_id, None)

    async def show_due(self, table: Table, kind: str, access: Any = None) -> None:
        """Show what this process claimed of a closed table's outbox — its result, or its rematch offer lapsed
        (the table without its Rematch buttons) — and tell the service how it went: not shown, it is due again."""
        if kind == RESULT:
            shown = await attempt_closing(table, "announcing the result",
                                          lambda: self._notices.announce_result(table, access))
            remember(self._unannounced, table, not shown)
        else:
            shown = await attempt_closing(table, "taking down the lapsed rematch offer",
                                          lambda: self._table_message.edit(table, access))
            if shown:
                self.closing_shown(table.id)
        await attempt(f"recording the {kind} of table {table.id} shown",
                      self._shared.tables.outbox.shown(table, kind, shown))

    def channel_touched(self, channel_id: int | None) -> None:
        """Something happened in a channel: a good moment to try its unshown final state and result again."""
        if channel_id is None or self._stopped:
            return
        if channel_id in self._unshown.values():
            self._touch(self.retry_closing(channel_id))
        for table_id in [t for t, channel in self._unannounced.items() if channel == channel_id]:
            self._unannounced.pop(table_id)  # claimed again below, or the timer's
            self._touch(self._announce_again(table_id))

    def _touch(self, retry: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(retry)
        self._touches.add(task)
        task.add_done_callback(self._touches.discard)

    async def _announce_again(self, table_id: int) -> None:
        try:  # None: posted meanwhile, or another process is at it (the timer tries it again if that fails)
            table = await self._shared.tables.outbox.claim(table_id, RESULT)
        except Exception:  # the database is away for now: the service's timer tries it again
            log.warning("could not claim the result of table %s to post it again", table_id, exc_info=True)
            return
        if table is not None:
            await self.show_due(table, RESULT)

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


def remember(unshown: OrderedDict[int, int], table: Table, still: bool) -> None:
    """Keep the table (by its channel) among those `still` not shown, at most UNSHOWN_TABLES, or forget it."""
    if not still:
        unshown.pop(table.id, None)
        return
    unshown[table.id] = table.channel_id
    while len(unshown) > UNSHOWN_TABLES:
        unshown.popitem(last=False)
