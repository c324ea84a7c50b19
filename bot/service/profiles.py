"""A member's profile in a server: per game their rating and its history over their last rated games, their
finished games, wins and placings; their current streak, favourite game and medals from past seasons."""

from __future__ import annotations

from dataclasses import dataclass

from db import RatingRow, Store
from db.community import Community
from db.gatherings import GatheringBook
from db.leaderboards import Leaderboards
from db.seasons import Medal, Seasons

from ..games.text import N_, Name
from ..gatherings import ROUND_ROBIN, SWISS
from .errors import Refusal
from .gatherings.rounds import ranked
from .ratings import DEFAULT_MU, DEFAULT_SIGMA, shown_rating

HISTORY_GAMES = 50  # rated games a profile's chart goes back over, per game
STREAK_LOOKBACK = 500  # finished games read to count a streak (a longer one shows as this many)
TOURNAMENTS_SHOWN = 5  # the latest finished tournaments a profile lists


@dataclass(frozen=True)
class GameRecord:
    game: str
    played: int
    won: int
    placings: dict[int, int]  # place -> games
    rating: RatingRow | None  # all-time; None: never rated
    history: tuple[int, ...]  # the shown rating after each of the last HISTORY_GAMES rated games, oldest first


@dataclass(frozen=True)
class Finish:
    """A finished tournament a member played in: their final place among its members."""

    gathering_id: int
    title: str
    game: str
    ended_at: float
    place: int
    members: int


@dataclass(frozen=True)
class Profile:
    games: tuple[GameRecord, ...]  # the most played first
    streak: int  # wins in a row (> 0), or games without a win in a row (< 0), up to the latest game
    medals: tuple[Medal, ...]  # the latest season first
    tournaments: tuple[Finish, ...] = ()  # the latest first

    @property
    def favourite(self) -> str:
        return self.games[0].game


def streak(places: list[int]) -> int:
    """From the latest game back: +n for n wins in a row, -n for n games in a row without a win."""
    if not places:
        return 0
    won = places[0] == 1
    n = next((i for i, place in enumerate(places) if (place == 1) != won), len(places))
    return n if won else -n


class Profiles:
    """Members' profiles in a server (`/profile`), read from the store."""

    def __init__(self, store: Store) -> None:
        self._store = store

    async def of(self, guild_id: int, user_id: int, name: str) -> Profile:
        """`name`: the member's, for the refusal when they have finished no game here."""
        store = self._store
        record = await Leaderboards(store).member_record(guild_id, user_id)
        if not record:
            raise Refusal(N_("{name} has not finished a game in this server yet: a profile starts with the first."),
                          name=Name(name))
        community = Community(store)
        ratings = await Leaderboards(store).member_ratings(guild_id, user_id)
        placings = await community.placings(guild_id, user_id)
        history: dict[str, list[int]] = {}
        for rated in await community.rating_history(guild_id, user_id, HISTORY_GAMES):
            history.setdefault(rated.game, []).append(shown_rating(rated.mu, rated.sigma))
        games = [GameRecord(game, played, won, placings.get(game, {}), ratings.get(game),
                            tuple(history.get(game, ()))) for game, (played, won) in record.items()]
        games.sort(key=lambda g: (-g.played, -g.won, g.game))
        places = await community.recent_placings(guild_id, user_id, STREAK_LOOKBACK)
        return Profile(tuple(games), streak(places), tuple(await Seasons(store).medals(guild_id, user_id)),
                       await self.tournaments(guild_id, user_id))

    async def tournaments(self, guild_id: int, user_id: int) -> tuple[Finish, ...]:
        """The member's latest finished tournaments here, with their final places (one standings query each)."""
        book, finishes = GatheringBook(self._store), []
        for row in await book.of_member(guild_id, user_id, (SWISS, ROUND_ROBIN), TOURNAMENTS_SHOWN):
            lines = ranked(await book.standings_rows(row.id, DEFAULT_MU, DEFAULT_SIGMA))
            place = next(line.standing.place for line in lines if line.standing.user_id == user_id)
            finishes.append(Finish(row.id, row.title, row.game, row.ended_at or row.starts_at, place, len(lines)))
        return tuple(finishes)
