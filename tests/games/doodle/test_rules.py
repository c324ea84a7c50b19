"""Doodle Dice rules tests: one per rule and ruling DD-R1…R12 of ../shared/rules/doodle_dice.md."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from bot.games.core import IllegalAction, decode_action, decode_state, encode_action, encode_state
from bot.games.doodle import DOODLE as G
from bot.games.doodle import Block, Claim, Draw, Free, Reroll, Steal, Stop
from bot.games.doodle.cards import CARDS, COLOURS, DECK, FIGURES
from bot.games.doodle.chance import card_chance
from bot.games.registry import engines
from bot.games.rng import ScriptedRng, SeededRng

GAMES = engines()


GALLERY = ("O01", "R01", "Y01", "G01", "B01", "P01")  # face; dot squiggle; slant face squiggle; …
MISS = ("arch",) * 6  # matches nothing in GALLERY nor O02 (Moon Face: face), the default first draw


def new(players: int = 2, deck_top: tuple[str, ...] = (), gallery: tuple[str, ...] = GALLERY):
    """A fresh game: the first shuffle puts `gallery` first (DD-R1), the second puts `deck_top` on top."""
    return G.setup(players, {}, ScriptedRng(decks=[list(gallery), list(deck_top)]))


def dice(*figures: str) -> ScriptedRng:
    return ScriptedRng(rolls=[FIGURES.index(f) + 1 for f in figures])


def act(state, seat, action, *figures: str):
    rng = dice(*figures)
    state = G.apply(state, seat, action, rng)
    assert rng.unused == 0
    return state


def refused(state, seat, action, words: str) -> None:
    assert not G.is_legal(state, seat, action)
    with pytest.raises(IllegalAction, match=words):
        G.apply(state, seat, action, ScriptedRng())


def _taken(state, cards):
    return dict(deck=tuple(c for c in state.deck if c not in cards),
                gallery=tuple(c for c in state.gallery if c not in cards))


def with_sets(state, *sets: tuple[str, ...]):
    """Give each seat these doodles (taken out of the deck and Gallery)."""
    return replace(state, sets=tuple(sets), **_taken(state, {c for s in sets for c in s}))


def with_held(state, *held: tuple[str, ...]):
    """Give each seat these action cards, unused (taken out of the deck)."""
    return replace(state, held=tuple(held), **_taken(state, {c for h in held for c in h}))


# --- components and set-up --------------------------------------------------------------------
def test_deck_is_package_data_with_the_designed_balance():
    assert G is GAMES["doodle"] and (G.min_players, G.max_players, G.rules_version) == (2, 6, 1)
    assert len(DECK) == 65
    assert Counter(c.colour for c in DECK) == {**{colour: 10 for colour in COLOURS}, "action": 5}
    assert all(len(c.figures) == COLOURS.index(c.colour) + 1 for c in DECK if not c.is_action)
    assert Counter(f for c in DECK for f in c.figures) == {f: 35 for f in FIGURES}


def test_dd_r1_gallery_one_doodle_per_colour_and_actions_in_deck():
    state = new(3, gallery=("R05", "O03", "P10", "Y02", "G07", "B09"), deck_top=("BT2", "G02"))
    assert [CARDS[c].colour for c in state.gallery] == list(COLOURS)
    assert state.gallery == ("O03", "R05", "Y02", "G07", "B09", "P10")
    assert len(state.deck) == 59 and state.deck[:2] == ("BT2", "G02")
    assert {"FR1", "FR2", "FR3", "BT1", "BT2"} <= set(state.deck)
    assert not set(state.deck) & set(state.gallery)
    seeded = G.setup(6, {}, SeededRng("x"))
    assert sorted(CARDS[c].colour for c in seeded.gallery) == sorted(COLOURS)
    assert (seeded.turn, seeded.begun, seeded.dice) == (0, False, ())


def test_player_count_is_two_to_six():
    for players in (1, 7):
        with pytest.raises(IllegalAction):
            G.setup(players, {}, SeededRng("x"))


# --- a turn -----------------------------------------------------------------------------------
def test_dd_r2_draw_comes_first_and_is_enforced():
    state = new()
    assert set(G.legal_actions(state, 0)) == {Draw()}
    for action in (Reroll((0,)), Free(), Claim("O01"), Stop()):
        refused(state, 0, action, "Draw and roll first")
    state = act(state, 0, Draw(), *MISS)
    assert state.gallery == GALLERY + ("O02",) and len(state.deck) == 58
    assert (state.dice, state.rolls_left, state.begun) == (MISS, 2, True)
    refused(state, 0, Draw(), "already drawn")


def test_dd_r2_action_cards_drawn_are_kept_and_the_player_draws_again():
    state = new(deck_top=("FR2", "BT1", "R07"))
    state = act(state, 0, Draw(), *MISS)
    assert state.held == (("FR2", "BT1"), ())
    assert state.gallery[-1] == "R07" and len(state.deck) == 56
    view = G.view(state, None)
    assert view["action_cards"][0] == [{"id": "FR2", "name": "Free Roll", "used": False},
                                       {"id": "BT1", "name": "Block A Turn", "used": False}]


def test_empty_deck_means_no_draw_but_a_roll():
    state = replace(new(), deck=())
    state = act(state, 0, Draw(), *MISS)
    assert state.gallery == GALLERY and state.dice == MISS


def test_dd_r3_reroll_any_or_all_dice_including_kept_ones():
    state = act(new(), 0, Draw(), "dot", "arch", "arch", "arch", "arch", "arch")
    state = act(state, 0, Reroll((0, 3)), "dash", "squiggle")  # die 0 was a kept-worthy dot: rolled anyway
    assert state.dice == ("dash", "arch", "arch", "squiggle", "arch", "arch")
    assert state.rolls_left == 1
    state = act(state, 0, Reroll((0, 1, 2, 3, 4, 5)), "dot", "squiggle", *("arch",) * 4)
    assert state.dice[:2] == ("dot", "squiggle") and state.rolls_left == 0
    refused(state, 0, Reroll((2,)), "no rolls left")
    assert Claim("R01") in G.legal_actions(state, 0)


def test_reroll_must_name_distinct_dice():
    state = act(new(), 0, Draw(), *MISS)
    for bad in ((), (3, 3), (6,), (2, 1), (-1,)):
        refused(state, 0, Reroll(bad), "different dice")
    assert sum(isinstance(a, Reroll) for a in G.legal_actions(state, 0)) == 63


def test_dd_r3_several_matches_the_player_chooses():
    state = act(new(), 0, Draw(), "dot", "squiggle", "face", "slant", "arch", "arch")
    legal = G.legal_actions(state, 0)
    assert {Claim("O01"), Claim("O02"), Claim("R01"), Claim("Y01")} <= set(legal)
    state = act(state, 0, Claim("R01"))
    assert state.sets[0] == ("R01",) and "R01" not in state.gallery
    assert (state.turn, state.begun, state.dice) == (1, False, ())


def test_dd_r10_match_with_extra_dice():
    state = act(new(), 0, Draw(), "face", "arch", "dot", "dot", "squiggle", "slant")
    state = act(state, 0, Claim("R01"))  # Tadpole: dot squiggle; four dice are extra
    assert state.sets[0] == ("R01",)


def test_dd_r10_dash_never_counts_as_slant():
    gallery = ("O03", "R09", "Y01", "G01", "B01", "P01")  # Ski Slope: slant; Equals Sign: dash dash
    state = act(new(gallery=gallery), 0, Draw(), "dash", "arch", "arch", "arch", "arch", "arch")
    refused(state, 0, Claim("O03"), "do not show")
    state = act(state, 0, Reroll((0, 1)), "slant", "slant")
    refused(state, 0, Claim("R09"), "do not show")
    assert Claim("O03") in G.legal_actions(state, 0)


def test_claiming_ends_the_turn_and_one_claim_per_turn():
    state = act(new(), 0, Draw(), "face", "dot", "squiggle", "arch", "arch", "arch")
    state = act(state, 0, Claim("O01"))
    assert state.turn == 1
    refused(state, 0, Claim("R01"), "not your turn")


def test_stopping_ends_the_turn():
    state = act(act(new(), 0, Draw(), *MISS), 0, Stop())
    assert (state.turn, state.dice, state.rolls_left) == (1, (), 0)


def test_failing_after_the_last_roll_ends_the_turn():
    state = act(new(), 0, Draw(), *MISS)
    state = act(state, 0, Reroll((0,)), "arch")
    state = act(state, 0, Reroll((0,)), "arch")
    assert state.turn == 1 and [e.public() for e in state.events] == [
        {"kind": "rerolled", "seat": 0, "count": 1, "dice": ["arch"] + list(MISS[1:])},
        {"kind": "out_of_rolls", "seat": 0}, {"kind": "turn_started", "seat": 1}]


def test_dd_r4_never_claim_a_colour_already_held():
    state = with_sets(new(), ("O05",), ())
    state = act(state, 0, Draw(), "face", *("arch",) * 5)
    refused(state, 0, Claim("O01"), "colour you lack")
    assert Claim("O01") not in G.legal_actions(state, 0)
    refused(state, 0, Claim("O05"), "colour you lack")  # nor one's own card


def test_dd_r4_never_steal_a_colour_already_held():
    state = with_sets(new(), ("R02",), ("R03", "Y02"))
    assert set(G.legal_actions(state, 0)) == {Draw(), Steal("Y02")}
    refused(state, 0, Steal("R03"), r"already hold that colour \(DD-R4\)")
    refused(state, 0, Steal("R02"), "opponent's set")
    refused(state, 0, Steal("O01"), "opponent's set")  # a Gallery card is not stealable


# --- stealing ---------------------------------------------------------------------------------
def test_dd_r5_successful_steal():
    state = with_sets(new(3), (), ("R03",), ())
    state = act(state, 0, Steal("R03"))
    assert state.steal == "R03" and state.begun and set(G.legal_actions(state, 0)) == {Draw()}
    refused(state, 0, Steal("R03"), "already declared")
    state = act(state, 0, Draw(), "dash", "squiggle", "dot", "face", "arch", "arch")
    assert state.gallery == GALLERY + ("O02",)  # the Gallery draw still happens (DD-R5)
    refused(state, 0, Claim("R01"), r"only win the card you declared \(DD-R5\)")
    assert [a for a in G.legal_actions(state, 0) if isinstance(a, Claim)] == [Claim("R03")]
    state = act(state, 0, Claim("R03"))
    assert state.sets == (("R03",), (), ()) and state.turn == 1


def test_dd_r5_failed_steal():
    state = with_sets(new(), (), ("B06",))
    state = act(act(state, 0, Steal("B06")), 0, Draw(), *MISS)
    state = act(state, 0, Reroll((5,)), "arch")
    state = act(state, 0, Reroll((5,)), "arch")
    assert state.sets == ((), ("B06",)) and state.turn == 1 and state.steal is None


def test_dd_r5_steal_is_declared_before_the_draw_only():
    state = act(with_sets(new(), (), ("R03",)), 0, Draw(), *MISS)
    refused(state, 0, Steal("R03"), "already drawn")


def test_dd_r8_a_steal_that_wins_the_game():
    mine = ("O01", "R01", "Y01", "G01", "B01")
    state = with_sets(new(gallery=("O02", "R02", "Y02", "G02", "B02", "P02")), mine, ("P05", "O03"))
    state = act(act(state, 0, Steal("P05")), 0, Draw(), "arch", "arch", "dash", "dot", "face", "squiggle")
    state = act(state, 0, Claim("P05"))
    assert state.turn is None and state.sets[1] == ("O03",)
    outcome = G.outcome(state)
    assert outcome.placings == (1, 2) and outcome.scores == (6, 1)
    assert G.to_act(state) == frozenset() and G.legal_actions(state, 1) == []


def test_dd_r8_a_claim_that_wins_the_game():
    state = with_sets(new(3), (), ("R02", "Y02", "G02", "B02", "P02"), ("O03",))
    state = act(act(state, 0, Draw(), *MISS), 0, Stop())
    state = act(state, 1, Draw(), "face", *("arch",) * 5)
    state = act(state, 1, Claim("O01"))
    assert G.outcome(state).placings == (3, 1, 2) and G.view(state, None)["over"]


# --- action cards -----------------------------------------------------------------------------
def test_dd_r6_free_roll_usable_in_the_turn_it_was_drawn():
    state = act(new(deck_top=("FR3",)), 0, Draw(), *MISS)
    assert Free() in G.legal_actions(state, 0)
    state = act(state, 0, Free())
    assert state.rolls_left == 3 and state.used == {"FR3"} and state.held[0] == ("FR3",)


def test_dd_r6_two_free_rolls_in_one_turn():
    state = with_held(new(), ("FR1", "FR2"), ())
    state = act(state, 0, Draw(), *MISS)
    state = act(state, 0, Reroll((0,)), "arch")
    state = act(state, 0, Reroll((0,)), "arch")
    assert state.turn == 0 and state.rolls_left == 0  # unused Free Rolls keep the turn open
    state = act(state, 0, Free())
    state = act(state, 0, Reroll((0,)), "arch")
    state = act(state, 0, Free())
    assert state.used == {"FR1", "FR2"}
    refused(state, 0, Free(), "no unused Free Roll")
    state = act(state, 0, Reroll((0, 1)), "dot", "squiggle")  # the fifth roll of the turn
    state = act(state, 0, Claim("R01"))
    assert state.sets[0] == ("R01",)
    view = G.view(state, None)
    assert [c["used"] for c in view["action_cards"][0]] == [True, True]


def test_dd_r7_block_landing_before_the_targets_draw():
    state = with_held(new(3), (), (), ("BT1",))
    deck = state.deck
    assert G.to_act(state) == {0}
    assert G.legal_actions(state, 2) == [Block(0), Block(1)], "the pending turn first, then the coming one"
    assert G.legal_actions(state, 1) == []
    assert G.view(state, None)["blockers"] == [2] and G.view(state, None)["can_block"] == [[], [], [0, 1]]
    state = act(state, 2, Block(0))
    assert (state.turn, state.begun, state.deck, state.dice) == (1, False, deck, ())  # no draw, no roll for seat 0
    assert state.used == {"BT1"} and state.held[2] == ("BT1",)
    refused(state, 2, Block(1), "no unused Block")  # used cards stay inert


def test_dd_r7_a_block_announced_ahead_takes_the_coming_turn_when_it_comes():
    """During seat 0's turn, seat 2 blocks seat 1's coming turn; seat 1 loses it when it comes."""
    state = with_held(new(3), (), (), ("BT1",))
    state = act(state, 0, Draw(), *MISS)  # seat 0's turn has begun
    state = act(state, 2, Block(1))
    assert state.turn == 0 and state.blocked == {1}, "announced: seat 0 plays on"
    assert [e.public() for e in state.events] == [{"kind": "block_announced", "seat": 2, "target": 1}]
    state = act(state, 0, Stop())
    assert state.turn == 2, "seat 1 lost the whole turn: no draw, no roll"
    assert state.blocked == frozenset() and state.turns == 2
    assert [e.kind for e in state.events] == ["stopped", "turn_blocked", "turn_started"]
    assert state.events[1].data == {"seat": 1}


def test_dd_r7_one_block_per_coming_turn_and_blocking_during_ones_own_turn():
    state = with_held(new(3), ("BT1",), (), ("BT2",))
    state = act(state, 0, Draw(), *MISS)
    assert Block(1) in G.legal_actions(state, 0), "the player on turn may block a coming turn too"
    state = act(state, 0, Block(1))
    refused(state, 2, Block(1), "already blocked")
    assert G.legal_actions(state, 2) == [], "seat 0's begun turn and seat 1's blocked one: nothing left"
    state = act(state, 0, Stop())
    assert state.turn == 2


def test_dd_r7_block_refused_after_the_targets_draw():
    state = with_held(new(), (), ("BT2",))
    state = act(state, 0, Draw(), *MISS)
    refused(state, 1, Block(0), "already begun")
    assert G.legal_actions(state, 1) == []


def test_dd_r7_a_steal_declaration_begins_the_turn():
    state = with_held(with_sets(new(), (), ("R03",)), (), ("BT2",))
    state = act(state, 0, Steal("R03"))
    refused(state, 1, Block(0), "already begun")


def test_dd_r7_no_self_block_and_the_next_player_can_be_blocked():
    state = with_held(new(3), ("BT1",), (), ("BT2",))
    refused(state, 0, Block(0), "your own turn")
    refused(state, 2, Block(2), "your own turn")
    refused(state, 2, Block(7), "not in this game")
    refused(state, 1, Block(0), "no unused Block")
    state = act(state, 2, Block(0))
    assert state.turn == 1
    state = act(state, 0, Block(1))  # the blocked player blocks the next one: a new turn
    assert state.turn == 2 and state.used == {"BT1", "BT2"}


def test_dd_r7_a_seat_off_turn_is_told_why_its_block_cannot_be_played():
    """`explain`: off turn a seat may only block; the engine says why that block can't be played now."""
    state = with_held(new(3), ("BT1",), (), ("BT2",))
    assert str(G.explain(state, 1, Block(0))) == "You hold no unused Block A Turn card (DD-R7)."
    assert str(G.explain(state, 2, Block(2))) == "You cannot block your own turn (DD-R7)."
    assert G.explain(state, 2, Block(0)) is None, "a block seat 2 may play: nothing to explain"
    assert G.explain(state, 1, Draw()) is None and G.explain(state, 1, None) is None, "only whose turn it is"
    state = act(state, 0, Draw(), *MISS)
    assert str(G.explain(state, 2, Block(0))) == "Too late: that turn has already begun (DD-R7)."
    state = act(state, 2, Block(1))
    assert "already blocked" in str(G.explain(state, 2, Block(1)))


def test_dd_r7_a_block_by_the_target_itself_is_refused_even_while_pending():
    state = with_held(new(), ("BT1",), ())
    assert Block(0) not in G.legal_actions(state, 0)


def test_dd_r7_blocks_announced_against_every_opponent_skip_round_to_the_blocker():
    state = with_held(new(3), ("BT1", "BT2"), (), ())
    state = act(act(state, 0, Block(1)), 0, Block(2))
    state = act(act(state, 0, Draw(), *MISS), 0, Stop())
    assert state.turn == 0 and state.turns == 3 and state.blocked == frozenset()


# --- stall rule -------------------------------------------------------------------------------
def test_dd_r9_stall_three_rounds_with_an_empty_deck_and_no_card_won():
    state = replace(with_sets(new(), ("O05", "R02"), ("Y03",)), deck=())
    for turn in range(5):
        state = act(act(state, turn % 2, Draw(), *MISS), turn % 2, Stop())
        assert state.turn == (turn + 1) % 2 and state.quiet == turn + 1
    state = act(state, 1, Draw(), "face", *("arch",) * 5)
    state = act(state, 1, Claim("O01"))  # a card changes hands: the count starts again
    assert state.quiet == 0 and state.turn == 0
    state = with_held(state, (), ("BT1",))
    state = act(state, 1, Block(0))  # a blocked turn counts
    for turn in range(1, 6):
        state = act(act(state, turn % 2, Draw(), *MISS), turn % 2, Stop())
    assert state.turn is None and G.to_act(state) == frozenset()
    assert G.outcome(state).placings == (1, 1) and G.outcome(state).scores == (2, 2)  # ties share


def test_dd_r9_turns_do_not_count_while_the_deck_has_cards():
    state = new()
    for turn in range(8):
        state = act(act(state, turn % 2, Draw(), *MISS), turn % 2, Stop())
    assert state.quiet == 0 and state.turn == 0


# --- information, timeout, computer -----------------------------------------------------------
def test_dd_r11_everything_is_public():
    state = with_held(with_sets(new(), ("R03",), ()), ("FR1",), ())
    state = act(state, 0, Draw(), "dash", "squiggle", "arch", "arch", "arch", "arch")
    public = G.view(state, None)
    assert G.view(state, 1) == {**public, "you": {"seat": 1}}
    assert public["gallery"][0] == {"id": "O01", "colour": "orange", "name": "Smiley", "figures": ["face"]}
    assert public["sets"][0][0]["id"] == "R03" and public["colours"] == [1, 0]
    assert public["dice"] == ["dash", "squiggle", "arch", "arch", "arch", "arch"]
    assert (public["turn"], public["begun"], public["rolls_left"], public["free_rolls"]) == (0, True, 2, 1)
    assert public["deck"] == 56 and public["steal"] is None
    assert state.events[-1].public() == {"kind": "rolled", "seat": 0,
                                         "dice": ["dash", "squiggle", "arch", "arch", "arch", "arch"]}


def test_dd_r12_timeout_draws_then_claims_the_most_needed_match_else_stops():
    state = new()
    assert G.timeout_action(state, 0) == Draw() and G.timeout_action(state, 1) is None
    matched = act(state, 0, Draw(), "slant", "face", "squiggle", "dot", "arch", "arch")
    assert G.timeout_action(matched, 0) == Claim("Y01")  # yellow beats orange and red
    missed = act(state, 0, Draw(), *MISS)
    assert G.timeout_action(missed, 0) == Stop()


def finish_by_timeout(state, seat, *rolls: str):
    """What the service does at a deadline: the timeout default while `seat` acts in the same turn."""
    turn, rng, moves = G.turn_key(state), dice(*rolls), []
    while True:
        action = G.timeout_action(state, seat)
        moves.append(action)
        state = G.apply(state, seat, action, rng)
        if seat not in G.to_act(state) or G.turn_key(state) != turn:
            return state, moves


def test_dd_r12_one_timeout_draws_and_claims_the_most_needed_match():
    state, moves = finish_by_timeout(new(), 0, "slant", "face", "squiggle", "dot", "arch", "arch")
    assert moves == [Draw(), Claim("Y01")] and state.turn == 1 and state.sets[0] == ("Y01",)


def test_dd_r12_one_timeout_draws_then_ends_the_turn_without_a_match():
    state, moves = finish_by_timeout(new(), 0, *MISS)
    assert moves == [Draw(), Stop()] and state.turn == 1 and state.turns == 1


def test_dd_r12_after_a_steal_declaration_or_a_re_roll_the_timeout_finishes_the_turn():
    declared = act(with_sets(new(), (), ("R02",)), 0, Steal("R02"))
    state, moves = finish_by_timeout(declared, 0, *MISS)
    assert moves == [Draw(), Stop()] and state.turn == 1 and state.steal is None
    rerolled = act(act(new(), 0, Draw(), *MISS), 0, Reroll((0,)), "arch")
    state, moves = finish_by_timeout(rerolled, 0)
    assert moves == [Stop()] and state.turn == 1, "no roll is spent: the dice are judged as they lie"


def test_dd_r12_the_turn_ends_even_when_the_same_seat_plays_next():
    """Seat 1's coming turn was blocked (DD-R7): seat 0 plays again next, yet its timed-out turn is over."""
    state = act(with_held(new(), ("BT1",), ()), 0, Block(1))  # seat 1's coming turn, announced
    state, moves = finish_by_timeout(state, 0, *MISS)
    assert moves == [Draw(), Stop()], "one turn only, not seat 0's next one too"
    assert state.turn == 0 and state.turns == 2 and not state.begun


def test_exact_chances_match_the_published_balance():
    assert card_chance(("face",), (), 3) == pytest.approx(1 - (5 / 6) ** 18)
    assert card_chance(("dot", "squiggle"), ("dot", "squiggle", "arch", "arch", "arch", "arch"), 0) == 1.0
    assert card_chance(("dot", "squiggle"), MISS, 0) == 0.0
    assert card_chance(("face",), MISS, 1) == pytest.approx(1 - (5 / 6) ** 6)


def test_computer_targets_the_best_chance_and_keeps_serving_dice():
    state = act(new(), 0, Draw(), "dot", "arch", "slant", "dash", "arch", "face")
    assert G.computer_action(state, 0, ScriptedRng()) == Claim("O01")
    state = with_sets(state, ("O05",), ())  # orange held: best chance is now the red Tadpole
    assert G.computer_action(state, 0, ScriptedRng()) == Reroll((1, 2, 3, 4, 5))
    state = replace(state, rolls_left=0, held=(("FR1",), ()))
    assert G.computer_action(state, 0, ScriptedRng()) == Free()


def test_computer_blocks_and_steals_only_against_five_colours():
    five = ("R02", "Y02", "G02", "B02", "P02")
    state = with_held(with_sets(new(3), five, ("O03",), ()), (), ("BT1",), ("BT2",))
    assert G.computer_action(state, 1, ScriptedRng()) == Block(0)
    coming = replace(state, sets=((), ("O03",), five))  # seat 2 holds five; its turn comes after seat 1's
    assert G.computer_action(coming, 1, ScriptedRng()) == Block(2), "DD-R7: a coming turn may be blocked"
    assert G.computer_action(replace(state, sets=((), ("O03",), ())), 1, ScriptedRng()) is None
    # Seat 1 at its turn: seat 0 holds five; stealing the red Lollipop beats any Gallery card it lacks.
    state = replace(state, turn=1, gallery=("O01", "P01"), held=((), (), ("BT2",)))
    assert G.computer_action(state, 1, ScriptedRng()) == Steal("R02")
    # With an easier Gallery doodle of a missing colour, the computer draws instead (project decision).
    state = replace(state, gallery=("R01", "P01"), sets=(five, ("O03",), ()))
    assert G.computer_action(state, 1, ScriptedRng()) == Draw()


def test_actions_and_states_round_trip_and_stay_short():
    state = act(with_sets(new(), (), ("R03",)), 0, Steal("R03"))
    assert decode_state(G, encode_state(state)) == state
    for action in (Steal("P10"), Draw(), Reroll((0, 1, 2, 3, 4, 5)), Free(), Claim("B10"), Stop(), Block(5)):
        assert decode_action(G, encode_action(action)) == action and len(encode_action(action)) < 70


def test_rules_help_lists_every_ruling():
    assert 1 <= len(G.rules_help) <= 8
    assert all(len(body) <= 1000 for _, body in G.rules_help)
    text = "\n".join(body for _, body in G.rules_help)
    for n in range(1, 13):
        assert f"DD-R{n} " in text
