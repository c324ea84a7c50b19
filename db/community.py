"""The store's part for the community around tables: followers, rematch offers, and what a member's profile
reads. It wraps a `Store` (or a transaction of it: `Community(tx)`), so its writes join that transaction."""

from __future__ import annotations

from dataclasses import dataclass

from .store import Store

# A seat's columns that belong to the game it was played in; every other column (the member or computer, its
# name, and whatever a seat gains later, such as a computer's level) is what a rematch carries over.
PER_GAME = ("session_id", "seat", "autopilot", "timeouts", "dm_message_id", "dm_channel_id", "client_seed",
            "touched_at")


@dataclass(frozen=True)
class RatedGame:
    """A member's all-time rating in a game right after one rated game of it."""

    game: str
    mu: float
    sigma: float
    at: float


class Community:
    def __init__(self, store: Store) -> None:
        self._store = store

    # --- followers --------------------------------------------------------------------------
    async def follows(self, table_id: int, user_id: int) -> bool:
        return bool(await self._store._one("SELECT 1 AS yes FROM followers WHERE session_id = ? AND user_id = ?",
                                           (table_id, user_id)))

    async def add_follower(self, table_id: int, user_id: int, at: float) -> None:
        await self._store._write("INSERT INTO followers (session_id, user_id, at) VALUES (?, ?, ?)",
                                 (table_id, user_id, at))

    async def followers(self, table_id: int) -> list[int]:
        rows = await self._store._all("SELECT user_id FROM followers WHERE session_id = ? ORDER BY at, user_id",
                                      (table_id,))
        return [row["user_id"] for row in rows]

    # --- rematches --------------------------------------------------------------------------
    async def rematch_votes(self, table_id: int) -> dict[int, bool]:
        """Each player's answer so far: True wants a rematch, False declined."""
        rows = await self._store._all("SELECT user_id, wants FROM rematch_votes WHERE session_id = ?", (table_id,))
        return {row["user_id"]: bool(row["wants"]) for row in rows}

    async def add_rematch_vote(self, table_id: int, user_id: int, wants: bool, at: float) -> None:
        await self._store._write("INSERT INTO rematch_votes (session_id, user_id, wants, at) VALUES (?, ?, ?, ?)",
                                 (table_id, user_id, wants, at))

    async def rematch_of(self, table_id: int) -> int | None:
        """The table a finished table's rematch opened, if it did."""
        row = await self._store._one("SELECT id FROM sessions WHERE rematch_of = ?", (table_id,))
        return row["id"] if row else None

    async def mark_rematch(self, table_id: int, of_table: int) -> None:
        await self._store._write("UPDATE sessions SET rematch_of = ? WHERE id = ?", (of_table, table_id))

    async def copy_seat(self, table_id: int, seat: int, to_table: int, to_seat: int, client_seed: str) -> None:
        """Seat `seat` of a table again at another: every column of the seat but what belongs to its game
        (`PER_GAME`), whatever columns a seat has."""
        row = await self._store._one("SELECT * FROM seats WHERE session_id = ? AND seat = ?", (table_id, seat))
        assert row is not None, (table_id, seat)
        values = {**row, "session_id": to_table, "seat": to_seat, "autopilot": 0, "timeouts": 0,
                  "dm_message_id": None, "dm_channel_id": None, "client_seed": client_seed, "touched_at": None}
        assert set(PER_GAME) <= set(values)
        columns = ", ".join(values)
        await self._store._write(f"INSERT INTO seats ({columns}) VALUES ({', '.join('?' * len(values))})",
                                 tuple(values.values()))

    # --- a member's profile -----------------------------------------------------------------
    async def placings(self, guild_id: int, user_id: int) -> dict[str, dict[int, int]]:
        """Per game: how many finished games ended in each place."""
        rows = await self._store._all(
            "SELECT game, \"placing\", COUNT(*) AS games FROM results WHERE guild_id = ? AND user_id = ?"
            " GROUP BY game, \"placing\"", (guild_id, user_id))
        found: dict[str, dict[int, int]] = {}
        for row in rows:
            found.setdefault(row["game"], {})[row["placing"]] = row["games"]
        return found

    async def rating_history(self, guild_id: int, user_id: int, last: int = 50) -> list[RatedGame]:
        """Per game, the member's rating after each of their last `last` rated games of it, oldest first."""
        rows = await self._store._all(
            "SELECT game, mu, sigma, at FROM (SELECT game, mu, sigma, at, ROW_NUMBER() OVER (PARTITION BY game"
            " ORDER BY at DESC, session_id DESC) AS n FROM results WHERE guild_id = ? AND user_id = ?"
            " AND mu IS NOT NULL) recent WHERE n <= ? ORDER BY game, at, n DESC", (guild_id, user_id, last))
        return [RatedGame(row["game"], row["mu"], row["sigma"], row["at"]) for row in rows]

    async def recent_placings(self, guild_id: int, user_id: int, limit: int) -> list[int]:
        """The member's places in their latest finished games in this server, the latest first."""
        rows = await self._store._all(
            "SELECT \"placing\" FROM results WHERE guild_id = ? AND user_id = ? ORDER BY at DESC, session_id DESC"
            " LIMIT ?", (guild_id, user_id, limit))
        return [row["placing"] for row in rows]
