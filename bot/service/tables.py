"""`Tables`: the one door to the service. No Discord here.

A thin facade: each method hands the request to the collaborator that does it — the table cache (lock, LRU,
revision, rebuild), the lobby, the turns, the deadlines and their timer, the closed tables' records, the
standings — each built once by `open_tables` and handed what it uses. None calls back up into this class, nor
into another's private methods. After a change that moved a table's next reminder or deadline, the timer is told.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Callable, Mapping
from datetime import datetime
from typing import Any

from db import RatingRow, Store, TableRow
from db.preferences import MemberPrefsRow
from db.seasons import SeasonRow

from ..games.core import Game, replace
from ..games.levels import DEFAULT_LEVEL
from ..games.rng import table_rng
from ..metrics import UNMEASURED, Unmeasured
from . import clocks, errors
from .away import Away, AwayCard
from .cache import CACHE_SIZE, OPEN, TableCache
from .calls import Calls
from .computers import warm
from .deadlines import Deadlines, Listener
from .dice import RngFactory, TableDice
from .digests import Digest, DigestListener, Digests
from .follows import Follows
from .gatherings import Gatherings, open_gatherings
from .lobby import COMPUTER_NAME, Lobby
from .outbox import Outbox
from .preferences import MemberPreferences
from .profiles import Profile, profile
from .records import Records, Replayed
from .rematch import Rematches
from .reminders import Reminders
from .results import MemberStats, Ranked, Standings
from .seasons import Ended, SeasonListener, Seasons
from .server_defaults import ServerDefaults
from .table import Clicked, Table, Typed
from .telemetry import moves_made
from .timer import Timer
from .turns import Turns
from .votes import Tally, Votes


def open_tables(
    store: Store,
    games: Mapping[str, Game],
    *,
    clock: Callable[[], datetime],
    rng_factory: RngFactory = table_rng,
    new_seed: Callable[[], str] = lambda: secrets.token_hex(16),
    new_client_seed: Callable[[], str] = lambda: secrets.token_hex(4),
    cache_size: int = CACHE_SIZE,
    metrics: Unmeasured = UNMEASURED,
) -> Tables:
    """The service over `store`, for the games `games` (id -> engine), built once; `metrics` counts what it does."""
    dice = TableDice(rng_factory)
    cache = TableCache(store, games, dice, clock, cache_size, metrics)
    preferences = MemberPreferences(store, clock)
    reminders = Reminders(cache, preferences)
    calls = Calls(cache, preferences, clock)
    turns = Turns(cache, dice, calls, reminders, clock)
    deadlines = Deadlines(cache, turns, calls, reminders, metrics)
    digests = Digests(store, cache, clock)
    defaults = ServerDefaults(store, games)
    lobby = Lobby(cache, turns, calls, games, clock, new_seed, new_client_seed, defaults)
    records = Records(store, games, dice, cache)
    seasons = Seasons(store, clock)
    gatherings = open_gatherings(store, games, cache, turns, calls, records, lobby, defaults, clock, new_seed,
                                 new_client_seed, lambda due: timer.wake_by(due))
    outbox = Outbox(store, records, clock, lambda due: timer.wake_by(due))

    async def next_due() -> float | None:
        due = [await s.next_due() for s in (store, seasons, digests, gatherings, outbox)]
        return min((t for t in due if t is not None), default=None)

    async def on_due() -> None:  # in this order: a table that ends is scored before its gathering is looked at
        for run in (deadlines.expire_due, seasons.roll_due, digests.send_due, gatherings.run_due, outbox.send_due):
            await run()

    timer = Timer(next_due, clock, on_due)
    return Tables(
        cache=cache,
        turns=turns,
        calls=calls,
        lobby=lobby,
        deadlines=deadlines,
        timer=timer,
        records=records,
        standings=Standings(store),
        seasons=seasons,
        follows=Follows(cache, clock),
        rematches=Rematches(cache, turns, calls, lobby, records, clock, new_seed, new_client_seed),
        preferences=preferences, reminders=reminders, digests=digests,
        away=Away(cache, turns, clock),
        votes=Votes(cache, turns, lobby, calls, clock),
        gatherings=gatherings, defaults=defaults, outbox=outbox,
        metrics=metrics,
    )


class Tables:
    def __init__(self, *, cache: TableCache, turns: Turns, calls: Calls, lobby: Lobby, deadlines: Deadlines,
                 timer: Timer, records: Records, standings: Standings, seasons: Seasons, follows: Follows,
                 rematches: Rematches, preferences: MemberPreferences, reminders: Reminders, digests: Digests,
                 away: Away, votes: Votes, gatherings: Gatherings, defaults: ServerDefaults, outbox: Outbox,
                 metrics: Unmeasured = UNMEASURED) -> None:
        self._cache, self._turns, self._calls, self._lobby, self._metrics = cache, turns, calls, lobby, metrics
        self._deadlines, self._timer, self._records, self._standings = deadlines, timer, records, standings
        self._seasons, self._follows, self._rematches = seasons, follows, rematches
        self._preferences, self._reminders, self._digests = preferences, reminders, digests
        self._away, self._votes, self.gatherings, self.defaults, self.outbox = away, votes, gatherings, defaults, outbox

    @property
    def store(self) -> Store:
        return self._cache.store

    @property
    def games(self) -> Mapping[str, Game]:
        return self._cache.games

    # --- the lobby ----------------------------------------------------------------------------
    async def open(self, *, guild_id: int | None, channel_id: int, game_id: str, host_id: int, host_name: str,
                   options: dict[str, Any] | None = None, pace_seconds: int | None = None,
                   clock: str | None = None, away: bool | None = None) -> Table:
        return self._woken(await self._lobby.open(guild_id=guild_id, channel_id=channel_id, game_id=game_id,
                                                  host_id=host_id, host_name=host_name, options=options,
                                                  pace_seconds=pace_seconds, clock=clock, away=away))

    async def check_hosting(self, guild_id: int | None, host_id: int) -> None:
        await self._lobby.check_hosting(guild_id, host_id)

    async def join(self, at: int | Clicked, user_id: int, name: str, client_seed: str | None = None) -> Table:
        """`at`: the table's channel, or a control clicked on it."""
        return await self._lobby.join(at, user_id, name, client_seed)

    async def add_computer(self, at: int | Clicked, by_user: int, naming: str = COMPUTER_NAME,
                           level: str = DEFAULT_LEVEL) -> Table:
        """`level`: easy, normal or hard (bot/games/levels.py); anything else is refused."""
        return await self._lobby.add_computer(at, by_user, naming, level)

    async def remove_computer(self, channel_id: int, by_user: int) -> Table:
        return await self._lobby.remove_computer(channel_id, by_user)

    async def leave(self, at: int | Clicked, user_id: int) -> Table:
        return self._woken(await self._lobby.leave(at, user_id))

    async def kick(self, channel_id: int, by_user: int, user_id: int, is_admin: bool = False) -> Table:
        return self._woken(await self._lobby.kick(channel_id, by_user, user_id, is_admin))

    # --- the game -----------------------------------------------------------------------------
    async def start(self, at: int | Clicked, user_id: int) -> Table:
        return self._woken(await self._turns.start(at, user_id))

    async def act(self, at: int | Clicked | Typed, user_id: int, action: Any, expected_seq: int | None = None
                  ) -> Table:
        """`at`: a table's id, a control clicked on it or a command typed in its channel; a move ends an absence."""
        table = self._woken(await self._turns.act(at, user_id, action, expected_seq),
                            "typed" if isinstance(at, Typed) else "click")
        seat = table.seat_of(user_id)
        if seat is not None and clocks.away(table, seat, self._cache.now()):
            try:
                _, changed = await self.come_back(user_id)
            except errors.Refusal:  # back already (another process heard them first)
                return table
            table = next((t for t in changed if t.id == table.id), table)
            table = replace(table, elsewhere=tuple(t for t in changed if t.id != table.id))
        return table

    async def hand(self, at: int | Clicked, user_id: int, seq: int | None = None) -> tuple[Table, bool]:
        return await self._turns.hand(at, user_id, seq)

    async def end(self, at: int | Clicked, user_id: int, is_admin: bool = False, *, running_too: bool = True
                  ) -> Table:
        return self._woken(await self._turns.end(at, user_id, is_admin, running_too=running_too))

    async def vote(self, at: Clicked, user_id: int, seat: int, choice: str) -> tuple[Table, Tally]:
        """A player's vote on an absent member's seat the computer plays (votes.py): replace, or end unrated."""
        table, tally = await self._votes.vote(at, user_id, seat, choice)
        return self._woken(table), tally

    # --- the edge's bookkeeping ---------------------------------------------------------------
    async def set_message(self, table_id: int, message_id: int) -> None:
        await self._turns.set_message(table_id, message_id)

    async def set_dm(self, table_id: int, seat: int, channel_id: int | None, message_id: int | None) -> None:
        await self._turns.set_dm(table_id, seat, channel_id, message_id)

    async def record_ping(self, table_id: int, message_id: int | None, seats: frozenset[int], seq: int
                          ) -> tuple[int, ...]:
        """The table's ping now standing in its channel (Calls.record_ping): the messages to delete."""
        return await self._calls.record_ping(table_id, message_id, seats, seq)

    # --- open tables --------------------------------------------------------------------------
    async def get(self, channel_id: int) -> Table:
        return await self._cache.get(channel_id)

    async def get_by_id(self, table_id: int) -> Table | None:
        return await self._cache.get_by_id(table_id)

    def cached_tables(self) -> list[Table]:
        return self._cache.cached_tables()

    async def open_tables(self) -> list[Table]:
        return await self._cache.open_tables()

    async def waiting_on(self, user_id: int) -> list[Table]:
        return await self._cache.waiting_on(user_id)

    @property
    def cached_count(self) -> int:
        """How many open tables this process holds rebuilt in memory."""
        return self._cache.cached_count

    @property
    def rebuilds(self) -> int:
        return self._cache.rebuilds

    @property
    def catch_ups(self) -> int:
        return self._cache.catch_ups

    @property
    def conflicts_retried(self) -> int:
        return self._cache.conflicts_retried

    # --- closed tables ------------------------------------------------------------------------
    async def closed_table(self, table_id: int, with_story: bool = False) -> Table | None:
        return await self._records.closed_table(table_id, with_story)

    async def replay_step(self, table_id: int, step: int) -> Replayed | None:
        return await self._records.replay_step(table_id, step)

    async def last_closed_in(self, channel_id: int) -> Table | None:
        return await self._records.last_closed_in(channel_id)

    async def shown_in(self, channel_id: int) -> Table:
        return await self._records.shown_in(channel_id)

    async def game_record(self, guild_id: int | None, table_id: int | None, channel_id: int) -> dict[str, Any]:
        return await self._records.game_record(guild_id, table_id, channel_id)

    async def history(self, guild_id: int | None, table_id: int | None, channel_id: int
                      ) -> tuple[Table, dict[str, Any], tuple[int, ...]]:
        return await self._records.history(guild_id, table_id, channel_id)

    async def replay(self, guild_id: int | None, table_id: int | None, channel_id: int | None, step: int,
                     user_id: int | None = None) -> Replayed:
        return await self._records.replay(guild_id, table_id, channel_id, step, user_id)

    # --- the community around tables ----------------------------------------------------------
    async def follow(self, at: Clicked, user_id: int) -> Table:
        return await self._follows.follow(at, user_id)

    async def followers(self, table_id: int) -> list[int]:
        return await self._follows.followers(table_id)

    async def rematch(self, at: Clicked, user_id: int, wants: bool) -> tuple[Table, Table | None]:
        """A player's answer to a finished table's rematch offer: that table, and the rematch once it opened."""
        table, rematch = await self._rematches.answer(at, user_id, wants)
        return table, self._woken(rematch) if rematch is not None else None

    async def profile(self, guild_id: int, user_id: int, name: str) -> Profile:
        return await profile(self.store, guild_id, user_id, name)

    # --- a member's preferences (/me) ------------------------------------------------------------
    async def preferences(self, user_id: int) -> MemberPrefsRow:
        return await self._preferences.mine(user_id)

    async def change_preferences(self, user_id: int, **choices: Any) -> MemberPrefsRow:
        """Check and store a member's choices (MemberPreferences.change); the timer wakes by their next digest."""
        prefs = await self._preferences.change(user_id, **choices)
        self._timer.wake_by(prefs.digest_at)
        return prefs

    async def not_this_turn(self, at: Clicked, user_id: int, seq: int) -> Table:
        """A member's "not this turn" on a reminder sent at move `seq`: silent for them until their next decision."""
        return await self._reminders.silence(at, user_id, seq)

    async def send_digests(self) -> list[Digest]:
        return await self._digests.send_due()

    @property
    def digest_listener(self) -> DigestListener | None:
        return self._digests.listener

    @digest_listener.setter
    def digest_listener(self, listener: DigestListener | None) -> None:
        self._digests.listener = listener

    # --- away days -------------------------------------------------------------------------
    async def away_card(self, user_id: int) -> AwayCard:
        return await self._away.card(user_id)

    async def go_away(self, user_id: int, days: int | None, until: float | None = None
                      ) -> tuple[AwayCard, list[Table]]:
        """The member's clocks stop for `days` days or until `until` (away.py): the card, and the tables changed."""
        card, changed = await self._away.go(user_id, days, until)
        return card, [self._woken(t) for t in changed]

    async def come_back(self, user_id: int) -> tuple[AwayCard, list[Table]]:
        card, changed = await self._away.back(user_id)
        return card, [self._woken(t) for t in changed]

    # --- standings ----------------------------------------------------------------------------
    async def leaderboard(self, guild_id: int | None, game: str, limit: int = 10, season_id: int | None = None
                          ) -> list[Ranked]:
        return await self._standings.leaderboard(guild_id, game, limit, season_id)

    async def ranked(self, guild_id: int | None, rows: list[RatingRow]) -> list[Ranked]:
        return await self._standings.named(guild_id, rows)

    async def member_stats(self, guild_id: int | None, user_id: int, game: str | None = None) -> MemberStats:
        return await self._standings.member(guild_id, user_id, game)

    # --- seasons ------------------------------------------------------------------------------
    async def start_season(self, guild_id: int, name: str | None, channel_id: int | None) -> SeasonRow:
        """`name` None: monthly seasons (seasons.py)."""
        season = await self._seasons.start(guild_id, name, channel_id)
        self._timer.wake_by(season.ends_at)
        return season

    async def end_season(self, guild_id: int) -> Ended:
        return await self._seasons.end(guild_id)

    async def set_time_zone(self, guild_id: int, zone: str) -> None:
        """The running season follows the server's new time zone (its days; a monthly one's rollover)."""
        await self._seasons.retime(guild_id, zone)
        running = await self._seasons.running(guild_id)
        self._timer.wake_by(running.ends_at if running else None)

    async def seasons(self, guild_id: int) -> list[SeasonRow]:
        """The server's seasons, the latest first."""
        return await self._seasons.listed(guild_id)

    async def running_season(self, guild_id: int) -> SeasonRow | None:
        return await self._seasons.running(guild_id)

    async def season_named(self, guild_id: int, name: str) -> SeasonRow:
        return await self._seasons.named(guild_id, name)

    async def roll_seasons(self) -> list[Ended]:
        """What the timer does for seasons: roll over the due monthly ones, post the podiums not posted yet."""
        return await self._seasons.roll_due()

    @property
    def season_listener(self) -> SeasonListener | None:
        return self._seasons.listener

    @season_listener.setter
    def season_listener(self, listener: SeasonListener | None) -> None:
        self._seasons.listener = listener

    # --- time ---------------------------------------------------------------------------------
    async def load(self) -> list[TableRow]:
        """Start-up: close the tables whose game's rules changed (reading no moves; their gatherings woken)."""
        closed = await self._cache.load()
        await self.gatherings.woken_by([row.id for row in closed])
        return closed

    async def warm_computers(self) -> None:
        """Start-up, in the background: the hard computers' tables built in a worker thread (computers.warm)."""
        await asyncio.to_thread(warm, self.games)

    @property
    def listener(self) -> Listener | None:
        return self._deadlines.listener

    @listener.setter
    def listener(self, listener: Listener | None) -> None:  # deadlines', and a closed table's outbox (outbox.py)
        self._deadlines.listener = self.outbox.listener = listener

    async def expire_due(self) -> list[tuple[Table, str]]:
        return await self._deadlines.expire_due()

    def start_timer(self) -> None:
        self._timer.start()

    @property
    def timer(self) -> Timer:
        return self._timer

    async def close(self) -> None:
        await self._timer.close()

    def _woken(self, table: Table, member: str = "click") -> Table:
        """After a change: its moves counted (a member's own from `member`, click or typed), the timer woken by its
        next reminder or deadline, or now when it closed (a gathering's table: its gathering is due then)."""
        if table.moves:
            moves_made(table, self._metrics, member)
        self._timer.wake_by(table.reminder_at or table.deadline_at if table.status in OPEN else self._cache.now())
        return table
