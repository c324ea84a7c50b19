"""Army Men Dice War (../shared/rules/army_men_dice_war.md): two players, six d6 each, lowest total wins.

A round: both ante one die (AMD-R9), the starter rolls and sets aside 1 or 2 dice at a time until
none remain (AMD-R3), then the other player does the same; the lower round score takes back its
ante, the other ante leaves the game (AMD-R5). Setting aside re-rolls the rest at once: there is no
choice between the two, so the bot does not ask for a second click.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache
from typing import Any

from ..core import CheckedGame, Event, IllegalAction, Option, Outcome, check_legal, emit, fresh
from ..rng import Rng
from ..text import N_, Text
from .help import RULES_HELP

DICE_PER_PLAYER = 6
CAMPAIGN_GAMES = 3


def points(face: int) -> int:
    """A 1 is a soldier and scores 0; any other face scores its pips."""
    return 0 if face == 1 else face


@dataclass(frozen=True)
class Roll:
    """Roll every die still to roll (only at the start of a turn)."""


@dataclass(frozen=True)
class Keep:
    """Set aside these faces (1 or 2 of the dice just rolled); the rest are rolled again."""

    faces: tuple[int, ...]


@dataclass(frozen=True)
class State:
    campaign: bool
    game_no: int  # 1-based; only a campaign has more than one
    first_starter: int  # who started round 1 of this game (AMD-R8)
    starter: int  # who starts this round
    dice: tuple[int, int]  # dice each player owns, ante included
    turn: int | None  # whose turn; None once the game (or campaign) is over
    rolled: tuple[int, ...]  # the dice just rolled, awaiting a Keep; () = must Roll
    to_roll: int  # dice the player on turn still has to roll (includes `rolled`)
    kept: tuple[tuple[int, ...], tuple[int, ...]]  # dice set aside this round
    done: tuple[bool, bool]  # who has finished their turn this round
    rounds: tuple[tuple[int, int], ...]  # round scores of this game
    games: tuple[tuple[int, int], ...]  # totals of the campaign's finished games
    game_winners: tuple[int | None, ...]  # per finished game: winning seat, None for a draw
    events: tuple[Event, ...] = ()  # the account of the last move (core.Event)

    @property
    def round_no(self) -> int:
        return len(self.rounds) + 1


def _faces(faces: Sequence[int]) -> str:
    return " ".join(str(f) for f in faces)


def round_score(kept: Sequence[int]) -> int:
    return sum(points(f) for f in kept)


def game_totals(rounds: Sequence[tuple[int, int]]) -> tuple[int, int]:
    return (sum(r[0] for r in rounds), sum(r[1] for r in rounds))


def rounds_won(rounds: Sequence[tuple[int, int]]) -> tuple[int, int]:
    return (sum(a < b for a, b in rounds), sum(b < a for a, b in rounds))


def _decide(totals: tuple[int, int], tiebreak: tuple[int, int]) -> int | None:
    """Lower total wins; equal totals go to the higher tiebreak count; else None (a draw)."""
    if totals[0] != totals[1]:
        return 0 if totals[0] < totals[1] else 1
    if tiebreak[0] != tiebreak[1]:
        return 0 if tiebreak[0] > tiebreak[1] else 1
    return None


@cache
def expected_score(dice: int) -> float:
    """Exact expected sum set aside from rolling `dice` dice under the best policy (AMD computer)."""
    if dice == 0:
        return 0.0
    total = 0.0
    outcomes = list(itertools.product(range(1, 7), repeat=dice))
    for outcome in outcomes:
        total += best_keep(tuple(sorted(outcome)))[1]
    return total / len(outcomes)


def best_keep(rolled: tuple[int, ...]) -> tuple[tuple[int, ...], float]:
    """The keep that minimises the expected round score from here, and that expectation."""
    ordered = sorted(rolled, key=points)
    options = []
    for k in (1, 2):
        if k <= len(ordered):
            keep = tuple(ordered[:k])
            options.append((round_score(keep) + expected_score(len(ordered) - k), k, keep))
    value, _, keep = min(options)
    return keep, value


class ArmyMenDiceWar(CheckedGame):
    id = "armymen"
    title = "Army Men Dice War"
    min_players = 2
    max_players = 2
    rules_version = 1
    options: Mapping[str, Option] = {
        "campaign": Option("campaign", False, N_("Play a campaign of three games; the lowest sum wins (AMD-R8).")),
    }
    state_type = State
    action_types = (Roll, Keep)
    rules_help = RULES_HELP
    has_secrets = False  # AMD-R10: everything is public
    luckier = "low"  # the lowest total wins: a 1 is a soldier (0 points), a 6 scores 6

    # --- set-up -------------------------------------------------------------------------------
    def setup(self, players: int, options: Mapping[str, Any], rng: Rng) -> State:
        if players != 2:
            raise IllegalAction(N_("Army Men Dice War is for exactly 2 players."))
        starter = rng.randint(0, 1)  # AMD-R6: the rulebook's "youngest player", seeded
        state = State(
            campaign=bool(options.get("campaign", False)), game_no=1, first_starter=starter,
            starter=starter, dice=(DICE_PER_PLAYER, DICE_PER_PLAYER), turn=None, rolled=(), to_roll=0,
            kept=((), ()), done=(False, False), rounds=(), games=(), game_winners=(),
        )
        return self._start_round(state)

    def _start_round(self, state: State) -> State:
        # AMD-R1/R2: a player with at most one die cannot ante and still roll: the game ends.
        if min(state.dice) <= 1:
            return self._end_game(state)
        # AMD-R9: the ante is automatic; ante dice are never rolled (AMD-R4).
        state = replace(
            state, turn=state.starter, rolled=(), to_roll=state.dice[state.starter] - 1, kept=((), ()),
            done=(False, False),
        )
        return emit(state, Event("round_started", {"game": state.game_no, "round": state.round_no,
                                                   "starter": state.starter, "dice": state.dice}))

    def _end_game(self, state: State) -> State:
        totals = game_totals(state.rounds)
        winner = _decide(totals, rounds_won(state.rounds))
        state = replace(
            state, turn=None, rolled=(), to_roll=0, games=state.games + (totals,),
            game_winners=state.game_winners + (winner,),
        )
        state = emit(state, Event("game_ended", {"game": state.game_no, "totals": totals, "winner": winner}))
        if state.campaign and state.game_no < CAMPAIGN_GAMES:
            starter = 1 - state.first_starter  # AMD-R8
            state = replace(
                state, game_no=state.game_no + 1, first_starter=starter, starter=starter,
                dice=(DICE_PER_PLAYER, DICE_PER_PLAYER), rounds=(),
            )
            return self._start_round(state)
        return state

    # --- queries ------------------------------------------------------------------------------
    def to_act(self, state: State) -> frozenset[int]:
        return frozenset() if state.turn is None else frozenset({state.turn})

    def legal_actions(self, state: State, seat: int) -> list[Roll | Keep]:
        if seat not in self.to_act(state):
            return []
        if not state.rolled:
            return [Roll()]
        sizes = (1,) if len(state.rolled) == 1 else (1, 2)
        keeps = {tuple(sorted(c)) for k in sizes for c in itertools.combinations(state.rolled, k)}
        return [Keep(faces) for faces in sorted(keeps)]

    def explain(self, state: State, seat: int, action: Any) -> Text | None:
        """One player rolls and sets aside at a time: whose turn it is says it all."""
        return None

    def _check(self, state: State, seat: int, action: Any) -> None:
        check_legal(self, state, seat, action)
        if isinstance(action, Roll):
            if state.rolled:
                raise IllegalAction(N_("Set aside 1 or 2 of the dice you rolled first."))
            return
        if not state.rolled:
            raise IllegalAction(N_("Roll your dice first."))
        if not 1 <= len(action.faces) <= 2:
            raise IllegalAction(N_("Set aside 1 or 2 of the dice you just rolled (AMD-R3)."))
        if len(state.rolled) == 1 and len(action.faces) != 1:
            raise IllegalAction(N_("You rolled one die: set it aside."))
        if Counter(action.faces) - Counter(state.rolled):
            raise IllegalAction(N_("You can only set aside dice you rolled: {faces}."), faces=_faces(state.rolled))

    # --- moves --------------------------------------------------------------------------------
    def apply(self, state: State, seat: int, action: Roll | Keep, rng: Rng) -> State:
        self._check(state, seat, action)
        state = fresh(state)
        if isinstance(action, Roll):
            rolled = tuple(rng.randint(1, 6) for _ in range(state.to_roll))
            return emit(replace(state, rolled=rolled), Event("rolled", {"seat": seat, "dice": rolled}))
        kept = list(state.kept)
        kept[seat] = kept[seat] + tuple(action.faces)
        left = state.to_roll - len(action.faces)
        state = emit(state, Event("set_aside", {"seat": seat, "dice": action.faces}))
        if left:
            rolled = tuple(rng.randint(1, 6) for _ in range(left))
            state = replace(state, kept=(kept[0], kept[1]), rolled=rolled, to_roll=left)
            return emit(state, Event("rolled", {"seat": seat, "dice": rolled}))
        done = list(state.done)
        done[seat] = True
        state = replace(state, kept=(kept[0], kept[1]), rolled=(), to_roll=0, done=(done[0], done[1]))
        state = emit(state, Event("turn_ended", {"seat": seat, "score": round_score(kept[seat])}))
        if not all(done):
            other = 1 - seat
            return replace(state, turn=other, to_roll=state.dice[other] - 1)
        return self._resolve_round(state)

    def _resolve_round(self, state: State) -> State:
        scores = (round_score(state.kept[0]), round_score(state.kept[1]))
        dice = list(state.dice)
        if scores[0] == scores[1]:  # AMD-R5: a tie loses both ante dice
            dice = [d - 1 for d in dice]
            losers = [0, 1]
        else:
            losers = [0 if scores[0] > scores[1] else 1]
            dice[losers[0]] -= 1
        ended = Event("round_ended", {"round": state.round_no, "scores": scores, "losers": losers})
        state = emit(replace(state, dice=(dice[0], dice[1]), rounds=state.rounds + (scores,),
                             starter=1 - state.starter), ended)  # AMD-R6: alternate
        return self._start_round(state)

    # --- information --------------------------------------------------------------------------
    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        # AMD-R10: everything is public.
        totals = game_totals(state.rounds)
        public = {
            "campaign": state.campaign, "game_no": state.game_no, "games_in_campaign": CAMPAIGN_GAMES,
            "round_no": state.round_no, "turn": state.turn, "starter": state.starter,
            "dice": list(state.dice), "rolled": list(state.rolled), "to_roll": state.to_roll,
            "kept": [list(k) for k in state.kept], "round_scores": [round_score(k) for k in state.kept],
            "done": list(state.done), "rounds": [list(r) for r in state.rounds], "totals": list(totals),
            "rounds_won": list(rounds_won(state.rounds)), "games": [list(g) for g in state.games],
            "game_winners": list(state.game_winners),
            "campaign_totals": [sum(g[i] for g in state.games) for i in (0, 1)],
        }
        if seat is not None:
            public["you"] = {"seat": seat}
        return public

    def outcome(self, state: State) -> Outcome | None:
        if state.turn is not None:
            return None
        if state.campaign:
            totals = (sum(g[0] for g in state.games), sum(g[1] for g in state.games))
            wins = (state.game_winners.count(0), state.game_winners.count(1))
            winner = _decide(totals, wins)  # AMD-R8
        else:
            totals = state.games[-1]
            winner = _decide(totals, rounds_won(state.rounds))  # AMD-R7
        placings = (1, 1) if winner is None else ((1, 2) if winner == 0 else (2, 1))
        return Outcome(placings=placings, scores=totals)

    # --- automatic players --------------------------------------------------------------------
    def computer_action(self, state: State, seat: int, rng: Rng) -> Roll | Keep:
        if not state.rolled:
            return Roll()
        return Keep(best_keep(state.rolled)[0])

    def timeout_action(self, state: State, seat: int) -> Roll | Keep:
        return self.computer_action(state, seat, rng=None)  # type: ignore[arg-type]  # needs no chance

    def turn_key(self, state: State) -> tuple[int, int, int] | None:
        """A turn is one player's rolls and set-asides in one round: a timeout plays all of it."""
        return None if state.turn is None else (state.game_no, state.round_no, state.turn)


ARMYMEN = ArmyMenDiceWar()
