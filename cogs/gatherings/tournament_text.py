"""A tournament in words, in the current language: its sign-up message and the server's past tournaments (its
standings are the gatherings' standings message, messages.py)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.gatherings import CANCELLED, FINISHED, MAX_ROUND_ROBIN, PLANNED, ROUND_ROBIN
from bot.i18n import _, ngettext
from bot.names import escaped
from bot.service.gatherings import Gathering, Ranked
from cogs.table.format import CONTENT_CHARS, pace_text, some_of, timestamp

NAMES_CHARS = 900  # the sign-up message's list of members, before "and n more"


def format_line(gathering: Gathering, game: str) -> str:
    if gathering.kind == ROUND_ROBIN:
        text = _("{game} · round robin: everyone plays everyone once (at most {n} members)", game=game,
                 n=MAX_ROUND_ROBIN)
    else:
        text = ngettext("{game} · Swiss, {n} round: each round seats members of equal points together",
                        "{game} · Swiss, {n} rounds: each round seats members of equal points together",
                        gathering.rounds, game=game)
    return f"{text} · {pace_text(gathering.pace_seconds)}"


def signup_text(gathering: Gathering, game: str) -> str:
    """`game`: its emoji and title."""
    lines = [f"🏆 **{escaped(gathering.title)}**", format_line(gathering, game),
             _("Hosted by <@{host}>.", host=gathering.host_id)]
    if gathering.state == PLANNED:
        lines.append(_("Sign-ups close {when} ({relative}), or sooner when the host starts it. Each round's tables "
                       "open in threads of this channel; points by placing.",
                       when=timestamp(gathering.starts_at, "f"), relative=timestamp(gathering.starts_at)))
    elif gathering.state == CANCELLED:
        lines.append(_("This tournament was cancelled."))
    elif gathering.state == FINISHED:
        lines.append(_("This tournament is over: `/tournament standings` shows how it ended."))
    else:
        lines.append(_("Sign-ups are closed: the tournament is under way (`/tournament standings`)."))
    members = [m for m in gathering.members if not m.dropped]
    if members:
        names = some_of([f"**{escaped(m.name)}**" for m in members], NAMES_CHARS)
        lines.append(ngettext("{n} signed up: {names}", "{n} signed up: {names}", len(members), names=names))
    elif gathering.state == PLANNED:
        lines.append(_("Nobody has signed up yet: press **Join**."))
    return "\n".join(lines)[:CONTENT_CHARS]


def history_lines(found: Sequence[Gathering], titles: Mapping[str, str],
                  winners: Mapping[int, Sequence[Ranked]]) -> list[str]:
    """The server's tournaments, the latest first: each with its game, format, when, and how it stands."""
    lines = []
    for gathering in found:
        game = titles.get(gathering.game_id, gathering.game_id)
        kind = _("round robin") if gathering.kind == ROUND_ROBIN else ngettext("Swiss, {n} round", "Swiss, {n} rounds",
                                                                             gathering.rounds)
        if gathering.state == FINISHED:
            won = winners.get(gathering.id, ())
            winner = f"🥇 **{escaped(won[0].name)}**" if won else ""
            outcome = _("won by {name}", name=winner) if won else _("finished")
        elif gathering.state == CANCELLED:
            outcome = _("cancelled")
        elif gathering.state == PLANNED:
            outcome = _("sign-ups open in <#{channel}>", channel=gathering.channel_id)
        else:
            outcome = _("round {n} of {rounds} in <#{channel}>", n=gathering.round, rounds=gathering.rounds,
                        channel=gathering.channel_id)
        when = timestamp(gathering.ended_at or gathering.starts_at, "d")
        lines.append(f"🏆 **{escaped(gathering.title)}** · {game} · {kind} · {when} · {outcome}")
    return lines
