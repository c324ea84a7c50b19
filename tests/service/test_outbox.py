"""Service tests, what a closed table must still show in Discord (bot/service/outbox.py): its result — claimed by
the process whose commit finished the game, due again when not shown, after a delay that doubles (30 s to 15
min), and handed out again when a dead process's claim lapses — and its rematch offer's lapse, due when the offer
ends unless a no or the rematch ended it first. Each entry is handed to exactly one process: the timers of four
real processes racing on PostgreSQL hand out each once."""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta

import pytest

from bot.service import Clicked
from bot.service.outbox import GIVE_UP, OFFER_LAPSED, RESULT
from bot.service.table import REMATCH_WINDOW
from db.store import CLAIM_SECONDS

from .test_many_processes import report, second_process, start_process

ALICE, BOB = 101, 102
CHANNEL = 900


def entries(svc) -> dict[tuple[int, str], tuple[float, float | None]]:
    return {(r["session_id"], r["kind"]): (r["due_at"], r["claimed_until"])
            for r in svc.rows("SELECT session_id, kind, due_at, claimed_until FROM outbox")}


async def finished(svc, channel: int = CHANNEL, host: int = ALICE, other: int = BOB):
    return await svc.play(await svc.started(channel, host, other))


async def handed(svc, **later: float) -> list[tuple[int, str]]:
    """Move the clock on and run what the timer does when it wakes: what the listener was handed of the outbox."""
    await svc.settle()
    svc.heard.clear()
    svc.now += timedelta(**later)
    await svc.tables.timer.run_due()
    return [(t.id, kind) for kind, t in svc.heard if kind in (RESULT, OFFER_LAPSED)]


async def test_a_finished_game_puts_its_result_claimed_here_and_its_offers_lapse_in_the_outbox(svc):
    table = await finished(svc)
    now = svc.now.timestamp()
    assert entries(svc) == {(table.id, RESULT): (now, now + CLAIM_SECONDS),
                            (table.id, OFFER_LAPSED): (table.ended_at + REMATCH_WINDOW, None)}
    await svc.tables.outbox.shown(table, RESULT, True)
    assert list(entries(svc)) == [(table.id, OFFER_LAPSED)], "shown: the result's entry goes"
    assert await handed(svc, seconds=REMATCH_WINDOW - 1) == []
    assert await handed(svc, seconds=1) == [(table.id, OFFER_LAPSED)], "when the offer ends, its lapse"
    (closed,) = [t for kind, t in svc.heard if kind == OFFER_LAPSED]
    assert closed.rematch.lapsed and not closed.rematch.open, "the table as it is now: no offer to answer"
    await svc.tables.outbox.shown(closed, OFFER_LAPSED, True)
    assert entries(svc) == {}


async def test_a_result_not_shown_is_due_again_after_a_delay_that_doubles(svc):
    table = await finished(svc)
    waits = []
    for _ in range(7):
        await svc.tables.outbox.shown(table, RESULT, False)
        due, claimed = entries(svc)[(table.id, RESULT)]
        assert claimed is None
        waits.append(round(due - svc.now.timestamp()))
        assert (table.id, RESULT) not in await handed(svc, seconds=waits[-1] - 1), "not before it is due"
        assert (table.id, RESULT) in await handed(svc, seconds=1)
    assert waits == [30, 30, 60, 120, 240, 480, 900], "the table's age, from 30 seconds to 15 minutes"


async def test_what_could_not_be_shown_for_a_day_is_given_up(svc, caplog):
    table = await finished(svc)
    await svc.tables.outbox.shown(table, RESULT, True)
    await svc.settle()
    svc.now = datetime.fromtimestamp(table.ended_at + GIVE_UP - 1, UTC)
    await svc.tables.outbox.shown(table, OFFER_LAPSED, False)
    assert (table.id, OFFER_LAPSED) in entries(svc), "not yet a day"
    svc.now += timedelta(seconds=1)
    await svc.tables.outbox.shown(table, OFFER_LAPSED, False)
    assert entries(svc) == {} and "could not be shown for a day; given up" in caplog.text


async def test_a_result_claimed_by_a_process_that_died_is_handed_out_when_its_claim_lapses(svc):
    table = await finished(svc)  # the process that finished it dies before it posts the result
    assert await handed(svc, seconds=CLAIM_SECONDS - 1) == []
    assert await handed(svc, seconds=1) == [(table.id, RESULT)]
    assert await handed(svc, seconds=1) == [], "claimed again: by this process, for now"


async def test_a_touch_claims_the_result_at_once_but_never_one_claimed_elsewhere(svc):
    table = await finished(svc)
    assert await svc.tables.outbox.claim(table.id, RESULT) is None, "the finishing process holds it"
    await svc.tables.outbox.shown(table, RESULT, False)  # its post failed: due in 30 s
    touched = await svc.tables.outbox.claim(table.id, RESULT)
    assert touched is not None and touched.id == table.id, "a touch of its channel: now, due or not"
    assert await svc.tables.outbox.claim(table.id, RESULT) is None
    assert await handed(svc, seconds=30) == [], "claimed by the touch"


@pytest.mark.parametrize("wants", [False, True], ids=["a no", "the rematch"])
async def test_an_offer_ended_by_an_answer_lapses_no_more(svc, wants):
    table = await finished(svc)
    at = Clicked(table.id, table.guild_id)
    await svc.tables.rematches.answer(at, ALICE, wants)
    if wants:
        await svc.tables.rematches.answer(at, BOB, True)
    assert (table.id, OFFER_LAPSED) not in entries(svc)
    await svc.tables.outbox.shown(table, RESULT, True)
    assert await handed(svc, seconds=REMATCH_WINDOW + CLAIM_SECONDS) == []


async def test_due_entries_are_handed_out_once_by_processes_racing(svc):
    """Twelve tables whose results were claimed by a process that died: four processes wake at once, and each
    result is handed to one of them (real processes on PostgreSQL; SQLite: four services in this process)."""
    tables = [await finished(svc, CHANNEL + n, 200 + n, 300 + n) for n in range(12)]
    await svc.settle()
    svc.now += timedelta(seconds=CLAIM_SECONDS)
    if isinstance(svc.path, str):
        start = time.time() + 1.5
        workers = [start_process(svc, "outbox", start=start) for _ in range(4)]
        given = [tuple(entry) for w in workers for entry in report(w)["handed"]]
    else:
        given = []

        async def show(table, kind: str) -> None:
            given.append((table.id, kind))

        for other in [await second_process(svc) for _ in range(4)]:
            other.outbox.listener = show
            await other.timer.run_due()
    assert sorted(given) == sorted((t.id, RESULT) for t in tables), "each once"
