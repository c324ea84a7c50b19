"""`Gatherings`: game nights and tournaments, the service's door for them (the edge calls it; no Discord here).

Planning, joining and leaving, checking in, the host's start, removal and cancelling are changes of the gathering
at its next revision (of two at once, one is read again and retried), each checked first: a refusal says why and
changes nothing. What time brings — the check-in, the rounds, the end — happens on the timer (due.py), and the edge
hears of it through the listener. A round's table becomes an ordinary table once the edge gives it a thread
(`open_table`); a member who drops out mid-round hands their seat to the computer, as a member leaving any table.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from datetime import datetime
from typing import Any

from db import ChannelTaken, Conflict, Store
from db.gatherings import GatheringBook, GatheringRow, MemberRow

from ...games.core import Game
from ...games.text import N_
from ...gatherings import (
    CANCELLED,
    CHECKING_IN,
    KINDS,
    MAX_ROUND_ROBIN,
    NIGHT,
    PLANNED,
    PLAYING,
    ROUND_ROBIN,
    SWISS,
)
from ...gatherings.lifecycle import CHECK_IN_SECONDS
from .. import errors
from ..cache import TableCache
from ..calls import Calls
from ..clocks import due_at
from ..errors import Refusal
from ..lobby import COMPUTER_NAME, Lobby, storable_name
from ..records import Records
from ..server_defaults import ServerDefaults
from ..table import PACES, Clicked, Table
from ..turns import Turns
from .due import Progress
from .model import Gathering, GatheringListener, Notice, PlannedTable, Ranked
from .rounds import Rounds

RETRIES = 8
MAX_ROUNDS = 12
MAX_TITLE = 100  # Discord's scheduled event's name
NIGHT_ROUNDS = 3
PACE_OF = {NIGHT: PACES["live"], SWISS: PACES["async"], ROUND_ROBIN: PACES["async"]}


def open_gatherings(store: Store, games: Mapping[str, Game], cache: TableCache, turns: Turns, calls: Calls,
                    records: Records, lobby: Lobby, defaults: ServerDefaults, clock: Callable[[], datetime],
                    new_seed: Callable[[], str], new_client_seed: Callable[[], str],
                    wake: Callable[[float | None], None]) -> Gatherings:
    """The gatherings over the tables' collaborators, built once; the end of any table is told to them (in its
    closing transaction), and `wake` wakes the timer by a due time."""
    rounds = Rounds(store, games, cache, turns, calls, records, clock, new_seed, new_client_seed)
    turns.closing.append(rounds.table_closed)
    return Gatherings(store, games, rounds, Progress(store, games, rounds, clock), lobby, defaults, clock, wake)


class NoGathering(Refusal):
    default = N_("There is no game night or tournament here.")


class Gatherings:
    def __init__(self, store: Store, games: Mapping[str, Game], rounds: Rounds, progress: Progress, lobby: Lobby,
                 defaults: ServerDefaults, clock: Callable[[], datetime], wake: Callable[[float | None], None]
                 ) -> None:
        self._store, self._games, self._rounds, self._progress = store, games, rounds, progress
        self._lobby, self._defaults, self._clock, self._wake = lobby, defaults, clock, wake

    def now(self) -> float:
        return self._clock().timestamp()

    # --- planning -----------------------------------------------------------------------------
    async def plan(self, *, guild_id: int, channel_id: int, kind: str, game_id: str, host_id: int, starts_at: float,
                   title: str, rounds: int | None = None, seats: int | None = None, pace_seconds: int | None = None,
                   clock: str | None = None, away: bool | None = None, options: dict[str, Any] | None = None,
                   check_in_minutes: int | None = None) -> Gathering:
        """A game night (`kind` night) or a tournament (swiss, round-robin) in this channel, from `starts_at`. What
        is not chosen comes from the server's defaults for the game (a night is live, a tournament async, by
        default); a round robin plays as many rounds as its members need."""
        assert kind in KINDS, kind
        game = self._games[game_id]
        now = self.now()
        if starts_at < now - 60:
            raise Refusal(N_("That time has passed: choose a time to come."))
        shown = " ".join(title.split())
        if not 0 < len(shown) <= MAX_TITLE:
            raise Refusal(N_("A name is 1 to {n} characters."), n=MAX_TITLE)
        seats = 2 if kind == ROUND_ROBIN else seats or game.max_players
        if not game.min_players <= seats <= game.max_players:
            raise Refusal(N_("{game} is played at {low} to {high} seats a table."), game=game.title,
                          low=game.min_players, high=game.max_players)
        if kind == ROUND_ROBIN:
            rounds = 0  # as many as its members need, set when it starts
        else:
            if kind == NIGHT and rounds is None:
                rounds = NIGHT_ROUNDS
            if rounds is None or not 1 <= rounds <= MAX_ROUNDS:
                raise Refusal(N_("A game night or a tournament has 1 to {n} rounds."), n=MAX_ROUNDS)
        pace = pace_seconds or (await self._defaults.of(guild_id, game_id)).pace_seconds or PACE_OF[kind]
        opening = await self._defaults.opening(guild_id, game_id, options=options, pace_seconds=pace, clock=clock,
                                               away=away)
        try:
            async with self._store.transaction() as tx:
                gathering_id = await GatheringBook(tx).create(
                    guild_id=guild_id, channel_id=channel_id, kind=kind, game=game_id, title=shown, host_id=host_id,
                    options=json.dumps(opening.options, sort_keys=True), seats=seats, pace_seconds=opening.pace_seconds,
                    clock=opening.clock, away=opening.away, rounds=rounds, starts_at=max(starts_at, now),
                    check_in_seconds=60 * check_in_minutes if check_in_minutes else CHECK_IN_SECONDS,
                    created_at=now)
        except ChannelTaken as taken:
            raise Refusal(N_("A game night or a tournament is already planned or running in this channel: one at "
                             "a time.")) from taken
        self._wake(max(starts_at, now))
        return await self.get(gathering_id)

    async def record(self, gathering_id: int, **ids: int | None) -> None:
        """The edge's messages and the Discord scheduled event, once made (`scheduled_event_id`, `announcement_id`,
        `check_in_message_id`, `standings_message_id`)."""
        async with self._store.transaction() as tx:
            await GatheringBook(tx).set_messages(gathering_id, **ids)

    # --- members ------------------------------------------------------------------------------
    async def join(self, gathering_id: int, user_id: int, name: str) -> Gathering:
        """Join (the Join button): before a game night's check-in, to be expected; at its check-in, checked in at
        once; once it plays, from the next round. A tournament takes sign-ups until it starts."""
        def change(row: GatheringRow, members: dict[int, MemberRow], book: GatheringBook):
            mine = members.get(user_id)
            if row.state not in (PLANNED, CHECKING_IN, PLAYING):
                raise Refusal(N_("This game night or tournament is over."))
            if row.state != PLANNED and row.kind != NIGHT:
                raise Refusal(N_("The tournament has begun: sign-ups are closed."))
            if mine is not None and mine.dropped_at is None:
                raise Refusal(N_("You have already joined."))
            if row.kind == ROUND_ROBIN and len([m for m in members.values() if m.dropped_at is None]) >= \
                    MAX_ROUND_ROBIN:
                raise Refusal(N_("A round robin takes at most {n} members."), n=MAX_ROUND_ROBIN)
            if row.state == PLAYING and row.round >= row.rounds:
                raise Refusal(N_("The last round is under way: there is no round left to join."))
            now = self.now()
            checked = now if row.kind != NIGHT or row.state != PLANNED else None
            first = row.round + 1 if row.state == PLAYING else 1
            if mine is not None:  # back after leaving: from the next round
                return book.update_member(row.id, user_id, dropped_at=None, checked_in_at=checked, first_round=first)
            return book.add_member(row.id, MemberRow(user_id, storable_name(name), now, checked, first, None, None))
        return (await self._changed(gathering_id, change))[0]

    async def enlist(self, gathering_id: int, members: Iterable[tuple[int, str]]) -> Gathering:
        """Members who said they are interested (Discord's Interested, read at the check-in): joined, as if each had
        pressed Join before it. Those already joined, or who left, stay as they are."""
        wanted = dict(members)

        async def change(row: GatheringRow, known: dict[int, MemberRow], book: GatheringBook):
            if row.state not in (PLANNED, CHECKING_IN):
                raise Refusal(N_("The check-in is over."))
            for user_id, name in wanted.items():
                if user_id not in known:
                    await book.add_member(row.id, MemberRow(user_id, storable_name(name), self.now(), None, 1, None,
                                                            None))
        return (await self._changed(gathering_id, change))[0]

    async def check_in(self, gathering_id: int, user_id: int, name: str) -> Gathering:
        """"I'm here" at a game night's check-in (a member who had not joined joins too)."""
        def change(row: GatheringRow, members: dict[int, MemberRow], book: GatheringBook):
            if row.state != CHECKING_IN:
                raise Refusal(N_("The check-in is not open."))
            mine = members.get(user_id)
            if mine is not None and mine.checked_in_at is not None and mine.dropped_at is None:
                raise Refusal(N_("You are checked in already."))
            if mine is None:
                return book.add_member(row.id, MemberRow(user_id, storable_name(name), self.now(), self.now(), 1,
                                                         None, None))
            return book.update_member(row.id, user_id, checked_in_at=self.now(), dropped_at=None)
        return (await self._changed(gathering_id, change))[0]

    async def leave(self, gathering_id: int, user_id: int) -> tuple[Gathering, list[Table]]:
        """Leave: before it plays, as if never joined; once it plays, dropped (their place in the standings stays)
        and their table of the round handed to the computer. The tables changed come back for the edge to show."""
        return await self._drop(gathering_id, user_id, None, False)

    async def remove(self, gathering_id: int, by_user: int, user_id: int, is_admin: bool = False
                     ) -> tuple[Gathering, list[Table]]:
        """The host (or a server admin) removes a member, as if they left."""
        return await self._drop(gathering_id, user_id, by_user, is_admin)

    async def _drop(self, gathering_id: int, user_id: int, by_user: int | None, is_admin: bool
                    ) -> tuple[Gathering, list[Table]]:
        def change(row: GatheringRow, members: dict[int, MemberRow], book: GatheringBook):
            if by_user is not None and by_user != row.host_id and not is_admin:
                raise errors.NotHost(N_("Only the host or a server admin can do that."))
            mine = members.get(user_id)
            if mine is None or mine.dropped_at is not None:
                raise Refusal(N_("You have not joined this game night or tournament.") if by_user is None else
                              N_("That member is not in this game night or tournament."))
            if row.state not in (PLANNED, CHECKING_IN, PLAYING):
                raise Refusal(N_("This game night or tournament is over."))
            if row.state == PLAYING:
                return book.update_member(row.id, user_id, dropped_at=self.now())
            return book.remove_member(row.id, user_id)
        gathering, row = await self._changed(gathering_id, change)
        changed = []
        if row.state == PLAYING:
            for planned in await self._rounds.tables(row.id, row.round):
                if user_id in planned.seats and planned.table_id is not None and planned.status in ("lobby", "active"):
                    try:
                        table = await self._lobby.leave(Clicked(planned.table_id, row.guild_id), user_id)
                    except (errors.NotSeated, errors.GameOver):  # handed over already, or ended meanwhile
                        continue
                    self._wake(due_at(table) or (self.now() if table.status in ("finished", "ended") else None))
                    changed.append(table)
        return gathering, changed

    async def start(self, gathering_id: int, by_user: int, is_admin: bool = False) -> Gathering:
        """The host's Start: a planned game night opens its check-in now, a check-in ends now, a tournament starts
        now — on the timer, which does it once and tells the edge."""
        def change(row: GatheringRow, members: dict[int, MemberRow], book: GatheringBook):
            if by_user != row.host_id and not is_admin:
                raise errors.NotHost(N_("Only the host or a server admin can do that."))
            if row.state == PLANNED:
                return book.change(row.id, row.rev, starts_at=self.now(), due_at=self.now())
            if row.state == CHECKING_IN:
                return book.change(row.id, row.rev, check_in_ends_at=self.now(), due_at=self.now())
            raise Refusal(N_("It has begun already."))
        gathering, _ = await self._changed(gathering_id, change, own_revision=True)
        self._wake(self.now())
        return gathering

    async def cancel(self, gathering_id: int, by_user: int, is_admin: bool = False, reason: str | None = None
                     ) -> Gathering:
        """The host (or a server admin) cancels it. Tables under way play on as ordinary rated tables. `reason`: a
        catalog text saying why, when not the host's choice (its event cancelled in Discord)."""
        def change(row: GatheringRow, members: dict[int, MemberRow], book: GatheringBook):
            if by_user != row.host_id and not is_admin:
                raise errors.NotHost(N_("Only the host or a server admin can do that."))
            if row.state not in (PLANNED, CHECKING_IN, PLAYING):
                raise Refusal(N_("This game night or tournament is over."))
            return book.change(row.id, row.rev, state=CANCELLED, ended_at=self.now(),
                               end_reason=reason or N_("cancelled by the host"), due_at=self.now())
        gathering, _ = await self._changed(gathering_id, change, own_revision=True)
        self._wake(self.now())
        return gathering

    async def move(self, gathering_id: int, starts_at: float) -> Gathering:
        """Its start moved (its event moved in Discord): a planned gathering starts then; once begun, nothing."""
        def change(row: GatheringRow, members: dict[int, MemberRow], book: GatheringBook):
            if row.state != PLANNED:
                raise Refusal(N_("It has begun already."))
            if starts_at < self.now() - 60:
                raise Refusal(N_("That time has passed: choose a time to come."))
            return book.change(row.id, row.rev, starts_at=starts_at, due_at=starts_at)
        gathering, _ = await self._changed(gathering_id, change, own_revision=True)
        self._wake(starts_at)
        return gathering

    async def _changed(self, gathering_id: int, change, own_revision: bool = False) -> tuple[Gathering, GatheringRow]:
        """Run `change(row, members, book)` — it refuses, or writes — at the gathering's next revision; read again
        and retried when another process changed it first."""
        for _ in range(RETRIES):
            book = GatheringBook(self._store)
            row = await book.get(gathering_id)
            if row is None:
                raise NoGathering()
            members = {m.user_id: m for m in await book.members(gathering_id)}
            try:
                async with self._store.transaction() as tx:
                    written = GatheringBook(tx)
                    if not own_revision:
                        await written.change(row.id, row.rev)
                    done = change(row, members, written)
                    if done is not None:
                        await done
            except Conflict:
                continue
            return await self.get(gathering_id), row
        raise errors.TryAgain()

    # --- a round's tables ---------------------------------------------------------------------
    async def open_table(self, gathering_id: int, round_: int, number: int, channel_id: int,
                         computer_name: str = COMPUTER_NAME) -> tuple[Table, bool]:
        """Table `number` of round `round_`, in the thread `channel_id` the edge made for it: opened and begun (True),
        or as another call opened it (False: the edge's thread is spare). `computer_name` names a computer seat, in
        the server's language, with `{n}`."""
        row = await GatheringBook(self._store).get(gathering_id)
        if row is None:
            raise NoGathering()
        planned = next((t for t in await self._rounds.tables(gathering_id, round_) if t.number == number), None)
        if planned is None:
            raise Refusal(N_("There is no such table in this round."))
        for _ in range(RETRIES):
            try:
                table, opened = await self._rounds.open(row, planned, channel_id, computer_name)
            except Conflict:
                planned = next(t for t in await self._rounds.tables(gathering_id, round_) if t.number == number)
                continue
            except ChannelTaken as taken:
                raise errors.TableBusy(game=self._games[row.game].title) from taken
            self._wake(due_at(table))
            return table, opened
        raise errors.TryAgain()

    async def woken_by(self, table_ids: list[int]) -> None:
        """Tables closed where no gathering heard of it (at start-up, those whose game's rules changed): ended
        without a result, and their gatherings due now."""
        if table_ids:
            async with self._store.transaction() as tx:
                for table_id in table_ids:
                    await GatheringBook(tx).table_closed(table_id, None, self.now())
            self._wake(self.now())

    # --- reading ------------------------------------------------------------------------------
    async def get(self, gathering_id: int) -> Gathering:
        book = GatheringBook(self._store)
        row = await book.get(gathering_id)
        if row is None:
            raise NoGathering()
        return Gathering.of(row, await book.members(gathering_id))

    async def open_in(self, channel_id: int) -> Gathering:
        """The game night or tournament planned or running in a channel (`NoGathering` if none)."""
        book = GatheringBook(self._store)
        row = await book.open_in(channel_id)
        if row is None:
            raise NoGathering()
        return Gathering.of(row, await book.members(row.id))

    async def listed(self, guild_id: int, kind: str | None = None, limit: int = 25) -> list[Gathering]:
        """The server's gatherings (of one kind), the latest first, without their members (`/gamenight history`)."""
        return [Gathering.of(row) for row in await GatheringBook(self._store).of_guild(guild_id, limit, kind)]

    async def standings(self, gathering_id: int) -> tuple[Ranked, ...]:
        return await self._rounds.standings(gathering_id)

    async def tables(self, gathering_id: int, round_: int) -> tuple[PlannedTable, ...]:
        return await self._rounds.tables(gathering_id, round_)

    # --- the timer ----------------------------------------------------------------------------
    async def next_due(self) -> float | None:
        return await self._progress.next_due()

    async def run_due(self) -> list[Notice]:
        return await self._progress.run_due()

    @property
    def listener(self) -> GatheringListener | None:
        return self._progress.listener

    @listener.setter
    def listener(self, listener: GatheringListener | None) -> None:
        self._progress.listener = listener

