"""A gathering's rounds: who plays a round, seating it (once, whatever races it), the standings, opening a round's
table as an ordinary table, and what the end of one of its tables writes.

A round is seated in one transaction that first takes the gathering's next revision: of two processes finishing a
round's last two tables at once, both wake it, one seats the next round, and the other's seating fails its revision
check and writes nothing. A round's table becomes an ordinary table — rated, with its clocks, away days, the vote to
replace an absent member — once the edge has given it a thread (`open`): opened and begun in one transaction with
its placing, so a table is never opened twice for one place.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import replace
from datetime import datetime

from db import Store
from db.gatherings import GatheringBook, GatheringRow, MemberRow, StandingsRows

from ...games.core import Game
from ...games.rng import FAIR
from ...gatherings import (
    PLAYING,
    ROUND_ROBIN,
    SWISS,
    Member,
    Played,
    Seating,
    bye_points,
    first_round,
    next_round,
    points_by_placing,
    standings,
)
from ...gatherings.round_robin import round_robin_round, round_robin_rounds
from ..cache import TableCache
from ..calls import Calls
from ..ratings import DEFAULT_MU, DEFAULT_SIGMA
from ..records import Records
from ..results import seat_places
from ..table import LiveTable, Move, Table, lobby_lifetime, seat_from_row, snapshot
from ..turns import Turns
from .model import PlannedTable, Ranked


def rating(mu: float, sigma: float) -> float:
    """The conservative estimate the leaderboard orders by."""
    return mu - 3 * sigma


def players(row: GatheringRow, members: list[MemberRow], round_: int) -> list[MemberRow]:
    """Who plays round `round_`: not dropped, there from that round on, and — at a game night — checked in (a
    tournament's members checked in by signing up)."""
    return [m for m in members if m.dropped_at is None and m.first_round <= round_ and m.checked_in_at is not None]


def played(found: StandingsRows) -> list[Played]:
    """Every table seated so far, and every bye, as the domain reads them."""
    tables: dict[tuple[int, int], list[tuple[int | None, float | None]]] = {}
    for round_, table_no, _seat, user_id, points in found.seats:  # in seat order
        tables.setdefault((round_, table_no), []).append((user_id, points))
    rows = []
    for (round_, _), seats in sorted(tables.items()):
        scores = tuple(p for _, p in seats if p is not None)  # all of them, or the table has no result (yet)
        rows.append(Played(round_, tuple(u for u, _ in seats), scores if len(scores) == len(seats) else None))
    rows += [Played(round_, (user_id,), (points,), bye=True) for round_, user_id, points in found.byes]
    return rows


def ranked(found: StandingsRows) -> tuple[Ranked, ...]:
    members = [Member(m.user_id, rating(mu, sigma), m.dropped_at is not None) for m, mu, sigma in found.members]
    names = {m.user_id: m.name for m, _, _ in found.members}
    return tuple(Ranked(s, names[s.user_id]) for s in standings(members, played(found)))


def seating(row: GatheringRow, game: Game, found: StandingsRows, round_: int) -> Seating:
    """Round `round_` of the gathering (its seeds set at round 1 for a round robin)."""
    members = [m for m, _, _ in found.members]
    playing = {m.user_id for m in players(row, members, round_)}
    ratings = {m.user_id: rating(mu, sigma) for m, mu, sigma in found.members}
    if row.kind == ROUND_ROBIN:
        seeds = [m.user_id for m in sorted(members, key=lambda m: (m.seed is None, m.seed or 0))
                 if m.seed is not None]
        dropped = {m.user_id for m in members if m.dropped_at is not None}
        return round_robin_round(seeds, round_, dropped)
    byes = row.kind == SWISS
    history = played(found)
    if not history:
        return first_round([Member(u, ratings[u]) for u in sorted(playing)], game.min_players, row.seats, byes=byes)
    order = [s.standing.user_id for s in ranked(found) if s.standing.user_id in playing]
    return next_round(order, history, game.min_players, row.seats, byes=byes)


class Rounds:
    def __init__(self, store: Store, games: Mapping[str, Game], cache: TableCache, turns: Turns, calls: Calls,
                 records: Records, clock: Callable[[], datetime], new_seed: Callable[[], str],
                 new_client_seed: Callable[[], str]) -> None:
        self._store, self._games, self._cache, self._turns, self._calls = store, games, cache, turns, calls
        self._records = records
        self._clock, self._new_seed, self._new_client_seed = clock, new_seed, new_client_seed

    def now(self) -> float:
        return self._clock().timestamp()

    async def standings(self, gathering_id: int) -> tuple[Ranked, ...]:
        """The standings, from one statement (one snapshot, one round trip)."""
        return ranked(await GatheringBook(self._store).standings_rows(gathering_id, DEFAULT_MU, DEFAULT_SIGMA))

    async def tables(self, gathering_id: int, round_: int) -> tuple[PlannedTable, ...]:
        rows = await GatheringBook(self._store).round_tables(gathering_id, round_)
        return tuple(PlannedTable(round_, r.table_no, r.seats, r.session_id, r.status) for r in rows)

    async def seat(self, row: GatheringRow, round_: int) -> bool:
        """Seat round `round_` from the gathering as read at `row`: False (and nothing written) when too few members
        are left to play it. `Conflict` when the gathering changed since `row` was read."""
        game = self._games[row.game]
        async with self._store.transaction() as tx:
            book = GatheringBook(tx)
            found = await book.standings_rows(row.id, DEFAULT_MU, DEFAULT_SIGMA)
            members = [m for m, _, _ in found.members]
            present = players(row, members, round_)
            if len(present) < game.min_players:
                return False
            fields: dict[str, object] = {"state": PLAYING, "round": round_}
            order: list[MemberRow] = []
            if round_ == 1:
                ratings = {m.user_id: rating(mu, sigma) for m, mu, sigma in found.members}
                order = sorted(present, key=lambda m: (-ratings[m.user_id], m.user_id))
                fields["started_at"] = self.now()
                if row.kind == ROUND_ROBIN:
                    fields["rounds"] = len(round_robin_rounds([m.user_id for m in order]))
            await book.change(row.id, row.rev, **fields)  # first: of two processes seating it, one gets here
            for seed, member in enumerate(order, start=1):
                await book.update_member(row.id, member.user_id, seed=seed)
            if order:
                found = StandingsRows([(_seeded(m, order), mu, sigma) for m, mu, sigma in found.members],
                                      found.seats, found.byes)
            chosen = seating(row, game, found, round_)
            for number, seats in enumerate(chosen.tables, start=1):
                await book.add_table(row.id, round_, number, seats)
            for user_id in chosen.byes:
                await book.add_bye(row.id, round_, user_id, bye_points(row.seats))
        return True

    async def open(self, row: GatheringRow, planned: PlannedTable, channel_id: int, computer_name: str
                   ) -> tuple[Table, bool]:
        """The round's table at `channel_id` (a thread the edge made), begun; True when this call opened it (False:
        another call had — then the edge's thread is spare). `Conflict` when another process placed it meanwhile."""
        if planned.table_id is not None:
            return await self._cache.get_by_id(planned.table_id) or await self._closed(planned.table_id), False
        game, now = self._games[row.game], self.now()
        members = {m.user_id: m for m in await GatheringBook(self._store).members(row.id)}
        humans = [u for u in planned.seats if u is not None and members[u].dropped_at is None]
        host = humans[0] if humans else row.host_id
        async with self._store.transaction() as tx:
            table_id = await tx.create_table(
                guild_id=row.guild_id, channel_id=channel_id, game=row.game, rules_version=game.rules_version,
                options=json.dumps(json.loads(row.options), sort_keys=True), host_id=host, seed=self._new_seed(),
                pace_seconds=row.pace_seconds, created_at=now, deadline_at=now + lobby_lifetime(row.pace_seconds),
                derivation=FAIR, clock=row.clock, away=bool(row.away))
            computers = 0
            for seat, user_id in enumerate(planned.seats):
                if user_id is None:
                    computers += 1
                    name, gone = computer_name.format(n=computers), True
                else:  # a member who dropped before their table opened: the computer plays for them, as a leaver
                    name, gone = members[user_id].name, members[user_id].dropped_at is not None
                await tx.add_seat(table_id, seat, user_id, name, is_computer=gone,
                                  client_seed=self._new_client_seed(), touched_at=None if gone else now)
            await GatheringBook(tx).place(row.id, planned.round, planned.number, table_id)
            live = LiveTable(await tx.table(table_id), game, [seat_from_row(s) for s in await tx.seats(table_id)])
            moves = await self._turns.begin(tx, live)
        return await self._shown(live, moves), True

    async def _shown(self, live: LiveTable, moves: list[Move]) -> Table:
        if live.row.status in ("lobby", "active"):
            self._cache.keep(live)
        newly = frozenset(live.game.to_act(live.state)) if live.row.status == "active" else frozenset()
        return snapshot(live, moves, newly=newly, called=await self._calls.called(live, newly))

    async def _closed(self, table_id: int) -> Table:
        table = await self._records.closed_table(table_id)
        assert table is not None, f"table {table_id} is neither open nor closed"
        return table

    async def table_closed(self, tx: Store, live: LiveTable) -> None:
        """In the transaction closing any table: if it is a gathering's, its seats' points (a table that ended
        without a result scores nothing) and its gathering woken. Writes only (no round trip)."""
        outcome = live.game.outcome(live.state) if live.row.status == "finished" and live.state is not None else None
        points = points_by_placing(seat_places(live.seats, outcome)) if outcome is not None else None
        await GatheringBook(tx).table_closed(live.row.id, points, self.now())


def _seeded(member: MemberRow, order: list[MemberRow]) -> MemberRow:
    seeds = {m.user_id: i for i, m in enumerate(order, start=1)}
    return replace(member, seed=seeds.get(member.user_id))
