"""Service tests, lobby: open, join, seats, start, computer players, leave and kick.

The real Tables on a real SQLite file (fixtures in conftest.py, "Service tests" section).
"""

from __future__ import annotations

import pytest

from bot.service import PACES, errors

ALICE, BOB, CAROL, DAVE = 101, 102, 103, 104
GUILD, CHANNEL = 7, 900  # the harness opens every table in server 7


def seats_of(table) -> list[tuple[int, int | None, bool]]:
    return [(s.seat, s.user_id, s.is_computer) for s in table.seats]


def seat_rows(svc, table_id) -> list[tuple[int, int | None, bool]]:
    return [(r["seat"], r["user_id"], bool(r["is_computer"])) for r in svc.seat_rows(table_id)]


async def test_open_seats_the_host_in_a_lobby(svc):
    table = await svc.tables.lobby.open(
        guild_id=GUILD, channel_id=CHANNEL, game_id="armymen", host_id=ALICE, host_name="Alice"
    )
    assert (table.status, table.host_id, table.seq, table.state) == ("lobby", ALICE, 0, None)
    assert table.options == {"campaign": False}
    assert seats_of(table) == [(0, ALICE, False)]
    assert table.deadline_at == svc.now.timestamp() + 7 * 86400  # the default pace is casual
    assert (await svc.tables.cache.get(CHANNEL)).id == table.id
    row = svc.session_row(table.id)
    assert (row["status"], row["game"], row["host_id"], row["channel_id"]) == ("lobby", "armymen", ALICE, CHANNEL)
    assert seat_rows(svc, table.id) == [(0, ALICE, False)]


async def test_join_takes_the_next_seat(svc):
    await svc.lobby(CHANNEL, ALICE)
    table = await svc.tables.lobby.join(CHANNEL, BOB, "Bob")
    assert seats_of(table) == [(0, ALICE, False), (1, BOB, False)]
    assert table.seats[1].name == "Bob"
    assert seat_rows(svc, table.id) == [(0, ALICE, False), (1, BOB, False)]


async def test_a_second_table_in_the_same_channel_is_refused(svc):
    first = await svc.lobby(CHANNEL, ALICE)
    with pytest.raises(errors.TableBusy):
        await svc.tables.lobby.open(guild_id=GUILD, channel_id=CHANNEL, game_id="armadillo", host_id=BOB,
                                    host_name="Bob")
    assert (await svc.tables.cache.get(CHANNEL)).id == first.id
    assert svc.query("SELECT COUNT(*) FROM sessions") == [(1,)]
    other = await svc.lobby(CHANNEL + 1, BOB, game_id="armadillo")  # another channel is free
    assert other.id != first.id


async def test_joining_twice_is_refused(svc):
    await svc.lobby(CHANNEL, ALICE, BOB, game_id="armadillo")
    with pytest.raises(errors.AlreadySeated):
        await svc.tables.lobby.join(CHANNEL, BOB, "Bob")
    with pytest.raises(errors.AlreadySeated):
        await svc.tables.lobby.join(CHANNEL, ALICE, "Alice")  # the host is seated already
    table = await svc.tables.cache.get(CHANNEL)
    assert seats_of(table) == [(0, ALICE, False), (1, BOB, False)]
    assert len(svc.seat_rows(table.id)) == 2


async def test_a_full_table_refuses_players_and_computers(svc):
    table = await svc.lobby(CHANNEL, ALICE, BOB)  # Army Men Dice War seats exactly 2
    with pytest.raises(errors.TableFull):
        await svc.tables.lobby.join(CHANNEL, CAROL, "Carol")
    with pytest.raises(errors.TableFull):
        await svc.tables.lobby.add_computer(CHANNEL, ALICE)
    assert seats_of(await svc.tables.cache.get(CHANNEL)) == [(0, ALICE, False), (1, BOB, False)]
    assert len(svc.seat_rows(table.id)) == 2


async def test_only_the_host_can_start(svc):
    table = await svc.lobby(CHANNEL, ALICE, BOB)
    with pytest.raises(errors.NotHost):
        await svc.tables.turns.start(CHANNEL, BOB)
    with pytest.raises(errors.NotHost):
        await svc.tables.turns.start(CHANNEL, CAROL)  # not even seated
    assert (await svc.tables.cache.get(CHANNEL)).status == "lobby"
    assert svc.session_row(table.id)["status"] == "lobby"
    started = await svc.tables.turns.start(CHANNEL, ALICE)
    assert started.status == "active" and started.state is not None


async def test_starting_with_too_few_players_is_refused(svc):
    table = await svc.lobby(CHANNEL, ALICE)
    with pytest.raises(errors.NotEnoughPlayers):
        await svc.tables.turns.start(CHANNEL, ALICE)
    assert (await svc.tables.cache.get(CHANNEL)).status == "lobby"
    assert svc.session_row(table.id)["status"] == "lobby"


async def test_only_the_host_adds_a_computer_player(svc):
    await svc.lobby(CHANNEL, ALICE, BOB, game_id="armadillo")
    with pytest.raises(errors.NotHost):
        await svc.tables.lobby.add_computer(CHANNEL, BOB)
    table = await svc.tables.lobby.add_computer(CHANNEL, ALICE)
    assert seats_of(table) == [(0, ALICE, False), (1, BOB, False), (2, None, True)]
    assert table.seats[2].name == "Computer 1" and not table.seats[2].human
    assert seat_rows(svc, table.id) == [(0, ALICE, False), (1, BOB, False), (2, None, True)]


async def test_a_computer_player_fills_a_table_for_one(svc):
    await svc.lobby(CHANNEL, ALICE, None)
    table = await svc.tables.turns.start(CHANNEL, ALICE)
    assert table.status == "active"
    assert seats_of(table) == [(0, ALICE, False), (1, None, True)]


async def test_a_player_leaves_the_lobby(svc):
    await svc.lobby(CHANNEL, ALICE, BOB, CAROL, game_id="armadillo")
    table = await svc.tables.lobby.leave(CHANNEL, BOB)
    assert seats_of(table) == [(0, ALICE, False), (1, CAROL, False)]
    assert table.host_id == ALICE
    assert seat_rows(svc, table.id) == [(0, ALICE, False), (1, CAROL, False)]
    with pytest.raises(errors.NotSeated):
        await svc.tables.lobby.leave(CHANNEL, BOB)


async def test_the_host_leaving_the_lobby_passes_the_host_to_the_next_human(svc):
    await svc.lobby(CHANNEL, ALICE, None, BOB, CAROL, game_id="armadillo")
    table = await svc.tables.lobby.leave(CHANNEL, ALICE)
    assert table.host_id == BOB  # not the computer in seat 1
    assert seats_of(table) == [(0, None, True), (1, BOB, False), (2, CAROL, False)]
    assert svc.session_row(table.id)["host_id"] == BOB
    assert seat_rows(svc, table.id) == [(0, None, True), (1, BOB, False), (2, CAROL, False)]
    with pytest.raises(errors.NotHost):
        await svc.tables.turns.start(CHANNEL, CAROL)
    started = await svc.tables.turns.start(CHANNEL, BOB)
    assert started.status == "active"


async def test_the_last_human_leaving_the_lobby_ends_the_table(svc):
    table = await svc.lobby(CHANNEL, ALICE, None)
    after = await svc.tables.lobby.leave(CHANNEL, ALICE)
    assert after.status == "ended"
    row = svc.session_row(table.id)
    assert row["status"] == "ended" and row["deadline_at"] is None
    with pytest.raises(errors.NoTable):
        await svc.tables.cache.get(CHANNEL)
    again = await svc.lobby(CHANNEL, BOB)  # the channel is free again
    assert again.id != table.id


async def test_only_the_host_kicks(svc):
    table = await svc.lobby(CHANNEL, ALICE, BOB, CAROL, game_id="armadillo")
    with pytest.raises(errors.NotHost):
        await svc.tables.lobby.kick(CHANNEL, BOB, CAROL)
    with pytest.raises(errors.NotSeated):
        await svc.tables.lobby.kick(CHANNEL, ALICE, DAVE)
    with pytest.raises(errors.Refusal):
        await svc.tables.lobby.kick(CHANNEL, ALICE, ALICE)
    assert len(svc.seat_rows(table.id)) == 3
    table = await svc.tables.lobby.kick(CHANNEL, ALICE, BOB)
    assert seats_of(table) == [(0, ALICE, False), (1, CAROL, False)]
    assert seat_rows(svc, table.id) == [(0, ALICE, False), (1, CAROL, False)]
    rejoined = await svc.tables.lobby.join(CHANNEL, BOB, "Bob")  # a kick is not a ban
    assert seats_of(rejoined)[-1] == (2, BOB, False)


async def test_pace_sets_the_lobby_lifetime(svc):
    live = await svc.lobby(CHANNEL, ALICE, pace=PACES["live"])
    assert live.pace_seconds == 120 and live.deadline_at == svc.now.timestamp() + 30 * 60


async def test_every_seat_has_a_client_seed_and_the_dice_mix_them_all(svc):
    """New tables use the provably fair derivation: the secret seed mixed with every seat's client seed, which
    is stored with the seat (a seated member may change theirs until the game starts)."""
    from bot.games.registry import engines

    GAMES = engines()
    from bot.games.rng import FairRng

    await svc.tables.lobby.open(guild_id=GUILD, channel_id=CHANNEL, game_id="dardz", host_id=ALICE, host_name="Alice")
    await svc.tables.lobby.join(CHANNEL, BOB, "Bob", client_seed="bobs-seed")
    table = await svc.tables.lobby.join(CHANNEL, ALICE, "Alice", client_seed="alices-own")  # she changes hers
    assert table.client_seeds == ("alices-own", "bobs-seed")
    with pytest.raises(errors.Refusal):
        await svc.tables.lobby.join(CHANNEL, CAROL, "Carol", client_seed="a:b")
    table = await svc.tables.lobby.add_computer(CHANNEL, ALICE)
    assert table.client_seeds == ("alices-own", "bobs-seed", "client")
    assert [r["client_seed"] for r in svc.seat_rows(table.id)] == ["alices-own", "bobs-seed", "client"]
    assert svc.session_row(table.id)["derivation"] == "fair-1"
    table = await svc.tables.turns.start(CHANNEL, ALICE)
    expected = GAMES["dardz"].setup(3, table.options, FairRng("seed", ["alices-own", "bobs-seed", "client"], 0))
    assert table.state == expected, "the deck was shuffled by the fair dice of these seeds"
    with pytest.raises(errors.NotInLobby):
        await svc.tables.lobby.join(CHANNEL, BOB, "Bob", client_seed="too-late")
