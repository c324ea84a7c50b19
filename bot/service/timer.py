"""The one durable timer: every kind of work that falls due at a stored time registers as a `DueSource` (its next
due time, and the handler that does what is due), and one task sleeps until the earliest of them, has each source
that fell due handled, and sleeps again. Durable because nothing is kept in memory: each round reads the due
times from the database, so a restart, or another process, picks up where this one stopped, and each handler
claims what it handles there (of several processes, one handles each).

A change that brings a due time sooner wakes it (`wake_by`): the task is restarted only when it would sleep past
that. Closing it lets a round under way finish (its moves commit, the listeners say them), and stops it asleep.
A new kind of due work is one more source, registered where the service is built (`open_tables`).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime

Wake = Callable[[float | None], None]  # a change's new due time, for the timer (None: nothing due)


@dataclass(frozen=True)
class DueSource:
    """One kind of due work: when it is next due (None: nothing stored), and what handles it."""

    name: str
    next_due: Callable[[], Awaitable[float | None]]
    handle: Callable[[], Awaitable[object]]


class Timer:
    def __init__(self, clock: Callable[[], datetime]) -> None:
        self._clock = clock
        self._sources: list[DueSource] = []
        self._task: asyncio.Task | None = None
        self._armed_for: float | None = None  # when the task will wake next
        self.asleep = False  # sleeping until the next due time (tests wait for this)
        self._busy = False  # handling what is due
        self._closed = False

    def register(self, source: DueSource) -> None:
        self._sources.append(source)

    @property
    def sources(self) -> tuple[DueSource, ...]:
        return tuple(self._sources)

    async def run_due(self) -> None:
        """Handle what is due now (for a process that serves only that, as a test's may): every source, as each
        handler does only what is due."""
        for source in self._sources:
            await source.handle()

    @property
    def task(self) -> asyncio.Task | None:
        return self._task

    @property
    def armed_for(self) -> float | None:
        """When the task wakes next (None: nothing is due)."""
        return self._armed_for

    def start(self) -> None:
        self._closed = False
        self.wake_by(0.0)

    def wake_by(self, due: float | None) -> None:
        """Make the task wake by `due`: restart it only if it would sleep past that."""
        if due is None or self._closed:
            return
        running = self._task is not None and not self._task.done()
        if running and (self._task is asyncio.current_task()  # its round reads every due time again when done
                        or self._armed_for is not None and self._armed_for <= due):
            return
        if running and self._task is not None:
            if self._busy:  # it looks for the next due time again when its round ends
                self._armed_for = due
                return
            self._task.cancel()
        self._armed_for = due
        self._task = asyncio.get_running_loop().create_task(self._run())

    async def _run(self) -> None:
        while True:
            dues = [(await source.next_due(), source) for source in self._sources]
            due = min((at for at, _ in dues if at is not None), default=None)
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
                now = self._clock().timestamp()
                for at, source in dues:
                    if at is not None and at <= now:
                        await source.handle()
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
