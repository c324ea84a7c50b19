"""Closed tables, read back: their final state, their story (every event), the game step by step for a replay,
and the game record that `/game verify` checks (fairness.py).

A request names a table by its number, or, without one, by the channel it was played in (its last game played:
a table open there has no story yet)."""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from db import Store
from db.community import Community

from ..games.core import Game, decode_action, replace
from ..games.rng import FAIR
from ..games.text import N_
from .cache import TableCache
from .dice import TableDice
from .errors import NoTable, Refusal
from .fairness import record_game
from .table import LiveTable, Table, seat_from_row, snapshot

log = logging.getLogger(__name__)
OPEN = ("lobby", "active")
# What a replay jumps by: a round, where the engine marks its start (Armadillo, Army Men, DARDZ), else a turn.
CHAPTERS = ("round_started", "turn_started")
EARLIER = 5  # the games played before the last one in a channel that its history names


@dataclass(frozen=True)
class Replayed:
    """A closed table as it stood after one of its moves, for its replay."""

    table: Table  # its news: that move's events (the set-up's at move 0)
    total: int  # the moves of the game
    chapter: str | None  # what the replay jumps by: "round", "turn", or None (the game marks neither)
    starts: tuple[int, ...] = ()  # the moves after which a round (or a turn) had begun, in order


def chapters(live: LiveTable) -> tuple[str | None, tuple[int, ...]]:
    """What a replay of this whole game jumps by, and the moves after which each of those began."""
    steps = [(0, live.opening), *((move.seq, move.events) for move in live.log)]
    for kind in CHAPTERS:
        starts = tuple(step for step, events in steps if any(e.kind == kind for e in events))
        if starts:
            return kind.split("_")[0], starts
    return None, ()


class Records:
    def __init__(self, store: Store, games: Mapping[str, Game], dice: TableDice, cache: TableCache) -> None:
        self._store, self._games, self._dice, self._cache = store, games, dice, cache

    async def closed_table(self, table_id: int, with_story: bool = False) -> Table | None:
        """A finished or ended table, rebuilt from the database so its message can be shown again;
        `with_story`: with every event of the game (`Table.story`), for its history."""
        found = await self._store.table_log(table_id)
        if found is None or found[0].status in OPEN or found[0].game not in self._games:
            return None
        row, seats, logged = found
        live = LiveTable(row, self._games[row.game], [seat_from_row(s) for s in seats])
        if row.started_at is not None and live.game.rules_version == row.rules_version:
            try:
                self._dice.replay(live, logged)
            except Exception:
                log.exception("closed table %s cannot be replayed", row.id)
                live.state = None
        table = snapshot(live)
        if table.rematch is not None:  # with the players' answers so far, and whether its time is over
            community = Community(self._store)
            offer = table.rematch.answered(await community.rematch_votes(row.id), await community.rematch_of(row.id))
            table = replace(table, rematch=replace(offer, lapsed=self._cache.now() >= offer.until))
        if with_story and live.state is not None:
            table = replace(table, story=live.opening + tuple(e for move in live.log for e in move.events))
        return table

    async def replay_step(self, table_id: int, step: int) -> Replayed | None:
        """A closed table as it stood after move `step` (0: the set-up), with that move's events as its news;
        how many moves the game had, and where its rounds began. None: no closed table that began its game."""
        found = await self._store.table_log(table_id)
        if found is None:
            return None
        row, seats, logged = found
        if row.status in OPEN or row.started_at is None or row.game not in self._games:
            return None
        if self._games[row.game].rules_version != row.rules_version:
            return None
        step = max(0, min(step, len(logged)))
        whole = LiveTable(row, self._games[row.game], [seat_from_row(s) for s in seats])
        self._dice.replay(whole, logged)
        live = LiveTable(replace(row, seq=step), self._games[row.game], [seat_from_row(s) for s in seats])
        self._dice.replay(live, logged[:step])
        news = live.log[-1].events if step else live.opening
        table = replace(snapshot(live), news=news, luck=(), rematch=None, followers=0)
        if step < len(logged):  # the game went on: not its result yet
            table = replace(table, status="active", deadline_at=None)
        return Replayed(table, len(logged), *chapters(whole))

    async def last_closed_in(self, channel_id: int) -> Table | None:
        row = await self._store.last_table_in(channel_id)
        return await self.closed_table(row.id) if row else None

    async def shown_in(self, channel_id: int) -> Table:
        """The channel's open table; with none, its last closed one (its final state); NoTable without either."""
        try:
            return await self._cache.get(channel_id)
        except NoTable:
            table = await self.last_closed_in(channel_id)
            if table is None:
                raise
            return table

    async def _named(self, table_id: int | None, channel_id: int | None) -> int:
        """The table a command names: its number, or this channel's last game played (a table open here has no
        story yet, nor one closed before its game began); with none, the channel's last table, whose refusal
        says why (`channel_id` None: an interaction Discord gave no channel, where no table was played)."""
        if table_id is not None:
            return table_id
        if channel_id is not None:
            played = await self._store.played_tables_in(channel_id, 1)
            if played:
                return played[0]
            row = await self._store.last_table_in(channel_id)
            if row is not None:
                return row.id
        raise Refusal(N_("No table has been played in this channel yet."))

    async def game_record(self, guild_id: int | None, table_id: int | None, channel_id: int) -> dict[str, Any]:
        """The record of a finished or ended table of this server; a Refusal saying why there is none."""
        table_id = await self._named(table_id, channel_id)
        row = await self._store.table(table_id)
        if row is None or row.guild_id != guild_id:
            raise Refusal(N_("There is no table {table} in this server."), table=table_id)
        if row.status in OPEN:
            raise Refusal(N_("Table {table} is still open: its dice seed is revealed when the game ends."),
                          table=table_id)
        if row.started_at is None:
            raise Refusal(N_("Table {table} closed before its game started: no dice were rolled."), table=table_id)
        game = self._games.get(row.game)
        if game is None or game.rules_version != row.rules_version:
            raise Refusal(N_("Table {table} was played under rules this bot no longer plays."), table=table_id)
        seats = sorted(await self._store.seats(table_id), key=lambda s: s.seat)
        names = [("🤖 " if s.is_computer else "") + s.name for s in seats]
        moves = [(m.seat, decode_action(game, m.action), m.by) for m in await self._store.moves(table_id)]
        client_seeds = [s.client_seed or "" for s in seats] if row.derivation == FAIR else None
        levels = [s.level if s.is_computer else None for s in seats]
        record = record_game(game, json.loads(row.options), names, row.seed, client_seeds, moves, levels)
        return {"table": table_id, "status": row.status, **record}

    async def history(self, guild_id: int | None, table_id: int | None, channel_id: int
                      ) -> tuple[Table, dict[str, Any], tuple[int, ...]]:
        """A closed table of this server with its story, its game record, and — named by the channel, not by its
        number — the other games played here last (EARLIER of them, newest first)."""
        named = table_id is None
        table_id = await self._named(table_id, channel_id)
        table = await self.closed_table(table_id, with_story=True)
        if table is None or table.guild_id != guild_id:
            if table is None and (row := await self._store.table(table_id)) and row.guild_id == guild_id:
                raise Refusal(N_("Table {table} is still open: its history is written when the game ends."),
                              table=table_id)
            raise Refusal(N_("There is no table {table} in this server."), table=table_id)
        if table.state is None:
            raise Refusal(N_("Table {table} closed before its game started: there is no story to tell."),
                          table=table_id)
        earlier = await self._store.played_tables_in(channel_id, EARLIER + 1) if named else []
        return table, await self.game_record(guild_id, table_id, channel_id), tuple(
            t for t in earlier if t != table_id)[:EARLIER]

    async def replay(self, guild_id: int | None, table_id: int | None, channel_id: int | None, step: int,
                     user_id: int | None = None) -> Replayed:
        """A closed table of this server as it stood after move `step`, how many moves it had and where its rounds
        began. From a DM (`guild_id` None), a table the member played at or followed (its result came by DM with
        its replay)."""
        table_id = await self._named(table_id, channel_id)
        row = await self._store.table(table_id)
        if row is not None and guild_id is None and user_id is not None and await self._concerns(row.id, user_id):
            guild_id = row.guild_id
        if row is None or row.guild_id != guild_id:
            raise Refusal(N_("There is no table {table} in this server."), table=table_id)
        found = await self.replay_step(table_id, step)
        if found is None:
            if row.status in OPEN:
                raise Refusal(N_("Table {table} is still open: its replay is ready when the game ends."),
                              table=table_id)
            raise Refusal(N_("Table {table} closed before its game started: there is nothing to replay."),
                          table=table_id)
        return found

    async def _concerns(self, table_id: int, user_id: int) -> bool:
        seated = any(s.user_id == user_id for s in await self._store.seats(table_id))
        return seated or await Community(self._store).follows(table_id, user_id)
