"""Every open table of a database replayed from its log, writing nothing: the proof that a copy of the database
(`python -m bot backup`) holds playable tables. No Discord here."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from db import Store

from ..games.core import Game
from ..games.rng import table_rng
from .dice import RngFactory, TableDice
from .table import LiveTable, seat_from_row


@dataclass
class Replayed:
    tables: int = 0  # open tables replayed
    moves: int = 0  # their moves
    problems: list[str] = field(default_factory=list)  # "table 12: why", one per table that did not replay


async def replay_open(store: Store, games: Mapping[str, Game], rng_factory: RngFactory = table_rng) -> Replayed:
    """Replay each open table from its set-up through its last logged move, as the bot would rebuild it."""
    dice, found = TableDice(rng_factory), Replayed()
    for table_id in await store.open_table_ids():
        log = await store.table_log(table_id)
        if log is None:
            continue
        row, seats, moves = log
        game = games.get(row.game)
        if game is None or game.rules_version != row.rules_version:
            found.problems.append(f"table {table_id}: its game {row.game!r} (rules {row.rules_version}) is not played "
                                  "by this version of the bot")
            continue
        if row.status == "active":
            try:
                dice.replay(LiveTable(row, game, [seat_from_row(s) for s in seats]), moves)
            except Exception as error:  # noqa: BLE001 - a move that does not replay is what this looks for
                found.problems.append(f"table {table_id}: its {len(moves)} moves do not replay ({error})")
                continue
        found.tables += 1
        found.moves += len(moves)
    return found
