"""What a closed table must still show in Discord once its commit is made — its result, and its rematch offer's
lapse (the table loses its Rematch buttons) — kept in the database until it is shown (an outbox), so a Discord
outage, a restart or a second process never loses it, and it is shown once.

The commit that finishes a game puts both in: the result due at once and claimed by the process that committed it
(it announces it next), the lapse due when the offer ends. A process shows what it claimed and says how it went:
shown, the entry goes; not shown, it is due again after a delay that grows with the table's age (30 s to 15 min,
so it doubles), until a day has passed: then it is given up, logged (Discord failing that long, or the channel
gone). The timer claims whatever is due — a failure's retry, a claim lapsed with a dead process, a
lapse — one process each, and hands it to the listener (the edge); a touch of the table's channel may claim its
result at once. A result posted whose entry could not be dropped (the database away just then) is posted again
when its claim lapses: the edge posts it with the table's own nonce, which Discord enforces, so the second post
within minutes is the first one."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from datetime import datetime

from db import Store
from db.outbox import OutboxRows
from db.store import CLAIM_SECONDS

from .records import Records
from .table import LiveTable, Table, rematch_offer

log = logging.getLogger(__name__)

RESULT, OFFER_LAPSED = "result", "offer_lapsed"
FIRST_RETRY, LAST_RETRY = 30.0, 900.0  # seconds: a result not shown is tried again after the table's age, in these
GIVE_UP = 86_400.0  # seconds after the end: what is still not shown is dropped (its channel is gone, most likely)
Listener = Callable[[Table, str], Awaitable[None]]


async def put_finished(tx: Store, live: LiveTable, now: float) -> None:
    """In the commit that finishes the game: its result, claimed by this process (which shows it after the
    commit), and its rematch offer's lapse."""
    outbox = OutboxRows(tx)
    await outbox.put(live.row.id, RESULT, now, claimed_until=now + CLAIM_SECONDS)
    if (offer := rematch_offer(live)) is not None:
        await outbox.put(live.row.id, OFFER_LAPSED, offer.until)


class Outbox:
    def __init__(self, store: Store, records: Records, clock: Callable[[], datetime],
                 wake: Callable[[float | None], None]) -> None:
        """`wake(due)`: the timer wakes by `due` (when an entry is due again)."""
        self._store, self._records, self._clock, self._wake = store, records, clock, wake
        self.listener: Listener | None = None  # told of each entry claimed here, to show it

    async def next_due(self) -> float | None:
        return await OutboxRows(self._store).next_due()

    async def send_due(self) -> list[tuple[Table, str]]:
        """Claim what is due and hand each to the listener, with its table as it closed."""
        handed = []
        for table_id, kind in await OutboxRows(self._store).claim_due(self._clock().timestamp()):
            table = await self._closed(table_id, kind)
            if table is not None:
                handed.append((table, kind))
        for table, kind in handed:
            if self.listener is not None:
                try:
                    await self.listener(table, kind)
                except Exception:  # its claim lapses: shown then, by this process or another
                    log.exception("showing %s of table %s failed", kind, table.id)
        return handed

    async def claim(self, table_id: int, kind: str) -> Table | None:
        """Claim one entry now (its channel was touched): its table, or None (shown meanwhile, or claimed)."""
        if not await OutboxRows(self._store).claim(table_id, kind, self._clock().timestamp()):
            return None
        return await self._closed(table_id, kind)

    async def shown(self, table: Table, kind: str, shown: bool) -> None:
        """How showing a claimed entry went: shown, it goes; otherwise it is due again. The timer wakes by the
        outbox's next entry (this table's retry, or its offer's lapse)."""
        now = self._clock().timestamp()
        age = now - (table.ended_at or now)
        if not shown and age >= GIVE_UP:
            log.warning("table %s: its %s could not be shown for a day; given up", table.id, kind)
        async with self._store.transaction() as tx:
            if shown or age >= GIVE_UP:
                await OutboxRows(tx).drop(table.id, kind)
            else:
                await OutboxRows(tx).later(table.id, kind, now + min(LAST_RETRY, max(FIRST_RETRY, age)))
        self._wake(await self.next_due())

    async def _closed(self, table_id: int, kind: str) -> Table | None:
        """The closed table an entry is about; None — and the entry dropped — when it can no longer be shown."""
        table = await self._records.closed_table(table_id)
        if table is None:  # its game is no longer played here: there is nothing to show it with
            async with self._store.transaction() as tx:
                await OutboxRows(tx).drop(table_id, kind)
        return table
