"""A graceful stop. On SIGTERM or SIGINT the bot takes no new interaction (one that arrives is told, privately, to
try again in a moment), lets those being handled finish — their moves commit and their messages go out —, lets the
timer finish the round it is in and stops it, then closes the gateway and the database: at most GRACE seconds for
the waiting, then whatever is left is stopped all the same (a warning says how much).

`Stopping` is the gate every interaction passes (`DiceBot.hear`, its one entry point): it knows the tasks handling
interactions, so the stop waits for exactly those.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
from collections.abc import Awaitable, Callable

from ..i18n import N_
from ..service.errors import Refusal

log = logging.getLogger(__name__)

GRACE = 10.0  # seconds the stop waits for interactions being handled and the timer's round
STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT)


class Restarting(Refusal):
    default = N_("The bot is restarting: try again in a moment.")


class Stopping:
    def __init__(self) -> None:
        self.begun = False
        self._handling: set[asyncio.Task] = set()

    def admit(self) -> None:
        """An interaction's entry: refused (`Restarting`) once the stop began; otherwise the stop will wait for the
        task handling it."""
        if self.begun:
            raise Restarting()
        task = asyncio.current_task()
        if task is not None and task not in self._handling:
            self._handling.add(task)
            task.add_done_callback(self._handling.discard)

    @property
    def handling(self) -> int:
        """Interactions being handled right now."""
        return len(self._handling)

    async def drain(self, *also: Awaitable[object], grace: float = GRACE) -> None:
        """Take no more interactions; wait, at most `grace` seconds, for those being handled and for `also` (the
        timer's stop)."""
        self.begun = True
        current = asyncio.current_task()
        waiting = [task for task in self._handling if task is not current and not task.done()]
        if waiting:
            log.info("stopping: waiting for the interactions being handled (%d)", len(waiting))
        work = [*(asyncio.ensure_future(step) for step in also), *waiting]
        if not work:
            return
        _done, left = await asyncio.wait(work, timeout=grace)
        if left:
            log.warning("stopping: tasks still running after %.0f s (%d), stopped all the same", grace, len(left))
            for task in left:
                task.cancel()
            await asyncio.gather(*left, return_exceptions=True)


def on_stop_signals(stop: Callable[[], None]) -> None:
    """Call `stop` on SIGTERM or SIGINT (where the platform lets an event loop handle signals)."""
    loop = asyncio.get_running_loop()
    for sig in STOP_SIGNALS:
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(sig, stop)
