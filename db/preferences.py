"""The store's part for members' preferences (`/me`): their time zone, quiet hours, reminders and daily digest.
It wraps a `Store` (or a transaction of it: `Preferences(tx)`), so its writes join that transaction.

A digest is claimed as a table's deadline is: one process takes each due one (`FOR UPDATE SKIP LOCKED` on
PostgreSQL), and its claim lapses by itself if that process dies before moving the digest to its next day."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .rows import from_mapping
from .store import CLAIM_SECONDS, Store


@dataclass(frozen=True)
class MemberPrefsRow:
    user_id: int
    time_zone: str = "UTC"
    quiet_start: int | None = None  # minutes after local midnight; None: no quiet hours
    quiet_end: int | None = None
    reminders: str = "table"  # table | off | 1h | 4h | 12h | 24h
    reminders_via: str = "channel"  # channel | dm | both
    digest_hour: int | None = None  # the local hour of the daily digest; None: no digest
    digest_at: float | None = None  # when the next digest is due (unix seconds)


COLUMNS = "user_id, time_zone, quiet_start, quiet_end, reminders, reminders_via, digest_hour, digest_at"
CHOSEN = ("time_zone", "quiet_start", "quiet_end", "reminders", "reminders_via", "digest_hour", "digest_at")


class Preferences:
    def __init__(self, store: Store) -> None:
        self._store = store

    async def of(self, user_ids: Iterable[int]) -> dict[int, MemberPrefsRow]:
        """The stored preferences of these members (a member who never chose any is missing)."""
        ids = sorted(set(user_ids))
        if not ids:
            return {}
        rows = await self._store._all(
            f"SELECT {COLUMNS} FROM member_prefs WHERE user_id IN ({', '.join('?' * len(ids))})", ids)
        return {row["user_id"]: from_mapping(MemberPrefsRow, row) for row in rows}

    async def save(self, prefs: MemberPrefsRow, changed: Iterable[str]) -> None:
        """Store the member's choices: a new member's every one; otherwise only the `changed` ones and the digest's
        next time (another process storing another choice of theirs at once keeps it; a new digest time clears a
        claim on the old one)."""
        values = [getattr(prefs, name) for name in CHOSEN]
        updated = [n for n in CHOSEN if n in set(changed) | {"digest_at"}]
        await self._store._write(
            f"INSERT INTO member_prefs ({COLUMNS}) VALUES (?, {', '.join('?' * len(CHOSEN))})"
            f" ON CONFLICT (user_id) DO UPDATE SET {', '.join(f'{n} = excluded.{n}' for n in updated)},"
            " digest_claimed_until = NULL", (prefs.user_id, *values))

    # --- the daily digest -------------------------------------------------------------------
    async def next_digest(self) -> float | None:
        """When the earliest digest is due (a claimed one: when its claim lapses)."""
        row = await self._store._one(
            "SELECT MIN(CASE WHEN digest_claimed_until > digest_at THEN digest_claimed_until ELSE digest_at END)"
            " AS due FROM member_prefs WHERE digest_at IS NOT NULL")
        return row["due"] if row else None

    async def claim_digests(self, now: float, limit: int = 100) -> list[MemberPrefsRow]:
        """Claim up to `limit` due digests no live claim holds: each by exactly one caller."""
        skip_locked = " FOR UPDATE SKIP LOCKED" if self._store.dialect == "postgresql" else ""
        async with self._store.transaction():
            rows = await self._store._all(
                "UPDATE member_prefs SET digest_claimed_until = ? WHERE user_id IN (SELECT user_id FROM member_prefs"
                " WHERE digest_at <= ? AND (digest_claimed_until IS NULL OR digest_claimed_until <= ?)"
                f" ORDER BY user_id LIMIT ?{skip_locked}) RETURNING {COLUMNS}",
                (now + CLAIM_SECONDS, now, now, limit))
        return sorted((from_mapping(MemberPrefsRow, row) for row in rows), key=lambda p: p.user_id)

    async def digest_sent(self, user_id: int, was_due: float, next_at: float | None) -> None:
        """The digest due at `was_due` is handled: the next is due at `next_at` (unless the member chose anew)."""
        await self._store._write(
            "UPDATE member_prefs SET digest_at = ?, digest_claimed_until = NULL WHERE user_id = ? AND digest_at = ?",
            (next_at, user_id, was_due))
