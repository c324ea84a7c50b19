"""The migrations' numbers: SQLite records only the last one applied (`PRAGMA user_version`), so a number that
arrives below one already shipped would never run there. Every backend has the same numbers, 1 to N, no gap."""

from __future__ import annotations

from db.migrations import migrations


def test_every_backend_numbers_its_migrations_one_to_n_alike():
    numbers = {dialect: [number for number, _ in migrations(dialect)] for dialect in ("sqlite", "postgresql")}
    assert numbers["sqlite"] == list(range(1, len(numbers["sqlite"]) + 1)), numbers["sqlite"]
    assert numbers["postgresql"] == numbers["sqlite"]
