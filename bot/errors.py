"""Refusals the session service raises. Each carries a sentence fit to show the player as it is.

The cogs translate every one of these (and `IllegalAction` from the engines) into one ephemeral
reply at the edge; the state is never changed by a refused request.
"""

from __future__ import annotations

import re

RULING_CODES = re.compile(r"\s*\((?:[A-Z]+-R\d+[a-z]?(?:,\s*)?)+\)")


def without_ruling_codes(text: str) -> str:
    """Ruling ids belong in `/<game> rules` and the tests; a player being refused needs only the sentence."""
    return RULING_CODES.sub("", text)


class Refusal(Exception):
    default = "That can't be done right now."

    def __init__(self, message: str | None = None) -> None:
        super().__init__(message or self.default)
        self.message = message or self.default


class NoTable(Refusal):
    default = "There is no open table in this channel. Start one with `/<game> new`."


class TableBusy(Refusal):
    default = (
        "A table is already open in this channel. Join it, or open yours in another channel or a thread."
    )


class TableFull(Refusal):
    default = "This table is full."


class AlreadySeated(Refusal):
    default = "You are already seated at this table."


class NotSeated(Refusal):
    default = "You are not seated at this table."


class NotHost(Refusal):
    default = "Only the host can do that."


class NotInLobby(Refusal):
    default = "The game has already started."


class NotStarted(Refusal):
    default = "The game has not started yet."


class NotEnoughPlayers(Refusal):
    default = "Not enough players yet."


class NotYourTurn(Refusal):
    default = "It's not your turn."

    @classmethod
    def waiting_for(cls, names: list[str]) -> NotYourTurn:
        """Say whose move the table waits on, so the player knows who to nudge."""
        if not names:
            return cls()
        who = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
        return cls(f"It's not your turn: the table is waiting for {who}.")


class StaleMove(Refusal):
    default = "That move was already made. The table shows the current state."


class GameOver(Refusal):
    default = "This game is over."


class TooManyTables(Refusal):
    def __init__(self, channel_ids: list[int]) -> None:
        where = ", ".join(f"<#{c}>" for c in channel_ids)
        super().__init__(
            f"You already host {len(channel_ids)} open tables in this server ({where}). "
            "Finish one, or end it with `/game end` in its channel, before opening another."
        )
