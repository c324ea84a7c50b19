"""Army Men Dice War (../shared/rules/army_men_dice_war.md): two players, six d6 each, lowest total wins.

A round: both ante one die (AMD-R9), the starter rolls and sets aside 1 or 2 dice at a time until
none remain (AMD-R3), then the other player does the same; the lower round score takes back its
ante, the other ante leaves the game (AMD-R5). Setting aside re-rolls the rest at once: there is no
choice between the two, so the bot does not ask for a second click.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from typing import Any

from ..core import CheckedGame, Event, IllegalAction, Option, Outcome, check_legal, emit, replace
from ..levels import DEFAULT_LEVEL, check_level, easy_action
from ..rng import Rng
from ..text import N_, Text
from . import planner
from .computer import normal_action
from .help import RULES_HELP
from .model import CAMPAIGN_GAMES, DICE_PER_PLAYER, Keep, Roll, State, game_totals, round_score, rounds_won


def _within(faces: Sequence[int], rolled: Sequence[int]) -> bool:
    """Whether every face can be taken from `rolled`, each die once (multiset inclusion)."""
    left = list(rolled)
    for face in faces:
        if face not in left:
            return False
        left.remove(face)
    return True


def _faces(faces: Sequence[int]) -> str:
    return " ".join(str(f) for f in faces)


def _decide(totals: tuple[int, int], tiebreak: tuple[int, int]) -> int | None:
    """Lower total wins; equal totals go to the higher tiebreak count; else None (a draw)."""
    if totals[0] != totals[1]:
        return 0 if totals[0] < totals[1] else 1
    if tiebreak[0] != tiebreak[1]:
        return 0 if tiebreak[0] > tiebreak[1] else 1
    return None


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
        if state.turn is None or seat != state.turn or type(action) not in self.action_types:
            check_legal(self, state, seat, action)  # raises the reason
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
        if not _within(action.faces, state.rolled):
            raise IllegalAction(N_("You can only set aside dice you rolled: {faces}."), faces=_faces(state.rolled))

    # --- moves --------------------------------------------------------------------------------
    def apply(self, state: State, seat: int, action: Roll | Keep, rng: Rng) -> State:
        self._check(state, seat, action)
        if isinstance(action, Roll):
            rolled = tuple([rng.randint(1, 6) for _ in range(state.to_roll)])
            return replace(state, rolled=rolled, events=(Event("rolled", {"seat": seat, "dice": rolled}),))
        mine = state.kept[seat] + tuple(action.faces)
        kept = (mine, state.kept[1]) if seat == 0 else (state.kept[0], mine)
        left = state.to_roll - len(action.faces)
        set_aside = Event("set_aside", {"seat": seat, "dice": action.faces})
        if left:
            rolled = tuple([rng.randint(1, 6) for _ in range(left)])
            return replace(state, kept=kept, rolled=rolled, to_roll=left,
                           events=(set_aside, Event("rolled", {"seat": seat, "dice": rolled})))
        done = (True, state.done[1]) if seat == 0 else (state.done[0], True)
        ended = Event("turn_ended", {"seat": seat, "score": round_score(mine)})
        if not all(done):
            other = 1 - seat
            return replace(state, kept=kept, rolled=(), done=done, turn=other, to_roll=state.dice[other] - 1,
                           events=(set_aside, ended))
        return self._resolve_round(replace(state, kept=kept, rolled=(), to_roll=0, done=done,
                                           events=(set_aside, ended)))

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
        public: dict[str, Any] = {
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
    def computer_action(self, state: State, seat: int, rng: Rng, level: str = DEFAULT_LEVEL) -> Roll | Keep:
        check_level(level)
        if level == "easy":
            return easy_action(self, state, seat, rng, normal_action)
        if level == "hard":
            return planner.choose(state, seat)
        return normal_action(state, seat)

    def determinize(self, state: State, seat: int, rng: Rng) -> State:
        """Nothing is hidden (AMD-R10)."""
        return state

    def timeout_action(self, state: State, seat: int) -> Roll | Keep:
        return normal_action(state, seat)

    def turn_key(self, state: State) -> tuple[int, int, int] | None:
        """A turn is one player's rolls and set-asides in one round: a timeout plays all of it."""
        return None if state.turn is None else (state.game_no, state.round_no, state.turn)


ARMYMEN = ArmyMenDiceWar()
