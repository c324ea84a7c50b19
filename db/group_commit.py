"""Group commit, for both drivers: transactions that end while a commit is in flight wait, and go together
in the next one. The driver sends a group and says, per transaction, whether it failed; a failure fails
only its own transaction."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Generic, TypeVar

Batch = TypeVar("Batch")
SendGroup = Callable[[list[Batch]], Awaitable[list[BaseException | None]]]


class GroupCommit(Generic[Batch]):
    def __init__(self, send_group: SendGroup) -> None:
        self._send_group = send_group
        self._queue: list[tuple[Batch, asyncio.Future]] = []
        self._flusher: asyncio.Task | None = None

    async def commit(self, batch: Batch) -> None:
        """Returns once `batch` is committed (with whatever ended beside it); raises its own failure."""
        done = asyncio.get_running_loop().create_future()
        self._queue.append((batch, done))
        if self._flusher is None or self._flusher.done():
            self._flusher = asyncio.create_task(self._flush())
        await done

    async def _flush(self) -> None:
        while self._queue:
            group, self._queue = self._queue, []
            try:
                failures = await self._send_group([batch for batch, _ in group])
            except BaseException as failure:
                failures = [failure] * len(group)
            for (_, done), failure in zip(group, failures, strict=True):
                if done.done():
                    continue
                if failure is None:
                    done.set_result(None)
                else:
                    done.set_exception(failure)
