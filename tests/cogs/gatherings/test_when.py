"""`when:` as members write it: a date and time in the server's time zone, a time of day (the next one), a Discord
timestamp; the next evenings offered as they type, in their language and the server's zone."""

from __future__ import annotations

from datetime import UTC, datetime
from zoneinfo import ZoneInfo

import pytest

from bot.i18n import speaking
from bot.service.errors import Refusal
from cogs.gatherings.when import evenings, when_of

NOW = datetime(2026, 11, 27, 18, 30, tzinfo=UTC).timestamp()  # a Friday, 19:30 in Madrid


def test_a_date_and_time_is_read_in_the_servers_zone():
    madrid = datetime(2026, 12, 4, 20, 0, tzinfo=ZoneInfo("Europe/Madrid")).timestamp()
    assert when_of("2026-12-04 20:00", NOW, "Europe/Madrid") == madrid
    assert when_of("  2026-12-04T20:00 ", NOW, "Europe/Madrid") == madrid
    assert when_of("2026-12-04 20:00", NOW, None) == datetime(2026, 12, 4, 20, tzinfo=UTC).timestamp()


def test_a_time_of_day_is_the_next_one():
    today = datetime(2026, 11, 27, 21, 0, tzinfo=ZoneInfo("Europe/Madrid")).timestamp()
    assert when_of("21:00", NOW, "Europe/Madrid") == today
    tomorrow = datetime(2026, 11, 28, 19, 0, tzinfo=ZoneInfo("Europe/Madrid")).timestamp()
    assert when_of("19h00", NOW, "Europe/Madrid") == tomorrow, "19:00 has passed there: tomorrow's"


def test_a_discord_timestamp_is_the_moment_it_names_whatever_the_zone():
    assert when_of("<t:1796000000:F>", NOW, "Asia/Tokyo") == 1796000000
    assert when_of("<t:1796000000>", NOW, None) == 1796000000
    assert when_of("1796000000", NOW, None) == 1796000000


@pytest.mark.parametrize("typed", ["friday-ish", "2026-13-40 20:00", "25:99", ""])
def test_what_names_no_time_is_refused(typed):
    with pytest.raises(Refusal, match="I can't read that time"):
        when_of(typed, NOW, "Europe/Madrid")


def test_the_next_evenings_are_offered_in_the_readers_language_and_the_servers_zone():
    with speaking("es"):
        offered = evenings(NOW, "Europe/Madrid")
    assert len(offered) <= 25 and offered[0] == ("vie 27 nov, 20:00 (Europe/Madrid)", "2026-11-27 20:00"), \
        "19:00 has passed: tonight at 20:00 comes first"
    assert all(when_of(value, NOW, "Europe/Madrid") > NOW for _, value in offered)
    with speaking("en"):
        typed = evenings(NOW, "Europe/Madrid", "2026-12-24 21:30")
    assert typed[0] == ("Thu 24 Dec, 21:30 (Europe/Madrid)", "2026-12-24 21:30"), "what was typed, first"
    assert all(len(shown) <= 100 and len(value) <= 100 for shown, value in typed)
