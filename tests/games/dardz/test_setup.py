"""DARDZ rules tests: cards, set-up, options, first roller, information (DZ-R12, DZ-R13, DZ-R15)."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from bot.games.core import IllegalAction, encode_action, resolve_options
from bot.games.dardz.cards import ACTIONS, ALL_CARDS, GOLDEN_7, POINTS, number, points
from bot.games.dardz.model import Guess, Lead, Pick, Play, Roll
from bot.games.rng import ScriptedRng
from tests.games.dardz.support import G, at, first_rolls, game, pile


def test_the_90_cards():
    """Six each of 1-12 (one 7 is the golden 7) and three of each of the six action cards."""
    counts = Counter(ALL_CARDS)
    assert len(ALL_CARDS) == 90
    assert all(counts[str(n)] == 6 for n in range(1, 13) if n != 7)
    assert counts["7"] == 5 and counts[GOLDEN_7] == 1
    assert all(counts[a] == 3 for a in ACTIONS) and len(ACTIONS) == 6
    assert number(GOLDEN_7) == 7 and number("12") == 12 and number("SKULL") is None


def test_point_table():
    """The one point table: printed values, house values, the golden 7 and the Skull."""
    assert [POINTS[str(n)] for n in range(1, 13)] == [2, 2, 2, 1, 1, 1, 4, 5, 6, 7, 8, 10]
    assert POINTS[GOLDEN_7] == 10 and POINTS["SKULL"] == -5
    assert all(POINTS[a] == 5 for a in ACTIONS if a != "SKULL")
    assert set(POINTS) == set(ALL_CARDS)
    assert points(["12", "G7", "SKULL"]) == 15


def test_deal_three_face_up_in_seat_order():
    s = game(3, hands=[["1", "2", "3"], ["4", "5", "6"], ["8", "9", "10"]])
    assert s.hands == (("1", "2", "3"), ("4", "5", "6"), ("8", "9", "10"))
    assert len(s.deck) == 90 - 9 and s.piles == ((), (), ())
    assert G.view(s, None)["hands"] == [["1", "2", "3"], ["4", "5", "6"], ["8", "9", "10"]]  # face up


def test_dz_r12_first_roller_highest_two_dice():
    s = G.setup(3, resolve_options(G, {}), ScriptedRng([3, 4, 6, 5, 2, 2]))
    assert s.turn == 1 and s.starter == 1 and s.phase == "roll" and s.step == 1
    assert [e.public() for e in s.events][:2] == [
        {"kind": "first_roller", "rolls": [[0, 3, 4], [1, 6, 5], [2, 2, 2]], "throws": [], "seat": 1},
        {"kind": "round_started", "round": 1, "unit": 1, "seat": 1}]


def test_dz_r12_first_roller_ties_roll_off_with_one_die():
    # Seats 0 and 1 both roll 12; Roll-Off: 3-3 tie re-rolls, then 2-5: seat 1 starts.
    s = G.setup(3, resolve_options(G, {}), ScriptedRng([6, 6, 6, 6, 1, 1, 3, 3, 2, 5]))
    assert s.turn == 1


def test_dz_r15_two_to_eight_players():
    for players in (1, 9):
        with pytest.raises(IllegalAction, match="DZ-R15"):
            G.setup(players, resolve_options(G, {}), ScriptedRng(first_rolls(8)))
    assert game(8).players == 8


def test_target_option_any_positive_int_and_doubled_for_teams():
    assert game(2, target=100).target == 100
    assert game(4, teams=True).target == 300
    assert game(4, teams=True, target=60).target == 120
    for bad in (0, -5, "150", True):
        with pytest.raises(IllegalAction):
            G.setup(2, {"teams": False, "target": bad}, ScriptedRng(first_rolls(2)))


def test_team_seating_alternate_and_solo_player():
    assert game(4, teams=True).teams == ((0, 2), (1, 3))
    assert game(6, teams=True).teams == ((0, 3), (1, 4), (2, 5))
    assert game(8, teams=True).teams == ((0, 4), (1, 5), (2, 6), (3, 7))
    assert game(5, teams=True).teams == ((0, 2), (1, 3), (4,))
    assert game(3, teams=True).teams == ((0, 1), (2,))
    two = game(2, teams=True)  # project decision: two players cannot form teams
    assert not two.team_mode and two.teams == ((0,), (1,)) and two.target == 150
    assert game(4).teams == ((0,), (1,), (2,), (3,))


def test_dz_r13_hands_and_scores_public_pile_only_to_its_owner():
    s = at(game(3), piles=[pile(4), ["SKULL"], []], scores=[7, 3, 0])
    public = G.view(s, None)
    assert public["hands"] == [list(h) for h in s.hands] and public["scores"] == [7, 3, 0]
    text = json.dumps(public)
    assert "pile" not in text and "SKULL" not in text
    mine = G.view(s, 0)
    assert mine["you"] == {"seat": 0, "pile": ["1"] * 4, "pile_count": 4, "pile_points": 8}
    assert G.view(s, 1)["you"]["pile_count"] == 1 and G.view(s, 1)["you"]["pile_points"] == -5
    assert {k: v for k, v in mine.items() if k != "you"} == public


def test_view_keys_for_the_renderer():
    s = game(4, teams=True)
    v = G.view(s, None)
    assert v["teams"] == [[0, 2], [1, 3]] and v["team_scores"] == [0, 0] and v["scores"] == [0, 0, 0, 0]
    assert v["turn"] == 0 and v["phase"] == "roll" and v["roll"] == 1 and v["bonus"] is False
    assert v["deck"] == 78 and v["round"] == 1 and v["target"] == 300 and v["winners"] == []
    assert "log" not in v and [e.kind for e in s.events] == ["first_roller", "round_started"]


def test_actions_encode_short():
    for action in (Roll(), Pick(12), Pick(0), Guess(6), Play("ROLLOFF"), Lead(7)):
        assert len(encode_action(action)) < 70


def test_rules_help_lists_every_ruling():
    assert len(G.rules_help) <= 8
    assert all(len(body) <= 1000 for _, body in G.rules_help)
    text = " ".join(body for _, body in G.rules_help)
    for n in range(1, 16):
        assert f"**R{n}**" in text
    assert "Project decisions" in [title for title, _ in G.rules_help]
