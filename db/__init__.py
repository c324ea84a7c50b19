"""Storage: SQLite through aiosqlite (the default) or PostgreSQL through asyncpg. The only package with SQL."""

from .connect import DatabaseInUse, StoreUnavailable, check_database, hold_sqlite_file, is_postgres
from .errors import ChannelTaken, Conflict
from .rows import MoveRow, RatingRow, ResultRow, SeatRow, TableRow
from .store import Store

__all__ = [
    "ChannelTaken",
    "Conflict",
    "DatabaseInUse",
    "MoveRow",
    "RatingRow",
    "ResultRow",
    "SeatRow",
    "Store",
    "StoreUnavailable",
    "TableRow",
    "check_database",
    "hold_sqlite_file",
    "is_postgres",
]
