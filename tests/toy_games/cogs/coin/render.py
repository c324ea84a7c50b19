"""How a Coin Race table looks (a test game: its words are plain English, with no catalog of their own)."""

from __future__ import annotations

from typing import Any

import discord

from bot.service import Table
from cogs.table.format import seat_name
from cogs.table.render import Renderer
from tests.toy_games.games.coin import COIN


class CoinRenderer(Renderer):
    engine = COIN
    emoji = "🪙"

    def board(self, table: Table, view: dict[str, Any]) -> str:
        return f"First to **{view['target']}** right calls · {view['flips']} flips"

    def seat_status(self, table: Table, view: dict[str, Any], seat: int) -> str:
        return f"{view['right'][seat]} right"

    def action_label(self, table: Table, seat: int, action: Any) -> tuple[str, discord.ButtonStyle]:
        return f"Call {action.side}", discord.ButtonStyle.success

    def turn_prompt(self, table: Table, seats: frozenset[int]) -> str:
        return "it's your turn to flip"

    def event_text(self, table: Table, event: dict[str, Any]) -> str | None:
        who = seat_name(table, event["seat"] if "seat" in event else event["starter"])
        if event["kind"] == "flipped":
            return f"{who} called {event['called']}: {event['face']}."
        if event["kind"] == "won":
            return f"{who} wins the race."
        return f"{who} flips first."


RENDERER = CoinRenderer()
