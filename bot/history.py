"""A closed table as a game record (bot/fairness.py): what `/game verify` checks and attaches as JSON."""

from __future__ import annotations

import json
from typing import Any

from db import Store

from .errors import Refusal
from .fairness import record_game
from .games import GAMES
from .games.core import decode_action
from .games.rng import FAIR
from .games.text import N_


async def game_record(store: Store, table_id: int, guild_id: int | None) -> dict[str, Any]:
    """The record of a finished or ended table of this server; a Refusal saying why there is none."""
    row = await store.session(table_id)
    if row is None or row.guild_id != guild_id:
        raise Refusal(N_("There is no table {table} in this server."), table=table_id)
    if row.status in ("lobby", "active"):
        raise Refusal(N_("Table {table} is still open: its dice seed is revealed when the game ends."), table=table_id)
    if row.started_at is None:
        raise Refusal(N_("Table {table} closed before its game started: no dice were rolled."), table=table_id)
    game = GAMES.get(row.game)
    if game is None or game.rules_version != row.rules_version:
        raise Refusal(N_("Table {table} was played under rules this bot no longer plays."), table=table_id)
    seats = sorted(await store.seats(table_id), key=lambda s: s.seat)
    names = [("🤖 " if s.is_computer else "") + s.name for s in seats]
    moves = [(e.seat, decode_action(game, e.action), e.by) for e in await store.events(table_id)]
    client_seeds = [s.client_seed or "" for s in seats] if row.derivation == FAIR else None
    record = record_game(game, json.loads(row.options), names, row.seed, client_seeds, moves)
    return {"table": table_id, "status": row.status, **record}
