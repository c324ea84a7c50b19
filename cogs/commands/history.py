"""/game history: a closed table's story — players, options, every event in words, the result, the luck
report and the revealed dice seed — with the whole story and the game record attached."""

from __future__ import annotations

import io
import json
from collections.abc import Callable

import discord

from bot.i18n import _, ngettext, speaking, translated
from bot.service import Table
from bot.service.records import Records
from cogs.table.controller import in_channel
from cogs.table.controls import controls
from cogs.table.format import luck_title, options_text, plain
from cogs.table.language import Languages
from cogs.table.render import Renderer
from cogs.table.replay import ReplayButton

STORY_CHARS = 3000  # of the embed's 6000; the full story is in the attached file
PRIVATE_CHARS = 2000  # a message's limit: the latest private lines


def story_lines(table: Table, renderer: Renderer) -> list[str]:
    """Every public event of the game in words (spectators' view: no seat's secret)."""
    return [text for event in table.story if (text := renderer.event_text(table, event.seen_by(None)))]


def history_embed(table: Table, renderer: Renderer, lines: list[str], earlier: tuple[int, ...] = ()) -> discord.Embed:
    embed = discord.Embed(title=_("📜 {game} · table {id} · history", game=table.game.title, id=table.id),
                          colour=renderer.colour)
    options = options_text(table)
    others = ngettext("📜 Also played here: table {tables} (`/game history table:{first}`)",
                      "📜 Also played here: tables {tables} (`/game history table:{first}`)", len(earlier),
                      tables=", ".join(map(str, earlier)), first=earlier[0]) if earlier else ""
    embed.description = (renderer.result_text(table)
                         + ("\n" + _("Options: {options}", options=options) if options else "")
                         + (f"\n\n{others}" if others else ""))[:4000]
    shown: list[str] = []
    size = 0
    for line in reversed(lines):
        size += len(line) + 1
        if size > STORY_CHARS:
            break
        shown.insert(0, line)
    if len(shown) < len(lines):
        shown.insert(0, ngettext("… {n} earlier line: see the attached story",
                                 "… {n} earlier lines: see the attached story", len(lines) - len(shown)))
    chunk: list[str] = []
    for line in shown:
        if chunk and len("\n".join(chunk + [line])) > 1024:
            embed.add_field(name=_("Story") if not embed.fields else "\u200b", value="\n".join(chunk), inline=False)
            chunk = []
        chunk.append(line[:1024])
    if chunk:
        embed.add_field(name=_("Story") if not embed.fields else "\u200b", value="\n".join(chunk), inline=False)
    if table.luck:
        embed.add_field(name=luck_title(table),
                        value="\n".join(map(translated, table.luck))[:1024], inline=False)
    embed.set_footer(text=renderer.dice_seal(table))
    return embed


async def answer_history(interaction: discord.Interaction, table_id: int | None, records: Records,
                         renderer_of: Callable[[Table], Renderer], languages: Languages) -> None:
    """`table_id` None: the channel's last game played, and the ones before it named."""
    table, record, earlier = await records.history(interaction.guild_id, table_id, in_channel(interaction))
    table_id, renderer = table.id, renderer_of(table)
    language = await languages.server(interaction.guild_id)
    with speaking(language):  # a public answer
        lines = story_lines(table, renderer)
        embed = history_embed(table, renderer, lines, earlier)
    files = [discord.File(io.BytesIO("\n".join(map(plain, lines)).encode()), filename=f"table-{table_id}-story.txt"),
             discord.File(io.BytesIO(json.dumps(record, ensure_ascii=False, indent=1).encode()),
                          filename=f"table-{table_id}.json")]
    with speaking(language):
        view = controls(ReplayButton(table_id, 0, _("🎞️ Replay"), new=True))
    await interaction.response.send_message(embed=embed, files=files, view=view)
    seat = table.seat_of(interaction.user.id)
    if seat is not None:  # a seated player also reads their own secrets (their hand, their draws), only they
        mine = own_lines(table, renderer, seat)  # in the member's own language, like every ephemeral answer
        if mine:
            await interaction.followup.send(private_text(table, mine), ephemeral=True)


def own_lines(table: Table, renderer: Renderer, seat: int) -> list[str]:
    """The events of the game as `seat` saw them, where that differs from what everyone saw."""
    lines = []
    for event in table.story:
        if event.seen_by(seat) != event.seen_by(None) and (text := renderer.event_text(table, event.seen_by(seat))):
            lines.append(text)
    return lines


def private_text(table: Table, lines: list[str]) -> str:
    head = ngettext("🔐 Only you see this: table {table} as your seat saw it ({n} private line)",
                    "🔐 Only you see this: table {table} as your seat saw it ({n} private lines)",
                    len(lines), table=table.id) + "\n"
    text = head + "\n".join(lines)
    if len(text) > PRIVATE_CHARS:
        text = head + "…\n" + "\n".join(lines)[-(PRIVATE_CHARS - len(head) - 2):].split("\n", 1)[-1]
    return text
