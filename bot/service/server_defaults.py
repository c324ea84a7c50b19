"""A server's defaults per game (`/settings defaults`, its house rules): the pace, clock, away days and game options
that `/<game> new` and a gathering start from in this server. A table's own choice wins over them, and they win
over the bot's own defaults. Each choice is checked as the table would check it; a refusal changes nothing."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from db import Store
from db.server_defaults import DefaultsBook, GameDefaultsRow

from ..games.core import Game, IllegalAction, resolve_options
from ..games.text import N_, OptionName
from .clocks import BANK
from .errors import Refusal
from .table import PACES

CLOCKS = ("fixed", BANK)
MIN_PACE, MAX_PACE = 60, 7 * 86400  # seconds a move may be given


@dataclass(frozen=True)
class Opening:
    """What a table opens with, once its own choices and the server's defaults are put together."""

    options: dict[str, Any]
    pace_seconds: int
    clock: str
    away: bool


@dataclass(frozen=True)
class GameDefaults:
    """A server's defaults for one game; None (and options left out): the bot's own."""

    game: str
    pace_seconds: int | None = None
    clock: str | None = None
    away: bool | None = None
    options: dict[str, Any] = field(default_factory=dict)


def checked_pace(seconds: int) -> int:
    if not MIN_PACE <= seconds <= MAX_PACE:
        raise Refusal(N_("A pace is 1 minute to 7 days a move."))
    return seconds


def checked_clock(clock: str) -> str:
    if clock not in CLOCKS:
        raise Refusal(N_("A clock is fixed (a time per move) or bank (a time bank per player)."))
    return clock


def checked_options(game: Game, options: Mapping[str, Any]) -> dict[str, Any]:
    """The options a member chose, as the game knows them (unknown names and values are refused)."""
    try:
        resolve_options(game, options)
    except IllegalAction as refused:
        raise Refusal(refused.text) from refused
    chosen = {name: value for name, value in options.items() if value is not None}
    for name, value in chosen.items():  # a yes/no option takes yes or no, a number a number
        if type(value) is not type(game.options[name].default):
            raise Refusal(N_("Option {name} takes a value like {example}."), name=OptionName(name),
                          example=game.options[name].default)
    return chosen


class ServerDefaults:
    def __init__(self, store: Store, games: Mapping[str, Game]) -> None:
        self._store, self._games = store, games

    async def of(self, guild_id: int | None, game_id: str) -> GameDefaults:
        row = await DefaultsBook(self._store).of_game(guild_id, game_id) if guild_id is not None else None
        return _from_row(row) if row else GameDefaults(game_id)

    async def listed(self, guild_id: int) -> list[GameDefaults]:
        """Every game's defaults the server set (`/settings show`), by game id."""
        return [_from_row(row) for row in await DefaultsBook(self._store).of_guild(guild_id)]

    async def change(self, guild_id: int, game_id: str, *, pace_seconds: int | None = None, clock: str | None = None,
                     away: bool | None = None, options: Mapping[str, Any] | None = None) -> GameDefaults:
        """Set the choices given (None leaves one as it was); an option set to None goes back to the game's own."""
        game = self._games[game_id]
        current = await self.of(guild_id, game_id)
        merged = {**current.options, **(options or {})}
        chosen = GameDefaults(
            game_id,
            checked_pace(pace_seconds) if pace_seconds is not None else current.pace_seconds,
            checked_clock(clock) if clock is not None else current.clock,
            away if away is not None else current.away,
            checked_options(game, merged))
        async with self._store.transaction() as tx:
            await DefaultsBook(tx).put(GameDefaultsRow(
                guild_id, game_id, chosen.pace_seconds, chosen.clock,
                None if chosen.away is None else int(chosen.away), json.dumps(chosen.options, sort_keys=True)))
        return chosen

    async def clear(self, guild_id: int, game_id: str) -> None:
        async with self._store.transaction() as tx:
            await DefaultsBook(tx).clear(guild_id, game_id)

    async def opening(self, guild_id: int | None, game_id: str, *, options: Mapping[str, Any] | None = None,
                      pace_seconds: int | None = None, clock: str | None = None, away: bool | None = None
                      ) -> Opening:
        """What a table of `game_id` opens with in this server: each choice given wins, then the server's default,
        then the bot's own (casual pace, a fixed clock, away days on, the game's options)."""
        defaults = await self.of(guild_id, game_id)
        chosen = {**defaults.options, **{k: v for k, v in (options or {}).items() if v is not None}}
        return Opening(
            resolve_options(self._games[game_id], chosen),
            pace_seconds if pace_seconds is not None else defaults.pace_seconds or PACES["casual"],
            clock or defaults.clock or "fixed",
            away if away is not None else (defaults.away if defaults.away is not None else True))


def _from_row(row: GameDefaultsRow) -> GameDefaults:
    return GameDefaults(row.game, row.pace_seconds, row.clock, None if row.away is None else bool(row.away),
                        json.loads(row.options))
