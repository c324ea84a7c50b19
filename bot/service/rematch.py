"""A rematch: a finished table offers one to its players for REMATCH_WINDOW; once every member of the last game
said yes, a new table opens in the same channel or thread and begins at once — the same game, options, pace and
computer seats (each seat's every stored attribute but what belonged to that game), a fresh secret seed and a
fresh client seed for every seat, the seats rotated by one (whoever sat second sits first). One no ends the
offer. Each answer claims the finished table's next revision, so two last answers at once open one table."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import datetime

from db import ChannelTaken, Store, TableRow
from db.community import Community
from db.outbox import OutboxRows

from ..games.core import replace, resolve_options
from ..games.rng import FAIR
from ..games.text import N_, Name
from . import errors
from .cache import TableCache
from .calls import Calls
from .errors import listing
from .lobby import Lobby
from .outbox import OFFER_LAPSED
from .records import Records
from .table import (
    REMATCH_WINDOW,
    Clicked,
    LiveTable,
    Move,
    Table,
    lobby_lifetime,
    rematch_seats,
    seat_from_row,
    snapshot,
)
from .turns import Turns


class Rematches:
    def __init__(self, cache: TableCache, turns: Turns, calls: Calls, lobby: Lobby, records: Records,
                 clock: Callable[[], datetime], new_seed: Callable[[], str], new_client_seed: Callable[[], str]
                 ) -> None:
        self._cache, self._turns, self._calls, self._lobby, self._records = cache, turns, calls, lobby, records
        self._clock, self._new_seed, self._new_client_seed = clock, new_seed, new_client_seed

    async def answer(self, at: Clicked, user_id: int, wants: bool) -> tuple[Table, Table | None]:
        """A player's yes or no: the finished table with the offer as it stands now, and the rematch if this yes
        was the last one needed."""
        return await self._cache.retried(self._answer, at, user_id, wants)

    async def _answer(self, at: Clicked, user_id: int, wants: bool) -> tuple[Table, Table | None]:
        store = self._cache.store
        row = await store.table(at.table_id)
        if row is None or at.guild_id is None or row.guild_id != at.guild_id:
            raise errors.NotHere()
        table = await self._records.closed_table(row.id)
        offer = table.rematch if table is not None else None
        if table is None or offer is None:
            raise errors.Refusal(N_("There is no rematch to answer at this table."))
        names = {s.user_id: Name(s.name) for s in table.seats if s.human}
        if user_id not in offer.players:
            raise errors.Refusal(N_("Only the players of table {table} answer its rematch offer."), table=row.id)
        if offer.declined_by is not None:
            raise errors.Refusal(N_("{name} declined the rematch."), name=names[offer.declined_by])
        if offer.opened is not None:
            raise errors.Refusal(N_("The rematch is already open: table {table}."), table=offer.opened)
        now = self._clock().timestamp()
        if now > offer.until:
            raise errors.Refusal(N_("The rematch offer of table {table} lapsed: it is open for {n} minutes after "
                                    "the game."), table=row.id, n=round(REMATCH_WINDOW / 60))
        if wants and user_id in offer.wanted:
            waiting = [names[u] for u in offer.players if u not in offer.wanted]
            raise errors.Refusal(N_("You already asked for a rematch: waiting for {names}."), names=listing(waiting))
        rematch: tuple[LiveTable, list[Move]] | None = None
        try:
            async with store.transaction() as tx:
                await tx.advance_rev(row.id, row.rev)  # answers to one offer go one after the other
                await Community(tx).add_rematch_vote(row.id, user_id, wants, now)
                if wants and set(offer.wanted) | {user_id} == set(offer.players):
                    rematch = await self._open(tx, row, table, now)
                if not wants or rematch is not None:  # the offer ends here: its buttons go now, not at its lapse
                    await OutboxRows(tx).drop(row.id, OFFER_LAPSED)
        except ChannelTaken as taken:  # a table was opened in the channel since the game ended: nothing is kept
            raise await self._lobby.busy(row.channel_id) from taken
        if not wants:
            return replace(table, rematch=replace(offer, declined_by=user_id)), None
        offer = replace(offer, wanted=tuple(u for u in offer.players if u in {*offer.wanted, user_id}))
        if rematch is None:
            return replace(table, rematch=offer), None
        live, moves = rematch
        self._cache.opened(live, moves)
        newly = frozenset(live.game.to_act(live.state))
        new = snapshot(live, moves, newly=newly, called=await self._calls.called(live, newly))
        return replace(table, rematch=replace(offer, opened=new.id)), new

    async def _open(self, tx: Store, row: TableRow, table: Table, now: float) -> tuple[LiveTable, list[Move]]:
        """The rematch's table, begun, in the transaction of the last yes."""
        game = self._cache.games[row.game]
        kept = rematch_seats(table.seats)
        order = kept[1:] + kept[:1]
        members = [s.member_id for s in order if s.human]
        host = row.host_id if row.host_id in members else members[0]
        await self._lobby.check_hosting(row.guild_id, host)
        table_id = await tx.create_table(
            guild_id=row.guild_id, channel_id=row.channel_id, game=row.game, rules_version=game.rules_version,
            options=json.dumps(resolve_options(game, json.loads(row.options)), sort_keys=True), host_id=host,
            seed=self._new_seed(), pace_seconds=row.pace_seconds, created_at=now,
            deadline_at=now + lobby_lifetime(row.pace_seconds), derivation=FAIR, clock=row.clock,
            away=bool(row.away))
        community = Community(tx)
        for new_seat, old in enumerate(order):
            await community.copy_seat(row.id, old.seat, table_id, new_seat, self._new_client_seed())
        await community.mark_rematch(table_id, row.id)
        opened = await tx.table(table_id)
        assert opened is not None, "the table just made"
        live = LiveTable(opened, game, [seat_from_row(s) for s in await tx.seats(table_id)])
        return live, await self._turns.begin(tx, live)
