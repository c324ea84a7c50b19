"""Doodle Dice (../shared/rules/doodle_dice.md): collect one doodle of each of six colours by rolling figures.

Turn shape (project decisions marked PD in `help.py`):
- pending: the turn has not begun; the player may `Steal` (declare) or `Draw`.
- At any moment, a holder of an unused Block A Turn may `Block` any opponent's turn that has not begun
  (DD-R7): the pending turn loses at once; a coming turn is announced as blocked and lost when it comes.
  A Block is an interjection: a seat plays it whether or not it is in to_act.
- begun, not rolled (a steal was declared): the player must `Draw`.
- `Draw` draws (action cards are kept, the player draws again until a doodle; empty deck: no draw) and
  rolls all six dice at once: the first roll is never a choice, so it costs no second click.
- rolled: `Reroll` (while rolls are left), `Free` (use a Free Roll: +1 roll), `Claim`, `Stop`. When no
  roll is left, nothing can be claimed and no Free Roll is unused, the turn ends by itself.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core import CheckedGame, Event, IllegalAction, Option, Outcome, check_legal, emit, fresh, replace
from ..levels import DEFAULT_LEVEL, check_level, easy_action
from ..rng import Rng
from ..text import N_, Text
from . import planner
from .actions import REROLLS, Action, Block, Claim, Draw, Free, Reroll, Steal, Stop, is_reroll
from .cards import ACTIONS, BLOCK, CARDS, COLOURS, DOODLES, FIGURES, FREE_ROLL, matches
from .computer import normal_action
from .help import RULES_HELP
from .model import (
    EXTRA_ROLLS,
    STALL_ROUNDS,
    State,
    block_error,
    block_targets,
    claimable,
    colours,
    matching,
    most_needed,
    owner,
    set_at,
    unused,
)


class DoodleDice(CheckedGame):
    id = "doodle"
    title = "Doodle Dice"
    min_players = 2
    max_players = 6
    rules_version = 1
    options: Mapping[str, Option] = {}
    state_type = State
    action_types = (Steal, Draw, Reroll, Free, Claim, Stop, Block)
    rules_help = RULES_HELP
    has_secrets = False  # DD-R11: everything is public
    luckier = None  # the dice show figures: one is as good as another until a card asks for it

    # --- set-up -------------------------------------------------------------------------------
    def setup(self, players: int, options: Mapping[str, Any], rng: Rng) -> State:
        if not self.min_players <= players <= self.max_players:
            raise IllegalAction(N_("Doodle Dice is for 2 to 6 players."))
        # DD-R1 (PD): shuffle the 60 doodles, the Gallery is the first doodle of each colour in that
        # order (laid out orange…purple); then the other 54 and the 5 action cards are shuffled.
        doodles = list(DOODLES)
        rng.shuffle(doodles)
        gallery = tuple(next(c for c in doodles if CARDS[c].colour == colour) for colour in COLOURS)
        deck = [c for c in DOODLES if c not in gallery] + list(ACTIONS)
        rng.shuffle(deck)
        empty: tuple[tuple[str, ...], ...] = tuple(() for _ in range(players))
        return State(players=players, deck=tuple(deck), gallery=gallery, sets=empty, held=empty,
                     used=frozenset(), turn=0, begun=False, dice=(), rolls_left=0, steal=None, quiet=0,
                     events=(Event("gallery_laid_out", {"gallery": [CARDS[c].public() for c in gallery],
                                                        "starter": 0}),))

    # --- queries ------------------------------------------------------------------------------
    def to_act(self, state: State) -> frozenset[int]:
        return frozenset() if state.turn is None else frozenset({state.turn})

    def turn_key(self, state: State) -> int | None:
        """DD-R12: a timeout finishes the whole turn; a turn is over once `turns` counts it."""
        return None if state.turn is None else state.turns

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        if state.turn is None:
            return []
        blocks: list[Action] = [Block(t) for t in block_targets(state, seat)]
        if seat != state.turn:
            return blocks
        return self._turn_actions(state, seat) + blocks

    def _turn_actions(self, state: State, seat: int) -> list[Action]:
        if not state.dice:
            if state.begun:
                return [Draw()]
            mine = colours(state, seat)
            steals = [Steal(c) for other, cards in enumerate(state.sets) if other != seat
                      for c in cards if CARDS[c].colour not in mine]
            return [Draw(), *steals]
        actions: list[Action] = [Claim(c) for c in matching(state, seat)]
        if state.rolls_left > 0:
            actions.extend(REROLLS)
        if unused(state, seat, FREE_ROLL):
            actions.append(Free())
        actions.append(Stop())
        return actions

    def explain(self, state: State, seat: int, action: Any) -> Text | None:
        """Off turn a seat may only block (DD-R7): why that block can't be played now."""
        error = block_error(state, seat, action.seat) if type(action) is Block else None
        return Text(error) if error else None

    def _check(self, state: State, seat: int, action: Any) -> None:
        if type(action) is Block:
            error = block_error(state, seat, action.seat)
            if error:
                raise IllegalAction(error)
            return
        check_legal(self, state, seat, action)
        if isinstance(action, Steal | Draw):
            if state.dice:
                raise IllegalAction(N_("You have already drawn and rolled this turn."))
            if isinstance(action, Draw):
                return
            if state.begun:
                raise IllegalAction(N_("You have already declared a steal this turn."))
            holder = owner(state, action.card)
            if holder is None or holder == seat:
                raise IllegalAction(N_("You can only steal a card from an opponent's set."))
            if CARDS[action.card].colour in colours(state, seat):
                raise IllegalAction(N_("You already hold that colour (DD-R4)."))
            return
        if not state.dice:
            raise IllegalAction(N_("Draw and roll first (DD-R2)."))
        if isinstance(action, Reroll):
            if state.rolls_left <= 0:
                raise IllegalAction(N_("You have no rolls left (a Free Roll gives one more, DD-R6)."))
            if not is_reroll(action):
                raise IllegalAction(N_("Name one to six different dice, 0-5 in increasing order."))
        elif isinstance(action, Free):
            if not unused(state, seat, FREE_ROLL):
                raise IllegalAction(N_("You hold no unused Free Roll card (DD-R6)."))
        elif isinstance(action, Claim):
            if action.card not in claimable(state, seat):
                if state.steal is not None:
                    raise IllegalAction(N_("This turn you can only win the card you declared (DD-R5)."))
                raise IllegalAction(N_("You can claim only a Gallery doodle of a colour you lack (DD-R4)."))
            if not matches(CARDS[action.card].figures, state.dice):
                raise IllegalAction(N_("The dice do not show that doodle's figures (DD-R10)."))

    # --- moves --------------------------------------------------------------------------------
    def apply(self, state: State, seat: int, action: Action, rng: Rng) -> State:
        self._check(state, seat, action)
        state = fresh(state)
        if isinstance(action, Block):
            card = unused(state, seat, BLOCK)[0]
            state = replace(state, used=state.used | {card})
            if action.seat == state.turn:
                return self._end_turn(emit(state, Event("blocked_now", {"seat": seat, "target": action.seat})))
            blocked = Event("block_announced", {"seat": seat, "target": action.seat})
            return emit(replace(state, blocked=state.blocked | {action.seat}), blocked)
        if isinstance(action, Steal):
            declared = Event("steal_declared", {"seat": seat, "card": CARDS[action.card].public(),
                                                "from": owner(state, action.card)})
            return emit(replace(state, begun=True, steal=action.card), declared)
        if isinstance(action, Draw):
            return self._draw_and_roll(state, seat, rng)
        if isinstance(action, Reroll):
            dice = list(state.dice)
            for i in action.dice:
                dice[i] = FIGURES[rng.randint(1, 6) - 1]
            state = emit(replace(state, dice=tuple(dice), rolls_left=state.rolls_left - 1),
                         Event("rerolled", {"seat": seat, "count": len(action.dice), "dice": dice}))
            return self._maybe_fail(state, seat)
        if isinstance(action, Free):
            card = unused(state, seat, FREE_ROLL)[0]
            return emit(replace(state, used=state.used | {card}, rolls_left=state.rolls_left + 1),
                        Event("free_roll", {"seat": seat}))
        if isinstance(action, Claim):
            return self._claim(state, seat, action.card)
        return self._end_turn(emit(state, Event("stopped", {"seat": seat})))

    def _draw_and_roll(self, state: State, seat: int, rng: Rng) -> State:
        deck, held, events = state.deck, state.held[seat], []
        gallery = state.gallery
        while deck:  # action cards are kept face up; draw again until a doodle (DD-R2)
            card, deck = deck[0], deck[1:]
            if CARDS[card].is_action:
                held += (card,)
                events.append(Event("drew_action", {"seat": seat, "card": CARDS[card].name}))
                continue
            gallery += (card,)
            events.append(Event("drew_doodle", {"seat": seat, "card": CARDS[card].public()}))
            break
        else:
            events.append(Event("deck_empty", {"seat": seat}))
        dice = tuple(FIGURES[rng.randint(1, 6) - 1] for _ in range(6))
        events.append(Event("rolled", {"seat": seat, "dice": dice}))
        return emit(replace(state, deck=deck, gallery=gallery, held=set_at(state.held, seat, held), begun=True,
                            dice=dice, rolls_left=EXTRA_ROLLS), *events)

    def _maybe_fail(self, state: State, seat: int) -> State:
        if state.rolls_left > 0 or matching(state, seat) or unused(state, seat, FREE_ROLL):
            return state
        return self._end_turn(emit(state, Event("out_of_rolls", {"seat": seat})))

    def _claim(self, state: State, seat: int, card: str) -> State:
        mine = state.sets[seat] + (card,)
        holder = owner(state, card)
        if holder is None:
            state = emit(replace(state, gallery=tuple(c for c in state.gallery if c != card),
                                 sets=set_at(state.sets, seat, mine)),
                         Event("claimed", {"seat": seat, "card": CARDS[card].public()}))
        else:  # DD-R5: a successful steal moves the card between sets
            sets = set_at(state.sets, holder, tuple(c for c in state.sets[holder] if c != card))
            state = emit(replace(state, sets=set_at(sets, seat, mine)),
                         Event("stole", {"seat": seat, "card": CARDS[card].public(), "from": holder}))
        if len(colours(state, seat)) == len(COLOURS):  # DD-R8
            return emit(replace(state, turn=None, rolls_left=0, steal=None, turns=state.turns + 1),
                        Event("won", {"seat": seat}))
        return self._end_turn(state, changed=True)

    def _end_turn(self, state: State, changed: bool = False) -> State:
        assert state.turn is not None
        turn = state.turn
        quiet = 0 if changed or state.deck else state.quiet + 1  # DD-R9
        state = replace(state, begun=False, dice=(), rolls_left=0, steal=None, quiet=quiet,
                        turns=state.turns + 1)
        if quiet >= STALL_ROUNDS * state.players:
            return emit(replace(state, turn=None), Event("stalled", {"rounds": STALL_ROUNDS}))
        nxt = (turn + 1) % state.players
        if nxt in state.blocked:  # DD-R7: a block announced ahead takes the whole turn as it comes
            lost = Event("turn_blocked", {"seat": nxt})
            return self._end_turn(emit(replace(state, turn=nxt, blocked=state.blocked - {nxt}), lost))
        return emit(replace(state, turn=nxt), Event("turn_started", {"seat": nxt}))

    # --- information --------------------------------------------------------------------------
    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        # DD-R11: everything is public; the deck order is not seen, only its size.
        turn = state.turn
        public: dict[str, Any] = {
            "players": state.players,
            "turn": turn,
            "begun": state.begun,
            "rolled": bool(state.dice),
            "dice": list(state.dice),
            "rolls_left": state.rolls_left,
            "free_rolls": len(unused(state, turn, FREE_ROLL)) if turn is not None else 0,
            "steal": None if state.steal is None else {
                "card": CARDS[state.steal].public(), "from": owner(state, state.steal)},
            "claimable": [] if turn is None else list(claimable(state, turn)),
            "matching": [] if turn is None else list(matching(state, turn)),
            "blockers": [s for s in range(state.players)
                         if turn is not None and block_error(state, s, turn) is None],
            "can_block": [block_targets(state, s) for s in range(state.players)],
            "blocked": sorted(state.blocked),
            "gallery": [CARDS[c].public() for c in state.gallery],
            "sets": [[CARDS[c].public() for c in cards] for cards in state.sets],
            "colours": [len(colours(state, s)) for s in range(state.players)],
            "action_cards": [[{"id": c, "name": CARDS[c].name, "used": c in state.used} for c in cards]
                             for cards in state.held],
            "deck": len(state.deck),
            "quiet_turns": state.quiet,
            "stall_limit": STALL_ROUNDS * state.players,
            "turns": state.turns,
            "over": turn is None,
        }
        if seat is not None:
            public["you"] = {"seat": seat}
        return public

    def outcome(self, state: State) -> Outcome | None:
        if state.turn is not None:
            return None
        scores = tuple(len(colours(state, s)) for s in range(state.players))
        # Most colours wins (a six-colour set, DD-R8, or the stall rule, DD-R9); equal counts share a place.
        return Outcome(placings=tuple(1 + sum(o > s for o in scores) for s in scores), scores=scores)

    # --- automatic players --------------------------------------------------------------------
    def timeout_action(self, state: State, seat: int) -> Action | None:
        """DD-R12: draw if not yet drawn, claim the most-needed matching card, otherwise end the turn."""
        if seat not in self.to_act(state):
            return None
        if not state.dice:
            return Draw()
        found = matching(state, seat)
        return Claim(most_needed(found)) if found else Stop()

    def computer_action(self, state: State, seat: int, rng: Rng, level: str = DEFAULT_LEVEL) -> Action | None:
        check_level(level)
        if level == "easy":
            return easy_action(self, state, seat, rng, normal_action)
        if level == "hard":
            return planner.choose(self.determinize(state, seat, rng), seat)
        return normal_action(state, seat)

    def determinize(self, state: State, seat: int, rng: Rng) -> State:
        """A state `seat` cannot tell from this one: the deck reshuffled (only its size is seen, DD-R11)."""
        deck = sorted(state.deck)
        rng.shuffle(deck)
        return replace(state, deck=tuple(deck))



DOODLE = DoodleDice()
