"""What a table offers beyond its game, on its message: **Follow** on a running table (anyone but its players: the
result comes to them by DM, with its replay) and **Rematch** / **No rematch** on a finished one (for its players,
REMATCH_WINDOW after the end). The renderer puts these controls with the table's own (`offer_items`) and their
words under its text (`offer_lines`), whatever form the table message takes.

The controls are `DynamicItem`s like the moves': their custom id carries the table id, bounded and checked once
here, so they keep working after a restart; the service acts only on a table of the server they were pressed in.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.i18n import _, ngettext
from bot.names import escaped
from bot.service import Clicked, Table

from .clock_lines import clock_lines, vote_line, voted_seat
from .controls import TABLE_ID, Controller, TableItem
from .format import timestamp


class FollowButton(TableItem, discord.ui.DynamicItem[discord.ui.Button], template=rf"f:{TABLE_ID}"):
    """Follow a running table: its result comes by DM."""

    def __init__(self, table_id: int) -> None:
        super().__init__(discord.ui.Button(label=_("Follow"), emoji="👀", style=discord.ButtonStyle.secondary,
                                           custom_id=f"f:{table_id}"))
        self.table_id = table_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> FollowButton:
        return cls(int(match["table"]))

    async def run(self, interaction: discord.Interaction, controller: Controller, at: Clicked) -> None:
        await controller.follow(interaction, at)


class RematchButton(TableItem, discord.ui.DynamicItem[discord.ui.Button],
                    template=rf"rm:{TABLE_ID}:(?P<verb>yes|no)"):
    """A player's answer to a finished table's rematch offer."""

    def __init__(self, table_id: int, verb: str) -> None:
        label, style = (_("Rematch"), discord.ButtonStyle.success) if verb == "yes" else \
            (_("No rematch"), discord.ButtonStyle.secondary)
        super().__init__(discord.ui.Button(label=label, emoji="🔁" if verb == "yes" else None, style=style,
                                           custom_id=f"rm:{table_id}:{verb}"))
        self.table_id, self.verb = table_id, verb

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> RematchButton:
        return cls(int(match["table"]), match["verb"])

    async def run(self, interaction: discord.Interaction, controller: Controller, at: Clicked) -> None:
        await controller.rematch(interaction, at, self.verb == "yes")


class VoteButton(TableItem, discord.ui.DynamicItem[discord.ui.Button],
                 template=rf"rv:{TABLE_ID}:(?P<seat>1?[0-9]):(?P<choice>replace|end)"):
    """Another player's vote on the seat of a member the computer plays for after missed turns (votes.py)."""

    def __init__(self, table_id: int, seat: int, choice: str) -> None:
        label, style = (_("Replace by the computer"), discord.ButtonStyle.secondary) if choice == "replace" else \
            (_("End unrated"), discord.ButtonStyle.danger)
        super().__init__(discord.ui.Button(label=label, emoji="🗳" if choice == "replace" else None, style=style,
                                           custom_id=f"rv:{table_id}:{seat}:{choice}"))
        self.table_id, self.seat, self.choice = table_id, seat, choice

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> VoteButton:
        return cls(int(match["table"]), int(match["seat"]), match["choice"])

    async def run(self, interaction: discord.Interaction, controller: Controller, at: Clicked) -> None:
        await controller.vote(interaction, at, self.seat, self.choice)


OFFER_CONTROLS = (FollowButton, RematchButton, VoteButton)


def offer_items(table: Table) -> list[discord.ui.DynamicItem[discord.ui.Button]]:
    """Follow on a running table, and the vote on an absent member's seat while it stands; Rematch and No rematch
    on a finished one while its offer is open."""
    if table.status == "active":
        seat = voted_seat(table)
        votes = [] if seat is None else [VoteButton(table.id, seat, "replace"), VoteButton(table.id, seat, "end")]
        return [FollowButton(table.id), *votes]
    if table.status == "finished" and table.rematch is not None and table.rematch.open:
        return [RematchButton(table.id, "yes"), RematchButton(table.id, "no")]
    return []


def offer_lines(table: Table) -> list[str]:
    """The words that go with them: the clocks (who is away, the banks), the vote, how many follow, and where the
    rematch offer stands."""
    lines = clock_lines(table)
    if (vote := vote_line(table)) is not None:
        lines.append(vote)
    if table.followers and table.status in ("active", "finished", "ended"):
        lines.append(ngettext("👀 {n} member follows this table", "👀 {n} members follow this table",
                              table.followers))
    offer = table.rematch
    if table.status != "finished" or offer is None:
        return lines
    names = {s.user_id: f"**{escaped(s.name)}**" for s in table.seats if s.human}
    if offer.opened is not None:
        lines.append(_("🔁 The rematch is table {table}, further down ⤵", table=offer.opened))
    elif offer.declined_by is not None:
        lines.append(_("🔁 {name} declined a rematch.", name=names.get(offer.declined_by, "?")))
    elif offer.lapsed:
        lines.append(_("🔁 The rematch offer ended {when}.", when=timestamp(offer.until)))
    else:
        lines.append(ngettext("🔁 {n} of {players} wants a rematch · the offer ends {when}",
                              "🔁 {n} of {players} want a rematch · the offer ends {when}", len(offer.wanted),
                              players=len(offer.players), when=timestamp(offer.until)))
    return lines
