"""What the store raises: the database said no to a write."""

from __future__ import annotations

import sqlite3

import asyncpg


class Conflict(Exception):
    """The table changed in the database since this process computed the change (another process moved)."""

    def __init__(self, table_id: int) -> None:
        super().__init__(f"table {table_id} changed in the database")
        self.table_id = table_id


class ChannelTaken(Exception):
    """The channel already has an open table (the database's unique index said so)."""


DUPLICATE = (sqlite3.IntegrityError, asyncpg.UniqueViolationError)
