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

import discord

from bot.i18n import N_, _, current_language, speaking
from bot.service import Table
from cogs.table.controller import Controller, controller
from cogs.table.controls import TABLE_ID
from cogs.table.errors import answer_error
from cogs.table.language import server_language

REPLAY_TEMPLATE = (rf"r:{TABLE_ID}:(?P<step>0|[1-9][0-9]{{0,8}})(?P<new>:new)?"
                   r"(?::(?P<tag>first|last|prev|next|back|on))?")
JUMPS = {"round": (N_("⏪ round {n}"), N_("round {n} ⏩")), "turn": (N_("⏪ turn {n}"), N_("turn {n} ⏩"))}


async def replay_message(control: Controller, table_id: int | None, step: int, guild_id: int | None,
                         channel_id: int | None, user_id: int | None = None
                         ) -> tuple[Table, discord.Embed, discord.ui.View]:
    """The replay of table `table_id` (None: the channel's last) of this server at move `step`: public
    information only. From a DM (`guild_id` None), of a table `user_id` played at or followed."""
    replayed = await control.tables.replay(guild_id, table_id, channel_id, step, user_id)
    table, total = replayed.table, replayed.total
    step = table.seq
    renderer = control.renderer(table)
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
    return table, embed, view


class ReplayButton(discord.ui.DynamicItem[discord.ui.Button], template=REPLAY_TEMPLATE):
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
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> ReplayButton:
        return cls(int(match["table"]), int(match["step"]), item.label or "", new=bool(match["new"]),
                   tag=match["tag"])

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await interaction.client.hear(interaction)  # type: ignore[attr-defined]
            await show_replay(interaction, self.table_id, self.step, edit=not self.new)
        except Exception as error:  # noqa: BLE001 - the one error path answers every failure
            await answer_error(interaction, error)


def owner(message: discord.Message | None) -> int | None:
    """Who asked for a message the bot posted in answer to them (None: no one said)."""
    metadata = getattr(message, "interaction_metadata", None)
    return metadata.user.id if metadata is not None and metadata.user is not None else None


async def show_replay(interaction: discord.Interaction, table_id: int | None, step: int, *, edit: bool) -> None:
    """Post the replay (public: spectators' view), or step the replay message the click came from — when it is the
    presser's own; another member's replay stays where its member left it, and the presser gets theirs, privately."""
    control = controller(interaction.client)
    # In a server the replay is public (the server's language); in a DM, the member's own.
    language = await server_language(interaction.client, interaction.guild_id) if interaction.guild_id \
        else current_language()
    with speaking(language):
        table, embed, view = await replay_message(control, table_id, step, interaction.guild_id,
                                                  interaction.channel_id, interaction.user.id)
        picture = await control.pictures.attach(table, embed)
    if edit and owner(interaction.message) in (None, interaction.user.id):
        await interaction.response.edit_message(embed=embed, view=view, attachments=picture)
    else:
        await interaction.response.send_message(embed=embed, view=view, files=picture, ephemeral=edit)
