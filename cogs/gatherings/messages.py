"""What a gathering's messages say, in the current language (a public one inside `speaking(server language)`): the
standings as a picture with its text twin (which is also the picture's alt text), the podium, the check-in, and
the words a member reads about a night. Names go through `escaped` in text and `drawable` in the picture."""

from __future__ import annotations

import asyncio
import io
from collections.abc import Sequence
from typing import Any

import discord

from bot.gatherings import CANCELLED, CHECKING_IN, FINISHED, NIGHT, PLANNED, PLAYING
from bot.i18n import N_, _, ngettext
from bot.names import escaped
from bot.pictures.gatherings import Row, standings
from bot.service.gatherings import Gathering, Ranked
from cogs.table.format import ALT_TEXT_CHARS, CONTENT_CHARS, PLACE_MEDALS, timestamp

STATES = {PLANNED: N_("planned"), CHECKING_IN: N_("checking in"), PLAYING: N_("playing"), FINISHED: N_("finished"),
          CANCELLED: N_("cancelled")}


def points_text(points: float) -> str:
    """Points as a reader writes them: 3, ½, 2½."""
    whole, half = int(points), points - int(points) >= 0.5
    return ("½" if half else "0") if whole == 0 else f"{whole}½" if half else str(whole)


def where_it_stands(gathering: Gathering, final: bool) -> str:
    if final:
        return _("final standings")
    return _("round {round} of {rounds}", round=gathering.round, rounds=gathering.rounds)


def standings_lines(ranked: Sequence[Ranked], final: bool = False, tie_break: bool = False) -> list[str]:
    """`tie_break`: each line says its opponents' points too (a tournament's first tie-break)."""
    lines = []
    for line in ranked:
        place, name = line.standing.place, escaped(line.name)
        scored = final or line.standing.points > 0  # nobody is on a podium before a table ended
        medal = PLACE_MEDALS.get(place, f"{place}.") if scored else f"{place}."
        left = _(" (left)") if line.standing.dropped else ""
        shown = f"{medal} {name}{left} — **{points_text(line.standing.points)}**"
        if tie_break:
            shown += " · " + _("opponents {points}", points=points_text(line.standing.opponents_points))
        lines.append(shown)
    return lines


async def standings_payload(gathering: Gathering, ranked: Sequence[Ranked], *, final: bool = False
                            ) -> dict[str, Any]:
    """The standings message: its text (the twin of the picture, and its alt text) and its picture."""
    heading = _("🏆 **{title}** — podium", title=escaped(gathering.title)) if final else \
        _("📊 **{title}** — {when}", title=escaped(gathering.title), when=where_it_stands(gathering, final))
    tournament = gathering.kind != NIGHT
    lines = standings_lines(ranked, final, tie_break=tournament) or [_("Nobody has played yet.")]
    note = _("Points: one for each player placed below you at your table, half for a tie.")
    if tournament:
        note += " " + _("Ties: the opponents' points, then head-to-head, then rating.")
    text = clipped("\n".join([heading, *lines, f"-# {note}"]))
    rows = [Row(r.standing.place, r.name, points_text(r.standing.points), r.standing.dropped) for r in ranked]
    png = await asyncio.to_thread(standings, gathering.title, where_it_stands(gathering, final), rows, final=final)
    picture = discord.File(io.BytesIO(png), filename="standings.png", description=text[:ALT_TEXT_CHARS])
    return {"content": text, "files": [picture], "allowed_mentions": discord.AllowedMentions.none()}


def clipped(text: str) -> str:
    return text if len(text) <= CONTENT_CHARS else text[:CONTENT_CHARS - 1] + "…"


def mentions(user_ids: Sequence[int], room: int) -> str:
    """As many members' mentions as fit in `room` characters."""
    shown: list[str] = []
    for user_id in user_ids:
        mention = f"<@{user_id}>"
        if sum(len(m) + 1 for m in shown) + len(mention) > room:
            break
        shown.append(mention)
    return " ".join(shown)


def check_in_text(gathering: Gathering) -> str:
    expected = [m.user_id for m in gathering.members if not m.dropped]
    ends = gathering.check_in_ends_at or gathering.starts_at
    text = _("🎲 **{title}** starts: check-in is open until {time} ({left}). Press **I'm here** to play round 1; "
             "tables are seated when it closes.", title=escaped(gathering.title), time=timestamp(ends, "t"),
             left=timestamp(ends))
    if expected:
        text += "\n" + ngettext("{n} member said they would come:", "{n} members said they would come:",
                                len(expected)) + " "
        text += mentions(expected, CONTENT_CHARS - len(text) - 4)
    return clipped(text)


def check_in_closed_text(gathering: Gathering) -> str:
    came = len([m for m in gathering.members if m.checked_in and not m.dropped])
    return _("🎲 **{title}**: the check-in is closed.", title=escaped(gathering.title)) + " " + ngettext(
        "{n} member plays.", "{n} members play.", came) + " " + _("Came late? Press **Join the night** on the "
                                                                 "announcement to play from the next round.")


def ended_text(gathering: Gathering) -> str:
    """The one message of a cancelled night (or tournament): why, and that nothing was rated."""
    reason = _(gathering.end_reason) if gathering.end_reason else _("cancelled by the host")
    if gathering.round == 0:
        return _("❌ **{title}** is cancelled: {reason}. Nothing was played or rated.",
                 title=escaped(gathering.title), reason=reason)
    return _("❌ **{title}** is cancelled: {reason}. The tables under way play on as ordinary rated games.",
             title=escaped(gathering.title), reason=reason)


def table_call(gathering: Gathering, round_: int, number: int, user_ids: Sequence[int]) -> str:
    """The one ping of a round's table: everyone at it, called to its thread (which the mention adds them to)."""
    return clipped(_("🎲 Round {round} of {rounds}, table {table} of **{title}**:", round=round_,
                     rounds=gathering.rounds, table=number, title=escaped(gathering.title)) + " "
                   + mentions(user_ids, 1700) + " — " + _("your table is here. Good luck!"))
