"""Shared helpers for the DARDZ rules tests (tests/games/test_dardz*.py)."""

from __future__ import annotations

from dataclasses import replace

from bot.games.dardz import DARDZ
from bot.games.dardz.model import Pick, State
from bot.games.rng import ScriptedRng

G = DARDZ


def first_rolls(players: int, first: int = 0) -> list[int]:
    """DZ-R12 dice for set-up: `first` rolls 6+6, everyone else 1+1."""
    return [d for s in range(players) for d in ((6, 6) if s == first else (1, 1))]


def game(players: int = 2, teams: bool = False, target: int = 150, first: int = 0,
         hands: list[list[str]] | None = None) -> State:
    """A fresh game; `hands` stacks the deal (seat 0 takes the first 3 cards of the deck, then seat 1...)."""
    decks = [[c for h in hands for c in h]] if hands else [_plain(players)]
    return G.setup(players, {"teams": teams, "target": target}, ScriptedRng(first_rolls(players, first), decks=decks))


def _plain(players: int) -> list[str]:
    """A deal with no action cards: number cards 1..12 in turn."""
    return [str(1 + i % 12) for i in range(3 * players)]


def at(state: State, *, hands=None, piles=None, deck=None, scores=None, turn=None, step=None, phase=None,
       dice=None) -> State:
    """A mid-round position: replace whatever is given (lists become tuples)."""
    changes = {}
    if hands is not None:
        changes["hands"] = tuple(tuple(h) for h in hands)
    if piles is not None:
        changes["piles"] = tuple(tuple(p) for p in piles)
    if deck is not None:
        changes["deck"] = tuple(deck)
    if scores is not None:
        changes["scores"] = tuple(scores)
    if turn is not None:
        changes.update(turn=turn, starter=state.starter if state.starter is not None else turn)
    if step is not None:
        changes["step"] = step
    if phase is not None:
        changes["phase"] = phase
    if dice is not None:
        changes["dice"] = tuple(dice)
    return replace(state, **changes)


def pile(k: int, card: str = "1") -> list[str]:
    return [card] * k


def act(state: State, action, rolls=(), decks=(), seat: int | None = None) -> State:
    """Apply `action` for the (only) seat to act, with scripted dice; every scripted die must be used."""
    if seat is None:
        (seat,) = G.to_act(state)
    rng = ScriptedRng(rolls, decks=decks)
    state = G.apply(state, seat, action, rng)
    assert rng.unused == 0, f"{rng.unused} scripted dice were not used"
    return state


DECK = ["10", "11", "12", "9", "8", "10", "11", "12"]


def start_turn(seat, hands, players=2, deck=DECK, scores=None, piles=None, rolls=(), teams=False, target=150):
    """The previous seat picks nothing on roll 3, so `seat`'s turn starts with its action cards."""
    prev = (seat - 1) % players
    s = at(game(players, teams=teams, target=target), hands=hands, deck=deck, piles=piles or [[]] * players,
           scores=scores, turn=prev, step=3, phase="pick", dice=[1, 1, 2])
    return act(s, Pick(0), rolls=rolls)


def said(state: State) -> list[dict]:
    """The public events of the move that made `state`."""
    return [e.public() for e in state.events]


def played(state: State) -> list[dict]:
    """The action cards played by the move that made `state`."""
    return [e for e in said(state) if e["kind"] == "card_played"]
