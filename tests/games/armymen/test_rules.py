"""Rules tests for Army Men Dice War (../shared/rules/army_men_dice_war.md), rulings AMD-R1 … AMD-R10.

Every die is fixed with ScriptedRng: setup draws the first starter with randint(0, 1) (AMD-R6), then
each roll draws randint(1, 6) one die at a time in the order the dice are shown. Every helper checks
that the engine drew exactly the scripted numbers.
"""

from __future__ import annotations

import itertools
import json
from dataclasses import replace
from fractions import Fraction
from functools import cache

import pytest

from bot.games.armymen.computer import best_keep, expected_score
from bot.games.armymen.engine import ARMYMEN
from bot.games.armymen.model import Keep, Roll, State, points, round_score
from bot.games.core import IllegalAction, decode_action
from bot.games.rng import ScriptedRng, ScriptExhausted

G = ARMYMEN


# --- helpers --------------------------------------------------------------------------------------


def start(starter: int = 0, campaign: bool = False) -> State:
    rng = ScriptedRng([starter])
    state = G.setup(2, {"campaign": campaign}, rng)
    assert rng.unused == 0
    return state


def act(state: State, action: Roll | Keep, rolls: list[int] | tuple[int, ...] = ()) -> State:
    """The seat on turn plays `action`; the engine must draw exactly `rolls`."""
    rng = ScriptedRng(rolls)
    state = G.apply(state, state.turn, action, rng)
    assert rng.unused == 0, "the engine drew fewer dice than scripted"
    return state


def play_turn(state: State, faces: list[int]) -> State:
    """The seat on turn sets aside `faces` in this order, two at a time; the dice that are set aside
    later show 6 until then."""
    assert not state.rolled and state.to_roll == len(faces)
    chunks = [tuple(faces[i:i + 2]) for i in range(0, len(faces), 2)]

    def shown(i: int) -> list[int]:
        if i == len(chunks):
            return []
        return list(chunks[i]) + [6] * (len(faces) - 2 * i - len(chunks[i]))

    state = act(state, Roll(), shown(0))
    for i, chunk in enumerate(chunks):
        state = act(state, Keep(chunk), shown(i + 1))
    return state


def faces_scoring(n: int, score: int) -> list[int]:
    """n faces worth `score` points (0 ≤ score, built from soldiers and at most a few pips)."""
    faces = [1] * n
    i = 0
    while score:
        pip = min(score, 6)
        if score - pip == 1:  # a lone point cannot be a face: 7 = 5 + 2
            pip -= 1
        assert pip != 1 and i < n, "helper cannot build that score"
        faces[i] = pip
        score -= pip
        i += 1
    return faces


def play_round(state: State, first: int, second: int) -> State:
    """The starter scores `first`, the other player `second`."""
    state = play_turn(state, faces_scoring(state.to_roll, first))
    return play_turn(state, faces_scoring(state.to_roll, second))


def play_game(state: State, loser: int) -> State:
    """Play rounds until this game ends: `loser` scores 2 every round, the other player 0."""
    game_no = state.game_no
    while state.turn is not None and state.game_no == game_no:
        seat = state.turn
        state = play_turn(state, faces_scoring(state.to_roll, 2 if seat == loser else 0))
    return state


def final_round(rounds=(), campaign=False, game_no=1, games=(), game_winners=()) -> State:
    """A state at the start of a round in which seat 0 (2 dice, starting) rolls one die: if it loses the
    round, the game ends (AMD-R1)."""
    state = start(0, campaign)
    return replace(state, dice=(2, 6), to_roll=1, rounds=tuple(rounds), game_no=game_no, games=tuple(games),
                   game_winners=tuple(game_winners))


def refused(state: State, seat: int, action) -> str:
    assert not G.is_legal(state, seat, action)
    with pytest.raises(IllegalAction) as info:
        G.apply(state, seat, action, ScriptedRng())
    reason = info.value.reason
    assert reason[:1].isupper() and reason.endswith("."), f"not a sentence: {reason!r}"
    return reason


def public(view: dict) -> dict:
    return {k: v for k, v in view.items() if k != "you"}


# --- set-up and the ante ----------------------------------------------------------------------------


@pytest.mark.parametrize("starter", [0, 1])
def test_amd_r6_first_starter_is_the_first_randint(starter):
    state = start(starter)
    assert state.dice == (6, 6)
    assert state.first_starter == state.starter == state.turn == starter
    assert G.to_act(state) == frozenset({starter})
    assert G.legal_actions(state, starter) == [Roll()]
    assert G.legal_actions(state, 1 - starter) == []
    assert G.outcome(state) is None


def test_setup_refuses_other_player_counts():
    for players in (1, 3):
        with pytest.raises(IllegalAction, match="exactly 2 players"):
            G.setup(players, {"campaign": False}, ScriptedRng([0]))


def test_amd_r9_ante_is_automatic_five_dice_rolled_of_six():
    state = start(0)
    assert state.to_roll == 5  # one of the six dice is already in the middle: no ante move exists
    assert G.action_types == (Roll, Keep)
    rng = ScriptedRng([2, 3, 4, 5, 6, 6])
    state = G.apply(state, 0, Roll(), rng)
    assert rng.unused == 1, "exactly five dice are rolled"
    assert state.rolled == (2, 3, 4, 5, 6)
    with pytest.raises(ScriptExhausted):
        G.apply(start(0), 0, Roll(), ScriptedRng([1, 1, 1, 1]))


def test_amd_r4_ante_dice_are_never_rolled_or_scored():
    state = start(1)
    state = play_turn(state, [3, 3, 2, 2, 1])
    assert state.kept[1] == (3, 3, 2, 2, 1) and len(state.kept[1]) == 5
    assert state.turn == 0 and state.to_roll == 5 and state.rolled == ()
    assert G.view(state, None)["round_scores"] == [0, 10]  # the ante die adds nothing
    state = play_turn(state, [6, 6, 6, 6, 6])
    assert state.rounds == ((30, 10),)
    # Later rounds: still one die fewer rolled than owned.
    assert state.dice == (5, 6) and state.turn == 0 and state.to_roll == 4
    state = play_turn(state, [1, 1, 1, 1])
    assert state.turn == 1 and state.to_roll == 5


# --- setting aside (AMD-R3) -------------------------------------------------------------------------


def test_amd_r3_set_aside_one_or_two_is_mandatory():
    state = act(start(0), Roll(), [1, 2, 3, 4, 5])
    assert "(AMD-R3)" in refused(state, 0, Keep(()))
    assert "(AMD-R3)" in refused(state, 0, Keep((1, 2, 3)))
    assert "only set aside dice you rolled" in refused(state, 0, Keep((6,)))
    assert "only set aside dice you rolled" in refused(state, 0, Keep((1, 1)))  # only one 1 was rolled
    assert "Set aside 1 or 2" in refused(state, 0, Roll())  # no re-roll without setting aside
    expected = {(f,) for f in (1, 2, 3, 4, 5)} | set(itertools.combinations((1, 2, 3, 4, 5), 2))
    assert {a.faces for a in G.legal_actions(state, 0)} == expected
    assert all(G.is_legal(state, 0, a) for a in G.legal_actions(state, 0))
    # Duplicates may be set aside together when both were rolled, in any order.
    state = act(state, Keep((4, 2)), [3, 3, 6])
    assert state.kept[0] == (4, 2)
    assert G.is_legal(state, 0, Keep((3, 3)))
    # Keeping before rolling is refused.
    assert "Roll your dice first" in refused(start(0), 0, Keep((1,)))


def test_amd_r3_one_die_rolled_must_be_kept():
    state = act(start(0), Roll(), [1, 1, 1, 1, 6])
    state = act(state, Keep((1, 1)), [1, 1, 6])
    state = act(state, Keep((1, 1)), [4])
    assert state.rolled == (4,) and state.to_roll == 1
    assert G.legal_actions(state, 0) == [Keep((4,))]
    assert "one die" in refused(state, 0, Keep((4, 4)))
    assert refused(state, 0, Keep(()))
    assert refused(state, 0, Roll())
    state = act(state, Keep((4,)))
    assert state.kept[0] == (1, 1, 1, 1, 4) and state.done == (True, False)
    assert state.turn == 1 and G.legal_actions(state, 1) == [Roll()]


def test_amd_r3_keeping_rerolls_the_rest_at_once():
    state = act(start(0), Roll(), [5, 5, 5, 5, 5])
    state = act(state, Keep((5, 5)), [2, 3, 4])  # no separate Roll: the three others are rolled at once
    assert state.rolled == (2, 3, 4) and state.to_roll == 3 and state.kept[0] == (5, 5)
    assert Roll() not in G.legal_actions(state, 0)
    state = act(state, Keep((2,)), [6, 1])
    assert state.rolled == (6, 1) and state.to_roll == 2 and state.kept[0] == (5, 5, 2)
    state = act(state, Keep((1, 6)))
    assert state.kept[0] == (5, 5, 2, 1, 6) and state.turn == 1


# --- resolving a round (AMD-R5) ---------------------------------------------------------------------


@pytest.mark.parametrize("starter", [0, 1])
def test_amd_r5_lower_score_takes_back_ante_higher_loses_a_die(starter):
    state = play_round(start(starter), 4, 9)  # the starter scores lower
    assert state.rounds == (((4, 9) if starter == 0 else (9, 4)),)
    dice = [6, 6]
    dice[1 - starter] = 5
    assert state.dice == tuple(dice)
    state = play_round(state, 3, 7)  # round 2: the other player starts and scores lower
    assert state.rounds[1] == ((7, 3) if starter == 0 else (3, 7))
    assert state.dice == (5, 5)  # now the original starter lost a die
    assert G.view(state, None)["rounds_won"] == [1, 1]


def test_amd_r5_tie_loses_both_antes():
    state = play_round(start(0), 8, 8)
    assert state.rounds == ((8, 8),)
    assert state.dice == (5, 5)
    assert G.view(state, None)["rounds_won"] == [0, 0]


def test_soldier_scores_zero_points():
    assert points(1) == 0
    assert [points(f) for f in range(2, 7)] == [2, 3, 4, 5, 6]
    assert round_score((1, 1, 6)) == 6
    # Five soldiers (0) beat four soldiers and a 2 (2): a 1 is worth nothing, not one pip.
    state = start(0)
    state = play_turn(state, [1, 1, 1, 1, 1])
    state = play_turn(state, [1, 1, 1, 1, 2])
    assert state.rounds == ((0, 2),) and state.dice == (6, 5)


# --- starter and the end of a game ------------------------------------------------------------------


@pytest.mark.parametrize("starter", [0, 1])
def test_amd_r6_starter_alternates_every_round(starter):
    state = start(starter)
    for n in range(4):
        expected = starter if n % 2 == 0 else 1 - starter
        assert state.starter == state.turn == expected
        state = play_turn(state, [1] * state.to_roll)
        assert state.turn == 1 - expected  # then the other player's turn
        state = play_turn(state, [1] * state.to_roll)  # ties: both lose a die
    assert state.dice == (2, 2)


def test_amd_r1_game_ends_when_a_player_has_one_die():
    state = start(0)
    for n in range(1, 5):
        state = play_round(state, 0, 2) if state.starter == 0 else play_round(state, 2, 0)
        assert state.dice == (6, 6 - n) and state.turn is not None
    assert state.dice == (6, 2) and state.to_roll == 5  # two dice: ante one, roll one
    state = play_round(state, 0, 2)  # seat 0 starts round 5
    assert state.dice == (6, 1)
    assert state.turn is None and G.to_act(state) == frozenset()
    assert G.legal_actions(state, 0) == [] and G.legal_actions(state, 1) == []
    assert refused(state, 0, Roll())
    assert state.rounds == ((0, 2),) * 5 and state.games == ((0, 10),)
    outcome = G.outcome(state)
    assert outcome.placings == (1, 2) and outcome.scores == (0, 10)


def test_amd_r1_two_dice_each_still_plays_a_round():
    state = replace(start(1), dice=(2, 2), to_roll=1)
    state = play_turn(state, [3])
    assert state.turn == 0 and state.to_roll == 1
    state = play_turn(state, [3])  # tie: both down to one die, the game ends
    assert state.dice == (1, 1) and state.turn is None
    assert G.outcome(state).placings == (1, 1)


def test_amd_r2_a_player_with_no_dice_ends_the_game():
    # Not reachable from six dice (AMD-R1 ends the game first), so the state is built by hand:
    # seat 0 holds a single die besides its ante and loses the round.
    state = replace(final_round(rounds=[(3, 5)]), dice=(1, 6))
    state = play_turn(state, [6])
    state = play_turn(state, [1, 1, 1, 1, 2])
    assert state.dice == (0, 6)
    assert state.turn is None and G.to_act(state) == frozenset()
    outcome = G.outcome(state)
    assert outcome.scores == (9, 7) and outcome.placings == (2, 1)


# --- winning a game (AMD-R7) ------------------------------------------------------------------------


def test_amd_r7_lowest_total_wins_even_with_fewer_dice():
    state = play_turn(final_round(rounds=[(0, 9), (0, 9), (3, 0), (3, 0)]), [6])
    state = play_turn(state, [1, 1, 1, 1, 1])
    assert state.dice == (1, 6) and state.turn is None
    outcome = G.outcome(state)
    assert outcome.scores == (12, 18) and outcome.placings == (1, 2)
    assert state.game_winners == (0,)


def test_amd_r7_tied_totals_more_rounds_won_wins():
    state = play_turn(final_round(rounds=[(0, 2), (0, 2), (0, 2)]), [6])
    state = play_turn(state, [1, 1, 1, 1, 1])  # (6, 0): totals 6-6, rounds won 3-1
    outcome = G.outcome(state)
    assert outcome.scores == (6, 6) and outcome.placings == (1, 2)
    state = play_turn(final_round(rounds=[(2, 0), (2, 0), (0, 8)]), [4])
    state = play_turn(state, [1, 1, 1, 1, 1])  # (4, 0): totals 8-8, rounds won 1-3
    outcome = G.outcome(state)
    assert outcome.scores == (8, 8) and outcome.placings == (2, 1)


def test_amd_r7_tied_totals_and_rounds_won_is_a_draw():
    state = play_turn(final_round(rounds=[(0, 3), (0, 3), (2, 0), (5, 5)]), [4])
    state = play_turn(state, [1, 1, 1, 1, 1])  # (4, 0): totals 11-11, rounds won 2-2, one tie
    assert state.turn is None
    outcome = G.outcome(state)
    assert outcome.scores == (11, 11) and outcome.placings == (1, 1)
    assert state.game_winners == (None,)


# --- campaign (AMD-R8) ------------------------------------------------------------------------------


@pytest.mark.parametrize("starter", [0, 1])
def test_amd_r8_campaign_three_games_alternating_first_starter(starter):
    state = start(starter, campaign=True)
    assert state.campaign and state.game_no == 1
    state = play_game(state, loser=1)
    assert state.game_no == 2 and state.turn is not None and G.outcome(state) is None
    assert state.dice == (6, 6) and state.rounds == () and state.to_roll == 5
    assert state.first_starter == state.starter == state.turn == 1 - starter
    assert state.games == ((0, 10),) and state.game_winners == (0,)
    state = play_game(state, loser=0)
    assert state.game_no == 3 and state.dice == (6, 6)
    assert state.first_starter == state.starter == state.turn == starter
    state = play_game(state, loser=1)
    assert state.turn is None and state.game_no == 3
    assert state.games == ((0, 10), (10, 0), (0, 10)) and state.game_winners == (0, 1, 0)
    assert G.view(state, None)["campaign_totals"] == [10, 20]
    outcome = G.outcome(state)
    assert outcome.scores == (10, 20) and outcome.placings == (1, 2)


def test_amd_r8_second_game_starter_follows_round_one_not_the_last_round():
    # Game 1 has 5 rounds (an odd count), so its last round was started by the first starter: game 2
    # must still be started by the other player.
    state = start(0, campaign=True)
    state = play_game(state, loser=1)
    assert G.view(state, None)["games"] == [[0, 10]]
    assert state.starter == 1


def test_amd_r8_lowest_campaign_sum_wins_despite_fewer_games_won():
    state = final_round(rounds=[(12, 0)], campaign=True, game_no=3, games=[(0, 1), (0, 1)],
                        game_winners=[0, 0])
    state = play_turn(state, [6])
    state = play_turn(state, [1, 1, 1, 1, 1])
    assert state.turn is None and state.games[-1] == (18, 0)
    outcome = G.outcome(state)
    assert outcome.scores == (18, 2) and outcome.placings == (2, 1)


def test_amd_r8_tied_campaign_sums_go_to_more_games_won():
    state = final_round(campaign=True, game_no=3, games=[(10, 5), (1, 10)], game_winners=[1, 0])
    state = play_turn(state, [4])
    state = play_turn(state, [1, 1, 1, 1, 1])  # game 3: (4, 0), seat 1 wins it
    outcome = G.outcome(state)
    assert outcome.scores == (15, 15) and outcome.placings == (2, 1)


def test_amd_r8_tied_campaign_sums_and_games_won_is_a_draw():
    state = final_round(rounds=[(0, 4)], campaign=True, game_no=3, games=[(10, 5), (5, 10)],
                        game_winners=[1, 0])
    state = play_turn(state, [4])
    state = play_turn(state, [1, 1, 1, 1, 1])  # game 3: (4, 4), rounds won 1-1: a drawn game
    assert state.game_winners == (1, 0, None)
    outcome = G.outcome(state)
    assert outcome.scores == (19, 19) and outcome.placings == (1, 1)


# --- information (AMD-R10) --------------------------------------------------------------------------


def test_amd_r10_everything_is_public():
    state = start(0)
    state = act(state, Roll(), [1, 4, 4, 6, 2])
    state = act(state, Keep((1, 2)), [3, 5, 6])
    views = [G.view(state, 0), G.view(state, 1), G.view(state, None)]
    for view in views:
        json.dumps(view)
    assert "you" not in views[2]
    assert views[0]["you"] == {"seat": 0} and views[1]["you"] == {"seat": 1}
    assert public(views[0]) == public(views[1]) == views[2]
    assert views[2]["dice"] == [6, 6] and views[2]["rolled"] == [3, 5, 6] and views[2]["to_roll"] == 3
    assert views[2]["kept"] == [[1, 2], []] and views[2]["round_scores"] == [2, 0]
    # Seat 1 rolling: seat 0's whole turn is visible to everyone.
    state = act(state, Keep((3,)), [1, 1])
    state = act(state, Keep((1, 1)))
    state = act(state, Roll(), [2, 2, 2, 2, 2])
    views = [G.view(state, 0), G.view(state, 1), G.view(state, None)]
    assert public(views[0]) == public(views[1]) == views[2]
    assert views[2]["kept"] == [[1, 2, 3, 1, 1], []] and views[2]["round_scores"] == [5, 0]
    assert views[2]["rolled"] == [2, 2, 2, 2, 2] and views[2]["turn"] == 1
    assert views[2]["done"] == [True, False]
    assert [e.public() for e in state.events] == [{"kind": "rolled", "seat": 1, "dice": [2, 2, 2, 2, 2]}]


# --- the computer player ----------------------------------------------------------------------------


def test_computer_expected_score_of_one_die():
    assert expected_score(1) == 10 / 3 == (0 + 2 + 3 + 4 + 5 + 6) / 6
    assert expected_score(0) == 0


@pytest.mark.parametrize(
    ("rolled", "keep"),
    [
        ((1, 6, 6), (1,)),  # a soldier, then roll two fresh dice rather than take a 6
        ((6,), (6,)),  # one die: it must be kept
        ((1, 1), (1, 1)),  # 0 now beats 10/3 later
        ((1, 3), (1, 3)),  # 3 < 10/3: keep both
        ((1, 4), (1,)),  # 4 > 10/3: re-roll the 4
        ((2, 2), (2, 2)),  # 4 < 2 + 10/3
        ((4, 4), (4,)),  # 8 > 4 + 10/3
        ((1, 1, 1, 1, 1), (1, 1)),  # two soldiers: fewer dice left to roll
    ],
)
def test_computer_keep_hand_computed(rolled, keep):
    assert tuple(sorted(best_keep(rolled)[0])) == keep
    state = replace(act(start(0), Roll(), [6, 6, 6, 6, 6]), rolled=rolled, to_roll=len(rolled))
    action = G.computer_action(state, 0, ScriptedRng())
    assert tuple(sorted(action.faces)) == keep and G.is_legal(state, 0, action)


@cache
def exact_expectation(dice: int) -> Fraction:
    """Independent exact DP: expected points set aside from `dice` dice under the best policy."""
    if dice == 0:
        return Fraction(0)
    outcomes = list(itertools.product(range(1, 7), repeat=dice))
    return sum((exact_best(tuple(sorted(o))) for o in outcomes), Fraction(0)) / len(outcomes)


@cache
def exact_best(rolled: tuple[int, ...]) -> Fraction:
    return min(
        round_score(keep) + exact_expectation(len(rolled) - k)
        for k in (1, 2) if k <= len(rolled)
        for keep in itertools.combinations(rolled, k)
    )


def test_computer_keep_minimises_expected_round_score():
    assert exact_expectation(1) == Fraction(10, 3)
    for n in range(1, 6):
        assert expected_score(n) == pytest.approx(float(exact_expectation(n)), abs=1e-12)
        for rolled in itertools.combinations_with_replacement(range(1, 7), n):
            keep, value = best_keep(rolled)
            assert 1 <= len(keep) <= 2 and len(keep) <= n
            exact = round_score(keep) + exact_expectation(n - len(keep))
            assert exact == exact_best(rolled), f"{rolled}: keeping {keep} is not optimal"
            assert value == pytest.approx(float(exact), abs=1e-12)


def test_computer_rolls_at_turn_start_and_timeout_equals_computer_choice():
    state = start(1)
    assert G.computer_action(state, 1, ScriptedRng()) == Roll() == G.timeout_action(state, 1)
    state = act(state, Roll(), [5, 1, 6, 2, 4])
    for rolled in [(5, 1, 6, 2, 4), (6, 6, 6), (3, 2), (5,)]:
        s = replace(state, rolled=rolled, to_roll=len(rolled))
        choice = G.computer_action(s, 1, ScriptedRng())
        assert G.timeout_action(s, 1) == choice
        assert G.is_legal(s, 1, choice)
    assert G.computer_action(state, 1, ScriptedRng()) == Keep((1,))


# --- refusals ---------------------------------------------------------------------------------------


def test_refusals_are_illegal_action_sentences():
    state = start(0)
    assert "not your turn" in refused(state, 1, Roll())
    state = act(state, Roll(), [3, 3, 3, 3, 3])
    assert "not your turn" in refused(state, 1, Keep((3,)))
    assert "not a move" in refused(state, 0, "Keep")
    assert "Set aside 1 or 2" in refused(state, 0, Keep((3, 3, 3)))


def test_malformed_keep_is_refused_not_crashing():
    """A tampered button id never reaches the engine as a malformed action: decoding refuses it."""
    for text in ('["Keep",{"faces":null}]', '["Keep",{"faces":"66"}]', '["Keep",{"faces":[true]}]', '["Nope"]', "{"):
        with pytest.raises(IllegalAction):
            decode_action(G, text)
