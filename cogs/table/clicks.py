"""Every click on a control, read by the edge itself, and what is posted in a table's channel.

discord.py runs a persistent control only while its message shows it, so a double click, or a click from a client
that had not redrawn the message yet, would read "This interaction failed". Here every click is answered the same
way: the control whose template matches its custom id (the edge's parser, controls.py) answers it through the
controller — a stale one earns the stale refusal from the move number it carries, a current one plays — and an id
no template matches (a crafted one) gets the stale refusal. A submitted choice modal (a seat's own choices,
`controls.choice_modal`) is read the same way, by its custom id. Whatever stops a click is answered through the one
error path. Built with what it uses; nothing is looked up on the bot.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Collection, Sequence
from typing import Any

import discord
from discord.ext import commands

from bot.service.errors import StaleMove

from .closing import ClosingRetries
from .controls import TABLE_CONTROLS, Control, Controller, answer_choice
from .errors import answer_error
from .offers import OFFER_CONTROLS
from .reminders import NotThisTurnButton
from .replay import ReplayButton
from .table_message import TableMessage

Hear = Callable[[discord.Interaction], Awaitable[None]]  # every interaction's entry (`DiceBot.hear`)
Parsed = type[discord.ui.DynamicItem[Any]]  # a control's class: its template parses a custom id
EDGE_CONTROLS: tuple[Parsed, ...] = (*TABLE_CONTROLS, *OFFER_CONTROLS, NotThisTurnButton, ReplayButton)  # a game
# may add its own (its `GameEdge.controls`)


class Clicks(commands.Cog):
    def __init__(self, controls: Sequence[Parsed], controller: Controller, hear: Hear, closing: ClosingRetries,
                 table_message: TableMessage, games: Collection[str]) -> None:
        """`controls`: every control's class (each a `Control`); `games`: the ids of the games the bot plays."""
        self._controls, self._controller, self._hear = controls, controller, hear
        self._closing, self._table_message, self._games = closing, table_message, games

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        self._closing.channel_touched(interaction.channel_id)
        if interaction.type is discord.InteractionType.modal_submit:
            try:
                await self._hear(interaction)
                await answer_choice(interaction, self._controller)
            except Exception as error:  # noqa: BLE001 - the one error path answers every failure
                await answer_error(interaction, error, self._games)
            return
        if interaction.type is not discord.InteractionType.component or interaction.data is None:
            return
        try:
            await self._hear(interaction)
            control = await self.parsed(interaction, str(interaction.data.get("custom_id", "")))
            if control is None:
                raise StaleMove()
            await control.answer(interaction, self._controller)
        except Exception as error:  # noqa: BLE001 - the one error path answers every failure
            await answer_error(interaction, error, self._games)

    async def parsed(self, interaction: discord.Interaction, custom_id: str) -> Control | None:
        """The control a custom id names, its numbers checked by its template (None: no control's)."""
        for control in self._controls:
            match = control.__discord_ui_compiled_template__.fullmatch(custom_id)
            if match is not None:
                item = await control.from_custom_id(interaction, discord.ui.Button(custom_id=custom_id), match)
                return item if isinstance(item, Control) else None
        return None

    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:
        self._table_message.note_message(message)
        self._closing.channel_touched(message.channel.id)
