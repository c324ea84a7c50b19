"""Armadillo (../shared/rules/armadillo.md): 2-6 players shed 10 cards each over three rounds.

A turn: the roller picks 1-6 dice (at most two of each colour, ARM-R2) and rolls; then every
player, the roller included, answers in secret (discard one card at cost |card - total| for 1-3
tokens, 4 for any card, or take a token). Answers are stored but hidden until the last one is in,
then all resolve together (ARM-R9). Dice are drawn blue, yellow, red: randint(1,3), (4,6), (7,9).
Each round deals 10 cards a seat from a fresh shuffle of all 60: seat 0 gets the first ten, seat 1
the next ten, and so on. In set-up the first roller is drawn (ARM-R11) before the first shuffle.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from ..core import CheckedGame, Event, IllegalAction, Option, Outcome, Secret, check_legal, emit, replace
from ..levels import DEFAULT_LEVEL, check_level, easy_action
from ..rng import Rng
from ..text import N_, SeatRef, Text, counted
from . import planner
from .computer import beginner_action, best_roll, free_answer, normal_action
from .help import RULES_HELP
from .model import (
    COLOUR_OF,
    COLOURS,
    DECK,
    HAND,
    MAX_TOKENS,
    ROLLS,
    ROUNDS,
    START_TOKENS,
    Answer,
    Discard,
    Reveal,
    Roll,
    State,
    Token,
    answer_to,
    colour,
    cost,
    ranking,
    totals,
)


def tokens(n: int) -> Text:
    return counted("{n} token", "{n} tokens", n)

class Armadillo(CheckedGame):
    id = "armadillo"
    title = "Armadillo"
    min_players = 2
    max_players = 6
    rules_version = 1
    options: Mapping[str, Option] = {}
    state_type = State
    action_types = (Roll, Discard, Token)
    rules_help = RULES_HELP
    has_secrets = True  # the hands (ARM-R12) and each answer until the reveal (ARM-R9)
    luckier = None  # a total is good or bad only against the cards in a hand

    # --- set-up -------------------------------------------------------------------------------
    def setup(self, players: int, options: Mapping[str, Any], rng: Rng) -> State:
        if not self.min_players <= players <= self.max_players:
            raise IllegalAction(N_("Armadillo is for 2 to 6 players."))
        roller = rng.randint(0, players - 1)  # ARM-R11: seeded random first roller
        state = State(players=players, round_no=0, turn_no=0, roller=roller, phase="roll",
                      hands=(), tokens=(START_TOKENS,) * players)  # ARM-R8: once per game
        return self._deal(state, roller, rng)

    def _deal(self, state: State, roller: int, rng: Rng) -> State:
        deck = list(DECK)
        rng.shuffle(deck)  # ARM-R1: the same set-up for every player count
        hands = tuple(tuple(sorted(deck[HAND * s:HAND * (s + 1)])) for s in range(state.players))
        round_no = state.round_no + 1
        state = replace(state, round_no=round_no, turn_no=1, roller=roller, phase="roll", hands=hands,
                        faces=(), answers=())
        return emit(state, Event("round_started", {"round": round_no, "cards": HAND, "roller": roller},
                                 tuple(Secret(s, {"hand": hands[s]}) for s in range(state.players))))

    # --- queries ------------------------------------------------------------------------------
    def to_act(self, state: State) -> frozenset[int]:
        if state.phase == "roll":
            return frozenset({state.roller})
        if state.phase == "respond":
            return frozenset(s for s, a in enumerate(state.answers) if a is None)
        return frozenset()

    def legal_actions(self, state: State, seat: int) -> list[Roll | Discard | Token]:
        if seat not in self.to_act(state):
            return []
        if state.phase == "roll":
            return list(ROLLS)
        total = sum(state.faces)
        cards = sorted(set(state.hands[seat]))
        actions: list[Roll | Discard | Token] = [
            Discard(v) for v in cards if cost(v, total) <= state.tokens[seat]]
        return actions + [Token()]

    def explain(self, state: State, seat: int, action: Any) -> Text | None:
        """A roll is the roller's alone; then everyone answers once (ARM-R5, ARM-R6)."""
        if state.phase == "roll":
            if isinstance(action, Roll):
                return Text(N_("It's {name}'s turn to roll."), {"name": SeatRef(state.roller)})
            return Text(N_("Wait for {name} to roll; then everyone answers."), {"name": SeatRef(state.roller)})
        if state.phase == "respond":
            if isinstance(action, Roll):
                return Text(N_("The dice are already rolled: discard a card or take a token."))
            if 0 <= seat < state.players and state.answers[seat] is not None:
                return Text(N_("You have already answered this roll: answers are revealed when everyone has "
                               "answered (ARM-R5, ARM-R6)."))
        return None

    def _check(self, state: State, seat: int, action: Any) -> None:
        if state.phase == "respond" and 0 <= seat < state.players and state.answers[seat] is not None:
            raise IllegalAction(N_("You have already answered this roll (ARM-R5, ARM-R6)."))
        check_legal(self, state, seat, action)
        if state.phase == "roll":
            if not isinstance(action, Roll):
                raise IllegalAction(N_("Pick your dice and roll first."))
            counts = (action.blue, action.yellow, action.red)
            if not all(type(c) is int and 0 <= c <= 2 for c in counts) or sum(counts) < 1:
                raise IllegalAction(N_("Pick at least one die and at most two of each colour (ARM-R2)."))
            return
        if isinstance(action, Roll):
            raise IllegalAction(N_("The dice are already rolled: discard a card or take a token."))
        if isinstance(action, Discard):
            if type(action.card) is not int or action.card not in state.hands[seat]:
                raise IllegalAction(N_("You have no card of that value."))
            price = cost(action.card, sum(state.faces))
            if price > state.tokens[seat]:
                raise IllegalAction(N_("That card costs {price} and you have {tokens} (ARM-R4)."),
                                    price=tokens(price), tokens=tokens(state.tokens[seat]))

    # --- moves --------------------------------------------------------------------------------
    def apply(self, state: State, seat: int, action: Roll | Discard | Token, rng: Rng) -> State:
        self._check(state, seat, action)
        if isinstance(action, Roll):
            counts = (action.blue, action.yellow, action.red)
            faces = tuple([rng.randint(low, high)
                           for (_, low, high), n in zip(COLOURS, counts, strict=True) for _ in range(n)])
            rolled = Event("rolled", {"seat": seat, "dice": [[COLOUR_OF[f], f] for f in faces], "total": sum(faces)})
            return replace(state, phase="respond", faces=faces, answers=(None,) * state.players, events=(rolled,))
        answer = answer_to(action, state.faces)
        answers = state.answers[:seat] + (answer,) + state.answers[seat + 1:]
        answered = Event("answered", {"seat": seat}, (Secret(seat, self._answer_view(answer)),))
        state = replace(state, answers=answers, events=(answered,))  # ARM-R9: the answer stays the seat's own
        if any(a is None for a in answers):
            return state  # ARM-R9: hidden until the last answer is in
        return self._resolve(state, rng)

    def _resolve(self, state: State, rng: Rng) -> State:
        hands, tokens, revealed = list(state.hands), list(state.tokens), []
        for seat, answer in enumerate(state.answers):
            assert answer is not None
            if answer.card is None:  # ARM-R6/R7: a token, never above the cap
                gained = 1 if tokens[seat] < MAX_TOKENS else 0
                tokens[seat] += gained
                answer = replace(answer, gained=gained)
            else:  # ARM-R4/R5: one card, the tokens go back to the supply
                hand = list(hands[seat])
                hand.remove(answer.card)
                hands[seat] = tuple(hand)
                tokens[seat] -= answer.paid
            revealed.append(answer)
        last = Reveal(state.roller, state.faces, tuple(revealed))
        shown = Event("answers_revealed", {"answers": [self._answer_view(a) for a in revealed]})
        nxt = (state.roller + 1) % state.players
        if all(hands):
            return replace(state, hands=tuple(hands), tokens=tuple(tokens), last=last, phase="roll", roller=nxt,
                           turn_no=state.turn_no + 1, faces=(), answers=(), events=state.events + (shown,))
        # ARM-R10: everyone at 0 cards went out; the round ends after the whole roll.
        points = tuple(len(h) for h in hands)
        out = [s for s in range(state.players) if not hands[s]]
        ended = Event("round_ended", {"round": state.round_no, "out": out, "points": points})
        state = replace(state, hands=tuple(hands), tokens=tuple(tokens), last=last, rounds=state.rounds + (points,),
                        faces=(), answers=(), events=state.events + (shown, ended))
        if state.round_no < ROUNDS:
            return self._deal(state, nxt, rng)  # ARM-R11: the player after the last roller
        placings = ranking(totals(state), state.tokens)
        winners = [s for s, p in enumerate(placings) if p == 1]
        return emit(replace(state, phase="over"), Event("game_over", {"winners": winners}))

    # --- information --------------------------------------------------------------------------
    @staticmethod
    def _answer_view(answer: Answer) -> dict[str, Any]:
        return {"discard": answer.card, "paid": answer.paid, "token": answer.card is None,
                "gained": answer.gained}

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        last = None
        if state.last is not None:
            last = {"roller": state.last.roller, "dice": [[colour(f), f] for f in state.last.faces],
                    "total": sum(state.last.faces),
                    "answers": [self._answer_view(a) for a in state.last.answers]}
        public: dict[str, Any] = {
            "players": state.players, "round_no": state.round_no, "rounds_total": ROUNDS,
            "turn_no": state.turn_no, "phase": state.phase, "roller": state.roller,
            "hand_sizes": [len(h) for h in state.hands], "tokens": list(state.tokens),
            "max_tokens": MAX_TOKENS,
            "dice": [[colour(f), f] for f in state.faces],
            "total": sum(state.faces) if state.faces else None,
            "answered": [a is not None for a in state.answers] if state.phase == "respond" else [],
            "rounds": [list(r) for r in state.rounds], "totals": list(totals(state)),
            "last_reveal": last,
            "placings": list(ranking(totals(state), state.tokens)) if state.phase == "over" else None,
        }
        if seat is not None:
            mine = state.answers[seat] if state.phase == "respond" else None
            public["you"] = {"seat": seat, "hand": list(state.hands[seat]),
                             "answer": None if mine is None else self._answer_view(mine)}
        return public

    def outcome(self, state: State) -> Outcome | None:
        if state.phase != "over":
            return None
        points = totals(state)
        return Outcome(placings=ranking(points, state.tokens), scores=points)

    # --- automatic players --------------------------------------------------------------------
    def computer_action(self, state: State, seat: int, rng: Rng,
                        level: str = DEFAULT_LEVEL) -> Roll | Discard | Token:
        check_level(level)
        if level == "easy":
            return easy_action(self, state, seat, rng, normal_action, beginner_action)
        if level == "hard":
            return planner.choose(self.determinize(state, seat, rng), seat)
        return normal_action(state, seat)

    def determinize(self, state: State, seat: int, rng: Rng) -> State:
        """A state `seat` cannot tell from this one: every other hand redrawn from the cards it cannot see, at
        its public size (ARM-R12), and each answer given but not yet revealed (ARM-R9) redrawn as the normal
        computer's answer for the redrawn hand."""
        unseen = sorted((Counter(DECK) - Counter(state.hands[seat])).elements())
        rng.shuffle(unseen)
        hands, dealt = [], 0
        for s, hand in enumerate(state.hands):
            if s == seat:
                hands.append(hand)
            else:
                hands.append(tuple(sorted(unseen[dealt:dealt + len(hand)])))
                dealt += len(hand)
        state = replace(state, hands=tuple(hands))
        if state.phase != "respond":
            return state
        def answered(s: int) -> Answer:  # a responder's own answer: a discard or a token, never a roll
            action = normal_action(state, s)
            assert isinstance(action, Discard | Token)
            return answer_to(action, state.faces)

        answers = tuple(a if s == seat or a is None else answered(s) for s, a in enumerate(state.answers))
        return replace(state, answers=answers)

    def timeout_action(self, state: State, seat: int) -> Roll | Discard | Token:
        """ARM-R9: an exact match, else a token; never spend tokens. A roller gets the computer's dice."""
        if state.phase == "roll":
            return best_roll(state.hands[seat])
        return free_answer(state, seat)

    def turn_key(self, state: State) -> tuple[int, int] | None:
        """A turn is one roll and everyone's answers to it: a roller who times out also answers (ARM-R9)."""
        return None if state.phase == "over" else (state.round_no, state.turn_no)


ARMADILLO = Armadillo()
