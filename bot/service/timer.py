"""The one timer task: it sleeps until the earliest stored reminder, deadline, season rollover, digest or closed
table's outbox entry, has what is due handled, and sleeps again. It is restarted only when a change brings a due
time sooner than it would wake. Closing it lets a round under way finish (its moves commit, the listener says
them), and stops it asleep."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from datetime import datetime
from typing import Any


class Timer:
    def __init__(self, next_due: Callable[[], Awaitable[float | None]], clock: Callable[[], datetime],
                 on_due: Callable[[], Awaitable[Any]]) -> None:
        """`next_due`: the earliest due time stored (None: nothing is due); `on_due` handles what is due."""
        self._next_due, self._clock, self._on_due = next_due, clock, on_due
        self._task: asyncio.Task | None = None
        self._armed_for: float | None = None  # when the task will wake next
        self.asleep = False  # sleeping until the next due time (tests wait for this)
        self._busy = False  # handling what is due
        self._closed = False

    async def run_due(self) -> None:
        """Handle what is due now, as a wake-up does (for a process that serves only that, as a test's may)."""
        await self._on_due()

    @property
    def task(self) -> asyncio.Task | None:
        return self._task

    def start(self) -> None:
        self._closed = False
        self.wake_by(0.0)

    def wake_by(self, due: float | None) -> None:
        """Make the task wake by `due`: restart it only if it would sleep past that."""
        if due is None or self._closed:
            return
        running = self._task is not None and not self._task.done()
        if running and self._armed_for is not None and self._armed_for <= due:
            return
        if running and self._task is not asyncio.current_task():
            if self._busy:  # it looks for the next due time again when its round ends
                self._armed_for = due
                return
            self._task.cancel()
        self._armed_for = due
        self._task = asyncio.get_running_loop().create_task(self._run())

    async def _run(self) -> None:
        while True:
            due = await self._next_due()
            self._armed_for = due
            if due is None:
                return
            self.asleep = True
            try:
                await asyncio.sleep(max(0.0, due - self._clock().timestamp()))
            finally:
                self.asleep = False
            self._busy = True
            try:
                await self._on_due()
            finally:
                self._busy = False
            if self._closed:
                return

    async def close(self) -> None:
        """Stop the task: asleep at once; in a round, once the round is done (a caller in a hurry cancels this)."""
        self._closed = True
        task, self._task = self._task, None
        if task is None or task.done() or task is asyncio.current_task():
            return
        if not self._busy:
            task.cancel()
        await asyncio.gather(task, return_exceptions=True)
