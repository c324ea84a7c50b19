"""A transaction's writes as the store holds them until the driver needs them (at the first read, or at the
end). A table's changes to its own row in one transaction become ONE statement: the revision check
(`advance_rev`) with every field set after it, and the move number checked and set by `append_move`.
It keeps the check's place, first, so a change computed from an old copy fails there."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .errors import Conflict
from .sqlite import RowcountMismatch


@dataclass
class RowChange:
    """`UPDATE sessions SET rev = rev + 1, … WHERE id = … AND rev = … [AND seq = …]`, exactly one row."""

    table_id: int
    rev: int
    seq_from: int | None = None  # the move number the first logged move followed
    fields: dict[str, object] = field(default_factory=dict)

    def statement(self) -> tuple[str, Sequence]:
        assignments = ", ".join(["rev = ?", *(f"{name} = ?" for name in self.fields)])
        condition = "id = ? AND rev = ?" + (" AND seq = ?" if self.seq_from is not None else "")
        args = [self.rev + 1, *self.fields.values(), self.table_id, self.rev]
        if self.seq_from is not None:
            args.append(self.seq_from)
        return f"UPDATE sessions SET {assignments} WHERE {condition}", args


@dataclass
class Pending:
    writes: list[RowChange | tuple] = field(default_factory=list)  # or (sql, args, many, expect, tag)
    rows: dict[int, RowChange] = field(default_factory=dict)  # the row changes later writes may still join


class Transaction:
    """`Store.transaction()`: its writes held (`Pending`) until the driver's transaction needs them; a failed
    revision check is `Conflict`. A class, not @asynccontextmanager: every move opens one, and an async
    generator (created, registered with the event loop, finalized) costs a few times more."""

    __slots__ = ("_store", "_pending", "_token", "_driver")

    def __init__(self, store: Any) -> None:
        self._store = store

    async def __aenter__(self) -> Any:
        store = self._store
        self._pending = Pending()
        self._token = store._pending.set(self._pending)
        self._driver = store._db.transaction()
        try:
            await self._driver.__aenter__()
        except BaseException:
            store._pending.reset(self._token)
            raise
        return store

    async def __aexit__(self, kind: type[BaseException] | None, failure: BaseException | None, trace: Any) -> None:
        try:
            if failure is None:
                try:
                    await self._store._hand_over(self._pending)
                except BaseException as raised:
                    await self._driver.__aexit__(type(raised), raised, raised.__traceback__)
                    raise
            await self._driver.__aexit__(kind, failure, trace)
            if isinstance(failure, RowcountMismatch):
                raise Conflict(failure.tag) from failure
        except RowcountMismatch as mismatch:
            raise Conflict(mismatch.tag) from mismatch
        finally:
            self._store._pending.reset(self._token)
