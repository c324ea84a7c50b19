"""Rules tests for Armadillo (../shared/rules/armadillo.md), one per rule and ruling ARM-R1..R12."""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import replace
from fractions import Fraction

import pytest

from bot.games.armadillo.computer import best_roll
from bot.games.armadillo.engine import ARMADILLO
from bot.games.armadillo.model import DECK, ROLLS, Discard, Roll, State, Token, cost, distribution
from bot.games.core import IllegalAction, decode_state, encode_action, encode_state
from bot.games.rng import ScriptedRng
from bot.games.text import SeatRef, Text
from bot.i18n import speaking, translated

G = ARMADILLO


def new_game(*hands: list[int], first: int = 0) -> State:
    """A game with stacked hands. Set-up asks randint(0, players-1) for the first roller (ARM-R11), then
    shuffles the 60 cards once: the first 10 cards of the deck go to seat 0, the next 10 to seat 1, ..."""
    deck = [card for hand in hands for card in hand]
    return G.setup(len(hands), {}, ScriptedRng([first], decks=[deck]))


def game(players: int = 3, first: int = 0) -> State:
    """Unstacked: the 60 cards in their box order 1,1,1,2,2,2,... so seat 0 holds 1,1,1,2,2,2,3,3,3,4."""
    return G.setup(players, {}, ScriptedRng([first]))


def with_(state: State, hands=None, tokens=None) -> State:
    """Shortcut for mid-round positions: replace hands (sorted here) and/or tokens."""
    if hands is not None:
        state = replace(state, hands=tuple(tuple(sorted(h)) for h in hands))
    if tokens is not None:
        state = replace(state, tokens=tuple(tokens))
    return state


def roll(state: State, faces: list[int], blue: int = 0, yellow: int = 0, red: int = 0) -> State:
    return G.apply(state, state.roller, Roll(blue, yellow, red), ScriptedRng(faces))


def answer(state: State, answers: dict[int, object], decks=()) -> State:
    """Each seat answers in seat order; a deck (for the next round's deal) may be scripted for the last."""
    for seat in sorted(answers):
        state = G.apply(state, seat, answers[seat], ScriptedRng(decks=decks))
    return state


def everyone_token(state: State, **overrides) -> dict[int, object]:
    return {s: overrides.get(f"s{s}", Token()) for s in range(state.players)}


# --- components and set-up ------------------------------------------------------------------------
def test_components_sixty_cards_three_of_each_and_two_starting_tokens():
    assert len(DECK) == 60 and Counter(DECK) == {v: 3 for v in range(1, 21)}
    state = game(4)
    assert state.tokens == (2, 2, 2, 2) and state.round_no == 1 and state.phase == "roll"
    assert sum(len(h) for h in state.hands) == 40


def test_arm_r1_every_player_count_sets_up_the_same_way():
    """ARM-R1: 10 cards each from the front of the shuffled 60, 2 tokens each, for 2 to 6 players."""
    for players in range(2, 7):
        state = game(players)
        for seat in range(players):
            assert state.hands[seat] == tuple(sorted(DECK[10 * seat:10 * seat + 10]))
        assert state.tokens == (2,) * players
    with pytest.raises(IllegalAction):
        G.setup(7, {}, ScriptedRng([0]))


def test_stacked_deal_goes_to_seats_in_order():
    state = new_game([20] * 3 + [19] * 3 + [18] * 3 + [17], [1] * 3 + [2] * 3 + [3] * 3 + [4])
    assert state.hands == ((17, 18, 18, 18, 19, 19, 19, 20, 20, 20), (1, 1, 1, 2, 2, 2, 3, 3, 3, 4))


def test_dice_are_drawn_blue_then_yellow_then_red():
    state = roll(game(2), [3, 1, 4, 6, 7, 9], blue=2, yellow=2, red=2)
    assert state.faces == (3, 1, 4, 6, 7, 9) and state.phase == "respond"
    assert G.view(state, None)["dice"][0] == ["blue", 3] and G.view(state, None)["total"] == 30
    with pytest.raises(AssertionError):  # a yellow face offered where the blue die is drawn
        roll(game(2), [4, 1], blue=1, yellow=1)


def test_roller_answers_too_and_the_next_seat_rolls():
    state = roll(game(3, first=1), [2], blue=1)
    assert G.to_act(state) == frozenset({0, 1, 2})
    state = answer(state, everyone_token(state))
    assert state.roller == 2 and state.turn_no == 2 and state.phase == "roll"
    assert G.to_act(state) == frozenset({2})


# --- rulings ----------------------------------------------------------------------------------------
def test_arm_r2_one_to_six_dice_at_most_two_of_each_colour():
    state = game(2)
    legal = G.legal_actions(state, 0)
    assert len(legal) == len(set(legal)) == 26 == len(ROLLS)
    assert all(0 <= c <= 2 for r in legal for c in (r.blue, r.yellow, r.red))
    for bad in (Roll(0, 0, 0), Roll(3, 0, 0), Roll(0, -1, 1), Roll(0, 0, True)):
        assert not G.is_legal(state, 0, bad)
        with pytest.raises(IllegalAction, match="ARM-R2"):
            G.apply(state, 0, bad, ScriptedRng([1, 1, 1]))
    with pytest.raises(IllegalAction):
        G.apply(state, 0, Discard(1), ScriptedRng())
    with pytest.raises(IllegalAction):  # not the roller
        G.apply(state, 1, Roll(1, 0, 0), ScriptedRng([1]))


def test_arm_r3_unmatchable_total_is_still_answered():
    """ARM-R3: total 36 matches no card; 4 tokens still discard any card, others take a token."""
    state = with_(game(2), tokens=(4, 2))
    state = roll(state, [3, 3, 6, 6, 9, 9], blue=2, yellow=2, red=2)
    assert G.view(state, None)["total"] == 36
    assert set(G.legal_actions(state, 0)) == {Discard(v) for v in state.hands[0]} | {Token()}
    assert G.legal_actions(state, 1) == [Token()]
    state = answer(state, {0: Discard(4), 1: Token()})
    assert state.tokens == (0, 3) and len(state.hands[0]) == 9 and 4 not in state.hands[0]


def test_arm_r4_cost_is_the_distance_or_four_for_any_card():
    assert [cost(c, 10) for c in (10, 9, 12, 13, 14, 20, 1)] == [0, 1, 2, 3, 4, 4, 4]
    hand = [10, 9, 12, 13, 14, 20, 1, 5, 6, 7]
    state = with_(new_game(hand, [2] * 3 + [3] * 3 + [4] * 3 + [8]), tokens=(5, 3))
    state = roll(state, [4, 6], yellow=2)
    paid = {}
    for card in (10, 9, 12, 13, 14, 20):
        after = answer(state, {0: Discard(card), 1: Token()})
        paid[card] = 5 - after.tokens[0]
        assert after.last.answers[0].paid == paid[card]
    assert paid == {10: 0, 9: 1, 12: 2, 13: 3, 14: 4, 20: 4}
    # Seat 1 (3 tokens, cards 2,3,4,8) may discard 8 for 2 only; 4 tokens for "any card" is too many.
    assert G.legal_actions(state, 1) == [Discard(8), Token()]
    with pytest.raises(IllegalAction, match="ARM-R4"):
        G.apply(state, 1, Discard(2), ScriptedRng())
    with pytest.raises(IllegalAction):
        G.apply(state, 1, Discard(15), ScriptedRng())  # not in hand


@pytest.mark.parametrize(("language", "said"), [
    ("en", "That card costs 1 token and you have 0 tokens (ARM-R4)."),
    ("es", "Esa carta cuesta 1 ficha y tienes 0 fichas (ARM-R4).")])
def test_arm_r4_a_discard_too_dear_is_refused_with_its_tokens_counted(language, said):
    state = roll(with_(game(2), hands=([9, 1], [2, 3]), tokens=(0, 0)), [4, 6], yellow=2)  # 10: 9 costs 1
    with pytest.raises(IllegalAction) as refused:
        G.apply(state, 0, Discard(9), ScriptedRng())
    with speaking(language):
        assert translated(refused.value.text) == said


def test_arm_r4_exact_match_costs_nothing_even_with_four_tokens():
    """The lowest applicable cost: an exact match is free even though "any card" would also allow it."""
    state = with_(game(2), hands=([7, 1], [2, 3]), tokens=(4, 0))
    state = answer(roll(state, [7], red=1), {0: Discard(7), 1: Token()})
    assert state.tokens == (4, 1) and state.hands[0] == (1,)


def test_arm_r5_one_discard_per_roll_even_with_duplicates():
    state = with_(game(2), hands=([11, 11, 12], [1, 2]), tokens=(5, 2))
    state = roll(state, [5, 6], yellow=2)
    assert G.legal_actions(state, 0) == [Discard(11), Discard(12), Token()]
    state = G.apply(state, 0, Discard(11), ScriptedRng())
    with pytest.raises(IllegalAction, match="ARM-R5"):
        G.apply(state, 0, Discard(11), ScriptedRng())
    assert G.legal_actions(state, 0) == []
    state = G.apply(state, 1, Token(), ScriptedRng())
    assert state.hands[0] == (11, 12) and state.tokens[0] == 5


def test_arm_r6_discard_or_token_never_both():
    state = with_(game(2), hands=([10, 4], [1, 2]), tokens=(3, 2))
    state = roll(state, [5, 6], yellow=2)
    state = G.apply(state, 0, Discard(10), ScriptedRng())
    with pytest.raises(IllegalAction):
        G.apply(state, 0, Token(), ScriptedRng())
    state = G.apply(state, 1, Token(), ScriptedRng())
    assert state.tokens == (2, 3)  # seat 0 paid 1 and gained nothing
    assert state.last.answers[0].gained == 0 and state.last.answers[1].gained == 1


def test_arm_r5_r6_a_seat_off_turn_is_told_why_by_the_engine():
    """`explain`: the roll is the roller's; the others wait for it; once rolled, everyone answers once."""
    state = with_(game(3), hands=([11, 12], [1, 2], [3, 4]), tokens=(2, 2, 2))
    assert G.explain(state, 1, Roll(1, 0, 0)) == Text("It's {name}'s turn to roll.", {"name": 0})
    assert str(G.explain(state, 2, Token())) == "Wait for seat 1 to roll; then everyone answers."
    assert G.explain(state, 2, None).fields == {"name": SeatRef(0)}, "the roller, named where the table is known"
    state = G.apply(roll(state, [5, 6], yellow=2), 1, Token(), ScriptedRng())
    assert str(G.explain(state, 1, Roll(0, 1, 0))) == "The dice are already rolled: discard a card or take a token."
    assert "already answered this roll" in str(G.explain(state, 1, Discard(1)))
    assert "ARM-R5, ARM-R6" in str(G.explain(state, 1, Token()))


def test_arm_r7_token_cap_is_never_exceeded():
    state = with_(game(3), tokens=(5, 4, 2))
    state = answer(roll(state, [1], blue=1), {0: Token(), 1: Token(), 2: Token()})
    assert state.tokens == (5, 5, 3)
    reveal = G.view(state, None)["last_reveal"]["answers"]
    assert [a["gained"] for a in reveal] == [0, 1, 1] and all(a["token"] for a in reveal)
    assert state.events[-1].kind == "answers_revealed"
    assert [a["gained"] for a in state.events[-1].data["answers"]] == [0, 1, 1]


def test_arm_r8_starting_tokens_are_given_once_per_game():
    state = with_(game(2), hands=([5], [1, 2]), tokens=(4, 0))
    state = answer(roll(state, [5], yellow=1), {0: Discard(5), 1: Token()})
    assert state.round_no == 2 and len(state.hands[0]) == 10
    assert state.tokens == (4, 1)  # kept, not reset to 2


def test_arm_r9_answers_are_secret_until_all_are_in():
    state = with_(game(3), hands=([10, 3], [9, 1], [4, 4]), tokens=(2, 2, 2))
    state = roll(state, [4, 6], yellow=2)
    state = G.apply(state, 0, Discard(10), ScriptedRng())
    state = G.apply(state, 1, Discard(9), ScriptedRng())
    public = G.view(state, None)
    assert public["answered"] == [True, True, False] and public["last_reveal"] is None
    assert public["hand_sizes"] == [2, 2, 2] and public["tokens"] == [2, 2, 2]
    assert G.to_act(state) == frozenset({2})
    assert G.view(state, 0)["you"]["answer"] == {"discard": 10, "paid": 0, "token": False, "gained": 0}
    assert G.view(state, 1)["you"]["answer"]["discard"] == 9
    assert G.view(state, 2)["you"]["answer"] is None
    assert "9" not in json.dumps(public) and "discard" not in json.dumps(public)
    state = G.apply(state, 2, Token(), ScriptedRng())
    reveal = G.view(state, None)["last_reveal"]
    assert reveal["total"] == 10 and reveal["roller"] == 0
    assert [(a["discard"], a["paid"]) for a in reveal["answers"]] == [(10, 0), (9, 1), (None, 0)]
    assert [e.kind for e in state.events] == ["answered", "answers_revealed"]
    assert [(a["discard"], a["paid"], a["token"]) for a in state.events[-1].data["answers"]] == [
        (10, 0, False), (9, 1, False), (None, 0, True)]
    assert state.tokens == (2, 1, 3)


def test_arm_r9_timeout_default_exact_match_else_token_never_spend():
    state = with_(game(2), hands=([10, 11], [9, 11]), tokens=(5, 5))
    state = roll(state, [4, 6], yellow=2)
    assert G.timeout_action(state, 0) == Discard(10)
    assert G.timeout_action(state, 1) == Token()  # 9 and 11 are a token away, but it never spends
    roller = with_(game(2), hands=([13], [1]))
    assert G.timeout_action(roller, 0) == Roll(0, 1, 1)  # the computer's dice


def test_arm_r10_several_players_go_out_on_one_roll():
    state = with_(game(3), hands=([10], [9], [3, 4]), tokens=(2, 2, 2))
    state = roll(state, [4, 6], yellow=2)
    state = answer(state, {0: Discard(10), 1: Discard(9), 2: Token()})
    assert state.rounds == ((0, 0, 2),)
    assert state.round_no == 2 and state.tokens == (2, 1, 3)  # the whole roll resolved first
    ended, dealt = state.events[-2:]
    assert ended.public() == {"kind": "round_ended", "round": 1, "out": [0, 1], "points": [0, 0, 2]}
    assert dealt.kind == "round_started" and dealt.seen_by(2)["hand"] == list(state.hands[2])
    assert "hand" not in dealt.public() and "hand" not in dealt.seen_by(None)


def test_arm_r10_round_goes_on_while_everyone_holds_cards():
    state = with_(game(2), hands=([10, 1], [9, 1]))
    state = answer(roll(state, [4, 6], yellow=2), {0: Discard(10), 1: Token()})
    assert state.round_no == 1 and state.rounds == () and state.hands == ((1,), (1, 9))


def test_arm_r11_first_roller_random_then_after_the_last_roller():
    state = game(4, first=2)
    assert state.roller == 2 and G.to_act(state) == frozenset({2})
    state = with_(state, hands=([1, 2], [3], [4, 5], [6, 7]))
    state = answer(roll(state, [3], blue=1), everyone_token(state, s1=Discard(3)))
    assert state.round_no == 2 and state.roller == 3 and state.turn_no == 1
    with pytest.raises(AssertionError):  # the first roller is drawn with randint(0, players - 1)
        G.setup(4, {}, ScriptedRng([4]))


def test_arm_r12_hand_values_are_secret_and_the_rest_public():
    state = new_game([20] * 3 + [19] * 3 + [18] * 3 + [17], [1] * 3 + [2] * 3 + [3] * 3 + [4])
    public = G.view(state, None)
    assert "you" not in public and "hands" not in public
    assert public["hand_sizes"] == [10, 10] and public["tokens"] == [2, 2]
    text = json.dumps(public)
    assert not any(f" {v}," in text or f"[{v}" in text for v in (17, 18, 19, 20))
    assert G.view(state, 0)["you"]["hand"] == list(state.hands[0])
    assert {k: v for k, v in G.view(state, 1).items() if k != "you"} == public
    assert 20 not in G.view(state, 1)["you"]["hand"]


# --- game end ---------------------------------------------------------------------------------------
def end_round(state: State, points: tuple[int, ...], tokens: tuple[int, ...]) -> State:
    """Finish the round on one roll: seat 0 discards its last card, the others keep `points` cards."""
    hands = [[1]] + [[20] * (p + 1) for p in points[1:]]  # each other seat discards one 20 for 4 tokens
    state = with_(state, hands=hands, tokens=[tokens[0]] + [t + 4 for t in tokens[1:]])
    state = roll(state, [1], blue=1)
    return answer(state, {0: Discard(1), **{s: Discard(20) for s in range(1, state.players)}})


def test_game_ends_after_three_rounds_fewest_points_wins():
    state = game(3)
    state = end_round(state, (0, 3, 1), (0, 0, 0))
    assert (state.round_no, state.roller) == (2, 1)
    state = end_round(state, (0, 2, 2), (0, 0, 0))
    assert (state.round_no, state.roller) == (3, 2)
    assert G.outcome(state) is None
    state = end_round(state, (0, 1, 4), (1, 2, 3))
    assert state.phase == "over" and G.to_act(state) == frozenset() and state.tokens == (1, 2, 3)
    assert state.rounds == ((0, 3, 1), (0, 2, 2), (0, 1, 4))
    out = G.outcome(state)
    assert out.scores == (0, 6, 7) and out.placings == (1, 2, 3)
    assert G.view(state, None)["placings"] == [1, 2, 3] and state.events[-1].public() == {
        "kind": "game_over", "winners": [0]}
    with pytest.raises(IllegalAction):
        G.apply(state, 0, Roll(1, 0, 0), ScriptedRng([1]))


def test_tie_on_points_goes_to_more_tokens_then_a_shared_win():
    state = replace(game(3), round_no=3, rounds=((0, 2, 2), (2, 0, 0)))
    done = end_round(state, (0, 0, 0), (1, 3, 3))  # 0 + others went out too: all on 2 points
    assert done.rounds[-1] == (0, 0, 0)
    assert G.outcome(done).placings == (3, 1, 1) and G.outcome(done).scores == (2, 2, 2)
    assert done.events[-1].public() == {"kind": "game_over", "winners": [1, 2]}
    done = end_round(state, (0, 0, 0), (4, 3, 3))
    assert G.outcome(done).placings == (1, 2, 2)


# --- computer player --------------------------------------------------------------------------------
def test_computer_roller_examples_from_the_rules():
    assert best_roll([10]) == Roll(0, 2, 0)
    assert best_roll([13]) == Roll(0, 1, 1)
    assert best_roll([16]) == Roll(0, 0, 2)
    for value in range(1, 10):
        expected = Roll(*[int(low <= value <= low + 2) for low in (1, 4, 7)])
        assert best_roll([value]) == expected


def test_computer_roller_maximises_hit_chance_ties_toward_higher_cards():
    assert best_roll([5, 16]) == Roll(0, 0, 2)  # both 1/3: the higher card
    hand = [1, 2, 3, 20]
    assert sum(distribution(best_roll(hand)).get(v, 0) for v in hand) == 1  # one blue always hits
    state = with_(game(2), hands=([4, 5, 6, 18], [1]))
    assert G.computer_action(state, 0, ScriptedRng()) == Roll(0, 1, 0)


def test_computer_roller_key_is_the_exact_one():
    """The roller's packed integer key orders every choice of dice exactly as the project decision's key over
    exact fractions: P(hit), expected card hit, fewer dice, mean total, yellow dice (the first on a tie)."""

    def exact(hand):
        def key(roll):
            dist = distribution(roll)
            return (sum((dist.get(v, 0) for v in set(hand)), Fraction(0)),
                    sum((dist.get(v, 0) * v for v in set(hand)), Fraction(0)),
                    -(roll.blue + roll.yellow + roll.red), sum((t * p for t, p in dist.items()), Fraction(0)),
                    roll.yellow)
        return max(ROLLS, key=key)

    draw = random.Random(28)
    hands = [[v] for v in range(1, 21)] + [draw.sample(range(1, 21), draw.randint(2, 10)) for _ in range(1500)]
    for hand in hands:
        assert best_roll(hand) == exact(hand), hand


def test_computer_responder():
    state = roll(with_(game(2), hands=([10, 12, 13], [7, 13])), [4, 6], yellow=2)
    assert G.computer_action(state, 0, ScriptedRng()) == Discard(10)  # exact match
    for tokens, expected in ((4, Discard(12)), (5, Discard(12)), (3, Token()), (2, Token())):
        s = with_(state, hands=([12, 13, 1], [7, 13]), tokens=(tokens, 2))
        assert G.computer_action(s, 0, ScriptedRng()) == expected
    s = with_(state, hands=([13, 7, 1], [7]), tokens=(5, 2))
    assert G.computer_action(s, 0, ScriptedRng()) == Discard(13)  # cost 3 each: the higher card
    s = with_(state, hands=([1, 20], [7]), tokens=(5, 2))
    assert G.computer_action(s, 0, ScriptedRng()) == Token()  # never the 4-token "any card"
    assert G.computer_action(s, 1, ScriptedRng()) == Token()  # 7 costs 3 and would leave 0 tokens


# --- codec and action sizes --------------------------------------------------------------------------
def test_state_round_trips_mid_response_and_actions_are_short():
    state = with_(game(3), hands=([10, 3], [9, 1], [4, 4]))
    state = G.apply(roll(state, [4, 6], yellow=2), 0, Discard(10), ScriptedRng())
    assert decode_state(G, encode_state(state)) == state
    assert max(len(encode_action(a)) for a in ROLLS + (Discard(20), Token())) < 70
