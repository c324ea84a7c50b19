"""DARDZ rules tests: the six action cards and their order (DZ-R5, DZ-R7, DZ-R8, DZ-R9)."""

from __future__ import annotations

import pytest

from bot.games.core import IllegalAction
from bot.games.dardz.model import BONUS, Guess, Pick, Play, Roll
from bot.games.rng import ScriptedRng
from tests.games.dardz.support import G, act, at, game, pile, played, said, start_turn


def test_skull_goes_to_your_pile_and_you_draw_a_replacement():
    s = start_turn(0, [["SKULL", "9", "9"], ["3", "4", "5"]])
    assert s.piles[0] == ("SKULL",) and s.hands[0] == ("9", "9", "10")
    assert s.turn == 0 and s.phase == "roll" and s.step == 1
    assert said(s)[-1] == {"kind": "card_played", "seat": 0, "card": "SKULL"}


def test_dz_r8_clock_passes_every_hand_and_the_roller_resolves_the_hand_received():
    # Seat 2 ends its turn drawing a Boost 'em in its refill (it waits); seat 0 plays its Clock and
    # receives seat 2's hand, so it resolves that Boost 'em; seat 2 receives seat 1's Jackpot, which waits.
    hands = [["CLOCK", "1", "2"], ["JACKPOT", "5", "6"], ["3", "4"]]
    s = start_turn(0, hands, players=3, deck=["BOOST", "7", "8", "9", "10"], rolls=[2, 3])
    assert s.piles[0] == ("CLOCK", "BOOST")
    assert s.hands == (("3", "4", "8"), ("1", "2", "7"), ("JACKPOT", "5", "6"))  # the Jackpot waits for seat 2
    assert s.phase == "roll" and s.turn == 0
    assert [e["card"] for e in played(s)] == ["CLOCK", "BOOST"]
    assert played(s)[-1] == {"kind": "card_played", "seat": 0, "card": "BOOST", "dice": [2, 3], "units": [],
                             "delta": 5}  # every score is 0: nothing happens


def test_dz_r8_clock_passes_hands_even_after_drawing_another_action_card():
    s = start_turn(0, [["CLOCK", "1", "2"], ["5", "6", "8"]], deck=["SKULL", "9", "10"])
    assert s.hands == (("5", "6", "8"), ("1", "2", "SKULL")) and s.piles == (("CLOCK",), ())
    assert s.phase == "roll" and s.turn == 0


def test_jackpot_right_guess_scores_15_at_once():
    s = start_turn(0, [["JACKPOT", "9", "9"], ["3", "4", "5"]])
    assert s.phase == "guess" and s.piles[0] == ("JACKPOT",)
    assert G.legal_actions(s, 0) == [Guess(n) for n in range(1, 7)]
    for bad in (Guess(0), Guess(7), Roll()):
        with pytest.raises(IllegalAction):
            G.apply(s, 0, bad, ScriptedRng([4]))
    won = act(s, Guess(4), rolls=[4])
    assert won.scores == (15, 0) and won.hands[0] == ("9", "9", "10") and won.phase == "roll"
    assert said(won)[-1] == {"kind": "jackpot", "seat": 0, "guess": 4, "die": 4, "points": 15}
    lost = act(s, Guess(4), rolls=[2])
    assert lost.scores == (0, 0) and said(lost)[-1]["points"] == 0


def test_roll_off_higher_roller_puts_the_card_in_their_pile():
    s = start_turn(0, [["ROLLOFF", "9", "9"], ["3", "4", "5"]], rolls=[5, 2])
    assert s.piles == (("ROLLOFF",), ()) and s.hands[0] == ("9", "9", "10")
    s = start_turn(0, [["ROLLOFF", "9", "9"], ["3", "4", "5"]], rolls=[1, 6])
    assert s.piles == ((), ("ROLLOFF",)) and s.hands[0] == ("9", "9", "10")  # the roller still draws


def test_dz_r7_roll_off_ties_re_roll():
    s = start_turn(0, [["ROLLOFF", "9", "9"], ["3", "4", "5"]], rolls=[3, 3, 4, 4, 2, 5])
    assert s.piles == ((), ("ROLLOFF",))
    assert played(s)[-1]["throws"] == [[[0, 3], [1, 3]], [[0, 4], [1, 4]], [[0, 2], [1, 5]]]
    assert played(s)[-1]["winner"] == 1


def test_dz_r9_boost_em_everyone_tied_for_last_adds_the_sum():
    s = start_turn(0, [["BOOST", "9", "9"], ["3", "4", "5"], ["6", "7", "8"]], players=3, scores=[10, 0, 0],
                   rolls=[3, 4])
    assert s.scores == (10, 7, 7) and s.piles[0] == ("BOOST",)


def test_dz_r9_boost_and_bunk_do_nothing_when_all_scores_are_tied():
    for card in ("BOOST", "BUNK"):
        s = start_turn(0, [[card, "9", "9"], ["3", "4", "5"]], scores=[12, 12], rolls=[6, 6])
        assert s.scores == (12, 12) and played(s)[-1]["units"] == []


def test_dz_r9_bunk_em_first_place_subtracts_with_the_0_floor():
    s = start_turn(0, [["BUNK", "9", "9"], ["3", "4", "5"], ["6", "7", "8"]], players=3, scores=[5, 20, 20],
                   rolls=[6, 6])
    assert s.scores == (5, 8, 8)
    s = start_turn(0, [["BUNK", "9", "9"], ["3", "4", "5"], ["6", "7", "8"]], players=3, scores=[5, 10, 3],
                   rolls=[6, 6])
    assert s.scores == (5, 0, 3)  # a score never goes below 0


def test_bunk_em_leader_bunks_themselves():
    s = start_turn(0, [["BUNK", "9", "9"], ["3", "4", "5"]], scores=[30, 10], rolls=[2, 3])
    assert s.scores == (25, 10) and played(s)[-1]["units"] == [0] and played(s)[-1]["delta"] == -5


def test_dz_r9_boost_and_bunk_use_team_scores():
    hands = [["BOOST", "9", "9"], ["3", "4", "5"], ["6", "7", "8"], ["6", "7", "8"]]
    s = start_turn(0, hands, players=4, teams=True, scores=[20, 5], rolls=[1, 2])
    assert s.scores == (20, 8)
    hands[0][0] = "BUNK"
    s = start_turn(0, hands, players=4, teams=True, scores=[20, 5], rolls=[1, 2])
    assert s.scores == (17, 5)  # the roller's own team leads


def test_several_action_cards_the_roller_chooses_the_order():
    s = start_turn(0, [["BUNK", "SKULL", "3"], ["3", "4", "5"]], scores=[9, 4])
    assert s.phase == "play" and G.legal_actions(s, 0) == [Play("SKULL"), Play("BUNK")]
    for bad in (Play("3"), Play("JACKPOT"), Roll()):
        with pytest.raises(IllegalAction):
            G.apply(s, 0, bad, ScriptedRng([1, 1]))
    s = act(s, Play("BUNK"), rolls=[1, 1])  # then the Skull, the only card left, plays itself
    assert s.piles[0] == ("BUNK", "SKULL") and s.scores == (7, 4) and s.phase == "roll"
    assert [e["card"] for e in played(s)] == ["BUNK", "SKULL"]
    assert G.timeout_action(at(s, phase="play", hands=[["BUNK", "SKULL"], ["3"]]), 0) == Play("SKULL")


def test_a_jackpot_chosen_first_is_guessed_before_the_other_action_cards():
    # Found by the Discord cog: the other cards used to be played while the guess was pending, and with
    # two other kinds the engine asked for the order again and the Jackpot guess was lost.
    s = start_turn(0, [["JACKPOT", "ROLLOFF", "BOOST"], ["3", "4", "5"]])
    s = act(s, Play("JACKPOT"))
    assert s.phase == "guess" and s.piles[0] == ("JACKPOT",) and s.hands[0] == ("ROLLOFF", "BOOST")
    s = act(s, Guess(4), rolls=[4])  # right: +15, a replacement; then the order of the other two
    assert s.phase == "play" and s.scores == (15, 0) and said(s)[-1]["points"] == 15
    s = start_turn(0, [["SKULL", "JACKPOT", "3"], ["3", "4", "5"]])
    s = act(s, Play("JACKPOT"))
    assert s.phase == "guess" and [e["card"] for e in played(s)] == ["JACKPOT"]
    s = act(s, Guess(4), rolls=[2])
    assert s.piles[0] == ("JACKPOT", "SKULL") and s.phase == "roll"
    assert said(s)[-2]["kind"] == "jackpot" and said(s)[-2]["points"] == 0 and played(s)[-1]["card"] == "SKULL"


def test_action_card_drawn_during_your_turn_is_played_at_once():
    s = at(game(2), hands=[["4", "9", "9"], ["3", "3", "5"]], deck=["JACKPOT", "10", "11"], piles=[[], []],
           turn=0, step=1, phase="roll")
    s = act(s, Roll(), rolls=[4])
    assert s.phase == "guess" and s.step == 2 and s.piles[0] == ("4", "JACKPOT")
    s = act(s, Guess(1), rolls=[3])
    assert s.phase == "roll" and s.step == 2 and s.hands[0] == ("9", "9", "10")


def test_action_card_drawn_outside_your_turn_waits_for_your_turn():
    s = at(game(2), hands=[["9", "9", "9"], ["4", "3", "5"]], deck=["SKULL", "10", "11"], piles=[[], []],
           turn=0, step=1, phase="roll")
    s = act(s, Roll(), rolls=[4])
    assert s.hands[1] == ("3", "5", "SKULL") and s.piles[1] == ("4",) and s.phase == "roll" and s.turn == 0
    s = act(act(s, Roll(), rolls=[1, 1]), Pick(0))
    s = act(act(s, Roll(), rolls=[1, 1, 2]), Pick(0))
    assert s.turn == 1 and s.piles[1] == ("4", "SKULL") and s.hands[1] == ("3", "5", "10")


def test_card_drawn_in_the_end_of_turn_refill_waits_for_the_next_turn():
    """Project decision: the refill ends the turn; an action card drawn there waits."""
    s = at(game(2), hands=[["9", "5", "5"], ["3", "3", "3"]], deck=["SKULL", "10", "11", "12"],
           piles=[pile(2), []], turn=0, step=BONUS, phase="roll")
    s = act(act(s, Roll(), rolls=[1, 2]), Pick(0))
    assert s.turn == 1 and s.hands[0] == ("9", "5", "5") and s.piles[0] == tuple(pile(2))
    s = at(s, hands=[["9", "5"], ["3", "3", "3"]], turn=0, step=BONUS, phase="roll")
    s = act(act(s, Roll(), rolls=[1, 2]), Pick(0))
    assert s.turn == 1 and s.hands[0] == ("9", "5", "SKULL")


def test_dz_r5_action_cards_during_a_bonus_roll_draw_no_replacement():
    # A Clock drawn on the roll-3 pick: played before the Bonus Roll, no replacement; the received hand's
    # Roll-Off is resolved too, also without a replacement (DZ-R5, DZ-R8).
    s = at(game(2), hands=[["9", "5", "5"], ["ROLLOFF", "3", "4"]], deck=["CLOCK", "10", "11"],
           piles=[[], []], turn=0, step=3, phase="roll")
    s = act(act(s, Roll(), rolls=[4, 4, 5]), Pick(9), rolls=[6, 1])
    assert s.piles == (("9", "CLOCK", "ROLLOFF"), ())
    assert s.hands == (("3", "4"), ("5", "5")) and s.deck == ("10", "11")
    assert s.step == BONUS and s.phase == "roll"
