"""What the service's timer makes happen, said in the channel: lobbies expiring, reminders (as each member chose:
reminders.py), timeouts, a closed table's result or rematch offer lapsed still to show (closing.py), and tables
closed while the bot was away. Where the bot may not post in the channel, the
members concerned hear it by DM (`notices.py`); the bot's permissions there are read from the guild's cache
(`permissions.py`). The service tells it (`Tables.listener`); a timeout is shown like any other change, by the
publisher.
"""

from __future__ import annotations

from typing import Any

from bot.i18n import _, ngettext, speaking
from bot.service import Table
from bot.service.outbox import OFFER_LAPSED, RESULT

from .after_commit import attempt
from .closing import ClosingRetries
from .format import seat_name
from .notices import Notices
from .publisher import Publisher
from .reminders import Reminding
from .shared import Shared


class TimerNotices:
    def __init__(self, shared: Shared, publisher: Publisher, closing: ClosingRetries, notices: Notices,
                 reminding: Reminding) -> None:
        self._shared, self._publisher, self._closing = shared, publisher, closing
        self._notices, self._reminding = notices, reminding

    async def on_table_event(self, table: Table, kind: str) -> None:
        access = self._shared.access.of(table.channel_id)
        if kind == "expired":
            await self._closing.edit_closing(table, "closing the lobby message", access)
            host = table.seat_of(table.host_id)
            await attempt("announcing the lobby closed", self._notices.post_or_dm(
                table, access, "announcing the lobby closed",
                lambda: _("⌛ The {game} lobby closed: the game never started.", game=table.game.title),
                [] if host is None else [host]))
            return
        if kind == "reminder":
            await self._reminding.remind(table)
            return
        if kind in (RESULT, OFFER_LAPSED):  # what a closed table still had to show (bot/service/outbox.py)
            await self._closing.show_due(table, kind, access)
            return
        await attempt("announcing a timeout", self._announce_timeout(table, access))
        await self._publisher.show(table)

    async def _announce_timeout(self, table: Table, access: Any) -> None:
        timed_out = sorted({m.seat for m in table.moves if m.by == "timeout"})
        autopiloted = [s for s in timed_out if table.seats[s].autopilot]

        def note() -> str:
            said = _("⌛ Time ran out for {names}: the rules' default move was played.",
                     names=", ".join(seat_name(table, s) for s in timed_out))
            if autopiloted:
                said += " " + ngettext(
                    "{names} missed {n} turn in a row: the computer plays the seat until its owner presses "
                    "**My hand** (or types `/game hand`).",
                    "{names} missed {n} turns in a row: the computer plays the seat until its owner presses "
                    "**My hand** (or types `/game hand`).",
                    3, names=", ".join(seat_name(table, s) for s in autopiloted))
                if any(s.human and s.seat not in autopiloted for s in table.seats):
                    said += " " + _("The other players may now vote (buttons on the table) to replace them by the "
                                    "computer for the rest of the game, or to end the table unrated.")
            return said

        await self._notices.post_or_dm(table, access, "announcing a timeout", note, timed_out)

    async def announce_closed(self, row: Any) -> None:
        """At start-up: a table closed while the bot was away (its game's rules changed)."""
        shared = self._shared
        access = shared.access.of(row.channel_id)
        if not access.can_post:
            return  # nobody is waiting at a table closed while the bot was away
        with speaking(await shared.languages.public(row)):
            text = _("🛑 The {game} table here was closed: {reason}. Start a new one anytime.",
                     game=row.game, reason=_(row.end_reason))
        await attempt(f"announcing that table {row.id} was closed",
                      shared.channel.post(row, access, "announcing it closed", content=text))
