"""Service tests, seasons: started and ended by hand, monthly ones rolling over on the timer (and inside a result
that comes first), fresh ratings beside the all-time ones, fair play, the podium posted once, and refusals that
change nothing. On SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime

import pytest

from bot.service import errors
from bot.service.ratings import DEFAULT_MU, DEFAULT_SIGMA

from .test_many_processes import second_process

ALICE, BOB, CAROL = 101, 102, 103
CHANNEL = 900


def season_ratings(svc, user: int) -> list[tuple]:
    return svc.query("SELECT s.name, r.games, r.wins, r.mu, r.sigma FROM season_ratings r JOIN seasons s"
                     " ON s.id = r.season_id WHERE r.user_id = ? ORDER BY s.id", user)


def all_time(svc, user: int) -> tuple:
    return tuple(svc.query("SELECT games, wins, mu, sigma FROM ratings WHERE user_id = ?", user)[0])


async def a_game(svc, host=ALICE, other=BOB):
    table = await svc.play(await svc.started(CHANNEL, host, other))
    assert table.status == "finished"
    return table


async def test_a_season_starts_fresh_beside_the_all_time_ratings_and_ends_with_its_podium(svc):
    await a_game(svc)  # before any season: all-time only
    season = await svc.tables.seasons.start(svc.GUILD, "Spring", CHANNEL)
    assert season.name == "Spring" and season.ends_at is None
    table = await a_game(svc, BOB, ALICE)
    (name, games, wins, mu, sigma), = season_ratings(svc, ALICE)
    assert (name, games) == ("Spring", 1) and all_time(svc, ALICE)[0] == 2
    assert sigma < DEFAULT_SIGMA and mu != DEFAULT_MU  # one game from the defaults, not from the all-time rating
    ended = await svc.tables.seasons.end(svc.GUILD)
    winner = table.seats[table.outcome.winners[0]].user_id
    assert ended.season.name == "Spring" and ended.season.ended_at is not None
    assert [r.user_id for r in ended.podium["armymen"]][0] == winner
    assert await svc.tables.seasons.roll_due() == []  # its podium was handed to /season end: never posted twice
    await a_game(svc)  # no season runs: all-time only
    assert [row[1] for row in season_ratings(svc, ALICE)] == [1]


async def test_bad_season_requests_are_refused_and_change_nothing(svc):
    with pytest.raises(errors.Refusal, match="No season is running"):
        await svc.tables.seasons.end(svc.GUILD)
    await svc.tables.seasons.start(svc.GUILD, "Spring", None)
    with pytest.raises(errors.Refusal, match="Season Spring is running"):
        await svc.tables.seasons.start(svc.GUILD, "Summer", None)
    await svc.tables.seasons.end(svc.GUILD)
    with pytest.raises(errors.Refusal, match="already had a season named spring"):
        await svc.tables.seasons.start(svc.GUILD, "  spring ", None)
    for bad in ("", "x" * 41, "All-Time"):
        with pytest.raises(errors.Refusal):
            await svc.tables.seasons.start(svc.GUILD, bad, None)
    assert [s.name for s in await svc.tables.seasons.listed(svc.GUILD)] == ["Spring"]
    assert await svc.tables.seasons.running(svc.GUILD) is None


async def test_monthly_seasons_roll_over_on_the_first_of_the_month_in_the_servers_time_zone(svc):
    svc.now = datetime(2025, 3, 31, 20, 0, tzinfo=UTC)
    async with svc.store.transaction() as tx:
        await tx.save_guild_settings(svc.GUILD, language=None, pictures=True, time_zone="Europe/Madrid")
    march = await svc.tables.seasons.start(svc.GUILD, None, CHANNEL)
    assert march.name == "2025-03" and march.time_zone == "Europe/Madrid"
    assert march.ends_at == datetime(2025, 3, 31, 22, 0, tzinfo=UTC).timestamp()  # midnight in Madrid (CEST)
    await a_game(svc)
    await svc.settle()  # the timer asleep (the game's end woke it), so it can't wake on the clock moved next
    svc.now = datetime(2025, 3, 31, 21, 59, tzinfo=UTC)
    assert await svc.tables.seasons.roll_due() == []
    svc.now = datetime(2025, 3, 31, 22, 0, 1, tzinfo=UTC)
    (ended,) = await svc.tables.seasons.roll_due()
    assert ended.season.name == "2025-03" and set(ended.podium) == {"armymen"}
    april = await svc.tables.seasons.running(svc.GUILD)
    assert april.name == "2025-04" and april.started_at == march.ends_at
    assert april.channel_id == CHANNEL
    await a_game(svc)
    assert [(name, games) for name, games, *_ in season_ratings(svc, ALICE)] == [("2025-03", 1), ("2025-04", 1)]
    assert await svc.tables.seasons.roll_due() == []


async def test_a_result_that_comes_before_the_timer_rolls_the_month_over_itself(svc):
    svc.now = datetime(2025, 3, 31, 23, 0, tzinfo=UTC)
    await svc.tables.seasons.start(svc.GUILD, None, None)
    table = await svc.started(CHANNEL, ALICE, BOB)
    await svc.settle()
    svc.now = datetime(2025, 4, 1, 0, 0, 5, tzinfo=UTC)  # the timer has not run yet
    await svc.play(table)
    assert [(name, games) for name, games, *_ in season_ratings(svc, ALICE)] == [("2025-04", 1)]
    (ended,) = await svc.tables.seasons.roll_due()  # the March podium is still posted, once
    assert ended.season.name == "2025-03" and ended.podium == {}
    assert await svc.tables.seasons.roll_due() == []


async def test_fair_play_only_the_first_three_games_a_day_between_two_members_move_their_season_ratings(svc):
    await svc.tables.seasons.start(svc.GUILD, "Spring", None)
    seen = []
    for _ in range(4):
        await a_game(svc)
        seen.append(season_ratings(svc, ALICE)[0])
    games = [row[1] for row in seen]
    assert games == [1, 2, 3, 4]  # every game counts as played
    assert seen[3][3:] == seen[2][3:]  # the fourth moved nothing
    assert all(seen[i][3:] != seen[i + 1][3:] for i in range(2))
    assert all_time(svc, ALICE)[0] == 4  # all-time ratings have no such limit
    await a_game(svc, ALICE, CAROL)  # another pair the same day moves
    assert season_ratings(svc, CAROL)[0][4] < DEFAULT_SIGMA
    svc.now = svc.now.replace(day=svc.now.day + 1)  # a new day
    before = season_ratings(svc, ALICE)[0][3:]
    await a_game(svc)
    assert season_ratings(svc, ALICE)[0][3:] != before


async def test_a_past_season_keeps_its_leaderboard(svc):
    await svc.tables.seasons.start(svc.GUILD, "Spring", None)
    await a_game(svc)
    spring = await svc.tables.seasons.named(svc.GUILD, "SPRING")
    await svc.tables.seasons.end(svc.GUILD)
    await svc.tables.seasons.start(svc.GUILD, "Summer", None)
    ranked = await svc.tables.standings.leaderboard(svc.GUILD, "armymen", season_id=spring.id)
    assert [r.rating.games for r in ranked] == [1, 1]
    summer = await svc.tables.seasons.running(svc.GUILD)
    assert await svc.tables.standings.leaderboard(svc.GUILD, "armymen", season_id=summer.id) == []
    with pytest.raises(errors.Refusal, match="no season named Winter"):
        await svc.tables.seasons.named(svc.GUILD, "Winter")


async def test_two_processes_roll_a_month_over_once_and_post_its_podium_once(svc):
    svc.now = datetime(2025, 3, 31, 23, 0, tzinfo=UTC)
    await svc.tables.seasons.start(svc.GUILD, None, CHANNEL)
    await a_game(svc)
    other = await second_process(svc)
    await svc.settle()
    svc.now = datetime(2025, 4, 1, 0, 0, 1, tzinfo=UTC)
    rolled = await asyncio.gather(svc.tables.seasons.roll_due(), other.seasons.roll_due())
    assert [e.season.name for ended in rolled for e in ended] == ["2025-03"]
    assert [s.name for s in await svc.tables.seasons.listed(svc.GUILD)] == ["2025-04", "2025-03"]


async def test_a_new_time_zone_moves_the_running_months_rollover(svc):
    svc.now = datetime(2025, 3, 10, tzinfo=UTC)
    march = await svc.tables.seasons.start(svc.GUILD, None, None)
    assert march.ends_at == datetime(2025, 4, 1, tzinfo=UTC).timestamp()
    await svc.tables.seasons.retime(svc.GUILD, "America/New_York")
    running = await svc.tables.seasons.running(svc.GUILD)
    assert running.time_zone == "America/New_York"
    assert running.ends_at == datetime(2025, 4, 1, 4, 0, tzinfo=UTC).timestamp()  # midnight there (EDT)
