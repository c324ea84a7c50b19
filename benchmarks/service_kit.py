"""The service as the code imported in this process builds it: this tree's (`bot.service`), or, where a benchmark
measures an earlier commit, that commit's (`bot.sessions.Sessions`, before the service became a package)."""

from __future__ import annotations

from types import ModuleType
from typing import Any


def open_service(store: Any, **options: Any) -> Any:
    """The service on `store`, with the bot's games; `options` as the service takes them (clock=…)."""
    try:
        from bot.service import open_tables
    except ImportError:  # an earlier commit
        from bot.sessions import Sessions

        return Sessions(store, **options)
    return open_tables(store, engines(), **options)


def measured() -> dict[str, Any]:
    """The service's options that count what it does as the bot does with METRICS_PORT set (every feature on);
    none for a commit from before the metrics."""
    try:
        from bot.metrics import Metrics
    except ImportError:  # an earlier commit
        return {}
    return {"metrics": Metrics()}


def engines() -> dict[str, Any]:
    """The game engines by id, as the bot plays them."""
    try:
        from cogs.games import engines as registered
    except ImportError:  # an earlier commit
        from bot.games import GAMES

        return GAMES
    return registered()


def refusals() -> ModuleType:
    """The module of the service's refusals (`errors.NoTable`, …)."""
    try:
        from bot.service import errors
    except ImportError:  # an earlier commit
        from bot import errors
    return errors


def cache_class() -> tuple[type, str]:
    """The class that rebuilds tables, and the name of its rebuild method."""
    try:
        from bot.service.cache import TableCache
    except ImportError:  # an earlier commit
        from bot.table_access import TableAccessMixin

        return TableAccessMixin, "_rebuild"
    return TableCache, "_rebuild"


async def open_table_ids(store: Any) -> list[int]:
    return await (store.open_table_ids() if hasattr(store, "open_table_ids") else store.open_session_ids())


async def open_table_rows(store: Any) -> list[Any]:
    return await (store.open_tables() if hasattr(store, "open_tables") else store.open_sessions())
