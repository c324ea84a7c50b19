"""A server's calendar: its time zone (an IANA name; UTC unless `/settings timezone` chose one), where its months
and days begin. Monthly seasons roll over at the first midnight of a month there, and a fair-play day is a day
there."""

from __future__ import annotations

from datetime import UTC, datetime, tzinfo
from functools import cache
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from ..games.text import N_
from .errors import Refusal

DEFAULT_ZONE = "UTC"


def zone(name: str | None) -> tzinfo:
    if not name or name == DEFAULT_ZONE:
        return UTC
    return ZoneInfo(name)


def checked_zone(name: str) -> str:
    """A time zone as typed: an IANA name such as Europe/Madrid (case as the database spells it), or UTC."""
    typed = name.strip()
    if typed.upper() == DEFAULT_ZONE:
        return DEFAULT_ZONE
    known = {z.casefold(): z for z in zone_names()}
    found = known.get(typed.casefold())
    if found is None:
        raise Refusal(N_("{zone} is not a time zone I know: pick one from the list, such as Europe/Madrid."),
                      zone=typed[:60])
    try:
        ZoneInfo(found)
    except (ZoneInfoNotFoundError, ValueError) as missing:
        raise Refusal(N_("{zone} is not a time zone I know: pick one from the list, such as Europe/Madrid."),
                      zone=typed[:60]) from missing
    return found


@cache
def zone_names() -> tuple[str, ...]:
    return tuple(sorted({DEFAULT_ZONE, *available_timezones()}))


def _local(at: float, zone_name: str) -> datetime:
    return datetime.fromtimestamp(at, zone(zone_name))


def month_of(at: float, zone_name: str) -> tuple[float, float]:
    """When the month containing `at` begins there, and when the next one does."""
    local = _local(at, zone_name)
    start = local.replace(day=1, hour=0, minute=0, second=0, microsecond=0)
    following = start.replace(year=start.year + start.month // 12, month=start.month % 12 + 1)
    return start.timestamp(), following.timestamp()


def month_name(at: float, zone_name: str) -> str:
    """A monthly season's name: its year and month there, e.g. 2026-02."""
    return _local(at, zone_name).strftime("%Y-%m")


def day_start(at: float, zone_name: str) -> float:
    """When the day containing `at` began there."""
    return _local(at, zone_name).replace(hour=0, minute=0, second=0, microsecond=0).timestamp()
