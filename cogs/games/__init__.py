"""The one registry of games. Each package here is one game at the Discord edge, named by its id, and it registers
itself once, in its `__init__.py`: `GAME = GameParts(engine, renderer, drawer, sample)` beside the `setup` that
loads its cog. Everything else is found from here: the engines the service plays, the extensions the bot loads,
the renderers and drawers, the sample tables, each game's catalog domain and rules doc.

A game is found by looking, not by a list: every package under the searched packages (`SEARCHED`; the bot's own
is this one) that holds a `GAME`. A fifth game is a folder `bot/games/<id>/` (its engine), a folder
`cogs/games/<id>/` (its cog, renderer, drawer and registration), its catalog `locales/*/LC_MESSAGES/<id>.po` and
its rules doc `docs/rules/<id>.md`; nothing else changes.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType

from bot.games.core import Game
from bot.pictures import Drawer
from bot.service import Table
from cogs.table.render import Renderer

ROOT = Path(__file__).resolve().parents[2]
SEARCHED = ["cogs.games"]  # packages whose game packages are registered (the tests add their toy game's)


@dataclass(frozen=True)
class GameParts:
    """One game, whole: its rules, how its table looks, its picture, and a scripted table of it."""

    engine: Game
    renderer: Renderer
    drawer: Drawer
    sample: Callable[..., Table]  # a scripted table (`players` seats, or its own number): the pictures in docs/,
    # their tests and benchmark
    rules_doc: Path | None = None  # its rules (default docs/rules/<id>.md)
    extension: str = field(default="", compare=False)  # the package the bot loads (found: `discover`)

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


_found: dict[tuple[str, ...], dict[str, GameParts]] = {}


def registered() -> dict[str, GameParts]:
    """Every game found under the searched packages, by id, in the order found."""
    key = tuple(SEARCHED)
    if key not in _found:
        _found[key] = {parts.id: parts for name in key for parts in discover(importlib.import_module(name))}
    return _found[key]


def live() -> dict[str, GameParts]:
    """The bot's own games (those under this package), whatever else is searched."""
    return {game_id: parts for game_id, parts in registered().items() if parts.extension.startswith(f"{__name__}.")}


def engines(games: dict[str, GameParts] | None = None) -> dict[str, Game]:
    """The engines by id, as the service takes them."""
    return {game_id: parts.engine for game_id, parts in (registered() if games is None else games).items()}


def discover(package: ModuleType) -> list[GameParts]:
    """The games of `package`: each sub-package that registers one (`GAME`), its package noted as its extension."""
    found = []
    for module in sorted(pkgutil.iter_modules(package.__path__), key=lambda m: m.name):
        if not module.ispkg:
            continue
        name = f"{package.__name__}.{module.name}"
        parts = getattr(importlib.import_module(name), "GAME", None)
        if isinstance(parts, GameParts):
            if parts.id != module.name:
                raise ValueError(f"{name} registers {parts.id!r}: a game's package is named by its id")
            found.append(GameParts(parts.engine, parts.renderer, parts.drawer, parts.sample, parts.rules_doc, name))
    return found
