"""The service: every table, from its lobby to its end, kept in the database. No Discord here.

`open_tables(store, games, clock=…)` builds it; `Tables` is its one door (tables.py).
"""

from .table import PACES, Clicked, Move, Seat, Table, Typed
from .tables import Tables, open_tables

__all__ = ["PACES", "Clicked", "Move", "Seat", "Table", "Tables", "Typed", "open_tables"]
