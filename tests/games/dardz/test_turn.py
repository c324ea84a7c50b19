"""DARDZ rules tests: a turn (rolls 1-3, picks, Bonus Roll, refill), DZ-R1, R3-R6, R14, computer player."""

from __future__ import annotations

import pytest

from bot.games.core import IllegalAction
from bot.games.dardz.model import BONUS, Guess, Pick, Roll
from bot.games.rng import ScriptedRng
from tests.games.dardz.support import G, act, at, game, pile

DECK = ["10", "11", "12", "9", "8", "10", "11", "12"]


def turn_of(seat=0, players=2, hands=None, deck=DECK, piles=None, scores=None, step=1, phase="roll", dice=None):
    s = game(players)
    return at(s, hands=hands, deck=deck, piles=piles or [[]] * players, scores=scores, turn=seat, step=step,
              phase=phase, dice=dice)


def test_roll_1_is_picked_automatically():
    s = turn_of(hands=[["4", "9", "12"], ["4", "4", "2"]])
    s = act(s, Roll(), rolls=[4])
    assert s.piles == (("4",), ("4", "4"))
    assert s.hands == (("9", "12", "10"), ("2", "11", "12"))
    assert s.phase == "roll" and s.step == 2 and s.turn == 0
    assert [e.public() for e in s.events] == [
        {"kind": "rolled", "seat": 0, "roll": 1, "dice": [4]},
        {"kind": "picked", "seat": 0, "n": 4, "moved": [[0, 1], [1, 2]], "automatic": True}]


def test_roll_1_nobody_holds_it_goes_on_to_roll_2():
    s = act(turn_of(hands=[["9", "9", "12"], ["8", "8", "2"]]), Roll(), rolls=[5])
    assert s.step == 2 and s.piles == ((), ()) and s.events[-1].data["moved"] == []


def test_dz_r1_replacements_in_seat_order_from_the_roller():
    s = turn_of(seat=1, players=3, hands=[["5", "9", "9"], ["5", "9", "9"], ["5", "9", "9"]], deck=["10", "11", "12"],
                piles=[pile(7), [], []])
    s = act(s, Roll(), rolls=[5])
    assert [h[-1] for h in s.hands] == ["12", "10", "11"]  # seat 1 first, then 2, then 0


def test_dz_r1_empty_draw_pile_leaves_short_hands():
    s = turn_of(hands=[["5", "5", "9"], ["5", "8", "8"]], deck=["10"], piles=[pile(7), []])
    s = act(s, Roll(), rolls=[5])
    assert s.hands == (("9", "10"), ("8", "8")) and s.deck == ()


def test_roll_2_picks_one_die_the_sum_or_nothing():
    s = act(turn_of(hands=[["9", "9", "12"], ["10", "10", "11"]], step=2), Roll(), rolls=[3, 5])
    assert s.phase == "pick" and s.dice == (3, 5)
    assert G.legal_actions(s, 0) == [Pick(0), Pick(3), Pick(5), Pick(8)]
    assert not G.is_legal(s, 0, Pick(4)) and not G.is_legal(s, 0, Pick(2))
    with pytest.raises(IllegalAction, match="DZ-R3"):
        G.apply(s, 0, Pick(4), ScriptedRng())
    doubles = act(turn_of(hands=[["9", "9", "12"], ["10", "10", "11"]], step=2), Roll(), rolls=[4, 4])
    assert G.legal_actions(doubles, 0) == [Pick(0), Pick(4), Pick(8)]


def test_roll_2_pick_moves_every_holder_then_roll_3():
    s = act(turn_of(hands=[["8", "9", "12"], ["8", "8", "11"]], step=2), Roll(), rolls=[3, 5])
    s = act(s, Pick(8))
    assert s.piles == (("8",), ("8", "8")) and s.step == 3 and s.phase == "roll"


def test_roll_3_any_die_or_sum_of_two_never_all_three():
    s = act(turn_of(hands=[["9", "9", "12"], ["10", "10", "11"]], step=3), Roll(), rolls=[1, 2, 4])
    assert G.legal_actions(s, 0) == [Pick(n) for n in (0, 1, 2, 3, 4, 5, 6)]
    with pytest.raises(IllegalAction, match="never all three"):
        G.apply(s, 0, Pick(7), ScriptedRng())


def test_dz_r3_defense_pick_a_number_only_an_opponent_holds():
    s = act(turn_of(hands=[["9", "9", "12"], ["3", "10", "11"]], step=3), Roll(), rolls=[1, 2, 4])
    s = act(s, Pick(3))
    assert s.piles == ((), ("3",))
    assert s.turn == 1 and s.step == 1  # not in the roller's hand: no Bonus Roll, the turn is over


def test_dz_r3_pick_nothing_on_roll_2_and_3():
    s = act(turn_of(hands=[["9", "9", "12"], ["3", "10", "11"]], step=2), Roll(), rolls=[1, 2])
    s = act(s, Pick(0))
    assert s.step == 3 and s.piles == ((), ())
    s = act(act(s, Roll(), rolls=[1, 2, 6]), Pick(0))
    assert s.turn == 1 and s.events[0].public() == {"kind": "picked", "seat": 0, "n": 0, "roll": 3, "moved": []}


def test_dz_r4_three_of_a_kind_plus_20_even_when_picking_nothing():
    s = act(turn_of(hands=[["9", "9", "12"], ["3", "10", "11"]], step=3), Roll(), rolls=[2, 2, 2])
    assert s.scores == (20, 0) and s.events[-1].public() == {"kind": "three_of_a_kind", "seat": 0, "points": 20}
    assert G.legal_actions(s, 0) == [Pick(0), Pick(2), Pick(4)]  # the dice still serve as roll 3
    s = act(s, Pick(0))
    assert s.scores == (20, 0) and s.turn == 1


def test_dz_r4_three_of_a_kind_only_on_roll_3():
    s = act(turn_of(hands=[["9", "9", "12"], ["3", "10", "11"]], step=2), Roll(), rolls=[2, 2])
    assert s.scores == (0, 0)
    s = act(turn_of(hands=[["9", "9", "12"], ["3", "10", "11"]], step=BONUS), Roll(), rolls=[5, 5])
    assert s.scores == (0, 0)


def bonus_start(hands, deck=DECK, players=2, piles=None):
    """Roll 3 shows 4 4 5 and the roller picks 9 from their own hand: the Bonus Roll starts."""
    s = act(turn_of(hands=hands, deck=deck, players=players, piles=piles, step=3), Roll(), rolls=[4, 4, 5])
    return act(s, Pick(9))


def test_bonus_roll_follows_a_roll_3_pick_from_own_hand():
    s = bonus_start([["9", "5", "5"], ["9", "5", "12"]])
    assert s.piles == (("9",), ("9",)) and s.hands == (("5", "5", "10"), ("5", "12", "11"))  # roll 3 draws
    assert s.step == BONUS and s.phase == "roll" and s.turn == 0
    assert G.view(s, None)["bonus"] is True


def test_dz_r5_bonus_roll_moves_all_copies_without_draws_and_only_the_roller_scores():
    s = bonus_start([["9", "5", "5"], ["9", "5", "12"]])
    s = act(s, Roll(), rolls=[2, 3])
    assert G.legal_actions(s, 0) == [Pick(0), Pick(2), Pick(3), Pick(5)]
    deck = s.deck
    s = act(s, Pick(5))
    assert s.piles == (("9", "5", "5"), ("9",)) and s.hands == (("10",), ("5", "12", "11"))
    assert s.deck == deck and s.step == BONUS and s.phase == "roll"  # roll again


def test_bonus_roll_miss_ends_the_turn_and_the_roller_refills_to_3():
    s = act(bonus_start([["9", "5", "5"], ["9", "5", "12"]]), Roll(), rolls=[1, 6])
    s = act(s, Pick(7))  # a sum nobody of the roller holds: a miss
    assert s.turn == 1 and s.step == 1 and s.hands[0] == ("5", "5", "10")
    s = act(bonus_start([["9", "5", "5"], ["9", "5", "12"]]), Roll(), rolls=[5, 6])
    s = act(s, Pick(5))
    s = act(act(s, Roll(), rolls=[1, 1]), Pick(0))
    assert s.turn == 1 and s.hands[0] == ("10", "12", "9")  # refilled from the draw pile


def test_cleaning_em_up_plus_5_ends_the_turn():
    s = bonus_start([["9", "12", "12"], ["8", "8", "8"]], deck=["5", "4", "4"], piles=[[], pile(8)])
    assert s.hands[0] == ("12", "12", "5")
    s = act(act(s, Roll(), rolls=[6, 6]), Pick(12))
    assert s.scores == (0, 0) and s.step == BONUS and s.hands[0] == ("5",)
    s = act(act(s, Roll(), rolls=[1, 4]), Pick(5))
    assert s.scores == (5, 0) and {"kind": "cleaned_up", "seat": 0, "points": 5} in [e.public() for e in s.events]
    assert s.turn == 1 and s.hands[0] == ("4", "4")  # refilled from what is left of the draw pile


def test_dz_r5_action_card_drawn_before_the_bonus_roll_is_played_without_replacement():
    s = bonus_start([["9", "5", "5"], ["8", "8", "12"]], deck=["SKULL", "10", "11"])
    assert s.piles[0] == ("9", "SKULL") and s.hands[0] == ("5", "5") and s.deck == ("10", "11")
    assert s.step == BONUS and s.phase == "roll" and s.events[-1].data == {"seat": 0, "card": "SKULL"}


def test_dz_r6_drawing_the_number_just_scored_does_nothing():
    s = act(turn_of(hands=[["4", "9", "12"], ["8", "8", "2"]], deck=["4", "10"]), Roll(), rolls=[4])
    assert s.hands[0] == ("9", "12", "4") and s.piles[0] == ("4",) and s.step == 2


def test_next_player_rolls_after_the_turn():
    s = act(turn_of(seat=1, players=3, hands=[["9"] * 3, ["9"] * 3, ["9"] * 3], step=3), Roll(), rolls=[1, 1, 2])
    s = act(s, Pick(0))
    assert s.turn == 2 and s.step == 1 and s.phase == "roll" and s.dice == ()


def test_moves_out_of_phase_or_out_of_turn_are_refused():
    s = turn_of(hands=[["9", "9", "12"], ["3", "10", "11"]])
    for action in (Pick(3), Guess(2)):
        with pytest.raises(IllegalAction, match="Roll the dice first"):
            G.apply(s, 0, action, ScriptedRng())
    with pytest.raises(IllegalAction, match="not your turn"):
        G.apply(s, 1, Roll(), ScriptedRng([3]))
    s = act(at(s, step=2), Roll(), rolls=[1, 2])
    with pytest.raises(IllegalAction, match="Pick a number"):
        G.apply(s, 0, Roll(), ScriptedRng([1, 1]))


# --- DZ-R14 timeout default and the computer player -------------------------------------------
def test_dz_r14_timeout_most_own_cards_none_of_the_leaders():
    # Seat 1 leads. 5 would move two of the roller's cards but one of the leader's: refused.
    s = turn_of(players=3, hands=[["5", "5", "3"], ["5", "10", "12"], ["4", "4", "4"]], scores=[0, 30, 10],
                step=3)
    s = act(s, Roll(), rolls=[5, 3, 1])
    assert G.timeout_action(s, 0) == Pick(3)  # 4 (= 3+1) moves none of the roller's cards
    s = turn_of(players=3, hands=[["11", "11", "1"], ["5", "10", "12"], ["4", "4", "4"]], scores=[0, 30, 10],
                step=2)
    s = act(s, Roll(), rolls=[2, 3])
    assert G.timeout_action(s, 0) == Pick(0)  # nothing moves the roller's own cards
    assert G.timeout_action(turn_of(hands=[["9"] * 3, ["9"] * 3]), 0) == Roll()


def test_dz_r14_timeout_jackpot_guess_defaults_to_6():
    s = turn_of(hands=[["JACKPOT", "9", "12"], ["3", "10", "11"]])
    s = at(s, phase="roll", step=1)
    from bot.games.dardz.turn import settle
    s = settle(s, ScriptedRng())
    assert s.phase == "guess" and G.timeout_action(s, 0) == Guess(6)
    assert G.legal_actions(s, 0) == [Guess(n) for n in range(1, 7)]


def test_computer_scores_most_for_itself_minus_the_leaders():
    # Seat 2 leads with 40. 12 gives the roller +10 but the leader +10 too; 9 gives +6 clean.
    s = turn_of(players=3, hands=[["12", "9", "1"], ["3", "3", "3"], ["12", "12", "8"]], scores=[0, 5, 40],
                step=3)
    s = act(s, Roll(), rolls=[6, 6, 3])
    assert G.computer_action(s, 0, ScriptedRng()) == Pick(9)
    # When the roller itself leads, it just takes the most points.
    s = at(s, scores=[50, 5, 40])
    assert G.computer_action(s, 0, ScriptedRng()) == Pick(12)
    # Nothing helps: pick nothing.
    s = act(turn_of(hands=[["11", "11", "11"], ["3", "4", "5"]], step=2, scores=[0, 9]), Roll(), rolls=[1, 2])
    assert G.computer_action(s, 0, ScriptedRng()) == Pick(0)


def test_computer_enters_the_bonus_roll_and_guesses_any_number():
    s = bonus_start([["9", "5", "5"], ["9", "5", "12"]])
    assert G.computer_action(s, 0, ScriptedRng()) == Roll() == G.timeout_action(s, 0)
    s = act(s, Roll(), rolls=[5, 1])
    assert G.computer_action(s, 0, ScriptedRng()) == Pick(5)


@pytest.mark.parametrize("seed", range(3))
def test_timeout_and_computer_actions_are_always_legal(seed):
    from bot.games.rng import SeededRng
    s = G.setup(4, {"teams": True, "target": 60}, SeededRng(str(seed)))
    n = 0
    while G.outcome(s) is None:
        seat = min(G.to_act(s))
        assert G.is_legal(s, seat, G.timeout_action(s, seat))
        action = G.computer_action(s, seat, SeededRng("cpu", n))
        assert G.is_legal(s, seat, action)
        s = G.apply(s, seat, action, SeededRng(str(seed), n))
        n += 1
    assert G.outcome(s).winners


def test_malformed_moves_are_refused_not_crashing():
    s = act(turn_of(hands=[["9", "9", "12"], ["3", "10", "11"]], step=2), Roll(), rolls=[1, 2])
    for bad in (Pick("3"), Pick(True), Pick(None), Pick(12)):
        assert not G.is_legal(s, 0, bad)
        with pytest.raises(IllegalAction):
            G.apply(s, 0, bad, ScriptedRng())
