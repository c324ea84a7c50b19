"""The daily digest: one DM at a member's chosen local hour listing every table waiting on them (but those they
silenced this turn), instead of a ping per table at tables whose turns last a day or more.

Each due digest is claimed by one process (db/preferences.py), moved to its next day in the database, and only
then handed to the listener (the edge sends the DM): a digest is sent at most once. A member with no table waiting
gets nothing that day."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime

from db import Store
from db.preferences import Preferences

from .cache import TableCache
from .preferences import next_digest
from .reminders import silenced
from .table import Table

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Digest:
    user_id: int
    tables: tuple[Table, ...]  # the tables waiting on the member, each with its seat's deadline


DigestListener = Callable[[Digest], Awaitable[None]]


class Digests:
    def __init__(self, store: Store, cache: TableCache, clock: Callable[[], datetime]) -> None:
        self._store, self._cache, self._clock = store, cache, clock
        self.listener: DigestListener | None = None

    async def next_due(self) -> float | None:
        return await Preferences(self._store).next_digest()

    async def send_due(self) -> list[Digest]:
        """Claim the due digests, move each to its next day, and hand those with tables to the listener."""
        now = self._clock().timestamp()
        ready = []
        for prefs in await Preferences(self._store).claim_digests(now):
            try:
                tables = [t for t in await self._cache.waiting_on(prefs.user_id)
                          if (seat := t.seat_of(prefs.user_id)) is not None and not silenced(t, seat)]
                assert prefs.digest_at is not None  # claimed: it was due
                async with self._store.transaction() as tx:
                    await Preferences(tx).digest_sent(prefs.user_id, prefs.digest_at, next_digest(prefs, now))
            except Exception:  # one member's digest must not hold up the others' (its claim lapses: tried again)
                log.exception("member %s's digest failed; tried again when its claim lapses", prefs.user_id)
                continue
            if tables:
                ready.append(Digest(prefs.user_id, tuple(tables)))
        for digest in ready:
            if self.listener:
                try:
                    await self.listener(digest)
                except Exception:
                    log.exception("the digest listener failed for member %s", digest.user_id)
        return ready
