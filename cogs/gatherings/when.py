"""`when:` of `/gamenight plan`: a date and time in the server's time zone (`/settings timezone`), a time of day (the
next one), or a Discord timestamp (`<t:1767211200:F>`, what a member's client writes for "a time everyone reads in
their own zone"); and the autocomplete's next evenings."""

from __future__ import annotations

import re
from datetime import datetime, timedelta

from babel.dates import format_datetime

from bot.i18n import N_, current_language
from bot.service.calendar import zone
from bot.service.errors import Refusal

DISCORD_TIMESTAMP = re.compile(r"<t:(?P<at>-?\d{1,13})(?::[tTdDfFR])?>")
DATE_TIME = re.compile(r"(?P<y>\d{4})-(?P<m>\d{1,2})-(?P<d>\d{1,2})[ T]+(?P<h>\d{1,2})[:h.](?P<min>\d{2})")
TIME = re.compile(r"(?P<h>\d{1,2})[:h.](?P<min>\d{2})")
EVENINGS = (19, 20, 21)  # the hours the autocomplete offers each evening
DAYS = 7
SHOWN = "EEE d MMM, HH:mm"  # how a choice reads ("vie 28 nov, 20:00")
VALUE = "%Y-%m-%d %H:%M"


def when_of(typed: str, now: float, zone_name: str | None) -> float:
    """The moment `typed` names; a refusal (nothing written) when it names none."""
    text = " ".join(typed.split())
    stamp = DISCORD_TIMESTAMP.fullmatch(text)
    if stamp:
        return float(stamp["at"])
    if text.isdigit() and 9 <= len(text) <= 11:
        return float(text)
    local = zone(zone_name)
    full = DATE_TIME.fullmatch(text)
    try:
        if full:
            return datetime(int(full["y"]), int(full["m"]), int(full["d"]), int(full["h"]), int(full["min"]),
                            tzinfo=local).timestamp()
        clock = TIME.fullmatch(text)
        if clock:
            today = datetime.fromtimestamp(now, local)
            at = today.replace(hour=int(clock["h"]), minute=int(clock["min"]), second=0, microsecond=0)
            return (at if at.timestamp() > now else at + timedelta(days=1)).timestamp()
    except ValueError:
        pass
    raise Refusal(N_("I can't read that time: pick one of the suggestions, or write it as 2026-12-04 20:00 (the "
                     "server's time zone) or as a Discord timestamp."))


def evenings(now: float, zone_name: str | None, typed: str = "") -> list[tuple[str, str]]:
    """The next evenings as (shown, value) choices, in the reader's language; what the member typed first, when it
    names a time to come."""
    local = zone(zone_name)
    choices: list[tuple[str, str]] = []
    if typed.strip():
        try:
            named: float | None = when_of(typed, now, zone_name)
        except Refusal:
            named = None
        if named is not None and named > now:
            choices.append((shown(named, zone_name), typed.strip()[:100]))
    today = datetime.fromtimestamp(now, local).replace(minute=0, second=0, microsecond=0)
    for day in range(DAYS + 1):
        for hour in EVENINGS:
            evening = (today + timedelta(days=day)).replace(hour=hour)
            if evening.timestamp() > now + 15 * 60:
                choices.append((shown(evening.timestamp(), zone_name), evening.strftime(VALUE)))
    return choices[:25]


def shown(at: float, zone_name: str | None) -> str:
    local = datetime.fromtimestamp(at, zone(zone_name))
    return f"{format_datetime(local, SHOWN, locale=current_language())} ({zone_name or 'UTC'})"[:100]
