"""The service as the code imported in this process builds it: this tree's (`bot.service`), or, where a benchmark
measures an earlier commit, that commit's (`bot.sessions.Sessions`, before the service became a package). The
benchmarks that measure earlier commits ask it through one object with a method per request, as those trees had it
(`OneDoor` gives this tree's the same face)."""

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
    service = open_tables(store, engines(), **options)
    return service if hasattr(service, "join") else OneDoor(service)


class OneDoor:
    """This tree's service with a method per request, as the earlier trees had it: each goes to the collaborator
    that owns it (bot/service/tables.py)."""

    def __init__(self, tables: Any) -> None:
        self._tables = tables

    async def open(self, **table: Any) -> Any:
        return await self._tables.lobby.open(**table)

    async def join(self, channel_id: int, user_id: int, name: str) -> Any:
        return await self._tables.lobby.join(channel_id, user_id, name)

    async def start(self, channel_id: int, user_id: int) -> Any:
        return await self._tables.turns.start(channel_id, user_id)

    async def act(self, table_id: int, user_id: int, action: Any, seq: int | None = None) -> Any:
        from bot.service import played

        return await self._tables.act(table_id, user_id, played(action), seq)

    async def get(self, channel_id: int) -> Any:
        return await self._tables.cache.get(channel_id)

    async def get_by_id(self, table_id: int) -> Any:
        return await self._tables.cache.get_by_id(table_id)

    async def closed_table(self, table_id: int) -> Any:
        return await self._tables.records.closed_table(table_id)

    async def load(self) -> Any:
        return await self._tables.load()

    def start_timer(self) -> None:
        self._tables.timer.start()

    async def close(self) -> None:
        await self._tables.timer.close()


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
        from bot.games.registry import engines as registered
    except ImportError:  # an earlier commit: the registry at the edge, or a list in bot/games
        try:
            from cogs.games import engines as registered
        except ImportError:
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
