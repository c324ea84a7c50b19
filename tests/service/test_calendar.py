"""A moment as a member types it (`/tournament new starts:`): a Discord timestamp, a date and time in the server's
time zone, or a time alone; past or too far ahead refused, with why."""

from __future__ import annotations

from datetime import UTC, datetime
from zoneinfo import ZoneInfo

import pytest

from bot.service.calendar import typed_moment
from bot.service.errors import Refusal

NOW = datetime(2026, 11, 28, 20, 30, tzinfo=UTC).timestamp()


def test_a_discord_timestamp_is_the_moment_it_names():
    at = NOW + 3600
    assert typed_moment(f"<t:{int(at)}:R>", None, NOW) == int(at)
    assert typed_moment(f"<t:{int(at)}>", None, NOW) == int(at)


def test_a_date_and_time_is_read_in_the_servers_time_zone():
    madrid = datetime(2026, 12, 5, 18, 0, tzinfo=ZoneInfo("Europe/Madrid")).timestamp()
    assert typed_moment("2026-12-05 18:00", "Europe/Madrid", NOW) == madrid
    assert typed_moment("  2026-12-05   18:00 ", "Europe/Madrid", NOW) == madrid
    assert typed_moment("2026-12-05 18:00", None, NOW) == datetime(2026, 12, 5, 18, tzinfo=UTC).timestamp()


def test_a_time_alone_is_its_next_occurrence():
    assert typed_moment("21:00", None, NOW) == datetime(2026, 11, 28, 21, tzinfo=UTC).timestamp()
    assert typed_moment("18:00", None, NOW) == datetime(2026, 11, 29, 18, tzinfo=UTC).timestamp(), "tomorrow's"
    madrid_nine = datetime(2026, 11, 28, 21, tzinfo=ZoneInfo("Europe/Madrid")).timestamp()  # 20:00 UTC: past
    assert typed_moment("21:00", "Europe/Madrid", NOW) == madrid_nine + 86_400


@pytest.mark.parametrize(("typed", "why"), [
    ("next friday", "I can't read next friday as a time: write it as 2026-12-05 18:00 (the server's time zone, UTC)"),
    ("2026-11-27 18:00", "That time has passed"),
    ("2027-06-01 18:00", "That is more than 90 days away"),
    ("<t:1:f>", "That time has passed"),
])
def test_what_cannot_be_a_start_is_refused_with_why(typed, why):
    with pytest.raises(Refusal) as refused:
        typed_moment(typed, None, NOW)
    assert refused.value.message.startswith(why)
