"""DARDZ rules tests: round end, scoring, game end, next rounds, Team DARDZ (DZ-R2, DZ-R10-R12)."""

from __future__ import annotations

import pytest

from bot.games.core import IllegalAction, Outcome
from bot.games.dardz.model import BONUS, Guess, Lead, Pick, Roll
from bot.games.rng import ScriptedRng
from tests.games.dardz.support import DECK, G, act, at, game, pile, said, start_turn


def rolling(players=2, hands=None, piles=None, scores=None, deck=DECK, teams=False, target=150, seat=0):
    return at(game(players, teams=teams, target=target), hands=hands, piles=piles, scores=scores, deck=deck,
              turn=seat, step=1, phase="roll")


def test_dz_r10_round_ends_at_10_cards_plus_10_pile_points_and_lucky_loser():
    s = rolling(hands=[["4", "9", "9"], ["3", "3", "5"]], piles=[pile(9, "12"), ["SKULL", "8"]], scores=[10, 40])
    s = act(s, Roll(), rolls=[4, 3, 4])  # roll 1 = 4; then the Lucky Loser roll 3 x 4 for seat 1
    assert s.scores == (10 + 10 + 91, 40 + 0 + 12)
    assert s.round_no == 2 and s.round_winner == 0 and G.view(s, None)["round_winner"] == [0]
    assert s.turn == 1 and s.starter == 1 and s.step == 1 and s.phase == "roll"  # the lowest score starts
    assert s.piles == ((), ()) and s.hands == (("1", "1", "1"), ("1", "1", "1")) and len(s.deck) == 84
    assert said(s)[-5:] == [
        {"kind": "round_won", "round": 1, "unit": 0, "cards": 10, "tied": [0], "throws": [], "points": 10},
        {"kind": "piles_scored", "points": [91, 0]},
        {"kind": "lucky_loser", "rolls": [[1, 3, 4]]},
        {"kind": "scores", "scores": [111, 52]},
        {"kind": "round_started", "round": 2, "unit": 1, "seat": 1},
    ]


def test_lucky_loser_only_with_3_or_fewer_pile_cards_and_no_score_below_0():
    s = rolling(players=3, hands=[["4", "9", "9"], ["3", "3", "5"], ["3", "3", "5"]],
                piles=[pile(9), ["SKULL", "SKULL"], pile(4)], scores=[0, 3, 50])
    s = act(s, Roll(), rolls=[4, 1, 2])
    assert s.scores == (10 + 19, 0 + 2, 50 + 8)  # seat 1: 3 - 10 floors at 0, then 1 x 2; seat 2 rolls nothing


def test_dz_r10_two_players_reach_10_at_once_the_one_with_more_cards_wins():
    s = rolling(hands=[["5", "9", "9"], ["5", "5", "3"]], piles=[pile(9), pile(9)])
    s = act(s, Roll(), rolls=[5])
    assert s.round_winner == 1 and s.scores == (18 + 1, 10 + 18 + 2)


def test_dz_r10_two_players_reach_10_with_equal_counts_roll_off():
    s = rolling(hands=[["5", "9", "9"], ["5", "3", "3"]], piles=[pile(9), pile(9)])
    s = act(s, Roll(), rolls=[5, 4, 4, 2, 6])  # roll 1, then Roll-Off 4-4 tie, 2-6
    assert s.round_winner == 1 and s.scores == (19, 29)
    won = next(e for e in said(s) if e["kind"] == "round_won")
    assert won["tied"] == [0, 1] and won["throws"] == [[[0, 4], [1, 4]], [[0, 2], [1, 6]]] and won["unit"] == 1


def test_dz_r10_checked_after_every_resolution_even_an_action_card():
    s = start_turn(0, [["ROLLOFF", "9", "9"], ["3", "4", "5"]], piles=[pile(2), pile(9)], rolls=[1, 6, 2, 2])
    assert s.round_winner == 1 and s.round_no == 2  # the Roll-Off card was seat 1's tenth pile card
    assert s.scores == (4 + 4, 10 + 18 + 5)


def test_dz_r2_empty_draw_pile_and_nobody_can_reach_10_ends_the_round_without_10():
    s = rolling(hands=[["4", "9", "9"], ["3", "3", "5"]], piles=[pile(5), pile(6)], deck=[], scores=[0, 20])
    s = act(s, Roll(), rolls=[4])
    assert s.round_winner is None and s.round_no == 2
    assert s.scores == (11, 32) and s.turn == 0  # piles only; nobody gets +10; the lowest starts
    assert said(s)[-4] == {"kind": "round_stalled", "round": 1, "reason": "deck_empty"}


def test_dz_r2_round_goes_on_while_someone_can_still_reach_10():
    s = rolling(hands=[["4", "9", "9"], ["3", "3", "5"]], piles=[pile(7), pile(6)], deck=[])
    s = act(s, Roll(), rolls=[4])
    assert s.round_no == 1 and s.step == 2  # seat 0: 8 pile + 2 hand


def test_dz_r11_game_won_only_at_round_end_by_the_highest_score():
    s = start_turn(0, [["JACKPOT", "4", "9"], ["3", "3", "5"]], piles=[pile(8), pile(5)], scores=[140, 0])
    s = act(s, Guess(3), rolls=[3])
    assert s.scores == (155, 0) and G.outcome(s) is None  # 150 mid-round does not win
    s = act(s, Roll(), rolls=[4])
    assert s.phase == "over" and G.to_act(s) == frozenset() and s.turn is None
    assert G.outcome(s) == Outcome(placings=(1, 2), scores=(155 + 10 + 16 + 5 + 1, 10))
    assert G.view(s, None)["winners"] == [0] and said(s)[-1] == {
        "kind": "game_won", "unit": 0, "score": 187, "tied": [0], "throws": []}


def test_dz_r11_equal_highest_scores_best_of_3_roll_off():
    s = rolling(hands=[["4", "9", "9"], ["3", "3", "5"]], piles=[pile(9), ["10"]], scores=[131, 150])
    # roll 1; Lucky Loser 1x3 for seat 1; both 160: Roll-Offs 2-5 (s1), 4-4 6-1 (s0), 3-2 (s0)
    s = act(s, Roll(), rolls=[4, 1, 3, 2, 5, 4, 4, 6, 1, 3, 2])
    assert s.scores == (160, 160) and s.champion == 0
    assert G.outcome(s) == Outcome(placings=(1, 2), scores=(160, 160))
    assert said(s)[-1] == {"kind": "game_won", "unit": 0, "score": 160, "tied": [0, 1],
                           "throws": [[[0, 2], [1, 5]], [[0, 4], [1, 4]], [[0, 6], [1, 1]], [[0, 3], [1, 2]]]}


def test_placings_rank_the_others_by_score():
    s = rolling(players=3, hands=[["4", "9", "9"], ["3", "3", "5"], ["3", "3", "5"]],
                piles=[pile(9), pile(5), pile(5)], scores=[140, 20, 20])
    s = act(s, Roll(), rolls=[4])
    assert G.outcome(s) == Outcome(placings=(1, 2, 2), scores=(169, 30, 30))


def test_dz_r12_next_round_lowest_score_starts_ties_roll_off():
    s = rolling(players=3, hands=[["4", "9", "9"], ["3", "3", "5"], ["3", "3", "5"]],
                piles=[pile(9), pile(5), pile(5)], scores=[0, 4, 4])
    s = act(s, Roll(), rolls=[4, 3, 3, 1, 5])
    assert s.scores == (29, 14, 14) and s.turn == 2
    assert {"kind": "lowest_tie", "tied": [1, 2], "throws": [[[1, 3], [2, 3]], [[1, 1], [2, 5]]], "unit": 2} in said(s)


# --- Team DARDZ -------------------------------------------------------------------------------
def team_round(hands, piles, scores=(0, 0), rolls=(), players=4):
    s = rolling(players=players, teams=True, hands=hands, piles=piles, scores=list(scores))
    return act(s, Roll(), rolls=rolls)


def test_team_race_to_20_team_bonus_and_one_lucky_loser_roll():
    hands = [["4", "9", "9"], ["3", "3", "5"], ["6", "6", "9"], ["3", "3", "5"]]
    # Seat 0 passes 10 cards alone: no round end until the team has 20.
    s = team_round(hands, [pile(10), pile(3), pile(8), pile(3)], rolls=[4])
    assert s.round_no == 1 and s.step == 2
    s = team_round(hands, [pile(10), pile(3), pile(9), pile(3)], rolls=[4, 2, 5])
    assert s.round_winner == 0 and s.scores == (10 + 39, 12 + 10)  # one Lucky Loser roll for 6 cards
    won = next(e for e in said(s) if e["kind"] == "round_won")
    assert won["unit"] == 0 and won["cards"] == 20


def test_winning_team_chooses_its_first_roller():
    hands = [["4", "9", "9"], ["3", "3", "5"], ["6", "6", "9"], ["3", "3", "5"]]
    s = team_round(hands, [pile(10), pile(4), pile(9), pile(4)], rolls=[4])
    assert s.phase == "lead" and G.to_act(s) == frozenset({0, 2}) and s.turn is None
    assert G.legal_actions(s, 2) == [Lead(0), Lead(2)] and G.view(s, None)["choosing"] == [0, 2]
    assert G.timeout_action(s, 2) == Lead(0) and G.computer_action(s, 2, ScriptedRng()) == Lead(2)
    with pytest.raises(IllegalAction):
        G.apply(s, 2, Lead(1), ScriptedRng())
    with pytest.raises(IllegalAction):
        G.apply(s, 1, Lead(1), ScriptedRng())
    s = act(s, Lead(2), seat=0)
    assert s.turn == 2 and s.starter == 2 and s.phase == "roll" and s.step == 1


def test_team_bonus_roll_scores_from_both_teammates_hands():
    s = rolling(players=4, teams=True, hands=[["5", "9", "9"], ["5", "3", "3"], ["5", "6", "7"], ["8", "3", "3"]],
                piles=[pile(2), [], [], []], deck=["10", "11", "12", "8"])
    s = at(s, step=BONUS)
    s = act(act(s, Roll(), rolls=[5, 1]), Pick(5))
    assert s.piles == (("1", "1", "5"), (), ("5",), ()) and s.hands[1] == ("5", "3", "3")
    s = act(act(s, Roll(), rolls=[6, 1]), Pick(7))  # the teammate's 7
    assert s.hands[2] == ("6",) and s.step == BONUS
    s = act(act(s, Roll(), rolls=[1, 1]), Pick(0))
    assert s.turn == 1 and s.hands[0] == ("9", "9", "10") and s.hands[2] == ("6", "11", "12")  # both refill


def test_odd_team_table_solo_player_wins_with_10_and_doubles_the_pile():
    hands = [["9", "9", "9"], ["8", "8", "8"], ["4", "3", "3"]]
    s = team_round(hands, [pile(4), pile(4), pile(9)], rolls=[4], players=3)
    assert s.teams == ((0, 1), (2,)) and s.target == 300
    assert s.round_winner == 1 and s.scores == (16, 10 + 2 * 19)
    assert s.turn == 2 and s.phase == "roll"  # the solo winner simply starts
