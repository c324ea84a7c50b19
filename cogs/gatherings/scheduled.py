"""A game night's entry on Discord's own calendar: the guild scheduled event, through the REST API.

The bot creates it (EXTERNAL: held in a text channel, which the `location` names), starts it at the check-in
(ACTIVE), ends it (COMPLETED) or cancels it before it began (CANCELED) — SCHEDULED → ACTIVE → COMPLETED,
SCHEDULED → CANCELED, nothing after those — and reads who pressed Discord's own **Interested** (the subscribers,
100 a page). No privileged intent is needed; Create Events lets it edit the events it created.

Discord's limits (docs: resources/guild-scheduled-event; spec: ExternalScheduledEventCreateRequest): a name of 1 to
100 characters, a description of at most 1,000, a location of 1 to 100, and an end time, required for EXTERNAL.
`event_payload` keeps every text inside them; the tests' limits guard checks every call.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import discord

log = logging.getLogger(__name__)

EXTERNAL, GUILD_ONLY = 3, 2  # entity type; privacy level (the only one)
SCHEDULED, ACTIVE, COMPLETED, CANCELED = 1, 2, 3, 4  # statuses
NAME_CHARS, DESCRIPTION_CHARS, LOCATION_CHARS = 100, 1000, 100
SUBSCRIBERS_PAGE = 100  # the users route's `limit`: at most 100
UNKNOWN_EVENT = 10070  # Discord's JSON error code: Unknown Guild Scheduled Event


def iso(at: float) -> str:
    return datetime.fromtimestamp(at, UTC).isoformat()


def cut(text: str, chars: int) -> str:
    """`text` in one line, at most `chars` characters (an ellipsis where it was cut)."""
    one_line = " ".join(text.split())
    return one_line if len(one_line) <= chars else one_line[:chars - 1].rstrip() + "…"


def event_payload(*, name: str, description: str, location: str, starts_at: float, ends_at: float
                  ) -> dict[str, Any]:
    """The body creating an EXTERNAL event held in a channel, every text inside Discord's limits."""
    return {"name": cut(name, NAME_CHARS) or "?", "description": description[:DESCRIPTION_CHARS],
            "entity_type": EXTERNAL, "privacy_level": GUILD_ONLY,
            "entity_metadata": {"location": cut(location, LOCATION_CHARS) or "#"},
            "scheduled_start_time": iso(starts_at), "scheduled_end_time": iso(ends_at)}


def event_url(guild_id: int, event_id: int) -> str:
    """Where a member opens the event (and presses Interested)."""
    return f"https://discord.com/events/{guild_id}/{event_id}"


@dataclass(frozen=True)
class Subscriber:
    user_id: int
    name: str


class ScheduledEvents:
    """The REST calls of a game night's scheduled event, over discord.py's HTTP client (each one counted)."""

    def __init__(self, http: Callable[[], discord.http.HTTPClient]) -> None:
        self._http = http  # the client's, once it is logged in

    async def create(self, guild_id: int, payload: dict[str, Any], reason: str | None = None) -> int:
        made = await self._http().create_guild_scheduled_event(guild_id, reason=reason, **payload)
        return int(made["id"])

    async def set_status(self, guild_id: int, event_id: int, status: int) -> int | None:
        """ACTIVE, COMPLETED or CANCELED; the event's status now (None: gone from Discord, deleted by a member).
        Refused because the event ended already (at its end time, or a member ended or cancelled it), it is read
        once: the status it has is the answer, no failure."""
        try:
            changed = await self._found(self._http().edit_scheduled_event(guild_id, event_id, status=status))
        except discord.HTTPException as refused:
            if refused.status != 400:
                raise
            now = await self.status(guild_id, event_id)
            if now not in (None, COMPLETED, CANCELED):
                raise
            log.info("scheduled event %s was %s already", event_id, now)
            return now
        return None if changed is None else int(changed.get("status", status))

    async def status(self, guild_id: int, event_id: int) -> int | None:
        """The event's status as Discord has it now (None: deleted)."""
        found = await self._found(self._http().get_scheduled_event(guild_id, event_id, False))
        return None if found is None else int(found["status"])

    async def subscribers(self, guild_id: int, event_id: int) -> list[Subscriber] | None:
        """Who pressed Interested, in the order of their ids, a page of 100 a call (None: the event was deleted)."""
        found: dict[int, Subscriber] = {}
        after: int | None = None
        while True:
            page = await self._found(self._http().get_scheduled_event_users(guild_id, event_id, SUBSCRIBERS_PAGE,
                                                                            True, after=after))
            if page is None:
                return None
            new = [s for s in map(subscriber, page) if s.user_id not in found]
            found.update((s.user_id, s) for s in new)
            if len(page) < SUBSCRIBERS_PAGE or not new:
                return sorted(found.values(), key=lambda s: s.user_id)
            after = max(s.user_id for s in new)

    @staticmethod
    async def _found(call: Awaitable[Any]) -> Any:
        """The call's answer; None when Discord no longer has the event."""
        try:
            return await call
        except discord.NotFound as gone:
            if gone.code != UNKNOWN_EVENT:
                raise
            return None


def subscriber(entry: dict[str, Any]) -> Subscriber:
    """A subscriber as the users route gives them (`with_member`: their name in the server)."""
    user, member = entry["user"], entry.get("member") or {}
    name = member.get("nick") or user.get("global_name") or user.get("username") or "?"
    return Subscriber(int(user["id"]), str(name))
