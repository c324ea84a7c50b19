"""DARDZ state, actions and small helpers shared by the turn, action-card and round modules.

Teams: `State.teams` lists the scoring units. Without Team DARDZ every seat is its own unit; with it,
teammates sit alternately (seat s and s + half), and an odd count leaves the last seat solo. Scores
are kept per unit, so a team has one score (DZ-R9: Boost/Bunk on team scores).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..core import Event, replace
from ..rng import Rng
from .cards import number

HAND_SIZE = 3
PHASES = ("roll", "pick", "play", "guess", "lead", "over")
BONUS = 4  # State.step during the Bonus Roll
TURN_OVER = 5  # State.step once the turn's rolls are done (action cards may still resolve)


# --- actions ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Roll:
    """Make the next roll (roll 1, 2, 3 or a Bonus Roll)."""


@dataclass(frozen=True)
class Pick:
    """Pick a number from the dice just rolled; n = 0 picks nothing."""

    n: int


@dataclass(frozen=True)
class Guess:
    """The Jackpot guess, 1-6."""

    n: int


@dataclass(frozen=True)
class Play:
    """Choose which of several different action cards in hand to play next."""

    card: str


@dataclass(frozen=True)
class Lead:
    """Team DARDZ: the team that won the round names which teammate rolls first."""

    seat: int


# --- state ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class State:
    players: int
    team_mode: bool
    teams: tuple[tuple[int, ...], ...]  # scoring units; (s,) for a solo seat
    target: int  # score a unit needs (2 x the option with Team DARDZ)
    scores: tuple[int, ...]  # per unit
    round_no: int
    deck: tuple[str, ...]  # draw pile, top first
    hands: tuple[tuple[str, ...], ...]  # public
    piles: tuple[tuple[str, ...], ...]  # points piles: each seat sees only its own
    starter: int | None  # who rolled first this round
    turn: int | None  # the roller; None while a team chooses its first roller, or when over
    phase: str  # one of PHASES
    step: int  # 1-3: the roll to make / just made; BONUS; TURN_OVER
    dice: tuple[int, ...]  # the last roll of the turn
    lead: int | None  # unit choosing its first roller (phase "lead")
    round_winner: int | None  # unit that won the last finished round
    champion: int | None  # unit that won the game
    events: tuple[Event, ...] = ()  # the account of the last move (core.Event)


def make_teams(players: int, team_mode: bool) -> tuple[tuple[int, ...], ...]:
    if not team_mode:
        return tuple((s,) for s in range(players))
    half = players // 2
    pairs = tuple((s, s + half) for s in range(half))
    return pairs + (((players - 1,),) if players % 2 else ())


def unit_of(state: State, seat: int) -> int:
    if not state.team_mode:
        return seat  # every seat is its own unit
    return next(u for u, members in enumerate(state.teams) if seat in members)


def goal(state: State, unit: int) -> int:
    """Pile cards a unit needs to win the round: 10 a player, 20 a team."""
    return 10 * len(state.teams[unit])


def lucky_limit(state: State, unit: int) -> int:
    return 3 * len(state.teams[unit])


def multiplier(state: State, unit: int) -> int:
    """The solo player of an odd Team DARDZ table doubles their pile total."""
    return 2 if state.team_mode and len(state.teams[unit]) == 1 else 1


def pile_count(state: State, unit: int) -> int:
    return sum(len(state.piles[s]) for s in state.teams[unit])


def hand_count(state: State, unit: int) -> int:
    return sum(len(state.hands[s]) for s in state.teams[unit])


def bonus_seats(state: State, seat: int) -> tuple[int, ...]:
    """Whose hands a Bonus Roll scores from: the roller, and with Team DARDZ the teammate."""
    if not state.team_mode:
        return (seat,)
    members = state.teams[unit_of(state, seat)]
    return (seat,) + tuple(s for s in members if s != seat)


def leaders(state: State) -> tuple[int, ...]:
    """Units with the highest score; none while every score is equal."""
    if len(set(state.scores)) == 1:
        return ()
    top = max(state.scores)
    return tuple(u for u, score in enumerate(state.scores) if score == top)


def rivals(state: State, seat: int) -> tuple[int, ...]:
    """Seats of the current leader when that is not the seat's own unit (DZ-R14, computer player)."""
    lead = leaders(state)
    if unit_of(state, seat) in lead:
        return ()
    return tuple(s for u in lead for s in state.teams[u])


def put(items: tuple, index: int, value) -> tuple:
    return items[:index] + (value,) + items[index + 1:]


def add_score(state: State, unit: int, delta: int) -> State:
    return replace(state, scores=put(state.scores, unit, max(0, state.scores[unit] + delta)))


def draw(state: State, seat: int, count: int) -> State:
    """Draw up to `count` cards from the top of the draw pile (fewer if it runs out: DZ-R1)."""
    taken = state.deck[:count]
    if not taken:
        return state
    return replace(state, deck=state.deck[len(taken):], hands=put(state.hands, seat, state.hands[seat] + taken))


def move_number(state: State, n: int, seats: Sequence[int]) -> tuple[State, list[tuple[int, int]]]:
    """Every listed seat moves all its cards of number n to its points pile; returns (seat, count)."""
    moved = []
    for seat in seats:
        hand = state.hands[seat]
        hit = tuple(c for c in hand if number(c) == n)
        if hit:
            state = replace(state, hands=put(state.hands, seat, tuple(c for c in hand if number(c) != n)),
                            piles=put(state.piles, seat, state.piles[seat] + hit))
            moved.append((seat, len(hit)))
    return state, moved


def seats_from(state: State, seat: int) -> list[int]:
    """Every seat in order, starting with `seat` (DZ-R1)."""
    return [(seat + i) % state.players for i in range(state.players)]


def roll_off(rng: Rng, contenders: Sequence[int]) -> tuple[int, list[list[list[int]]]]:
    """Each contender rolls one die in order; the highest wins, ties re-roll (DZ-R7).
    Returns the winner and every throw: per throw, [contender, die] pairs."""
    contenders = list(contenders)
    throws = []
    while True:
        rolls = [[c, rng.randint(1, 6)] for c in contenders]
        throws.append(rolls)
        top = max(r for _, r in rolls)
        contenders = [c for c, r in rolls if r == top]
        if len(contenders) == 1:
            return contenders[0], throws
