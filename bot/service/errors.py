"""Refusals the service raises. Each carries a sentence for the player, as a `Text`, free of Discord: what only
the edge can say — a command to type, a permission's name, a channel as a link — is a `Hint` and data, which the
edge words (cogs/table/errors.py).

The edge turns every one of these (and `IllegalAction` from the engines) into one ephemeral reply in the
member's language; the state is never changed by a refused request.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from enum import Enum
from typing import Any

from ..games.text import N_, Name, Text, counted, names_a_seat

RULING_CODES = re.compile(r"\s*\((?:[A-Z]+-R\d+[a-z]?(?:,\s*)?)+\)")


def without_ruling_codes(text: str) -> str:
    """Ruling ids belong in `/<game> rules` and the tests; a player being refused needs only the sentence."""
    return RULING_CODES.sub("", text)


class Hint(Enum):
    """What the edge says with a refusal, in the words of Discord (commands, permissions)."""

    OPEN_A_TABLE = "open a table"  # how to open one
    ADD_A_COMPUTER = "add a computer"  # how to seat a computer player
    ADMIN_MAY_END = "an admin may end"  # who else may end a table
    ADMIN_MAY_KICK = "an admin may remove"  # who else may remove a player
    LEAVE_OR_END = "leave or end"  # how to leave a table instead
    END_ONE_HOSTED = "end a hosted table"  # how to end one of the tables named


class Refusal(Exception):
    """`text` is what the player reads (translated at the edge); `message` is its English form; `hint`, what the
    edge adds in its own words, with the text's fields."""

    default = N_("That can't be done right now.")
    hint: Hint | None = None

    def __init__(self, message: str | Text | None = None, /, *, hint: Hint | None = None, **fields: Any) -> None:
        self.text = message if isinstance(message, Text) else Text(message or self.default, fields)
        self.message = str(self.text)
        self.hint = hint or self.hint
        super().__init__(self.message)


class NoTable(Refusal):
    default = N_("There is no open table in this channel.")
    hint = Hint.OPEN_A_TABLE


class TableBusy(Refusal):
    default = N_("A table of {game} is already open in this channel. Join it, or open yours in another channel or "
                 "a thread.")


class TableFull(Refusal):
    default = N_("This table is full.")


class AlreadySeated(Refusal):
    default = N_("You are already seated at this table.")


class NotSeated(Refusal):
    default = N_("You are not seated at this table.")


class NotHost(Refusal):
    default = N_("Only the host can do that.")


class NotInLobby(Refusal):
    default = N_("The game has already started.")


class NotStarted(Refusal):
    default = N_("The game has not started yet.")


class NotEnoughPlayers(Refusal):
    default = N_("Not enough players yet.")


class NotYourTurn(Refusal):
    default = N_("It's not your turn.")

    seats: tuple = ()  # the table's seats, to name the ones the engine's reason refers to (`SeatRef`)

    @classmethod
    def waiting_for(cls, names: list[str]) -> NotYourTurn:
        """Say whose move the table waits on, so the player knows who to nudge."""
        return cls.explained(None, names)

    @classmethod
    def explained(cls, why: Text | None, names: list[str], seats: tuple = ()) -> NotYourTurn:
        """The engine's reason why this move can't be made now, if it has one; unless it names the seats it
        means, whose move the table waits on follows."""
        who = listing([Name(name) for name in names]) if names else None
        if why is not None and (who is None or names_a_seat(why)):
            refusal = cls(why)
        elif why is not None:
            refusal = cls(Text(N_("{why} The table is waiting for {who}."), {"why": why, "who": who}))
        elif who is not None:
            refusal = cls(Text(N_("It's not your turn: the table is waiting for {who}."), {"who": who}))
        else:
            refusal = cls()
        refusal.seats = seats
        return refusal


class StaleMove(Refusal):
    default = N_("That move was already made. The table shows the current state.")


class NotHere(Refusal):
    """A control naming a table of another server (a crafted custom id), or, from a DM, one the member has no
    seat at."""

    default = N_("That button is not for a table here.")


class TryAgain(Refusal):
    """Other processes kept changing the table while this change was computed (a crowd of clicks at once)."""

    default = N_("Many moves reached this table at once, so nothing was changed: please try again.")


class GameOver(Refusal):
    default = N_("This game is over.")


class TableClosed(GameOver):
    default = N_("This table is closed.")


class TooManyTables(Refusal):
    hint = Hint.END_ONE_HOSTED

    def __init__(self, channel_ids: list[int]) -> None:
        super().__init__(counted("You already host {n} open table in this server.",
                                 "You already host {n} open tables in this server.", len(channel_ids)))
        self.channel_ids = tuple(channel_ids)  # where they are


def listing(names: Sequence[str]) -> Text:
    """"Ann", "Ann and Bob", "Ann, Bob and Cy" — with the reader's word for "and". Each name stays a field of
    its own, so a `Name` is still escaped where it is shown."""
    if len(names) == 1:
        return Text("{name}", {"name": names[0]})
    head = Text(", ".join(f"{{n{i}}}" for i in range(len(names) - 1)), {f"n{i}": n for i, n in enumerate(names[:-1])})
    return Text(N_("{names} and {last}"), {"names": head, "last": names[-1]})
