"""The store's part for members' away days (bot/service/away.py): each member's budget and the absence running.
It wraps a `Store` (or a transaction of it: `AwayBook(tx)`), so its writes join that transaction. A write names
the values it was computed from, so of two processes changing one member's days only one commits (`Conflict`)."""

from __future__ import annotations

from dataclasses import dataclass

from .rows import from_mapping
from .store import Store


@dataclass(frozen=True)
class AwayRow:
    user_id: int
    days_left: int  # the budget, as of `granted_month` ('YYYY-MM', UTC)
    granted_month: str
    away_from: float | None
    away_until: float | None  # None: not away (a time past: the absence ran out)
    days_reserved: int  # the whole days the absence running took from the budget


class AwayBook:
    def __init__(self, store: Store) -> None:
        self._store = store

    async def member(self, user_id: int) -> AwayRow | None:
        row = await self._store._one("SELECT * FROM away_members WHERE user_id = ?", (user_id,))
        return from_mapping(AwayRow, row) if row else None

    async def away_until(self, user_ids: list[int], now: float) -> dict[int, float]:
        """Of these members, those away at `now`: until when."""
        if not user_ids:
            return {}
        marks = ", ".join("?" for _ in user_ids)
        rows = await self._store._all(f"SELECT user_id, away_until FROM away_members WHERE user_id IN ({marks})"
                                      " AND away_until > ?", (*user_ids, now))
        return {row["user_id"]: row["away_until"] for row in rows}

    async def save(self, was: AwayRow | None, now: AwayRow) -> None:
        """`now` replaces `was` (None: the member's first row); `Conflict` if another process changed it since."""
        values = (now.days_left, now.granted_month, now.away_from, now.away_until, now.days_reserved)
        if was is None:
            await self._store._write(
                "INSERT INTO away_members (days_left, granted_month, away_from, away_until, days_reserved, user_id)"
                " VALUES (?, ?, ?, ?, ?, ?)", (*values, now.user_id))
            return
        await self._store._write(
            "UPDATE away_members SET days_left = ?, granted_month = ?, away_from = ?, away_until = ?,"
            " days_reserved = ? WHERE user_id = ? AND days_left = ? AND granted_month = ?"
            " AND COALESCE(away_until, -1) = ?",
            (*values, now.user_id, was.days_left, was.granted_month,
             -1 if was.away_until is None else was.away_until),
            expect=1, tag=f"away:{now.user_id}")
