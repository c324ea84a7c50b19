"""The replay message: a closed table's public state move by move, drawn by the game's own renderer, with
buttons to the first move and the last (⏮ ⏭), one move back or on (◀ ▶), and a round back or on (⏪ ⏩; a turn
in a game without rounds). The buttons are `DynamicItem`s like the move buttons: their custom id carries the
table id and the move to show (and which button it is, so two buttons showing one move stay distinct), so they
keep working after a restart. A replay is its member's — whoever asked for it (Discord says who: the message's
`interaction_metadata`): their clicks step it in place, anyone else's open their own replay at the move pressed,
privately, so nobody moves a replay another member is reading. The table's picture comes with each step, like on
the table message (`/settings pictures`)."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.i18n import N_, _
from bot.service import Table
from bot.service.records import Replayed

from .controls import TABLE_ID, Control, Controller, sent_as_is
from .render import Renderer

REPLAY_TEMPLATE = (rf"r:{TABLE_ID}:(?P<step>0|[1-9][0-9]{{0,8}})(?P<new>:new)?"
                   r"(?::(?P<tag>first|last|prev|next|back|on))?")
JUMPS = {"round": (N_("⏪ round {n}"), N_("round {n} ⏩")), "turn": (N_("⏪ turn {n}"), N_("turn {n} ⏩"))}


def replay_message(replayed: Replayed, renderer: Renderer) -> tuple[Table, discord.Embed, discord.ui.View]:
    """A closed table's replay at the move the service replayed it to (public information only), with its buttons,
    in the current language."""
    table, total = replayed.table, replayed.total
    step = table.seq
    embed = renderer.embed(table)
    embed.title = _("🎞️ {title} · replay", title=embed.title)
    where = (_("The set-up · move 0 of {total}", total=total) if step == 0
             else _("Move {n} of {total}", n=step, total=total))
    embed.description = (f"**{where}**\n\n" + (embed.description or ""))[:4000]
    view = discord.ui.View(timeout=None)
    view.add_item(ReplayButton(table.id, 0, "⏮", tag="first", disabled=step == 0))
    view.add_item(ReplayButton(table.id, max(step - 1, 0), "◀", tag="prev", disabled=step == 0))
    view.add_item(ReplayButton(table.id, min(step + 1, total), "▶", tag="next", disabled=step >= total))
    view.add_item(ReplayButton(table.id, total, "⏭", tag="last", disabled=step >= total))
    if replayed.chapter is not None:
        back, on = JUMPS[replayed.chapter]
        starts = replayed.starts
        before = [i for i, start in enumerate(starts) if start < step]
        after = [i for i, start in enumerate(starts) if start > step]
        if before:
            view.add_item(ReplayButton(table.id, starts[before[-1]], _(back, n=before[-1] + 1), tag="back", row=1))
        if after:
            view.add_item(ReplayButton(table.id, starts[after[0]], _(on, n=after[0] + 1), tag="on", row=1))
    return table, embed, sent_as_is(view)


class ReplayButton(Control, discord.ui.DynamicItem[discord.ui.Button], template=REPLAY_TEMPLATE):
    """◀ or ▶ on a replay message: show move `step` in place. With `new`, (the history's Replay button) post
    a new replay message instead."""

    def __init__(self, table_id: int, step: int, label: str, *, new: bool = False, tag: str | None = None,
                 disabled: bool = False, row: int | None = None) -> None:
        custom_id = f"r:{table_id}:{step}" + (":new" if new else "") + (f":{tag}" if tag else "")
        style = discord.ButtonStyle.primary if new else discord.ButtonStyle.secondary
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=custom_id, disabled=disabled),
                         row=row)
        self.table_id, self.step, self.new = table_id, step, new

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> ReplayButton:
        return cls(int(match["table"]), int(match["step"]), "", new=bool(match["new"]), tag=match["tag"])

    async def answer(self, interaction: discord.Interaction, controller: Controller) -> None:
        await controller.replay(interaction, self.table_id, self.step, edit=not self.new)


def owner(message: discord.Message | None) -> int | None:
    """Who asked for a message the bot posted in answer to them (None: no one said)."""
    metadata = getattr(message, "interaction_metadata", None)
    return metadata.user.id if metadata is not None and metadata.user is not None else None
