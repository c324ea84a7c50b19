"""DARDZ's picture: the dice just rolled (pips) and a row per seat: its team's colour (Team DARDZ), its score and
its hand as cards (the golden 7 in gold, action cards by their symbol). A card's points are the rules'
(`/dardz rules`), not drawn. The private picture adds the seat's points pile (DZ-R13)."""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import Any

from bot.games.dardz import DARDZ
from bot.games.dardz.cards import ACTIONS, BOOST, BUNK, CLOCK, GOLDEN_7, JACKPOT, ROLLOFF, SKULL, number
from bot.pictures import labels
from bot.pictures.canvas import DIE_FACE, GOLD, MUTED, PAD, SMALL, TEXT, Box, Canvas
from bot.pictures.common import ending, name, names, seat_rows
from bot.pictures.samples import richest, sample_table
from bot.service import Table

SYMBOLS = {SKULL: "☠", CLOCK: "◷", JACKPOT: "$", ROLLOFF: "⚔", BOOST: "▲", BUNK: "▼"}
TEAM_COLOURS = ((230, 80, 80), (70, 130, 230), (80, 180, 90), (240, 205, 45))
ACTION_FILL = (215, 200, 245)
SKULL_FILL = (60, 60, 66)
STAKE = (70, 200, 110)  # the edge of a card a pick now would move
DIE = 44
CARD_W, CARD_H = 34, 38
HAND = 84  # where a seat's hand starts after its team and score (the points: see the heading)


def card(canvas: Canvas, x: int, y: int, face: str, *, at_stake: bool = False) -> None:
    """A card by its number or symbol (the golden 7 in gold); `at_stake`: a number the roller may pick now,
    outlined."""
    edge = STAKE if at_stake else None
    if face == GOLDEN_7:
        canvas.card(x, y, "★7", fill=GOLD, w=CARD_W, h=CARD_H, face_size=SMALL, edge=edge)
    elif face == SKULL:
        canvas.card(x, y, SYMBOLS[face], fill=SKULL_FILL, ink=DIE_FACE, w=CARD_W, h=CARD_H)
    elif face in ACTIONS:
        canvas.card(x, y, SYMBOLS[face], fill=ACTION_FILL, w=CARD_W, h=CARD_H)
    else:
        canvas.card(x, y, face, w=CARD_W, h=CARD_H, face_size=SMALL if len(face) > 1 else TEXT, edge=edge)


def at_stake(table: Table, view: dict[str, Any]) -> set[int]:
    """The numbers the roller may pick now (after a roll): the cards they would move are outlined."""
    if table.status != "active" or view["phase"] != "pick":
        return set()
    return {action.n for action in table.game.legal_actions(table.state, view["turn"]) if getattr(action, "n", 0)}


def situation(canvas: Canvas, table: Table, view: dict[str, Any]) -> None:
    """What the seat to act is doing; after a roll, its dice beside it (under it where there is no room)."""
    phase, turn = view["phase"], view["turn"]
    if table.status != "active" or phase == "over":
        return
    if phase == "lead":
        canvas.line_naming(lambda *who: labels.choosing(" & ".join(who)), *(name(table, s) for s in view["choosing"]),
                           bold=True)
    elif phase == "play":
        canvas.line_naming(labels.chooses_card, name(table, turn), bold=True)
    elif phase == "guess":
        canvas.line_naming(labels.jackpot, name(table, turn), bold=True)
    elif phase == "roll":
        step = labels.bonus_roll() if view["bonus"] else labels.roll_no(view["roll"])
        canvas.line_naming(lambda who: f"{labels.rolls_next(who)} · {step}", name(table, turn), bold=True)
    else:  # after a roll: the dice on the same line, at its right
        step = labels.bonus_roll() if view["bonus"] else labels.roll_no(view["roll"])
        dice = len(view["dice"]) * (DIE + 8)
        top = canvas.y
        canvas.y += (DIE - TEXT) // 2 - 2
        canvas.line_naming(lambda who: f"{labels.rolled(who)} · {step}", name(table, turn), bold=True,
                           room=canvas.width - 2 * PAD - dice - 8)
        for x, face in zip(canvas.row_of(len(view["dice"]), DIE, 8, canvas.width - PAD - dice + 8), view["dice"],
                           strict=True):
            canvas.pips(x, top, face, DIE)
        canvas.y = top + DIE + 10


def unit_of(view: dict[str, Any], seat: int) -> int:
    return next(u for u, members in enumerate(view["teams"]) if seat in members)


def team_colour(view: dict[str, Any], unit: int) -> tuple[int, int, int]:
    return TEAM_COLOURS[unit % len(TEAM_COLOURS)]


def draw(canvas: Canvas, table: Table, view: dict[str, Any], seat: int | None) -> None:
    if seat is not None and "you" in view:
        private(canvas, table, view, seat)
        return
    canvas.heading(table.game.title, f"{labels.round_no(view['round'])} · {labels.first_to(view['target'])}")
    situation(canvas, table, view)
    ending(canvas, table)

    def status(canvas: Canvas, s: int, box: Box) -> None:
        x, top, right, bottom = box
        mid = (top + bottom) / 2
        unit = unit_of(view, s)
        if len(view["teams"][unit]) > 1:  # Team DARDZ: the team's colour; the score beside it is the team's
            canvas.square(x, mid, team_colour(view, unit))
        canvas.text(x + HAND - 10, mid, str(view["scores"][s]), bold=True, anchor="rm")
        hand = view["hands"][s]
        step = min(CARD_W + 4, (right - x - HAND) // max(1, len(hand)))
        for i, face in enumerate(hand):
            card(canvas, x + HAND + i * step, int(mid - CARD_H / 2), face, at_stake=number(face) in picks)

    picks = at_stake(table, view)
    canvas.gap(2)
    canvas.seats(seat_rows(table), status, columns=2, height=CARD_H + 4)


def private(canvas: Canvas, table: Table, view: dict[str, Any], seat: int) -> None:
    """A seat's DM: what its text says (its hand, score, points pile, and the dice when it is to act), so the
    DM, edited only when its text changes, never shows a stale picture."""
    canvas.heading(table.game.title, labels.score_of(view["scores"][seat], view["target"]))
    if table.status == "active":
        if seat in table.to_act:
            situation(canvas, table, view)
        else:
            canvas.line(labels.waiting(names(table, sorted(table.to_act))), fill=MUTED)
    ending(canvas, table)
    hand = view["hands"][seat]
    canvas.line(f"{labels.your_hand()} · {labels.cards(len(hand))}", bold=True)
    picks = at_stake(table, view) if seat in table.to_act else set()
    for i, face in enumerate(hand):
        card(canvas, PAD + i * (CARD_W + 6), canvas.y, face, at_stake=number(face) in picks)
    canvas.y += CARD_H + 4 if hand else 0
    pile(canvas, view["you"])


def pile(canvas: Canvas, you: dict[str, Any]) -> None:
    """The points pile: each kind of card once, with how many there are beside it where there are more."""
    canvas.gap(10)
    canvas.line(labels.your_pile(you["pile_count"], you["pile_points"]), bold=True)
    counts = Counter(you["pile"])
    x = PAD
    for face in sorted(counts, key=lambda c: (c in ACTIONS, number(c) or 0, c)):
        more = f"×{counts[face]}" if counts[face] > 1 else ""
        width = CARD_W + (int(canvas.width_of(more, size=SMALL, bold=True)) + 4 if more else 0)
        if x + width > canvas.width - PAD:
            x, canvas.y = PAD, canvas.y + CARD_H + 6
        card(canvas, x, canvas.y, face)
        if more:
            canvas.text(x + CARD_W + 3, canvas.y + CARD_H / 2, more, size=SMALL, bold=True, fill=MUTED, anchor="lm")
        x += width + 8
    canvas.y += CARD_H + 4 if counts else 0
    if not counts:
        canvas.line("—", fill=MUTED)


@cache  # a whole game played to find it: once per process
def sample(players: int = 8) -> Table:
    """Team DARDZ (at an even count), mid-turn: three dice rolled for Roll 3, the most numbers to pick from."""
    def score(view: dict[str, Any]) -> float | None:
        if view["phase"] != "pick" or view["bonus"]:
            return None
        return 10 * len(set(view["dice"])) + sum(map(len, view["hands"])) + view["round"]

    state = richest(DARDZ, players, score, options={"teams": players % 2 == 0})
    return sample_table(DARDZ, state, players)
