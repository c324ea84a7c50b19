"""Service tests, the end of a game: computer opponents, stored results, ratings, and `end`.

Results and ratings are read straight from the file with a separate sqlite3 connection.
"""

from __future__ import annotations

import pytest

from bot.service import errors, played
from bot.service.ratings import DEFAULT_MU, DEFAULT_SIGMA

ALICE, BOB, CAROL = 101, 102, 103
GUILD, CHANNEL = 7, 900  # the harness opens every table in server 7


def results(svc) -> list[tuple]:
    return svc.query('SELECT session_id, guild_id, game, user_id, seat, "placing", rated FROM results ORDER BY seat')


def ratings(svc) -> dict[int, tuple[float, float, int, int]]:
    rows = svc.query(
        "SELECT user_id, mu, sigma, games, wins FROM ratings WHERE guild_id = ? AND game = ?", GUILD, "armymen"
    )
    return {user: (mu, sigma, games, wins) for user, mu, sigma, games, wins in rows}


async def test_a_human_plays_a_computer_to_the_end_by_their_own_moves_only(svc):
    table = await svc.started(CHANNEL, ALICE, None)
    calls = 0
    while table.status == "active":
        assert table.to_act == {0}, "the game only ever waits for the human"
        table = await svc.tables.act(
            table.id, ALICE, played(table.game.timeout_action(table.state, 0)), expected_seq=table.seq
        )
        calls += 1
    assert table.status == "finished" and table.outcome is not None
    log = svc.events(table.id)
    assert len(log) == table.seq
    assert {by for _, seat, _, by in log if seat == 1} == {"computer"}
    assert {by for _, seat, _, by in log if seat == 0} == {"player"}
    assert sum(seat == 0 for _, seat, _, _ in log) == calls
    assert svc.session_row(table.id)["status"] == "finished"


async def test_a_finished_game_between_two_members_is_stored_and_rated(svc):
    table = await svc.play(await svc.started(CHANNEL, ALICE, BOB))
    assert table.status == "finished"
    placings = table.outcome.placings
    assert sorted(placings) == [1, 2], "the fixed seed gives a game with a winner"
    winner, loser = (ALICE, BOB) if placings[0] == 1 else (BOB, ALICE)

    assert results(svc) == [
        (table.id, GUILD, "armymen", ALICE, 0, placings[0], 1),
        (table.id, GUILD, "armymen", BOB, 1, placings[1], 1),
    ]
    rated = ratings(svc)
    assert rated[winner][0] > DEFAULT_MU > rated[loser][0]
    assert rated[winner][1] < DEFAULT_SIGMA and rated[loser][1] < DEFAULT_SIGMA
    assert rated[winner][2:] == (1, 1) and rated[loser][2:] == (1, 0)
    with pytest.raises(errors.NoTable):  # the channel is free
        await svc.tables.cache.get(CHANNEL)

    # a second game counts on top of the first
    again = await svc.play(await svc.started(CHANNEL, BOB, ALICE))
    assert again.status == "finished"
    assert {user: row[2] for user, row in ratings(svc).items()} == {ALICE: 2, BOB: 2}


async def test_a_game_against_a_computer_stores_the_result_but_rates_nothing(svc):
    table = await svc.play(await svc.started(CHANNEL, ALICE, None))
    assert table.status == "finished"
    assert results(svc) == [(table.id, GUILD, "armymen", ALICE, 0, table.outcome.placings[0], 0)]
    assert ratings(svc) == {}


async def test_the_host_ends_a_game_unrated(svc):
    table = await svc.play(await svc.started(CHANNEL, ALICE, BOB), moves=6)
    ended = await svc.tables.turns.end(CHANNEL, ALICE)
    assert ended.status == "ended"
    row = svc.session_row(table.id)
    assert (row["status"], row["deadline_at"]) == ("ended", None) and row["ended_at"] is not None
    assert results(svc) == [] and ratings(svc) == {}
    with pytest.raises(errors.NoTable):
        await svc.tables.cache.get(CHANNEL)
    with pytest.raises(errors.GameOver):
        await svc.tables.act(table.id, BOB, played(table.game.timeout_action(table.state, 1)), table.seq)


async def test_an_admin_who_is_not_the_host_ends_a_game(svc):
    table = await svc.play(await svc.started(CHANNEL, ALICE, BOB), moves=3)
    ended = await svc.tables.turns.end(CHANNEL, CAROL, is_admin=True)
    assert ended.status == "ended"
    assert svc.session_row(table.id)["status"] == "ended"
    assert results(svc) == [] and ratings(svc) == {}


async def test_only_the_host_or_an_admin_may_end_a_game(svc):
    table = await svc.play(await svc.started(CHANNEL, ALICE, BOB), moves=3)
    for member in (BOB, CAROL):  # a seated player who is not the host; a bystander
        with pytest.raises(errors.NotHost):
            await svc.tables.turns.end(CHANNEL, member)
    after = await svc.tables.cache.get(CHANNEL)
    assert (after.status, after.seq, after.state) == ("active", table.seq, table.state)
    assert svc.session_row(table.id)["status"] == "active"
    finished = await svc.play(after)
    assert finished.status == "finished"


async def test_the_host_ends_a_lobby(svc):
    table = await svc.lobby(CHANNEL, ALICE, BOB)
    with pytest.raises(errors.NotHost):
        await svc.tables.turns.end(CHANNEL, BOB)
    assert (await svc.tables.turns.end(CHANNEL, ALICE)).status == "ended"
    assert svc.session_row(table.id)["status"] == "ended"


async def test_a_game_between_two_members_outside_a_server_finishes(svc):
    await svc.tables.lobby.open(guild_id=None, channel_id=CHANNEL, game_id="armymen", host_id=ALICE, host_name="A")
    await svc.tables.lobby.join(CHANNEL, BOB, "B")
    table = await svc.play(await svc.tables.turns.start(CHANNEL, ALICE))
    assert table.status == "finished"
    assert len(results(svc)) == 2
