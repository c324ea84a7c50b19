"""The store's part for what closed tables must still show in Discord (bot/service/outbox.py): each entry a
table's result to announce or its rematch offer's lapse, due at a time, claimed by one process at a time as a
deadline is (`FOR UPDATE SKIP LOCKED` on PostgreSQL; a claim lapses CLAIM_SECONDS after it was made, so another
process shows what a dead one claimed). It wraps a `Store` or a transaction of it (`OutboxRows(tx)`)."""

from __future__ import annotations

from .store import CLAIM_SECONDS, Store


class OutboxRows:
    def __init__(self, store: Store) -> None:
        self._store = store

    async def put(self, table_id: int, kind: str, due_at: float, claimed_until: float | None = None) -> None:
        """An entry (write, in the transaction that closes the table); `claimed_until`: claimed by this process."""
        await self._store._write("INSERT INTO outbox (session_id, kind, due_at, claimed_until) VALUES (?, ?, ?, ?)"
                                 " ON CONFLICT (session_id, kind) DO NOTHING", (table_id, kind, due_at, claimed_until))

    async def drop(self, table_id: int, kind: str) -> None:
        """Shown, or no longer to show (write)."""
        await self._store._write("DELETE FROM outbox WHERE session_id = ? AND kind = ?", (table_id, kind))

    async def later(self, table_id: int, kind: str, due_at: float) -> None:
        """Not shown this time: due again at `due_at`, and no longer claimed (write)."""
        await self._store._write("UPDATE outbox SET due_at = ?, claimed_until = NULL WHERE session_id = ? AND kind = ?",
                                 (due_at, table_id, kind))

    async def next_due(self) -> float | None:
        """When the earliest entry is due (a claimed one: when its claim lapses)."""
        row = await self._store._one("SELECT MIN(CASE WHEN claimed_until > due_at THEN claimed_until ELSE due_at END)"
                                     " AS due FROM outbox")
        return row["due"] if row else None

    async def claim_due(self, now: float, limit: int = 100) -> list[tuple[int, str]]:
        """Claim up to `limit` due entries no live claim holds, each by exactly one caller: (table, kind)."""
        skip_locked = " FOR UPDATE SKIP LOCKED" if self._store.dialect == "postgresql" else ""
        async with self._store.transaction():
            rows = await self._store._all(
                "UPDATE outbox SET claimed_until = ? WHERE (session_id, kind) IN (SELECT session_id, kind FROM outbox"
                " WHERE due_at <= ? AND (claimed_until IS NULL OR claimed_until <= ?)"
                f" ORDER BY due_at LIMIT ?{skip_locked}) RETURNING session_id, kind",
                (now + CLAIM_SECONDS, now, now, limit))
        return sorted((row["session_id"], row["kind"]) for row in rows)

    async def claim(self, table_id: int, kind: str, now: float) -> bool:
        """Claim one entry now, due or not (its channel was touched), unless another claim holds it."""
        async with self._store.transaction():
            rows = await self._store._all(
                "UPDATE outbox SET claimed_until = ? WHERE session_id = ? AND kind = ?"
                " AND (claimed_until IS NULL OR claimed_until <= ?) RETURNING session_id",
                (now + CLAIM_SECONDS, table_id, kind, now))
        return bool(rows)
