"""Coin Race, a toy game for the tests (tests/toy_games/cogs/coin/rules.md): 2-4 players call heads or tails and flip a
coin in turn; the first to three right calls wins. Pure, like every engine: no I/O, no Discord, injected dice (a
flip is `randint(1, 2)`, 1 heads).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from bot.games.core import CheckedGame, Event, IllegalAction, Option, Outcome, check_legal, emit, fresh
from bot.games.levels import DEFAULT_LEVEL, check_level, easy_action
from bot.games.rng import Rng
from bot.games.text import N_, Text

TARGET = 3  # right calls that win (COIN-R2)
SIDES = ("heads", "tails")


@dataclass(frozen=True)
class Call:
    """Call a side and flip the coin (COIN-R1)."""

    side: str


@dataclass(frozen=True)
class State:
    players: int
    right: tuple[int, ...]  # right calls, per seat
    turn: int | None  # None once someone won
    flips: int = 0
    events: tuple[Event, ...] = ()


class CoinRace(CheckedGame):
    id = "coin"
    title = "Coin Race"
    min_players = 2
    max_players = 4
    rules_version = 1
    options: Mapping[str, Option] = {}
    state_type = State
    action_types = (Call,)
    has_secrets = False  # everything is public
    luckier = None  # heads is as good as tails: it depends on the call
    rules_help = (
        ("Goal", "Call heads or tails and flip a coin, in turn; the first to 3 right calls wins."),
        ("Rulings COIN-R1 and R2", "- **R1** One call and flip a turn, in seat order.\n- **R2** Three right calls win "
                                   "at once."),
    )

    def setup(self, players: int, options: Mapping[str, Any], rng: Rng) -> State:
        if not self.min_players <= players <= self.max_players:
            raise IllegalAction(N_("That can't be done right now."))
        return State(players, (0,) * players, 0, events=(Event("race_started", {"starter": 0}),))

    def to_act(self, state: State) -> frozenset[int]:
        return frozenset() if state.turn is None else frozenset({state.turn})

    def legal_actions(self, state: State, seat: int) -> list[Call]:
        return [Call(side) for side in SIDES] if seat in self.to_act(state) else []

    def explain(self, state: State, seat: int, action: Any) -> Text | None:
        return None  # whose turn it is says it all

    def _check(self, state: State, seat: int, action: Any) -> None:
        check_legal(self, state, seat, action)
        if action.side not in SIDES:
            raise IllegalAction(N_("That is not a move in this game."))

    def apply(self, state: State, seat: int, action: Call, rng: Rng) -> State:
        self._check(state, seat, action)
        state = fresh(state)
        face = SIDES[rng.randint(1, 2) - 1]
        counts = state.right[:seat] + (state.right[seat] + (face == action.side),) + state.right[seat + 1:]
        state = emit(replace(state, right=counts, flips=state.flips + 1),
                     Event("flipped", {"seat": seat, "called": action.side, "face": face}))
        if counts[seat] >= TARGET:  # COIN-R2
            return emit(replace(state, turn=None), Event("won", {"seat": seat}))
        return replace(state, turn=(seat + 1) % state.players)  # COIN-R1

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        shown: dict[str, Any] = {"players": state.players, "right": list(state.right), "turn": state.turn,
                                 "target": TARGET, "flips": state.flips}
        if seat is not None:
            shown["you"] = {"seat": seat}
        return shown

    def outcome(self, state: State) -> Outcome | None:
        if state.turn is not None:
            return None
        return Outcome(tuple(1 + sum(o > r for o in state.right) for r in state.right), state.right)

    def timeout_action(self, state: State, seat: int) -> Call:
        return Call("heads")

    def computer_action(self, state: State, seat: int, rng: Rng, level: str = DEFAULT_LEVEL) -> Call:
        """A coin has no memory: every level calls heads, but for easy's slips (tails, drawn with `rng`)."""
        check_level(level)
        return easy_action(self, state, seat, rng, lambda *_: Call("heads")) if level == "easy" else Call("heads")

    def determinize(self, state: State, seat: int, rng: Rng) -> State:
        return state  # nothing is hidden

    def turn_key(self, state: State) -> int | None:
        return None if state.turn is None else state.flips


COIN = CoinRace()
