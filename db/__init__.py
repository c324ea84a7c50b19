"""Storage: SQLite through aiosqlite. The only package with SQL."""

from .store import EventRow, RatingRow, ResultRow, SeatRow, SessionRow, Store

__all__ = ["EventRow", "RatingRow", "ResultRow", "SeatRow", "SessionRow", "Store"]
