"""The store's part for the vote on an absent member's seat (bot/service/votes.py): each other player's choice,
replace (the computer plays the seat to the end) or end (the table ends unrated). It wraps a `Store` or a
transaction of it (`VoteBook(tx)`); a vote is a change of its table, so the table's revision orders them."""

from __future__ import annotations

from .store import Store


class VoteBook:
    def __init__(self, store: Store) -> None:
        self._store = store

    async def votes(self, table_id: int, seat: int) -> dict[int, str]:
        """Member -> their choice on the seat, so far."""
        rows = await self._store._all("SELECT user_id, choice FROM replace_votes WHERE session_id = ? AND seat = ?",
                                      (table_id, seat))
        return {row["user_id"]: row["choice"] for row in rows}

    async def put(self, table_id: int, seat: int, user_id: int, choice: str, at: float) -> None:
        """The member's choice (a new one replaces theirs)."""
        await self._store._write("DELETE FROM replace_votes WHERE session_id = ? AND seat = ? AND user_id = ?",
                                 (table_id, seat, user_id))
        await self._store._write("INSERT INTO replace_votes (session_id, seat, user_id, choice, at)"
                                 " VALUES (?, ?, ?, ?, ?)", (table_id, seat, user_id, choice, at))

    async def clear(self, table_id: int, seat: int) -> None:
        """The seat's member is back: the votes on it are over."""
        await self._store._write("DELETE FROM replace_votes WHERE session_id = ? AND seat = ?", (table_id, seat))
