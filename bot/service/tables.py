"""`Tables`: the service, built once by `open_tables`. No Discord here.

No door of its own to walk through: each collaborator is the one door to what it owns, and a caller (the edge, a
test) calls it directly — the lobby to open and join tables, the turns to start, play, show a hand and end, the
records for closed tables, the standings, the seasons, and so on. Each is built once here and handed what it uses;
none calls back up into this class, nor into another's private methods. Two requests take two of them: a member's
move (`act`: a move of a member who is away ends their absence) and start-up's `load` (a table closed because its
rules changed ends its round of a gathering).

What follows every change wherever it is made — its moves counted, the timer told the table's next due time — is
the table cache's (`TableCache.committed`); a change of another due time (a member's digest, a season's end) tells
the timer itself. The timer runs every registered due source (timer.py): a new kind of due work registers one more.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime

from db import Store, TableRow

from ..games.core import Game, replace
from ..games.rng import table_rng
from ..metrics import UNMEASURED, Unmeasured
from . import clocks, errors
from .away import Away
from .cache import CACHE_SIZE, TableCache
from .calls import Calls
from .deadlines import Deadlines
from .dice import RngFactory, TableDice
from .digests import Digests
from .follows import Follows
from .gatherings import Gatherings, open_gatherings
from .lobby import Lobby
from .outbox import Outbox
from .preferences import MemberPreferences
from .profiles import Profiles
from .records import Records
from .rematch import Rematches
from .reminders import Reminders
from .results import Standings
from .seasons import Seasons
from .server_defaults import ServerDefaults
from .table import Clicked, Reading, Table, Typed
from .timer import DueSource, Timer
from .turns import Turns
from .votes import Votes


def open_tables(
    store: Store,
    games: Mapping[str, Game],
    *,
    clock: Callable[[], datetime],
    rng_factory: RngFactory = table_rng,
    new_seed: Callable[[], str] | None = None,
    new_client_seed: Callable[[], str] | None = None,
    cache_size: int = CACHE_SIZE,
    metrics: Unmeasured = UNMEASURED,
) -> Tables:
    """The service over `store`, for the games `games` (id -> engine): its collaborators, built once, and the timer
    over their due sources. `metrics` counts what it does (bot/metrics.py); `new_seed` and `new_client_seed` make a
    table's secret seed and a seat's client seed (random ones unless given)."""
    new_seed = new_seed or (lambda: secrets.token_hex(16))
    new_client_seed = new_client_seed or (lambda: secrets.token_hex(4))
    timer = Timer(clock)
    dice = TableDice(rng_factory)
    cache = TableCache(store, games, dice, clock, cache_size, metrics, timer.wake_by)
    preferences = MemberPreferences(store, clock, timer.wake_by)
    reminders = Reminders(cache, preferences)
    calls = Calls(cache, preferences, clock)
    turns = Turns(cache, dice, calls, reminders, clock)
    deadlines = Deadlines(cache, turns, calls, reminders, metrics)
    digests = Digests(store, cache, clock)
    defaults = ServerDefaults(store, games)
    lobby = Lobby(cache, turns, calls, games, clock, new_seed, new_client_seed, defaults)
    records = Records(store, games, dice, cache)
    seasons = Seasons(store, clock, timer.wake_by)
    gatherings = open_gatherings(store, games, cache, turns, calls, records, lobby, defaults, clock, new_seed,
                                 new_client_seed, timer.wake_by)
    outbox = Outbox(store, records, clock, timer.wake_by)
    # Handled in this order when due together: a table that ends is scored before its gathering is looked at.
    timer.register(DueSource("reminders, deadlines and lobbies", deadlines.next_due, deadlines.expire_due))
    timer.register(DueSource("seasons' ends and podiums", seasons.next_due, seasons.roll_due))
    timer.register(DueSource("daily digests", digests.next_due, digests.send_due))
    timer.register(DueSource("game nights and tournaments", gatherings.next_due, gatherings.run_due))
    timer.register(DueSource("closed tables' results and lapsed offers", outbox.next_due, outbox.send_due))
    return Tables(
        store=store,
        games=games,
        cache=cache,
        lobby=lobby,
        turns=turns,
        calls=calls,
        deadlines=deadlines,
        records=records,
        standings=Standings(store),
        seasons=seasons,
        follows=Follows(cache, clock),
        rematches=Rematches(cache, turns, calls, lobby, records, clock, new_seed, new_client_seed),
        preferences=preferences,
        reminders=reminders,
        digests=digests,
        away=Away(cache, turns, clock),
        votes=Votes(cache, turns, lobby, calls, clock),
        profiles=Profiles(store),
        gatherings=gatherings,
        defaults=defaults,
        outbox=outbox,
        timer=timer,
    )


@dataclass(frozen=True, kw_only=True)
class Tables:
    store: Store
    games: Mapping[str, Game]  # the engines it plays, by id
    cache: TableCache  # open tables: find one, those waiting on a member, start-up's `load`
    lobby: Lobby  # open a table, join, leave, kick, computer players
    turns: Turns  # start, a hand, end; the edge's bookkeeping (a table's message, a seat's DM)
    calls: Calls  # whom a change pings; the table's one standing ping
    deadlines: Deadlines  # reminders, timeouts, lobbies expiring (a due source); its `listener`, the edge
    records: Records  # closed tables: the story, a replay, a game record
    standings: Standings  # leaderboards, members' records
    seasons: Seasons  # start, end, rollover (a due source), podiums; its `listener`, the edge
    follows: Follows
    rematches: Rematches
    preferences: MemberPreferences  # /me
    reminders: Reminders  # per seat; Not this turn
    digests: Digests  # the daily digest (a due source); its `listener`, the edge
    away: Away  # away days
    votes: Votes  # the vote on an absent member's seat
    profiles: Profiles
    gatherings: Gatherings  # game nights and tournaments (a due source); its `listener`, the edge
    defaults: ServerDefaults  # a server's defaults per game, for a table or a gathering it opens
    outbox: Outbox  # what a closed table must still show (a due source); its `listener`, the edge
    timer: Timer

    async def act(self, at: int | Clicked | Typed, user_id: int, reading: Reading, expected_seq: int | None = None
                  ) -> Table:
        """A member's move (`Turns.act`: `at`, its table's id, a control clicked on it, or a command typed in its
        channel). A move of a member who is away ends their absence: their other tables that changed with it come
        in the snapshot's `elsewhere`."""
        table = await self.turns.act(at, user_id, reading, expected_seq)
        seat = table.seat_of(user_id)
        if seat is None or not clocks.away(table, seat, self.cache.now()):
            return table
        try:
            _, changed = await self.away.back(user_id)
        except errors.Refusal:  # back already (another process heard them first)
            return table
        table = next((t for t in changed if t.id == table.id), table)
        return replace(table, elsewhere=tuple(t for t in changed if t.id != table.id))

    async def load(self) -> list[TableRow]:
        """Start-up: close the tables whose game's rules changed (`TableCache.load`, reading no moves), and wake
        the gatherings they belonged to."""
        closed = await self.cache.load()
        await self.gatherings.woken_by([row.id for row in closed])
        return closed
