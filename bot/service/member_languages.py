"""Each member's language as their Discord client last told us, remembered so that a DM sent without
their own interaction (another member's move, a deadline) is in their language. Written only when it
changes; read through a small cache (a member who switches language is heard on their next click).
"""

from __future__ import annotations

from collections import OrderedDict

from db import Store

REMEMBERED = 50_000  # members kept in memory (the least recently heard are forgotten, not lost)


class MemberLanguages:
    def __init__(self, store: Store, default: str) -> None:
        self._store, self._default = store, default  # `default`: for a member never heard (the source language)
        self._known: OrderedDict[int, str] = OrderedDict()

    async def of(self, user_id: int | None) -> str:
        if user_id is None:
            return self._default
        if user_id not in self._known:
            self._remember(user_id, await self._store.member_language(user_id) or self._default)
        return self._known[user_id]

    async def heard(self, user_id: int, language: str) -> None:
        """The member's client speaks `language` now (from an interaction)."""
        if self._known.get(user_id) == language:
            return
        if await self._store.member_language(user_id) != language:
            async with self._store.transaction() as store:
                await store.save_member_language(user_id, language)
        self._remember(user_id, language)

    def _remember(self, user_id: int, language: str) -> None:
        self._known[user_id] = language
        self._known.move_to_end(user_id)
        if len(self._known) > REMEMBERED:
            self._known.popitem(last=False)
