"""The edge's registry of games. The games themselves are registered at the game layer (`bot/games/registry.py`:
each `bot/games/<id>/` declares its engine); each package here adds, once, in its `__init__.py`, what the Discord
edge needs of that id: `EDGE = GameEdge(renderer, drawer, sample, cog, opening, …)`. Everything else is found from
here: the renderers and drawers, the cogs (with `/<id> new` and `/<id> rules` made for each: game_cog.py), the
sample tables, each game's catalog domain and rules doc.

A game's edge package is found by looking, not by a list: every package under the searched packages (`SEARCHED`;
the bot's own is this one) that holds an `EDGE`, named by its game's id, and every registered engine must have one.
A fifth game is a folder `bot/games/<id>/` (its engine), a folder `cogs/games/<id>/` (its cog, renderer, drawer and
`EDGE`), its tests (`tests/games/<id>/`, `tests/cogs/games/<id>/`), its catalog `locales/*/LC_MESSAGES/<id>.po`
and its rules doc `docs/rules/<id>.md`; nothing else changes.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass, fields
from pathlib import Path
from types import ModuleType
from typing import Any

import discord

from bot.games import registry
from bot.games.core import Game
from bot.pictures import Drawer
from bot.service import Table
from cogs.table.render import Renderer

from .game_cog import RULES, GameCog, Opening

ROOT = Path(__file__).resolve().parents[2]
SEARCHED = ["cogs.games"]  # packages whose game packages add their edge (the tests add their toy games')


@dataclass(frozen=True, kw_only=True)
class GameEdge:
    """What the Discord edge adds to a game: how its table looks, its picture, and a scripted table of it."""

    renderer: Renderer
    drawer: Drawer
    sample: Callable[..., Table]  # a scripted table (`players` seats, or its own number): the pictures in docs/,
    # their tests and benchmark
    cog: type[GameCog]  # its slash group: its typed moves (`/<id> new` and `/<id> rules` are made for it)
    opening: Opening  # how `/<id> new` reads
    rules: str = RULES  # `/<id> rules`' description
    controls: tuple[type[discord.ui.DynamicItem[Any]], ...] = ()  # its own persistent controls, beside the table's
    rules_doc: Path | None = None  # its rules (default docs/rules/<id>.md)


@dataclass(frozen=True, kw_only=True)
class GameParts(GameEdge):
    """One game, whole: its engine (the game layer's) and what the edge adds to it."""

    engine: Game
    package: str  # the edge package that adds it

    @property
    def id(self) -> str:
        return self.engine.id

    @property
    def domain(self) -> str:
        """Its catalog: `locales/<language>/LC_MESSAGES/<id>.po` (the texts its folders mark)."""
        return self.engine.id

    @property
    def rules_path(self) -> Path:
        return self.rules_doc or ROOT / "docs" / "rules" / f"{self.id}.md"

    @property
    def private_seat(self) -> int | None:
        """Whose private picture the sample shows (a game with secrets), else None."""
        return 0 if self.engine.has_secrets else None


_found: dict[tuple[tuple[str, ...], tuple[str, ...]], dict[str, GameParts]] = {}


def registered() -> dict[str, GameParts]:
    """Every registered game with its edge, by id, in the engines' order."""
    key = (tuple(registry.SEARCHED), tuple(SEARCHED))
    if key not in _found:
        edges = {package.rpartition(".")[2]: (package, edge)
                 for name in SEARCHED for package, edge in discover(importlib.import_module(name))}
        engines = registry.engines()
        missing = sorted(engines.keys() - edges.keys())
        if missing:
            raise LookupError(f"no edge package adds {missing}: each game needs its cogs/games/<id>/ (`EDGE`)")
        _found[key] = {game_id: GameParts(**parts_of(edges[game_id][1]), engine=engine, package=edges[game_id][0])
                       for game_id, engine in engines.items()}
    return _found[key]


def live() -> dict[str, GameParts]:
    """The bot's own games (its engines are under bot/games), whatever else is searched."""
    own = registry.own()
    return {game_id: parts for game_id, parts in registered().items() if game_id in own}


def parts_of(edge: GameEdge) -> dict[str, Any]:
    """The edge's parts by name, as they are (`asdict` would copy them)."""
    return {field.name: getattr(edge, field.name) for field in fields(GameEdge)}


def discover(package: ModuleType) -> list[tuple[str, GameEdge]]:
    """The edges of `package` (each with its package's name): each sub-package that adds one (`EDGE`), named by its
    game's id."""
    found = []
    for name, game_id, edge in registry.declared(package, "EDGE"):
        if not isinstance(edge, GameEdge):
            continue
        if edge.renderer.engine.id != game_id:
            raise ValueError(f"{name} adds the edge of {edge.renderer.engine.id!r}: a game's package is named by "
                             f"its id")
        found.append((name, edge))
    return found
