"""A member's preferences, set once for every table in every server (`/me`): their time zone, quiet hours,
reminders (when, and where they go) and the daily digest — and the times they decide.

Quiet hours win over everything: nothing is sent inside them. A reminder that falls inside them goes when they end,
or, when the deadline comes first, just before they begin (the last waking moment before it); a digest due inside
them goes when they end. Preferences are read through a small cache (`FRESH_FOR`): a move does not read them
again; what is sent is decided on a fresh read (reminders.py, digests.py).
"""

from __future__ import annotations

import re
from collections import OrderedDict
from collections.abc import Callable, Iterable
from datetime import datetime, timedelta

from db import Store
from db.preferences import CHOSEN, MemberPrefsRow, Preferences

from ..games.core import replace
from ..games.text import N_, counted
from .calendar import checked_zone, zone
from .errors import Refusal
from .timer import Wake

REMINDERS = {"table": None, "off": None, "1h": 3600, "4h": 4 * 3600, "12h": 12 * 3600, "24h": 24 * 3600}
WHERE = ("channel", "dm", "both")
DAY = 24 * 60  # minutes
FRESH_FOR = 10 * 60  # seconds a member's preferences read here are used without reading them again
REMEMBERED = 50_000
BEFORE_QUIET = 60  # a reminder moved before quiet hours goes this many seconds before they begin
UNSET = object()


def defaults(user_id: int) -> MemberPrefsRow:
    return MemberPrefsRow(user_id=user_id)


def _local(at: float, prefs: MemberPrefsRow) -> datetime:
    return datetime.fromtimestamp(at, zone(prefs.time_zone))


def _at_minute(day: datetime, minute: int) -> float:
    """`minute` after midnight of `day`'s local date (wall clock), as unix seconds."""
    midnight = datetime(day.year, day.month, day.day, tzinfo=day.tzinfo)
    return (midnight + timedelta(minutes=minute)).timestamp()


def quiet_period(prefs: MemberPrefsRow, at: float) -> tuple[float, float] | None:
    """The member's quiet hours holding `at` (when they began, when they end), or None: awake then."""
    if prefs.quiet_start is None or prefs.quiet_end is None:
        return None
    local = _local(at, prefs)
    minute = local.hour * 60 + local.minute
    start, end = prefs.quiet_start, prefs.quiet_end
    if start < end:
        inside, began_days_ago = start <= minute < end, 0
    else:  # over midnight, e.g. 23:00–08:00
        inside, began_days_ago = minute >= start or minute < end, 0 if minute >= start else 1
    if not inside:
        return None
    began_day = local - timedelta(days=began_days_ago)
    began = _at_minute(began_day, start)
    end_day = began_day + timedelta(days=0 if start < end else 1)
    return began, _at_minute(end_day, end)


def awake_time(prefs: MemberPrefsRow, at: float, deadline: float | None, now: float) -> float | None:
    """When something due at `at` may be sent: then, outside quiet hours; when they end; or, the deadline
    coming first, just before they begin — None when that moment has passed (nothing goes in quiet hours)."""
    quiet = quiet_period(prefs, at)
    if quiet is None:
        return at
    began, ends = quiet
    if deadline is None or ends < deadline:
        return ends
    return max(began - BEFORE_QUIET, now) if began > now else None


def reminder_time(prefs: MemberPrefsRow, deadline: float, span: float, now: float) -> float | None:
    """When a seat whose decision is due at `deadline`, given `span` seconds (clocks.span_of), is reminded, by its
    member's choice: the table's (half-time), none, or 1–24 hours before the deadline. A chosen time before the
    turn began falls back to half-time."""
    if prefs.reminders == "off":
        return None
    half_time = deadline - span / 2
    before = REMINDERS.get(prefs.reminders)
    at = half_time if before is None or deadline - before <= deadline - span else deadline - before
    return awake_time(prefs, max(at, now), deadline, now)


def next_digest(prefs: MemberPrefsRow, after: float) -> float | None:
    """The first digest strictly after `after`: the member's local hour (moved out of quiet hours)."""
    if prefs.digest_hour is None:
        return None
    local = _local(after, prefs)
    for days in range(3):
        at = _at_minute(local + timedelta(days=days), prefs.digest_hour * 60)
        sent = awake_time(prefs, at, None, after)
        if sent is not None and sent > after:
            return sent
    raise AssertionError("a digest hour comes every day")


def digest_replaces_pings(prefs: MemberPrefsRow, pace_seconds: int) -> bool:
    """A member who chose the digest gets no per-table ping at tables whose turns last a day or more."""
    return prefs.digest_hour is not None and pace_seconds >= 24 * 3600


CLOCK_TIME = re.compile(r"(?P<hour>[01]?[0-9]|2[0-4])(?:[:.h](?P<minute>[0-5][0-9]))?")


def clock_minutes(typed: str) -> int:
    """A local time of day as typed (23:00, 8, 7.30, 24:00), in minutes after midnight."""
    found = CLOCK_TIME.fullmatch(typed.strip())
    minutes = int(found["hour"]) * 60 + int(found["minute"] or 0) if found else None
    if minutes is None or minutes > DAY:
        raise Refusal(N_("{time} is not a time of day: write it as 23:00 or 8:30."), time=typed.strip()[:20])
    return minutes


def checked_quiet(start: str, end: str) -> tuple[int, int]:
    """Quiet hours as typed: from `start` to `end`, local time, lasting more than nothing and less than a day."""
    begins, ends = clock_minutes(start), clock_minutes(end)
    if (ends - begins) % DAY == 0:
        raise Refusal(N_("Quiet hours from {start} to {end} would last {hours}: choose a start and an end that "
                         "leave some hours quiet and some awake."), start=start.strip()[:20], end=end.strip()[:20],
                      hours=counted("{n} hour", "{n} hours", 24 if begins != ends else 0))
    return begins % DAY, ends % DAY


class MemberPreferences:
    def __init__(self, store: Store, clock: Callable[[], datetime], wake: Wake = lambda due: None) -> None:
        """`wake`: the timer's, told a member's next digest when their choices move it (timer.py)."""
        self._store, self._clock, self._wake = store, clock, wake
        self._known: OrderedDict[int, tuple[MemberPrefsRow, float]] = OrderedDict()

    def now(self) -> float:
        return self._clock().timestamp()

    async def of(self, user_ids: Iterable[int], *, fresh: bool = False) -> dict[int, MemberPrefsRow]:
        """Each member's preferences (defaults for a member who chose none); `fresh`: read now."""
        now, known = self.now(), self._known
        found: dict[int, MemberPrefsRow] = {}
        missing: set[int] = set()
        for user_id in user_ids:  # one pass: every move asks (Reminders.ready)
            entry = known.get(user_id)
            if fresh or entry is None or entry[1] <= now - FRESH_FOR:
                missing.add(user_id)
            else:
                found[user_id] = entry[0]
        if missing:
            stored = await Preferences(self._store).of(missing)
            for user_id in missing:
                found[user_id] = self._remember(stored.get(user_id, defaults(user_id)), now)
        return found

    async def mine(self, user_id: int) -> MemberPrefsRow:
        return (await self.of([user_id], fresh=True))[user_id]

    async def change(self, user_id: int, *, time_zone: str | object = UNSET,
                     quiet: tuple[str, str] | None | object = UNSET, reminders: str | object = UNSET,
                     where: str | object = UNSET,
                     digest_hour: int | None | object = UNSET) -> MemberPrefsRow:
        """Check every choice first (a refusal changes nothing), then store them all; the digest's next due time
        follows the new choices."""
        prefs = stored = await self.mine(user_id)
        if time_zone is not UNSET:
            prefs = replace(prefs, time_zone=checked_zone(str(time_zone)))
        if quiet is not UNSET:
            start, end = checked_quiet(*quiet) if isinstance(quiet, tuple) else (None, None)
            prefs = replace(prefs, quiet_start=start, quiet_end=end)
        if reminders is not UNSET:
            if reminders not in REMINDERS:
                raise Refusal(N_("Reminders are the table's, off, or 1h, 4h, 12h or 24h before the deadline."))
            prefs = replace(prefs, reminders=str(reminders))
        if where is not UNSET:
            if where not in WHERE:
                raise Refusal(N_("Reminders go to the table's channel, by DM, or both."))
            prefs = replace(prefs, reminders_via=str(where))
        if digest_hour is not UNSET:
            if digest_hour is not None and not (isinstance(digest_hour, int) and 0 <= digest_hour < 24):
                raise Refusal(N_("The digest's hour is a whole hour from 0 to 23."))
            prefs = replace(prefs, digest_hour=digest_hour)
        changed = [name for name in CHOSEN if getattr(prefs, name) != getattr(stored, name)]
        prefs = replace(prefs, digest_at=next_digest(prefs, self.now()))
        async with self._store.transaction() as tx:
            await Preferences(tx).save(prefs, changed)
        self._remember(prefs, self.now())
        self._wake(prefs.digest_at)
        return prefs

    def _remember(self, prefs: MemberPrefsRow, at: float) -> MemberPrefsRow:
        self._known[prefs.user_id] = (prefs, at)
        self._known.move_to_end(prefs.user_id)
        if len(self._known) > REMEMBERED:
            self._known.popitem(last=False)
        return prefs
