"""The games the bot plays, found by looking: each package under the searched packages (`SEARCHED`; the bot's own is
`bot.games`) that declares its engine as `GAME` is one game, and the package is named by the game's id.

Everything that needs only the rules asks here: the service is handed `engines()`, `python -m bot verify` and the
backups replay with them, the conformance and recorded-play tests go over them. The Discord edge adds its parts to
each id (`cogs/games`), and a test run adds its toy games' package to the search (tests/conftest.py).
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterator
from types import ModuleType
from typing import Any

from .core import Game

OWN = "bot.games"
SEARCHED = [OWN]  # packages whose game packages are registered (the tests add their toy games')

_found: dict[tuple[str, ...], dict[str, Game]] = {}
_packages: dict[str, str] = {}  # game id -> the package that declares it


def engines() -> dict[str, Game]:
    """Every game found under the searched packages, by id, in the order found."""
    key = tuple(SEARCHED)
    if key not in _found:
        _found[key] = {game.id: game for name in key for game in discover(importlib.import_module(name))}
    return _found[key]


def own() -> dict[str, Game]:
    """The bot's own games (those under `bot.games`), whatever else is searched: what the live bot plays."""
    return {game_id: game for game_id, game in engines().items() if package_of(game_id).startswith(f"{OWN}.")}


def package_of(game_id: str) -> str:
    """The package that declares the game (`bot.games.<id>`, or a toy game's)."""
    engines()
    return _packages[game_id]


def declared(package: ModuleType, attribute: str) -> Iterator[tuple[str, str, Any]]:
    """Each sub-package of `package` that declares `attribute`, in name order: its full name, its own name (a
    game's id) and what it declares. The edge's registry finds its parts the same way."""
    for module in sorted(pkgutil.iter_modules(package.__path__), key=lambda m: m.name):
        if module.ispkg:
            name = f"{package.__name__}.{module.name}"
            value = getattr(importlib.import_module(name), attribute, None)
            if value is not None:
                yield name, module.name, value


def discover(package: ModuleType) -> list[Game]:
    """The games of `package`: each sub-package that declares one (`GAME`), named by its id."""
    found = []
    for name, game_id, game in declared(package, "GAME"):
        if game.id != game_id:
            raise ValueError(f"{name} declares {game.id!r}: a game's package is named by its id")
        _packages[game.id] = name
        found.append(game)
    return found
