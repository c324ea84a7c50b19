"""Tournaments as their members live them, through the service with a fake clock: a 12-member, four-round Swiss
tournament over a simulated week — a member away for two days (their clock stops, the round waits), a member who
stops playing and whom the other player replaces by their vote (the computer plays the seat, the game counts as
theirs, as a loss), a member dropping out (the odd count gives a bye worth a median placing) — and a round robin;
on SQLite and PostgreSQL."""

from __future__ import annotations

from collections import Counter
from datetime import timedelta

import pytest

from bot.service import PACES, Clicked, errors
from bot.service.gatherings import FINISHED, ROUND
from tests.conftest import SVC_START

from .gathering_kit import GUILD, Edge, due, play_round, play_table

HOST, CHANNEL = 1, 900
MEMBERS = list(range(201, 213))  # twelve
AWAY, DROPPING = 203, 211


async def signed_up(svc, kind: str, members: list[int], **choices):
    gatherings = svc.tables.gatherings
    tournament = await gatherings.plan(guild_id=GUILD, channel_id=CHANNEL, kind=kind, game_id="armymen",
                                       host_id=HOST, starts_at=(svc.now + timedelta(hours=1)).timestamp(),
                                       title="Spring cup", **choices)
    for user in members:
        tournament = await gatherings.join(tournament.id, user, f"Player {user}")
    return tournament


def pairs(svc, gathering_id: int) -> Counter:
    rows = svc.rows("SELECT a.user_id AS a, b.user_id AS b FROM gathering_seats a JOIN gathering_seats b"
                    " ON a.gathering_id = b.gathering_id AND a.round = b.round AND a.table_no = b.table_no"
                    " AND a.user_id < b.user_id WHERE a.gathering_id = ?", gathering_id)
    return Counter((r["a"], r["b"]) for r in rows)


async def test_a_twelve_member_four_round_swiss_over_a_week(svc):
    edge = Edge(svc)
    gatherings = svc.tables.gatherings
    cup = await signed_up(svc, "swiss", MEMBERS, rounds=4, pace_seconds=PACES["casual"])
    assert all(m.checked_in for m in cup.members), "signing up is checking in"
    svc.now += timedelta(hours=1)
    await due(svc)
    assert edge.kinds() == [ROUND], "a tournament starts without a check-in"
    with pytest.raises(errors.Refusal, match="sign-ups are closed"):
        await gatherings.join(cup.id, 999, "Late")
    await play_round(svc, cup.id, 1)

    # Round 2, a day later: one member goes away for two days before moving; the round waits for them.
    svc.now += timedelta(days=1)
    (_, stopped) = await svc.tables.away.go(AWAY, 2)
    assert stopped, "their table's clock stopped"
    waiting = next(t for t in await gatherings.tables(cup.id, 2) if AWAY in t.seats)
    for planned in await gatherings.tables(cup.id, 2):
        if planned.number != waiting.number:
            await play_table(svc, planned.table_id)
    table = await play_table(svc, waiting.table_id, skip=frozenset({AWAY}))
    await svc.advance(days=1)  # away: no timeout fires meanwhile
    assert (await svc.tables.cache.get_by_id(waiting.table_id)).seats[table.seat_of(AWAY)].timeouts == 0
    await due(svc)
    assert (await gatherings.get(cup.id)).round == 2, "the round waits for its last table"
    svc.now += timedelta(days=1, hours=1)
    await play_table(svc, waiting.table_id)  # back, and playing: the round ends
    await due(svc)
    assert (await gatherings.get(cup.id)).round == 3

    # Round 3 is seated; a member drops out before playing: the computer plays their table, and from round 4 on
    # 11 are left, so one sits out with a bye.
    cup, (handed,) = await gatherings.leave(cup.id, DROPPING)
    assert cup.member(DROPPING).dropped
    assert any(s.user_id == DROPPING and s.is_computer for s in handed.seats)

    # Round 3: one member stops playing; three missed turns, then the other player's vote replaces them.
    svc.now += timedelta(hours=12)
    target = next(t for t in await gatherings.tables(cup.id, 3) if DROPPING not in t.seats)
    absent = target.seats[0]
    for planned in await gatherings.tables(cup.id, 3):
        if planned.number != target.number:
            await play_table(svc, planned.table_id)
    table = await play_table(svc, target.table_id, skip=frozenset({absent}))
    seat = table.seat_of(absent)
    while not table.seats[seat].autopilot:
        await svc.advance(hours=1)  # a missed turn
        table = await svc.tables.cache.get_by_id(target.table_id)
        if not table.seats[seat].autopilot:
            table = await play_table(svc, target.table_id, skip=frozenset({absent}))
    other = next(s.user_id for s in table.seats if s.user_id not in (absent, None))
    table, tally = await svc.tables.votes.vote(Clicked(table.id, GUILD), other, seat, "replace")
    assert tally.decided == "replace"
    await play_table(svc, table.id)
    points = {r["user_id"]: r["points"] for r in svc.rows("SELECT user_id, points FROM gathering_seats WHERE"
                                                           " session_id = ?", table.id)}
    assert points == {absent: 0.0, other: 1.0}, "whatever the computer did in their seat, the replaced member lost"
    await due(svc)
    cup = await gatherings.get(cup.id)
    assert cup.round == 4
    round_four = await gatherings.tables(cup.id, 4)
    (bye,) = svc.rows("SELECT user_id, points FROM gathering_byes WHERE gathering_id = ? AND round = 4", cup.id)
    assert bye["points"] == 0.5, "a bye is worth a median placing: half a point at a two-seat game"
    assert DROPPING not in {m for t in round_four for m in t.seats} and len(round_four) == 5

    svc.now += timedelta(days=2)
    await play_round(svc, cup.id, 4)
    assert edge.kinds()[-1] == FINISHED
    standings = edge.notices[-1].standings
    by = {r.standing.user_id: r.standing for r in standings}
    assert sum(s.points for s in by.values()) == 6 + 6 + 6 + 5 + 0.5, "a point a table, and the bye's half"
    assert by[absent].played == 4, "the computer finished the replaced member's game for them: it counts as theirs"
    assert by[DROPPING].dropped and by[DROPPING].played == 3
    assert max(pairs(svc, cup.id).values()) == 1, "nobody met anyone twice"
    keys = [(-s.points, -s.opponents_points, -s.head_to_head, -s.rating, s.user_id) for s in by.values()]
    assert [(-s.points, -s.opponents_points, -s.head_to_head, -s.rating, s.user_id) for s in
            (r.standing for r in standings)] == sorted(keys)
    assert by[DROPPING].played == 3 and by[[r.standing.user_id for r in standings if r.standing.byes][0]].byes == 1
    assert timedelta(days=5) < svc.now - SVC_START <= timedelta(days=7), "within a week"
    rated = svc.rows("SELECT COUNT(DISTINCT session_id) AS n FROM results WHERE rated = 1")[0]["n"]
    assert rated == 6 + 6 + 6 + 5


async def test_a_round_robin_meets_everyone_once(svc):
    edge = Edge(svc)
    league = await signed_up(svc, "round-robin", MEMBERS[:5])
    with pytest.raises(errors.Refusal, match="sign-ups are closed"):
        svc.now += timedelta(hours=1)
        await due(svc)
        await svc.tables.gatherings.join(league.id, 999, "Late")
    league = await svc.tables.gatherings.get(league.id)
    assert league.rounds == 5, "five members: five rounds, each sitting one out"
    for number in range(1, 6):
        await play_round(svc, league.id, number)
    assert edge.kinds().count(ROUND) == 5 and edge.kinds()[-1] == FINISHED
    met = pairs(svc, league.id)
    assert len(met) == 10 and set(met.values()) == {1}
    byes = svc.rows("SELECT user_id FROM gathering_byes WHERE gathering_id = ?", league.id)
    assert sorted(r["user_id"] for r in byes) == MEMBERS[:5]


async def test_a_round_robin_takes_at_most_eight(svc):
    league = await signed_up(svc, "round-robin", MEMBERS[:8])
    with pytest.raises(errors.Refusal, match="at most 8"):
        await svc.tables.gatherings.join(league.id, 999, "Ninth")


async def test_a_table_closed_at_start_up_because_its_rules_changed_still_ends_its_round(svc):
    """A new release changed the game's rules under a running round: start-up closes the table (unrated) and its
    gathering hears of it, so the tournament goes on instead of waiting for a table that will never end."""
    edge = Edge(svc)
    cup = await signed_up(svc, "swiss", MEMBERS[:2], rounds=2)
    svc.now += timedelta(hours=1)
    await due(svc)
    (planned,) = await svc.tables.gatherings.tables(cup.id, 1)
    svc.write("UPDATE sessions SET rules_version = rules_version - 1 WHERE id = ?", planned.table_id)
    await svc.crash()
    await svc.boot()
    edge.attach()
    (closed,) = await svc.tables.load()
    assert closed.id == planned.table_id
    await due(svc)
    assert (await svc.tables.gatherings.get(cup.id)).round == 2 and edge.kinds()[-1] == ROUND
    assert all(r.standing.points == 0 for r in await svc.tables.gatherings.standings(cup.id)), "ended unrated"
