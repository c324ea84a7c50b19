"""What the gatherings' service tests share: an edge that hears the notices and gives each round's table a thread
(a new channel id, as Discord would), and a way to play a round to its end."""

from __future__ import annotations

from bot.service import played
from bot.service.gatherings import ROUND, Notice

GUILD = 7


class Edge:
    """Stands in for the Discord edge: every notice is kept, and each table a round seats gets a thread."""

    def __init__(self, svc, first_thread: int = 50_000) -> None:
        self.svc, self.next_thread = svc, first_thread
        self.notices: list[Notice] = []
        self.attach()

    def attach(self) -> None:
        """Listen on the harness's current service (again after a restart)."""
        self.svc.tables.gatherings.listener = self

    async def __call__(self, notice: Notice) -> None:
        self.notices.append(notice)
        if notice.kind == ROUND:
            for planned in notice.to_place:
                self.next_thread += 1
                await self.svc.tables.gatherings.open_table(notice.gathering.id, planned.round, planned.number,
                                                            self.next_thread)

    def kinds(self) -> list[str]:
        return [n.kind for n in self.notices]


async def due(svc) -> None:
    """What the timer does now (the background timer may have done it already: a claim is taken once)."""
    await svc.settle()
    await svc.tables.gatherings.run_due()
    await svc.settle()


async def play_round(svc, gathering_id: int, round_: int, *, skip: frozenset[int] = frozenset()) -> None:
    """Every table of the round played to its end by its members' default moves, one table after the other, the
    timer's work done after each (members in `skip` never move: their tables wait)."""
    for planned in await svc.tables.gatherings.tables(gathering_id, round_):
        await play_table(svc, planned.table_id, skip)
        await due(svc)


async def play_table(svc, table_id: int, skip: frozenset[int] = frozenset()):
    table = await svc.tables.cache.get_by_id(table_id)
    while table is not None and table.status == "active":
        seat = min(table.to_act)
        user = table.seats[seat].user_id
        if user in skip:
            break
        table = await svc.tables.act(table.id, user, played(table.game.timeout_action(table.state, seat)), table.seq)
    return table
