"""Service tests, the community around tables: rematches (every member's yes opens the same game again, rotated,
with fresh seeds and the computers as they were; a no ends the offer), followers, and a member's profile. On
SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest

from bot.games.registry import engines
from bot.service import Clicked, errors, open_tables
from bot.service.table import REMATCH_WINDOW

from .test_many_processes import second_process

GAMES = engines()

ALICE, BOB, CAROL, DAN = 101, 102, 103, 104
CHANNEL = 900


async def finished_doodle(svc, *players):
    """A Doodle Dice game (seat 0 begins) of these members (None: a computer), played to its end."""
    await svc.lobby(CHANNEL, *players, game_id="doodle")
    return await svc.play(await svc.tables.turns.start(CHANNEL, players[0]))


def at(table) -> Clicked:
    return Clicked(table.id, 7)


async def test_a_rematch_opens_once_every_member_said_yes_rotated_with_fresh_seeds(svc):
    old = await finished_doodle(svc, ALICE, BOB, None, CAROL)
    assert old.status == "finished" and old.rematch.players == (ALICE, BOB, CAROL)
    seeds = iter(["s1", "s2", "s3", "s4"])  # fresh client seeds, told apart: the service as the bot builds it
    svc.tables = open_tables(svc.store, GAMES, clock=lambda: svc.now, new_client_seed=lambda: next(seeds))
    shown, new = await svc.tables.rematches.answer(at(old), BOB, True)
    assert new is None and shown.rematch.wanted == (BOB,)
    with pytest.raises(errors.Refusal, match="already asked for a rematch: waiting for Player 101 and Player 103"):
        await svc.tables.rematches.answer(at(old), BOB, True)
    with pytest.raises(errors.Refusal, match="Only the players"):
        await svc.tables.rematches.answer(at(old), DAN, True)
    shown, new = await svc.tables.rematches.answer(at(old), ALICE, True)
    assert new is None and shown.rematch.wanted == (ALICE, BOB)
    shown, new = await svc.tables.rematches.answer(at(old), CAROL, True)
    assert shown.rematch.opened == new.id and new.status == "active"
    assert [(s.user_id, s.is_computer) for s in new.seats] == [(BOB, False), (None, True), (CAROL, False),
                                                               (ALICE, False)]
    assert new.client_seeds == ("s1", "s2", "s3", "s4")
    assert new.to_act == {0} and new.seats[0].user_id != old.seats[min(old.to_act or {0})].user_id
    assert (new.game.id, new.pace_seconds, new.options, new.channel_id) == ("doodle", old.pace_seconds,
                                                                            old.options, CHANNEL)
    assert svc.session_row(new.id)["rematch_of"] == old.id
    with pytest.raises(errors.Refusal, match=f"already open: table {new.id}"):
        await svc.tables.rematches.answer(at(old), ALICE, True)
    assert (await svc.tables.records.closed_table(old.id)).rematch.opened == new.id


async def test_a_no_ends_the_offer_and_a_late_or_foreign_answer_changes_nothing(svc):
    old = await finished_doodle(svc, ALICE, BOB, CAROL)
    await svc.tables.rematches.answer(at(old), ALICE, True)
    shown, new = await svc.tables.rematches.answer(at(old), CAROL, False)
    assert new is None and shown.rematch.declined_by == CAROL and not shown.rematch.open
    with pytest.raises(errors.Refusal, match="Player 103 declined the rematch"):
        await svc.tables.rematches.answer(at(old), BOB, True)
    with pytest.raises(errors.NotHere):
        await svc.tables.rematches.answer(Clicked(old.id, 99), BOB, True)
    other = await finished_doodle(svc, ALICE, BOB)
    svc.now += timedelta(seconds=REMATCH_WINDOW + 1)
    with pytest.raises(errors.Refusal, match="lapsed"):
        await svc.tables.rematches.answer(at(other), ALICE, True)
    assert svc.query("SELECT COUNT(*) FROM rematch_votes WHERE session_id = ?", other.id) == [(0,)]


async def test_a_rematch_carries_every_stored_attribute_of_a_computer_seat(svc):
    """A column a seat gained after the rematch was written (a computer's level, migration 0010) is carried over
    without a change to the rematch: the hard computer plays the rematch at hard."""
    await svc.lobby(CHANNEL, ALICE, game_id="doodle")
    await svc.tables.lobby.add_computer(CHANNEL, ALICE, level="hard")
    old = await svc.play(await svc.tables.turns.start(CHANNEL, ALICE))
    __, new = await svc.tables.rematches.answer(at(old), ALICE, True)
    assert [(r["user_id"], bool(r["is_computer"]), r["level"], r["name"]) for r in svc.seat_rows(new.id)] == [
        (None, True, "hard", "Computer 1"), (ALICE, False, "normal", "Player 101")]
    assert [s.level for s in new.seats] == ["hard", "normal"]


async def test_a_rematch_in_a_channel_taken_since_is_refused_and_counts_no_answer(svc):
    old = await finished_doodle(svc, ALICE, BOB)
    await svc.tables.rematches.answer(at(old), ALICE, True)
    await svc.lobby(CHANNEL, CAROL)
    with pytest.raises(errors.TableBusy, match="A table of Army Men Dice War is already open"):
        await svc.tables.rematches.answer(at(old), BOB, True)
    assert svc.query("SELECT user_id FROM rematch_votes WHERE session_id = ?", old.id) == [(ALICE,)]


async def test_anyone_but_a_player_follows_a_running_table_once(svc):
    table = await svc.started(CHANNEL, ALICE, BOB)
    followed = await svc.tables.follows.follow(at(table), CAROL)
    assert followed.followers == 1
    with pytest.raises(errors.Refusal, match="already follow"):
        await svc.tables.follows.follow(at(table), CAROL)
    with pytest.raises(errors.Refusal, match="You play at this table"):
        await svc.tables.follows.follow(at(table), BOB)
    assert (await svc.tables.follows.follow(at(table), DAN)).followers == 2
    assert await svc.tables.follows.followers(table.id) == [CAROL, DAN]
    assert svc.session_row(table.id)["followers"] == 2
    finished = await svc.play(table)
    assert finished.followers == 2
    replayed = await svc.tables.records.replay(None, table.id, None, 1, CAROL)  # from her DM: she followed it
    assert replayed.table.seq == 1 and replayed.total == finished.seq
    with pytest.raises(errors.Refusal, match="no table"):  # the same button from a stranger's DMs
        await svc.tables.records.replay(None, table.id, None, 1, ALICE + 50)
    with pytest.raises(errors.GameOver):
        await svc.tables.follows.follow(at(table), ALICE + 50)


async def test_a_profile_adds_up_the_members_games(svc):
    with pytest.raises(errors.Refusal, match="Carol has not finished a game"):
        await svc.tables.profiles.of(svc.GUILD, CAROL, "Carol")
    await svc.tables.seasons.start(svc.GUILD, "Spring", None)
    for _ in range(3):
        await svc.play(await svc.started(CHANNEL, ALICE, BOB))
    await svc.tables.seasons.end(svc.GUILD)
    await finished_doodle(svc, ALICE, None)
    profile = await svc.tables.profiles.of(svc.GUILD, ALICE, "Alice")
    assert profile.favourite == "armymen"
    armymen, doodle = profile.games
    assert (armymen.played, doodle.played, doodle.rating, doodle.history) == (3, 1, None, ())
    assert len(armymen.history) == 3 and armymen.history[-1] == round(1000 + 40 * (armymen.rating.mu
                                                                                     - 3 * armymen.rating.sigma))
    assert sum(armymen.placings.values()) == 3
    assert [(m.season, m.game) for m in profile.medals] == [("Spring", "armymen")]
    assert profile.streak != 0


async def test_the_last_two_yes_at_once_in_two_processes_open_one_rematch(svc):
    old = await finished_doodle(svc, ALICE, BOB, CAROL)
    await svc.tables.rematches.answer(at(old), ALICE, True)
    other = await second_process(svc)
    answers = await asyncio.gather(svc.tables.rematches.answer(at(old), BOB, True),
                                   other.rematches.answer(at(old), CAROL, True))
    opened = [new for __, new in answers if new is not None]
    assert len(opened) == 1, "both answers counted, one table opened"
    assert svc.query("SELECT id FROM sessions WHERE rematch_of = ?", old.id) == [(opened[0].id,)]
    assert sorted(u for (u,) in svc.query("SELECT user_id FROM rematch_votes WHERE session_id = ?", old.id)) == \
        [ALICE, BOB, CAROL]


async def test_a_double_follow_from_two_processes_counts_once(svc):
    table = await svc.started(CHANNEL, ALICE, BOB)
    other = await second_process(svc)
    outcomes = await asyncio.gather(svc.tables.follows.follow(at(table), CAROL), other.follows.follow(at(table), CAROL),
                                    return_exceptions=True)
    assert sum(not isinstance(o, BaseException) for o in outcomes) == 1
    assert [type(o) for o in outcomes if isinstance(o, BaseException)] == [errors.Refusal]
    assert svc.session_row(table.id)["followers"] == 1
    assert svc.query("SELECT user_id FROM followers WHERE session_id = ?", table.id) == [(CAROL,)]
