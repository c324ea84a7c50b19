"""Computer levels: every level plays legal moves and repeats itself given the same rng; "hard" never
reads what its seat cannot see (it plans on `determinize`d states) and decides within its budget."""

from __future__ import annotations

import random
import time
from collections import Counter

import pytest

from bot.games.armadillo.model import DECK as ARMADILLO_DECK
from bot.games.armadillo.model import Answer
from bot.games.core import replace, resolve_options
from bot.games.levels import LEVELS
from bot.games.registry import engines
from bot.games.rng import FairRng, SeededRng
from bot.games.selfplay import computers, play

GAMES = engines()  # the registered games, the tests' toy game among them
SEEDS = ["alice-seed", "bob-seed"]


def walk(game, players, options=None, seed="walk", moves=250):
    """States along a random walk (random legal moves of random seats to act)."""
    chooser = random.Random(seed)
    state = game.setup(players, resolve_options(game, options or {}), SeededRng(seed, 0))
    for n in range(1, moves):
        if game.outcome(state) is not None:
            return
        yield n, state
        seat = chooser.choice(sorted(game.to_act(state)))
        state = game.apply(state, seat, chooser.choice(list(game.legal_actions(state, seat))), SeededRng(seed, n))


def deciders(game, state, players):
    """Seats the service asks: those to act, and those with an interjection (a Block)."""
    to_act = game.to_act(state)
    return [s for s in range(players) if s in to_act or game.legal_actions(state, s)]


def rng_for(n, seat):
    return FairRng("table-secret", SEEDS, f"computer:{n}:{seat}")


CASES = [pytest.param(game, players, options, id=f"{game.id}-{players}{'-teams' if options else ''}")
         for game in GAMES.values() for players in sorted({game.min_players, min(game.max_players, 5)})
         for options in ([{}, {"teams": True}] if "teams" in game.options and players > 2 else [{}])]


@pytest.mark.parametrize(("game", "players", "options"), CASES)
def test_every_level_plays_legal_moves_and_the_same_rng_gives_the_same_move(game, players, options):
    for n, state in walk(game, players, options, moves=120):
        to_act = game.to_act(state)
        for seat in deciders(game, state, players):
            for level in LEVELS:
                first = game.computer_action(state, seat, rng_for(n, seat), level=level)
                random.seed(n)  # a planner must not use Python's global generator: it would change the move
                again = game.computer_action(state, seat, rng_for(n, seat), level=level)
                assert first == again, f"{level} is not repeatable at move {n}"
                if first is None:
                    assert seat not in to_act, "a seat to act must move"
                else:
                    assert game.is_legal(state, seat, first), f"{level} chose an illegal {first}"


@pytest.mark.parametrize("game", GAMES.values(), ids=list(GAMES))
def test_normal_is_the_default_level_and_unknown_levels_are_refused(game):
    for n, state in walk(game, 2, moves=40):
        seat = min(game.to_act(state))
        assert game.computer_action(state, seat, rng_for(n, seat)) == \
            game.computer_action(state, seat, rng_for(n, seat), level="normal")
    with pytest.raises(ValueError, match="unknown computer level"):
        game.computer_action(state, seat, rng_for(0, seat), level="expert")


@pytest.mark.parametrize(("game", "players", "options"), CASES)
def test_a_determinized_state_looks_the_same_to_its_seat(game, players, options):
    """`determinize` keeps everything the seat may see (its view) and stays a state of the game."""
    for n, state in walk(game, players, options, moves=150):
        for seat in range(players):
            world = game.determinize(state, seat, rng_for(n, seat))
            assert game.view(world, seat) == game.view(state, seat)
            assert isinstance(world, type(state))


# --- hard never peeks: states that differ only in what the seat cannot see ---------------------------------


def armadillo_variant(state, seat, draw):
    """Another seat's hand redrawn from the cards `seat` cannot see, and its unrevealed answer changed."""
    others = [s for s in range(state.players) if s != seat and state.hands[s]]
    if not others:
        return None
    other = draw.choice(others)
    free = Counter(ARMADILLO_DECK) - Counter(c for s, h in enumerate(state.hands) if s != other for c in h)
    hand = tuple(sorted(draw.sample(sorted(free.elements()), len(state.hands[other]))))
    if hand == state.hands[other]:
        return None
    hands = state.hands[:other] + (hand,) + state.hands[other + 1:]
    answers = state.answers
    if state.phase == "respond" and answers[other] is not None:
        changed = Answer(card=None) if answers[other].card is not None else Answer(card=hand[0], paid=0)
        answers = answers[:other] + (changed,) + answers[other + 1:]
    return replace(state, hands=hands, answers=answers)


def doodle_variant(state, seat, draw):
    if len(state.deck) < 2:
        return None
    deck = list(state.deck)
    while tuple(deck) == state.deck:
        draw.shuffle(deck)
    return replace(state, deck=tuple(deck))


def dardz_variant(state, seat, draw):
    """The draw pile reshuffled, cards swapped between it and another pile, and a card moved between piles."""
    others = [s for s in range(state.players) if s != seat]
    deck, piles = list(state.deck), [list(p) for p in state.piles]
    draw.shuffle(deck)
    other = draw.choice(others)
    for i in range(min(len(deck), len(piles[other]))):
        deck[i], piles[other][i] = piles[other][i], deck[i]
    if len(others) > 1 and piles[other]:
        piles[draw.choice([s for s in others if s != other])].append(piles[other].pop())
    variant = replace(state, deck=tuple(deck), piles=tuple(tuple(p) for p in piles))
    return variant if variant != state else None


VARIANTS = {"armadillo": armadillo_variant, "doodle": doodle_variant, "dardz": dardz_variant}
HIDDEN = [pytest.param(GAMES[g], p, id=f"{g}-{p}") for g in VARIANTS for p in (2, 4)]


@pytest.mark.parametrize(("game", "players"), HIDDEN)
def test_hard_decides_the_same_whatever_it_cannot_see(game, players):
    """Two states that differ only in another seat's hidden cards (its hand, its pile, its unrevealed answer) and
    the deck order give the same determinized states, hence the same hard move."""
    draw, compared = random.Random(7), 0
    for n, state in walk(game, players, moves=200, seed="peek"):
        for seat in sorted(game.to_act(state)):
            other = VARIANTS[game.id](state, seat, draw)
            if other is None:
                continue
            assert game.view(other, seat) == game.view(state, seat), "the variant must look the same to the seat"
            assert game.determinize(other, seat, rng_for(n, seat)) == game.determinize(state, seat, rng_for(n, seat))
            assert game.computer_action(other, seat, rng_for(n, seat), level="hard") == \
                game.computer_action(state, seat, rng_for(n, seat), level="hard")
            compared += 1
    assert compared > 20


def test_army_men_hides_nothing():
    game = GAMES["armymen"]
    for n, state in walk(game, 2, moves=60):
        assert game.determinize(state, 0, rng_for(n, 0)) is state


# --- the thinking budget --------------------------------------------------------------------------------

BUDGET = 0.050  # s of CPU per decision, the goal (benchmarks/computer_budget.py measures it)
LOOSE = 4 * BUDGET  # what this test allows: a shared machine must not make it flaky


def late_states(game, players, count=30):
    """Decisions of the last third of a game of normal computers (the slowest states: full tables, late)."""
    states = []
    play(game, computers(game, players), resolve_options(game, {}), f"late:{game.id}",
         on_move=lambda state, seat, action: states.append((state, seat)))
    late = states[2 * len(states) // 3:]
    return late[:: max(1, len(late) // count)]


@pytest.mark.parametrize("game", GAMES.values(), ids=list(GAMES))
def test_hard_decides_within_its_budget_on_the_slowest_states(game):
    players = min(game.max_players, 5)
    states = late_states(game, players)
    for state, seat in states[:3]:  # tables built once per process (e.g. Army Men's, about 0.3 s) are not per decision
        game.computer_action(state, seat, rng_for(0, seat), level="hard")
    worst = 0.0
    for n, (state, seat) in enumerate(states):
        start = time.process_time()
        game.computer_action(state, seat, rng_for(n, seat), level="hard")
        worst = max(worst, time.process_time() - start)
    assert worst < LOOSE, f"hard took {worst * 1000:.0f} ms of CPU on one decision"
