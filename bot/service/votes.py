"""The last step of the inactivity ladder: once the computer plays a member's seat (after three missed turns,
table.AUTOPILOT_AFTER), the other players may vote to replace the absent member by the computer for the rest of
the game (their result counts as a leaver's: Lobby.computer_takes) or to end the table unrated. A majority of the
other members decides, in the transaction of the vote that makes it; a vote is a change of the table (its revision
claimed), so two votes at once are counted one after the other. The absent member taking their seat back (a move,
My hand) ends the vote (Turns.reclaim_seat)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from db.votes import VoteBook

from ..games.text import N_, Name
from . import errors
from .cache import TableCache
from .calls import Calls
from .lobby import Lobby
from .table import Clicked, Move, Table, require_active, snapshot
from .turns import Turns

REPLACE, END = "replace", "end"
CHOICES = (REPLACE, END)


@dataclass(frozen=True)
class Tally:
    """Where the vote on a seat stands after a member's vote."""

    seat: int
    voters: int  # the other members, who vote
    replace: int
    end: int
    decided: str | None  # replace, end, or None: not yet


class Votes:
    def __init__(self, cache: TableCache, turns: Turns, lobby: Lobby, calls: Calls,
                 clock: Callable[[], datetime]) -> None:
        self._cache, self._turns, self._lobby, self._calls, self._clock = cache, turns, lobby, calls, clock

    async def vote(self, at: Clicked, user_id: int, seat: int, choice: str) -> tuple[Table, Tally]:
        return await self._cache.retried(self._vote, at, user_id, seat, choice)

    async def _vote(self, at: Clicked, user_id: int, seat: int, choice: str) -> tuple[Table, Tally]:
        async with self._cache.locked_at(at, user_id) as live:
            require_active(live)
            if choice not in CHOICES or not 0 <= seat < len(live.seats):
                raise errors.StaleMove()
            absent = live.seats[seat]
            voters = [s.user_id for s in live.seats if s.human and s.seat != seat]
            if absent.user_id == user_id:
                raise errors.Refusal(N_("This vote is about your own seat: play a move or open My hand to take it "
                                        "back."))
            if user_id not in voters:
                raise errors.Refusal(N_("Only the other players at this table can vote on {name}'s seat."),
                                     name=Name(absent.name))
            if not (absent.human and absent.autopilot):
                raise errors.Refusal(N_("{name} is playing again: there is nothing to vote on."),
                                     name=Name(absent.name))
            votes = await VoteBook(self._cache.store).votes(live.row.id, seat)
            votes[user_id] = choice
            count = Counter(votes.values())
            decided = next((c for c in CHOICES if count[c] * 2 > len(voters)), None)
            moves: list[Move] = []
            async with self._cache.changing(live) as tx:
                await VoteBook(tx).put(live.row.id, seat, user_id, choice, self._clock().timestamp())
                if decided == REPLACE:
                    await self._lobby.computer_takes(tx, live, seat, moves)
                elif decided == END:
                    await self._turns.close(tx, live, "ended", N_("ended by the players' vote"))
                answered = await self._calls.take_down_answered(tx, live)
            tally = Tally(seat, len(voters), count[REPLACE], count[END], decided)
            return snapshot(live, moves, answered_pings=answered), tally
