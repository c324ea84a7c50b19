"""The click controller (cogs/table/controller.py): every click and every /game command is ONE request to the service
— the rules answered there, the change committed there — and what the publisher then shows is bookkeeping of
Discord's side (which message is the table's, which the DM's), not a second request."""

from __future__ import annotations

import functools
import inspect

import pytest

from bot.service import Tables

from .helpers import last_table_message, message_by_id, table_of

BOOKKEEPING = {"set_message", "set_dm", "record_ping"}  # the publisher noting which message shows what


@pytest.fixture
def requests(world):
    """The service requests each interaction makes: `requests.during(coroutine)`."""
    env = world[0]

    class Requests:
        made: list[str] = []

        def watch(self) -> None:
            tables = env.bot.tables
            for name, __ in inspect.getmembers(Tables, inspect.iscoroutinefunction):
                if not name.startswith("_") and name not in BOOKKEEPING:
                    setattr(tables, name, self._counted(name, getattr(tables, name)))

        def _counted(self, name: str, method):
            @functools.wraps(method)
            async def counted(*args, **kwargs):
                self.made.append(name)
                return await method(*args, **kwargs)

            return counted

        async def during(self, interaction) -> list[str]:
            self.made = []
            self.result = await interaction
            return self.made

    return Requests()


async def test_each_interaction_is_one_service_request(world, requests, dice):
    env, channel, alice, bob = world
    requests.watch()
    assert await requests.during(alice.slash(channel, "armymen new", pace="live")) == ["open"]
    lobby = message_by_id(channel, table_of(env, channel).message_id)
    assert await requests.during(bob.click(lobby, label="Join")) == ["join"]
    assert await requests.during(alice.click(lobby, label="Start")) == ["start"]
    table = table_of(env, channel)
    assert table.status == "active" and len(table.seats) == 2
    mover = alice if table.seat_of(alice.id) in table.to_act else bob
    assert await requests.during(mover.click(message_by_id(channel, table.message_id),
                                             label="Roll the dice")) == ["act"]
    assert table_of(env, channel).seq == table.seq + 1
    assert await requests.during(alice.slash(channel, "game hand")) == ["hand"]
    assert await requests.during(bob.slash(channel, "game status")) == ["shown_in"]
    assert await requests.during(alice.slash(channel, "game leave")) == ["leave"], "not three, as it was"
    left = table_of(env, channel)
    assert left.seats[table.seat_of(alice.id)].is_computer and left.host_id == bob.id
    assert await requests.during(bob.slash(channel, "game end")) == ["end"], "a running game: asked first"
    asked = requests.result.response.message
    assert await requests.during(bob.click(asked, label="End the table")) == ["end"]
    assert table_of(env, channel) is None


async def test_follow_and_rematch_are_one_service_request_each(world, requests):
    env, channel, alice, bob = world
    carol = channel.guild.add_member(env.create_user("carol"))
    lobby = (await alice.slash(channel, "armymen new", pace="live")).response.message
    await bob.click(lobby, label="Join")
    await alice.click(lobby, label="Start")
    table = table_of(env, channel)
    requests.watch()
    assert await requests.during(carol.click(message_by_id(channel, table.message_id), label="Follow")) == ["follow"]
    while table_of(env, channel) is not None:
        await env.advance_time(121)
    final = last_table_message(channel)  # the finished table (posted again further down since, if buried)
    assert await requests.during(alice.click(final, label="Rematch")) == ["rematch"]
