"""The service: every table, from its lobby to its end, kept in the database. No Discord here.

`open_tables(store, games, clock=…)` builds it: `Tables`, its collaborators, each the door to what it owns
(tables.py). A member's move reaches it in one form, a `Reading` (table.py).
"""

from .table import PACES, Clicked, Move, Reading, Seat, Table, Typed, played
from .tables import Tables, open_tables

__all__ = ["PACES", "Clicked", "Move", "Reading", "Seat", "Table", "Tables", "Typed", "open_tables", "played"]
