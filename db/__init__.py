"""Storage: SQLite through aiosqlite (the default) or PostgreSQL through asyncpg. The only package with SQL."""

from .connect import StoreUnavailable, check_database, hold_sqlite_file, is_postgres
from .rows import EventRow, RatingRow, ResultRow, SeatRow, SessionRow
from .store import ChannelTaken, Conflict, Store

__all__ = [
    "ChannelTaken",
    "Conflict",
    "EventRow",
    "RatingRow",
    "ResultRow",
    "SeatRow",
    "SessionRow",
    "Store",
    "StoreUnavailable",
    "check_database",
    "hold_sqlite_file",
    "is_postgres",
]
