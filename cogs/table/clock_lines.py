"""A table's clocks in words, on its message: who is away and until when ("⏸ alice is away until Friday"), every
seat's time left on a bank clock, the clock and away days in the footer, and the vote on an absent member's seat
(its controls are in votes.py). Times are Discord timestamps, so each reader sees them in their own time zone
(https://discord.com/developers/docs/reference#message-formatting-timestamp-styles: F is the long date with the
weekday, R the relative time)."""

from __future__ import annotations

import discord

from bot.i18n import N_, _, ngettext
from bot.service import Table
from bot.service.clocks import BANK, BANKS, CLOCKS, FIXED, away, pace_name, seat_deadline

from .format import seat_name, timestamp

CLOCK_HELP = N_("fixed: a deadline per move; bank: each player's time bank")
# The choices of `clock:` in words (discord.py's translator names them in each member's language).
CLOCK_NAMES = {FIXED: N_("fixed"), BANK: N_("bank")}
assert set(CLOCK_NAMES) == set(CLOCKS)
AWAY_HELP = N_("off: members' away days do not pause their clock here")


def span(seconds: float) -> str:
    """A time left in words, to the minute: "2 d 3 h", "3 h 5 min", "4 min"."""
    minutes = int(seconds) // 60
    days, hours, minutes = minutes // 1440, minutes // 60 % 24, minutes % 60
    if days:
        return _("{days} d {hours} h", days=days, hours=hours) if hours else _("{days} d", days=days)
    if hours:
        return _("{hours} h {minutes} min", hours=hours, minutes=minutes) if minutes else _("{hours} h", hours=hours)
    return _("{minutes} min", minutes=minutes)


def clock_footer(table: Table) -> str:
    """The clock, beside the pace: a bank's start and increment; away days switched off."""
    parts = []
    if table.clock == BANK:
        start, increment = BANKS[pace_name(table.pace_seconds)]
        parts.append(_("⏱ time bank {start}, +{increment} a turn", start=span(start), increment=span(increment)))
    if not table.away and pace_name(table.pace_seconds) != "live":
        parts.append(_("away days off"))
    return " · ".join(parts)


def clock_lines(table: Table) -> list[str]:
    """Under the board of a running table: each member away, and on a bank clock every seat's time left."""
    if table.status != "active" or table.state is None:
        return []
    now = discord.utils.utcnow().timestamp()
    lines = [_("⏸ {name} is away until {when}", name=seat_name(table, s.seat),
               when=timestamp(s.away_until, "F")) for s in table.seats
             if s.away_until is not None and away(table, s.seat, now)]
    if table.clock == BANK:
        left = []
        for s in table.seats:
            if not s.human or s.automatic:
                continue
            deadline = seat_deadline(table, s.seat)
            if deadline is not None:
                left.append(_("{name} ⏳ runs out {when}", name=seat_name(table, s.seat), when=timestamp(deadline)))
            elif s.bank is not None:
                left.append(f"{seat_name(table, s.seat)} {span(s.bank)}")
        if left:
            lines.append(_("⏱ Time left: {seats}", seats=" · ".join(left)))
    return lines


def vote_line(table: Table) -> str | None:
    """The inactivity ladder's last step, said on the table while it stands: the others may vote."""
    seat = voted_seat(table)
    if seat is None:
        return None
    others = sum(1 for s in table.seats if s.human and s.seat != seat)
    return ngettext("🗳 The computer plays for {name}. The other player may replace them for the rest of the game, "
                    "or end the table unrated.",
                    "🗳 The computer plays for {name}. A majority of the {n} other players may replace them for the "
                    "rest of the game, or end the table unrated.", others, name=seat_name(table, seat))


def voted_seat(table: Table) -> int | None:
    """The first seat of a member the computer plays for after missed turns, while other members play on."""
    if table.status != "active":
        return None
    return next((s.seat for s in table.seats if s.human and s.autopilot
                 and any(o.human and o.seat != s.seat for o in table.seats)), None)
