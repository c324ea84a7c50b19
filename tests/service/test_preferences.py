"""A member's preferences (/me) in the service: quiet hours in their own time zone, reminders per member (when,
where), the daily digest, "not this turn" — on the fake clock, both backends. The times themselves are
checked first, as pure functions."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.service import PACES, errors
from bot.service.preferences import (
    checked_quiet,
    defaults,
    next_digest,
    quiet_period,
    reminder_time,
)
from db.preferences import MemberPrefsRow

ALICE, BOB, CAROL, DAVE = 101, 102, 103, 104
ASYNC, CASUAL = PACES["async"], PACES["casual"]
AWAY = 16 * 60  # longer than a casual or async table's watching time: the member counts as away
MADRID_NIGHTS = MemberPrefsRow(user_id=BOB, time_zone="Europe/Madrid", quiet_start=23 * 60, quiet_end=8 * 60)


def utc(*args: int) -> float:
    return datetime(*args, tzinfo=UTC).timestamp()


# --- the times -----------------------------------------------------------------------------------------
def test_quiet_hours_over_midnight_in_madrid():
    # March 2025: Madrid is UTC+1, so 23:00–08:00 there is 22:00–07:00 UTC
    assert quiet_period(MADRID_NIGHTS, utc(2025, 3, 1, 23, 30)) == (utc(2025, 3, 1, 22), utc(2025, 3, 2, 7))
    assert quiet_period(MADRID_NIGHTS, utc(2025, 3, 2, 6, 59)) == (utc(2025, 3, 1, 22), utc(2025, 3, 2, 7))
    assert quiet_period(MADRID_NIGHTS, utc(2025, 3, 2, 7)) is None
    assert quiet_period(MADRID_NIGHTS, utc(2025, 3, 1, 21, 59)) is None
    assert quiet_period(defaults(BOB), utc(2025, 3, 1, 23, 30)) is None, "no quiet hours unless chosen"


def test_a_reminder_in_quiet_hours_goes_when_they_end_or_before_they_begin_when_the_deadline_comes_first():
    now = utc(2025, 3, 1, 12)
    one_hour, four_hours = replace(MADRID_NIGHTS, reminders="1h"), replace(MADRID_NIGHTS, reminders="4h")
    assert reminder_time(four_hours, utc(2025, 3, 2, 0), ASYNC, now) == utc(2025, 3, 1, 20), "21:00 there: awake"
    assert reminder_time(MADRID_NIGHTS, utc(2025, 3, 2, 0), ASYNC, now) == utc(2025, 3, 1, 12), "the table's: half-time"
    # 1 h before a deadline at 01:00 there is midnight there, quiet; the deadline comes before they end
    assert reminder_time(one_hour, utc(2025, 3, 2, 0), ASYNC, now) == utc(2025, 3, 1, 22) - 60
    # 4 h before a deadline at 11:00 there is 07:00 there, quiet: when they end, 08:00 there
    assert reminder_time(four_hours, utc(2025, 3, 2, 10), ASYNC, utc(2025, 3, 1, 10)) == utc(2025, 3, 2, 7)
    assert reminder_time(one_hour, utc(2025, 3, 2, 0), ASYNC, utc(2025, 3, 1, 23)) is None, \
        "asleep until after the deadline: nothing goes in quiet hours"
    assert reminder_time(replace(MADRID_NIGHTS, reminders="off"), utc(2025, 3, 2, 0), ASYNC, now) is None
    assert reminder_time(replace(defaults(BOB), reminders="24h"), now + ASYNC, ASYNC, now) == \
        now + ASYNC / 2, "a time before the turn began falls back to half-time"


def test_the_digest_comes_at_the_local_hour_out_of_quiet_hours_across_a_change_of_summer_time():
    at_nine = replace(MADRID_NIGHTS, digest_hour=9)
    assert next_digest(at_nine, utc(2025, 3, 1, 12)) == utc(2025, 3, 2, 8)
    assert next_digest(at_nine, utc(2025, 3, 2, 7, 59)) == utc(2025, 3, 2, 8)
    assert next_digest(at_nine, utc(2025, 3, 2, 8)) == utc(2025, 3, 3, 8), "strictly after: once a day"
    assert next_digest(at_nine, utc(2025, 3, 29, 12)) == utc(2025, 3, 30, 7), "summer time: 09:00 is 07:00 UTC"
    assert next_digest(replace(MADRID_NIGHTS, digest_hour=7), utc(2025, 3, 1, 12)) == utc(2025, 3, 2, 7), \
        "an hour in quiet hours: when they end"
    assert next_digest(defaults(BOB), utc(2025, 3, 1, 12)) is None


def test_quiet_hours_of_zero_or_24_hours_or_not_a_time_are_refused():
    assert checked_quiet("23:00", "8") == (23 * 60, 8 * 60)
    assert checked_quiet("0:30", "24:00") == (30, 0)
    for start, end, said in (("23:00", "23:00", "0 hours"), ("00:00", "24:00", "24 hours"),
                             ("7", "7:00", "0 hours"), ("25:00", "8:00", "not a time of day"),
                             ("soon", "8:00", "not a time of day"), ("8:61", "9", "not a time of day")):
        with pytest.raises(errors.Refusal) as refused:
            checked_quiet(start, end)
        assert said in refused.value.message, refused.value.message


# --- the service ----------------------------------------------------------------------------------
async def started_away(svc, *tables: tuple[int, int, int], pace: int = ASYNC):
    """Tables (channel, host, other) whose first turn is `other`'s (seat 1), begun once `other` was away a while."""
    for channel, host, other in tables:
        await svc.lobby(channel, host, other, pace=pace)
    await svc.advance(seconds=AWAY)
    started = [await svc.tables.turns.start(channel, host) for channel, host, _ in tables]
    assert all(t.to_act == {1} for t in started)
    return started


async def madrid_bob(svc, **more):
    return await svc.tables.preferences.change(BOB, time_zone="Europe/Madrid", quiet=("23:00", "08:00"), **more)


async def test_an_unknown_time_zone_or_bad_quiet_hours_change_nothing(svc):
    await madrid_bob(svc, reminders="4h", where="both")
    before = svc.rows("SELECT * FROM member_prefs")
    for choice in ({"time_zone": "Europe/Atlantis"}, {"quiet": ("22:00", "22:00")}, {"quiet": ("0", "24")},
                   {"time_zone": "Europe/Lisbon", "quiet": ("9", "9")}, {"reminders": "2h"}, {"where": "pigeon"},
                   {"digest_hour": 24}):
        with pytest.raises(errors.Refusal):
            await svc.tables.preferences.change(BOB, **choice)
    assert svc.rows("SELECT * FROM member_prefs") == before
    assert (await svc.tables.preferences.mine(BOB)).time_zone == "Europe/Madrid"


async def test_a_member_in_madrid_is_not_pinged_nor_reminded_in_quiet_hours(svc):
    await madrid_bob(svc, reminders="1h")
    svc.now = datetime(2025, 3, 1, 23, 30, tzinfo=UTC) - timedelta(seconds=AWAY)  # 00:30 in Madrid at the start
    quiet, awake = await started_away(svc, (900, ALICE, BOB), (901, ALICE, CAROL))
    assert svc.now.timestamp() == utc(2025, 3, 1, 23, 30)
    assert quiet.called == frozenset(), "bob sleeps: his turn began without a ping"
    assert awake.called == {1}, "carol, who chose nothing, is called"
    # the deadline, 00:30 there the next night, falls in quiet hours: reminded just before they begin (23:00)
    assert svc.seat_rows(quiet.id)[1]["reminder_at"] == utc(2025, 3, 2, 22) - 60
    assert svc.session_row(quiet.id)["reminder_at"] == utc(2025, 3, 2, 22) - 60, "the table's: its seats' earliest"
    assert svc.session_row(awake.id)["reminder_at"] == utc(2025, 3, 2, 11, 30), "carol's: half-time"
    await svc.advance(hours=12)
    assert [(kind, t.id, t.called) for kind, t in svc.heard] == [("reminder", awake.id, {1})]
    await svc.advance(hours=10, minutes=29)
    kind, reminded = svc.heard[-1]
    assert (kind, reminded.id, reminded.called, reminded.reminded_by_dm) == ("reminder", quiet.id, {1}, frozenset())
    assert svc.now.timestamp() == utc(2025, 3, 2, 21, 59), "22:59 in Madrid: awake"
    assert svc.session_row(quiet.id)["reminder_at"] is None
    await svc.advance(minutes=30)
    assert len(svc.heard) == 2, "once"


async def test_reminders_go_where_the_member_chose_and_follow_a_change_made_since(svc):
    await svc.tables.preferences.change(BOB, where="dm")
    await svc.tables.preferences.change(CAROL, where="both")
    by_dm, both = await started_away(svc, (900, ALICE, BOB), (901, ALICE, CAROL))
    await svc.advance(hours=12)
    reminded = {t.id: (t.called, t.reminded_by_dm) for kind, t in svc.heard if kind == "reminder"}
    assert reminded == {by_dm.id: (frozenset(), {1}), both.id: ({1}, {1})}

    # dave's reminder was planned at half-time; he then chose quiet hours holding it: it waits for their end
    svc.heard.clear()
    (later,) = await started_away(svc, (902, ALICE, DAVE))
    half_time = svc.now.timestamp() + ASYNC / 2
    local_hour = (datetime.fromtimestamp(half_time, UTC).hour + 1) % 24  # dave lives in Madrid (UTC+1 in March)
    await svc.tables.preferences.change(DAVE, time_zone="Europe/Madrid",
                                        quiet=(f"{(local_hour - 1) % 24}:00", f"{(local_hour + 2) % 24}:00"))
    await svc.advance(hours=12)
    assert [t for _, t in svc.heard if t.id == later.id] == [], "quiet hours chosen since: nothing then"
    assert svc.session_row(later.id)["reminder_at"] == half_time // 3600 * 3600 + 2 * 3600, "moved to their end"
    await svc.advance(hours=2)
    assert [(kind, t.called) for kind, t in svc.heard if t.id == later.id] == [("reminder", {1})]


async def test_not_this_turn_silences_a_table_until_the_members_next_turn(svc):
    (table,) = await started_away(svc, (900, ALICE, BOB))
    since = table.since[1]
    before = svc.seat_rows(table.id)
    for who, said in ((DAVE, errors.NotSeated), (ALICE, errors.Refusal)):
        with pytest.raises(said):
            await svc.tables.reminders.silence(svc_click(svc, table), who, table.seq)
    assert svc.seat_rows(table.id) == before, "each refusal changed nothing"

    silent = await svc.tables.reminders.silence(svc_click(svc, table), BOB, table.seq)
    assert silent.seats[1].silenced_since == since and silent.reminder_at is None
    assert svc.session_row(table.id)["reminder_at"] is None
    with pytest.raises(errors.Refusal):
        await svc.tables.reminders.silence(svc_click(svc, table), BOB, table.seq)
    await svc.advance(hours=23)
    assert svc.kinds() == [], "no reminder this turn"

    table = await svc.tables.cache.get_by_id(table.id)
    table = await svc.play(table, moves=1)
    while 1 not in table.to_act and table.status == "active":  # bob's next turn
        table = await svc.play(table, moves=1)
    assert svc.seat_rows(table.id)[1]["reminder_at"] == svc.now.timestamp() + ASYNC / 2, "reminded again"
    before = svc.seat_rows(table.id)
    with pytest.raises(errors.Refusal, match="That turn is over"):  # last turn's reminder
        await svc.tables.reminders.silence(svc_click(svc, table), BOB, since)
    assert svc.seat_rows(table.id) == before


def svc_click(svc, table):
    from bot.service import Clicked

    return Clicked(table.id, svc.GUILD)


async def test_a_digest_lists_every_table_waiting_and_replaces_the_pings_of_async_tables(svc):
    await madrid_bob(svc, digest_hour=9, reminders="off")
    heard = []

    async def digest(d):
        heard.append(d)

    svc.tables.digests.listener = digest
    tables = await started_away(svc, *((900 + n, ALICE, BOB) for n in range(3)))
    assert [t.called for t in tables] == [frozenset()] * 3, "no ping per table: the digest tells him"
    (casual,) = await started_away(svc, (910, CAROL, BOB), pace=CASUAL)
    assert casual.called == {1}, "a casual table's turn is an hour: he is called there"
    await svc.play(casual)  # that game over, three tables wait on him
    assert (await svc.tables.digests.send_due()) == []
    await svc.settle()  # the timer asleep: it must not wake on the moved clock and send the digest first
    svc.now = datetime(2025, 3, 2, 8, tzinfo=UTC)  # 09:00 in Madrid
    (sent,) = await svc.tables.digests.send_due()
    assert sent.user_id == BOB and sorted(t.id for t in sent.tables) == sorted(t.id for t in tables)
    assert heard == [sent]
    assert await svc.tables.digests.send_due() == [], "once a day"
    (row,) = svc.rows("SELECT digest_at, digest_claimed_until FROM member_prefs WHERE user_id = ?", BOB)
    assert (row["digest_at"], row["digest_claimed_until"]) == (utc(2025, 3, 3, 8), None)
    await svc.tables.reminders.silence(svc_click(svc, tables[0]), BOB, tables[0].seq)
    await svc.settle()  # the timer asleep: it must not wake on the moved clock and send the digest first
    svc.now = datetime(2025, 3, 3, 8, tzinfo=UTC)
    (sent,) = await svc.tables.digests.send_due()
    assert sorted(t.id for t in sent.tables) == sorted(t.id for t in tables[1:]), "silenced this turn: left out"


async def test_each_due_reminder_and_digest_is_sent_once_by_two_processes(svc):
    """Two real bot processes wake at the same moment on one PostgreSQL database: every due reminder and digest
    goes once (each claimed by one of them)."""
    if not isinstance(svc.path, str):
        pytest.skip("one bot process per SQLite file: only PostgreSQL is shared")
    from .test_many_processes import report, start_process

    members = list(range(300, 312))
    for member in members:
        await svc.tables.preferences.change(member, digest_hour=9, reminders="4h")
    tables = await started_away(svc, *((1000 + n, 400 + n, member) for n, member in enumerate(members)))
    svc.now = datetime(2025, 3, 2, 9, tzinfo=UTC)  # each digest (09:00 UTC) and each reminder (4 h before) due
    await svc.settle()
    start = __import__("time").time() + 1.5
    workers = [start_process(svc, "due", start=start) for _ in range(2)]
    done = [report(w) for w in workers]
    assert all(not d["errors"] for d in done), done
    assert sorted(u for d in done for u in d["digests"]) == members, "each digest once"
    assert sorted(t for d in done for t, _ in d["reminders"]) == sorted(t.id for t in tables), "each reminder once"
    assert all(seats == [1] for d in done for _, seats in d["reminders"])
    assert svc.query("SELECT COUNT(*) FROM member_prefs WHERE digest_at = ?", utc(2025, 3, 3, 9))[0][0] == 12


async def test_simultaneous_answers_are_each_reminded_once_at_their_members_own_time(svc):
    """Armadillo's answers run at once: alice and carol are reminded at half-time, bob an hour before the
    deadline, and they not again then."""
    await svc.tables.preferences.change(BOB, reminders="1h")
    await svc.lobby(900, ALICE, BOB, CAROL, game_id="armadillo", pace=ASYNC)
    await svc.advance(seconds=AWAY)
    table = await svc.tables.turns.start(900, ALICE)
    while not {1, 2} <= table.to_act:  # the roller rolls: everyone else answers at once
        table = await svc.play(table, moves=1)
    began = svc.now.timestamp()
    await svc.advance(seconds=AWAY)  # everyone is away again
    await svc.advance(hours=12)
    await svc.advance(hours=11)
    reminded = [(t.called, round(svc.now.timestamp() - began)) for kind, t in svc.heard if kind == "reminder"]
    assert [called for called, _ in reminded] == [{0, 2}, {1}], "each once: alice and carol first, then bob"
    rows = svc.seat_rows(table.id)
    assert (rows[1]["reminder_at"], rows[2]["reminder_at"]) == (None, None)


async def test_an_upgraded_database_keeps_each_open_tables_reminder(svc):
    """Migration 0012 gives an open table's pending reminder to its seats."""
    (table,) = await started_away(svc, (900, ALICE, BOB))
    svc.write("UPDATE seats SET reminder_at = NULL")  # as the seats were before the migration
    backend = "postgresql" if isinstance(svc.path, str) else "sqlite"
    script = (Path(__file__).parents[2] / "db" / "migrations" / backend / "0012_member_prefs.sql").read_text()
    *_, upgrade, _ = script.split(";")  # its last statement: the open tables' reminders given to their seats
    svc.write("\n".join(line for line in upgrade.splitlines() if not line.startswith("--")))
    assert [r["reminder_at"] for r in svc.seat_rows(table.id)] == [table.reminder_at] * 2
    await svc.advance(hours=12)
    assert [(kind, t.called) for kind, t in svc.heard] == [("reminder", {1})], "reminded at half-time as before"


async def test_two_processes_storing_different_choices_of_a_member_at_once_keep_both(svc):
    if not isinstance(svc.path, str):
        pytest.skip("one bot process per SQLite file: only PostgreSQL is shared")
    from .test_many_processes import second_process

    await svc.tables.preferences.change(BOB, time_zone="Europe/Madrid")
    other = await second_process(svc)
    await asyncio.gather(svc.tables.preferences.change(BOB, quiet=("23:00", "08:00")),  # each reads, then stores
                         other.preferences.change(BOB, reminders="4h", where="dm"))
    (row,) = svc.rows("SELECT time_zone, quiet_start, quiet_end, reminders, reminders_via FROM member_prefs")
    assert row == {"time_zone": "Europe/Madrid", "quiet_start": 23 * 60, "quiet_end": 8 * 60, "reminders": "4h",
                   "reminders_via": "dm"}
