"""DARDZ (../shared/rules/dardz.md): dice + cards, 2-8 players, first to 150 (Team DARDZ: 300).

The engine object: options, set-up, legality, moves, views and outcome. The turn flow is in
`turn.py`, the action cards in `cardplay.py`, round and game end in `rounds.py`, the automatic
players in `computer.py`, the cards and their point table in `cards.py`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from ..core import CheckedGame, Event, IllegalAction, Option, Outcome, check_legal, emit, fresh, replace
from ..levels import DEFAULT_LEVEL, check_level, easy_action
from ..rng import Rng
from ..text import N_, Text
from . import computer, planner
from .cardplay import guess, play
from .cards import ALL_CARDS, is_action, points
from .help import RULES_HELP
from .model import (
    BONUS,
    Guess,
    Lead,
    Pick,
    Play,
    Roll,
    State,
    goal,
    make_teams,
    multiplier,
    unit_of,
)
from .rounds import deal, first_roller
from .turn import action_kinds, begin_turn, candidates, pick, roll, settle

Action = Roll | Pick | Guess | Play | Lead

WANTED = {"roll": Roll, "pick": Pick, "play": Play, "guess": Guess, "lead": Lead}
WAIT = {
    "roll": N_("Roll the dice first."),
    "pick": N_("Pick a number from your roll (or nothing) first."),
    "play": N_("Choose which action card to play first."),
    "guess": N_("Guess a number from 1 to 6 for the Jackpot first."),
    "lead": N_("Your team must choose who rolls first."),
    "over": N_("The game is over."),
}


class Dardz(CheckedGame):
    id = "dardz"
    title = "DARDZ"
    min_players = 2
    max_players = 8  # DZ-R15
    rules_version = 1
    options: Mapping[str, Option] = {
        "teams": Option("teams", False, N_("Team DARDZ: teams of two seated alternately, race to 20 cards, "
                                           "team target 2 × target (an odd table has one solo player).")),
        "target": Option("target", 150, N_("Score that wins the game (DZ-R11); teams need twice as much.")),
    }
    state_type = State
    action_types = (Roll, Pick, Guess, Play, Lead)
    rules_help = RULES_HELP
    has_secrets = True  # each points pile (DZ-R13)
    luckier = None  # a number is good only against the cards in the hands

    # --- set-up -------------------------------------------------------------------------------
    def setup(self, players: int, options: Mapping[str, Any], rng: Rng) -> State:
        if not self.min_players <= players <= self.max_players:
            raise IllegalAction(N_("DARDZ is for 2 to 8 players (DZ-R15)."))
        target = options.get("target", 150)
        if isinstance(target, bool) or not isinstance(target, int) or target < 1:
            raise IllegalAction(N_("The target must be a positive whole number."))
        team_mode = bool(options.get("teams", False)) and players > 2  # two players: no teams (decision)
        teams = make_teams(players, team_mode)
        state = State(
            players=players, team_mode=team_mode, teams=teams, target=target * (2 if team_mode else 1),
            scores=(0,) * len(teams), round_no=0, deck=(), hands=((),) * players, piles=((),) * players,
            starter=None, turn=None, phase="roll", step=1, dice=(), lead=None, round_winner=None, champion=None,
        )
        starter, rolled = first_roller(state, rng)
        state = deal(state, rng)
        state = emit(state, rolled, Event("round_started", {"round": 1, "unit": unit_of(state, starter),
                                                             "seat": starter}))
        return settle(replace(begin_turn(state, starter), starter=starter), rng)

    # --- queries ------------------------------------------------------------------------------
    def to_act(self, state: State) -> frozenset[int]:
        if state.phase == "over":
            return frozenset()
        if state.phase == "lead":
            assert state.lead is not None
            return frozenset(state.teams[state.lead])
        assert state.turn is not None
        return frozenset({state.turn})

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        if seat not in self.to_act(state):
            return []
        phase = state.phase
        if phase == "roll":
            return [Roll()]
        if phase == "pick":
            return [Pick(n) for n in (0, *candidates(state.dice))]
        if phase == "play":
            return [Play(card) for card in action_kinds(state.hands[seat])]
        if phase == "guess":
            return [Guess(n) for n in range(1, 7)]
        assert state.lead is not None
        return [Lead(s) for s in state.teams[state.lead]]

    def explain(self, state: State, seat: int, action: Any) -> Text | None:
        """Every decision belongs to the seat (or team) on turn: whose turn it is says it all."""
        return None

    def _check(self, state: State, seat: int, action: Any) -> None:
        check_legal(self, state, seat, action)
        if not isinstance(action, WANTED[state.phase]):
            raise IllegalAction(WAIT[state.phase])
        value = getattr(action, "seat", getattr(action, "n", 0))
        if not isinstance(action, (Roll, Play)) and type(value) is not int:
            raise IllegalAction(N_("That move could not be read."))
        if isinstance(action, Pick) and action.n != 0 and action.n not in candidates(state.dice):
            if len(state.dice) == 3:
                raise IllegalAction(N_("{n} is not one die or the sum of two dice you rolled (never all three) "
                                       "(DZ-R3)."), n=action.n)
            raise IllegalAction(N_("{n} is not one die or the sum of two dice you rolled (DZ-R3)."), n=action.n)
        if isinstance(action, Guess) and not 1 <= action.n <= 6:
            raise IllegalAction(N_("Guess a number from 1 to 6."))
        if isinstance(action, Play) and not (type(action.card) is str and is_action(action.card)
                                             and action.card in state.hands[seat]):
            raise IllegalAction(N_("Play an action card from your hand."))
        if isinstance(action, Lead) and action.seat not in self.to_act(state):
            raise IllegalAction(N_("Choose a player of your own team."))

    # --- moves --------------------------------------------------------------------------------
    def apply(self, state: State, seat: int, action: Action, rng: Rng) -> State:
        self._check(state, seat, action)
        state = fresh(state)
        if isinstance(action, Roll):
            return roll(state, rng)
        if isinstance(action, Pick):
            return pick(state, action.n, rng)
        if isinstance(action, Guess):
            return settle(guess(state, action.n, rng), rng)
        if isinstance(action, Play):
            state = play(state, action.card, rng)
            return state if state.phase == "guess" else settle(state, rng)  # the Jackpot guess comes first
        state = emit(state, Event("lead_chosen", {"seat": action.seat}))
        return settle(replace(begin_turn(state, action.seat), starter=action.seat, lead=None), rng)

    # --- information --------------------------------------------------------------------------
    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        n = state.players
        unit = [unit_of(state, s) for s in range(n)]
        over = state.phase == "over"
        public: dict[str, Any] = {
            "players": n,
            "team_mode": state.team_mode,
            "teams": [list(t) for t in state.teams],
            "target": state.target,
            "round": state.round_no,
            "scores": [state.scores[unit[s]] for s in range(n)],
            "team_scores": list(state.scores),
            "hands": [list(h) for h in state.hands],
            "deck": len(state.deck),
            "phase": state.phase,
            "turn": state.turn,
            "starter": state.starter,
            "roll": state.step if state.phase in ("roll", "pick") else None,
            "bonus": state.step == BONUS and state.phase in ("roll", "pick"),
            "dice": list(state.dice),
            "choosing": list(state.teams[state.lead]) if state.lead is not None else [],
            "round_winner": None if state.round_winner is None else list(state.teams[state.round_winner]),
            "winners": list(state.teams[state.champion]) if over and state.champion is not None else [],
        }
        if seat is not None:
            pile = state.piles[seat]
            public["you"] = {"seat": seat, "pile": list(pile), "pile_count": len(pile),
                             "pile_points": points(pile) * multiplier(state, unit[seat])}
        return public

    def outcome(self, state: State) -> Outcome | None:
        if state.phase != "over":
            return None
        units = range(len(state.teams))
        key = [(state.scores[u], u == state.champion) for u in units]
        place = [1 + sum(key[v] > key[u] for v in units) for u in units]
        seat_unit = [unit_of(state, s) for s in range(state.players)]
        return Outcome(placings=tuple(place[u] for u in seat_unit), scores=tuple(state.scores[u] for u in seat_unit))

    # --- automatic players --------------------------------------------------------------------
    def timeout_action(self, state: State, seat: int) -> Action:
        return computer.timeout_action(state, seat)

    def turn_key(self, state: State) -> tuple[int, int | None] | None:
        """A turn is the roller's rolls, picks, Bonus Roll, action cards and Jackpot guess (DZ-R14)."""
        return None if state.phase == "over" else (state.round_no, state.turn)

    def computer_action(self, state: State, seat: int, rng: Rng, level: str = DEFAULT_LEVEL) -> Action:
        check_level(level)
        if level == "easy":
            return easy_action(self, state, seat, rng, computer.computer_action)
        if level == "hard" and state.phase == "pick":
            return planner.choose(self, self.determinize(state, seat, rng), seat, rng)
        return computer.computer_action(state, seat, rng)

    def determinize(self, state: State, seat: int, rng: Rng) -> State:
        """A state `seat` cannot tell from this one (DZ-R13: hands and scores are public, a pile only its owner's):
        the cards it cannot see (the draw pile and the other piles) reshuffled, the draw pile at its size, and
        the other piles at sizes drawn at random, no unit reaching its goal (the round would be over)."""
        hidden = sorted((Counter(ALL_CARDS) - Counter(c for h in state.hands for c in h) - Counter(state.piles[seat]))
                        .elements())
        rng.shuffle(hidden)
        deck, rest = hidden[:len(state.deck)], hidden[len(state.deck):]
        others = [s for s in range(state.players) if s != seat]
        units = [unit_of(state, s) for s in range(state.players)]
        room = {u: goal(state, u) - 1 for u in range(len(state.teams))}
        room[units[seat]] -= len(state.piles[seat])
        sizes = dict.fromkeys(others, 0)
        for _ in rest:
            open_seats = [s for s in others if room[units[s]] > 0] or others
            s = open_seats[rng.randint(0, len(open_seats) - 1)]
            sizes[s] += 1
            room[units[s]] -= 1
        piles, dealt = list(state.piles), 0
        for s in others:
            piles[s] = tuple(rest[dealt:dealt + sizes[s]])
            dealt += sizes[s]
        return replace(state, deck=tuple(deck), piles=tuple(piles))


DARDZ = Dardz()
