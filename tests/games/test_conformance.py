"""The engine contract, checked for every game in GAMES (in the spirit of OpenSpiel's random simulation test).

For every allowed player count (and every boolean option switched on): random and computer playouts (at every
level) end
with valid placings; every seat to act has a legal action; out-of-turn and foreign actions raise
IllegalAction; states and actions round-trip through JSON; the same seed and moves give the same state;
a seat's view differs from the public view only by its own private part, `you`; every state's account
of its move (`state.events`) is data whose public part never holds a seat's secret; `has_secrets` says whether
that private part ever holds more than the seat's number; `explain` gives a seat not to act a reason or nothing.
"""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

from bot.games.core import (
    Event,
    IllegalAction,
    decode_action,
    decode_state,
    encode_action,
    encode_state,
    resolve_options,
)
from bot.games.levels import LEVELS
from bot.games.registry import engines
from bot.games.rng import SeededRng
from bot.games.text import Text

GAMES = engines()


MAX_MOVES = 20_000


def variants():
    for game in GAMES.values():
        switches = [{}] + [{name: True} for name, o in game.options.items() if o.default is False]
        for players in range(game.min_players, game.max_players + 1):
            for options in switches:
                label = "-".join([game.id, str(players)] + sorted(options))
                yield pytest.param(game, players, resolve_options(game, options), id=label)


@dataclasses.dataclass(frozen=True)
class Foreign:
    """An action type no game knows."""


def check_views(game, state, players):
    public = game.view(state, None)
    json.dumps(public)
    assert "you" not in public
    for seat in range(players):
        mine = game.view(state, seat)
        json.dumps(mine)
        assert {k: v for k, v in mine.items() if k != "you"} == public, "seats must share one public view"


def private_keys(game, state, players) -> set[str]:
    return {key for seat in range(players) for key in game.view(state, seat)["you"] if key != "seat"}


def check_events(game, state, players):
    """The move's account is JSON data; secrets are kept apart, each for a real seat, never in the public part."""
    secret_keys = private_keys(game, state, players)
    for event in state.events:
        assert isinstance(event, Event) and event.kind
        json.dumps(event.public())
        assert event.seen_by(None) == event.public()
        public_keys = set(event.data)
        assert not public_keys & secret_keys, f"{event.kind} shows a seat's secret in public"
        for secret in event.secrets:
            assert 0 <= secret.seat < players
            assert not public_keys & set(secret.data), f"{event.kind}: a secret repeats a public parameter"
            assert event.seen_by(secret.seat) == {**event.public(), **secret.data}


def check_explanations(game, state, players, actions):
    """For every seat not to act, and any move of the seat to act (or none in particular), a reason in the rules'
    words or nothing: never a failure."""
    for seat in set(range(players)) - set(game.to_act(state)):
        for action in [None, *actions]:
            why = game.explain(state, seat, action)
            assert why is None or (isinstance(why, Text) and str(why)), f"{game.id}: {why!r}"


def play(game, players, options, seed, chooser, rng=None):
    """A playout: (final state, [(seat, action)]). `rng(n)` gives move n's dice (the set-up's: n = 0)."""
    rng = rng or (lambda n: SeededRng(seed, n))
    state = game.setup(players, options, rng(0))
    moves = []
    for n in range(1, MAX_MOVES):
        if game.outcome(state) is not None:
            return state, moves
        to_act = game.to_act(state)
        assert to_act, "a game that is not over must have a seat to act"
        seat = chooser.seat(sorted(to_act))
        legal = game.legal_actions(state, seat)
        assert legal, f"seat {seat} must act but has no legal action"
        action = chooser.action(game, state, seat, legal)
        assert game.is_legal(state, seat, action)
        assert decode_action(game, encode_action(action)) == action
        state = game.apply(state, seat, action, rng(n))
        moves.append((seat, action))
    raise AssertionError(f"no end after {MAX_MOVES} moves")


class RandomChooser:
    def __init__(self, seed):
        self.random = random.Random(seed)

    def seat(self, seats):
        return self.random.choice(seats)

    def action(self, game, state, seat, legal):
        return self.random.choice(list(legal))


class ComputerChooser(RandomChooser):
    def __init__(self, seed, level="normal"):
        super().__init__(seed)
        self.level = level

    def action(self, game, state, seat, legal):
        timeout = game.timeout_action(state, seat)
        assert game.is_legal(state, seat, timeout), f"timeout default {timeout} is illegal"
        return game.computer_action(state, seat, SeededRng("computer", len(str(state))), level=self.level)


def check_outcome(game, state, players):
    outcome = game.outcome(state)
    assert len(outcome.placings) == players and len(outcome.scores) == players
    assert min(outcome.placings) == 1 and all(1 <= p <= players for p in outcome.placings)
    assert game.to_act(state) == frozenset()


@pytest.mark.parametrize(("game", "players", "options"), list(variants()))
@pytest.mark.parametrize("seed", ["a", "b"])
def test_random_playout(game, players, options, seed):
    state, moves = play(game, players, options, seed, RandomChooser(seed))
    check_outcome(game, state, players)
    check_views(game, state, players)
    check_events(game, state, players)
    assert decode_state(game, encode_state(state)) == state


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize(("game", "players", "options"), list(variants()))
def test_computer_playout_and_replay(game, players, options, level):
    """Computers of every level (easy, normal, hard) play legal moves to the end."""
    state, moves = play(game, players, options, "cpu", ComputerChooser("cpu", level))
    check_outcome(game, state, players)
    replayed = game.setup(players, options, SeededRng("cpu", 0))
    for n, (seat, action) in enumerate(moves, start=1):
        replayed = game.apply(replayed, seat, action, SeededRng("cpu", n))
    assert replayed == state, "the same seed and moves must give the same state"


@pytest.mark.parametrize(("game", "players", "options"), list(variants()))
def test_every_state_is_consistent(game, players, options):
    """Along a random playout: views, JSON round-trips and refusals hold in every state."""
    chooser = RandomChooser("walk")
    state = game.setup(players, options, SeededRng("walk", 0))
    for n in range(1, 400):
        if game.outcome(state) is not None:
            break
        assert decode_state(game, encode_state(state)) == state
        check_views(game, state, players)
        check_events(game, state, players)
        to_act = sorted(game.to_act(state))
        seat = chooser.seat(to_act)
        legal = game.legal_actions(state, seat)
        check_explanations(game, state, players, legal)
        with pytest.raises(IllegalAction):
            game.apply(state, seat, Foreign(), SeededRng("walk", n))
        for other in set(range(players)) - set(to_act):
            # Seats not to act may have optional interjections (e.g. a Block); nothing else.
            for action in set(legal) - set(game.legal_actions(state, other)):
                assert not game.is_legal(state, other, action)
                with pytest.raises(IllegalAction):
                    game.apply(state, other, action, SeededRng("walk", n))
        state = game.apply(state, seat, chooser.action(game, state, seat, legal), SeededRng("walk", n))


@pytest.mark.parametrize(("game", "players", "options"), list(variants()))
def test_has_secrets_says_whether_a_seat_sees_more_than_everyone(game, players, options):
    """The edge sends private views (DMs, My hand) only for a game with secrets: along a random playout, some
    seat's own part of the view holds more than its seat number exactly when the game says it has secrets."""
    chooser = RandomChooser("secrets")
    state = game.setup(players, options, SeededRng("secrets", 0))
    private = set()
    for n in range(1, 400):
        private |= private_keys(game, state, players)
        if game.outcome(state) is not None:
            break
        seat = chooser.seat(sorted(game.to_act(state)))
        state = game.apply(state, seat, chooser.action(game, state, seat, game.legal_actions(state, seat)),
                           SeededRng("secrets", n))
    assert isinstance(game.has_secrets, bool) and bool(private) == game.has_secrets, sorted(private)


@pytest.mark.parametrize("game", GAMES.values(), ids=list(GAMES))
def test_player_counts_outside_the_range_are_refused(game):
    for players in (game.min_players - 1, game.max_players + 1):
        with pytest.raises(IllegalAction):
            game.setup(players, resolve_options(game, {}), SeededRng("x"))


@pytest.mark.parametrize(("game", "players", "options"), list(variants()))
def test_a_timeout_finishes_the_seats_turn(game, players, options):
    """At a deadline the service plays a seat's timeout default while it still acts in the same turn
    (`turn_key`, DD-R12's rule for every game): from every state of a random walk that loop ends, with
    legal moves, and leaves the seat's turn over or the game ended."""
    chooser = RandomChooser("turns")
    state = game.setup(players, options, SeededRng("turns", 0))
    for n in range(1, 300):
        if game.outcome(state) is not None:
            break
        for seat in sorted(game.to_act(state)):
            turn, after = game.turn_key(state), state
            for step in range(200):
                action = game.timeout_action(after, seat)
                assert game.is_legal(after, seat, action), f"timeout default {action} is illegal"
                after = game.apply(after, seat, action, SeededRng("turns", 1000 * n + step))
                if turn is None or seat not in game.to_act(after) or game.turn_key(after) != turn:
                    break
            else:
                raise AssertionError(f"the timeout default of seat {seat} never finished its turn")
        seat = chooser.seat(sorted(game.to_act(state)))
        state = game.apply(state, seat, chooser.action(game, state, seat, game.legal_actions(state, seat)),
                           SeededRng("turns", n))
