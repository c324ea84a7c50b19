"""The click controller (cogs/table/controller.py): every click and every /game command is ONE request to the service
— to the collaborator that owns what is asked, the rules answered there, the change committed there — and what the
publisher then shows is bookkeeping of Discord's side (which message is the table's, which the DM's), not a second
request."""

from __future__ import annotations

import contextvars
import dataclasses
import functools
import inspect

import pytest

from tests.cogs.helpers import last_table_message, message_by_id, table_of

BOOKKEEPING = {"turns.set_message", "turns.set_dm", "calls.record_ping"}  # the publisher noting what shows what
INSIDE = contextvars.ContextVar("inside", default=False)  # within a request: what it calls is its own business


@pytest.fixture
def requests(world):
    """The service requests each interaction makes, as `collaborator.method` (a move, `act`):
    `requests.during(coroutine)`."""
    env = world[0]

    class Requests:
        made: list[str] = []

        def watch(self) -> None:
            tables = env.bot.tables
            object.__setattr__(tables, "act", self._counted("act", tables.act))
            for field in dataclasses.fields(tables):
                if field.name in ("store", "games", "timer"):  # what the collaborators work with, not a door
                    continue
                collaborator = getattr(tables, field.name)
                for name, method in inspect.getmembers(collaborator, inspect.iscoroutinefunction):
                    request = f"{field.name}.{name}"
                    if not name.startswith("_"):
                        setattr(collaborator, name, self._counted(request, method))

        def _counted(self, name: str, method):
            @functools.wraps(method)
            async def counted(*args, **kwargs):
                if INSIDE.get():
                    return await method(*args, **kwargs)
                if name not in BOOKKEEPING:
                    self.made.append(name)
                token = INSIDE.set(True)
                try:
                    return await method(*args, **kwargs)
                finally:
                    INSIDE.reset(token)

            return counted

        async def during(self, interaction) -> list[str]:
            self.made = []
            self.result = await interaction
            return self.made

    return Requests()


async def test_each_interaction_is_one_service_request(world, requests, dice):
    env, channel, alice, bob = world
    requests.watch()
    assert await requests.during(alice.slash(channel, "armymen new", pace="live")) == ["lobby.open"]
    lobby = message_by_id(channel, table_of(env, channel).message_id)
    assert await requests.during(bob.click(lobby, label="Join")) == ["lobby.join"]
    assert await requests.during(alice.click(lobby, label="Start")) == ["turns.start"]
    table = table_of(env, channel)
    assert table.status == "active" and len(table.seats) == 2
    mover = alice if table.seat_of(alice.id) in table.to_act else bob
    assert await requests.during(mover.click(message_by_id(channel, table.message_id),
                                             label="Roll the dice")) == ["act"]
    assert table_of(env, channel).seq == table.seq + 1
    assert await requests.during(alice.slash(channel, "game hand")) == ["turns.hand"]
    assert await requests.during(bob.slash(channel, "game status")) == ["records.shown_in"]
    assert await requests.during(alice.slash(channel, "game leave")) == ["lobby.leave"], "not three, as it was"
    left = table_of(env, channel)
    assert left.seats[table.seat_of(alice.id)].is_computer and left.host_id == bob.id
    assert await requests.during(bob.slash(channel, "game end")) == ["turns.end"], "a running game: asked first"
    asked = requests.result.response.message
    assert await requests.during(bob.click(asked, label="End the table")) == ["turns.end"]
    assert table_of(env, channel) is None


async def test_follow_and_rematch_are_one_service_request_each(world, requests):
    env, channel, alice, bob = world
    carol = channel.guild.add_member(env.create_user("carol"))
    lobby = (await alice.slash(channel, "armymen new", pace="live")).response.message
    await bob.click(lobby, label="Join")
    await alice.click(lobby, label="Start")
    table = table_of(env, channel)
    requests.watch()
    following = carol.click(message_by_id(channel, table.message_id), label="Follow")
    assert await requests.during(following) == ["follows.follow"]
    while table_of(env, channel) is not None:
        await env.advance_time(121)
    final = last_table_message(channel)  # the finished table (posted again further down since, if buried)
    assert await requests.during(alice.click(final, label="Rematch")) == ["rematches.answer"]
