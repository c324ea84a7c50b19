"""DARDZ's picture: the dice just rolled (pips), every seat's hand as cards with their points (the golden 7 in
gold), its score and team; the private picture adds the seat's points pile (DZ-R13)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from bot.games.dardz import DARDZ
from bot.games.dardz.cards import ACTIONS, BOOST, BUNK, CLOCK, GOLDEN_7, JACKPOT, POINTS, ROLLOFF, SKULL, number
from bot.games.dardz.model import Roll
from bot.pictures import labels
from bot.pictures.canvas import DIE_FACE, GOLD, INK, MUTED, PAD, SMALL, WIDTH, Canvas
from bot.pictures.common import ending, name, names, seat_rows
from bot.pictures.samples import played, sample_table
from bot.service import Table

SYMBOLS = {SKULL: "☠", CLOCK: "◷", JACKPOT: "$", ROLLOFF: "⚔", BOOST: "▲", BUNK: "▼"}
TEAM_COLOURS = ((230, 80, 80), (70, 130, 230), (80, 180, 90), (240, 205, 45))
ACTION_FILL = (215, 200, 245)
SKULL_FILL = (60, 60, 66)
DIE = 72
CARD_W, CARD_H = 60, 84
STATUS = 380  # a seat's part of its row: its team, its score, its hand


def signed(value: int) -> str:
    return f"+{value}" if value >= 0 else f"−{-value}"


def card(canvas: Canvas, x: int, y: int, face: str, *, corner: str | None = None, w: int = CARD_W,
         h: int = CARD_H) -> None:
    corner = signed(POINTS[face]) if corner is None else corner
    if face == GOLDEN_7:
        canvas.card(x, y, "★7", corner, fill=GOLD, w=w, h=h, face_size=28)
    elif face == SKULL:
        canvas.card(x, y, SYMBOLS[face], corner, fill=SKULL_FILL, ink=DIE_FACE, w=w, h=h)
    elif face in ACTIONS:
        canvas.card(x, y, SYMBOLS[face], corner, fill=ACTION_FILL, w=w, h=h)
    else:
        canvas.card(x, y, face, corner, w=w, h=h)


def situation(canvas: Canvas, table: Table, view: dict[str, Any]) -> None:
    phase, turn = view["phase"], view["turn"]
    if table.status != "active" or phase == "over":
        return
    if phase == "lead":
        canvas.line(labels.choosing(" & ".join(name(table, s) for s in view["choosing"])), bold=True)
    elif phase == "play":
        canvas.line(labels.chooses_card(name(table, turn)), bold=True)
    elif phase == "guess":
        canvas.line(labels.jackpot(name(table, turn)), bold=True)
    elif phase == "roll":
        canvas.line(f"{labels.rolls_next(name(table, turn))} · "
                    f"{labels.bonus_roll() if view['bonus'] else labels.roll_no(view['roll'])}", bold=True)
    else:
        label = labels.bonus_roll() if view["bonus"] else labels.roll_no(view["roll"])
        canvas.line(f"{labels.rolled(name(table, turn))} · {label}", bold=True)
        for x, face in zip(canvas.row_of(len(view["dice"]), DIE, 14), view["dice"], strict=True):
            canvas.pips(x, canvas.y, face, DIE)
        canvas.y += DIE + 16


def unit_of(view: dict[str, Any], seat: int) -> int:
    return next(u for u, members in enumerate(view["teams"]) if seat in members)


def draw(canvas: Canvas, table: Table, view: dict[str, Any], seat: int | None) -> None:
    if seat is not None and "you" in view:
        private(canvas, table, view, seat)
        return
    canvas.heading(labels.title(table.game.title, table.id),
                   f"{labels.round_no(view['round'])} · {labels.first_to(view['target'], view['deck'])}")
    situation(canvas, table, view)
    ending(canvas, table)

    def status(canvas: Canvas, s: int, x: int, top: int) -> None:
        mid = top + 48
        if view["team_mode"] and len(view["teams"][unit_of(view, s)]) > 1:
            colour = TEAM_COLOURS[unit_of(view, s) % len(TEAM_COLOURS)]
            canvas.figure(SMALL)
            canvas.draw.ellipse((x, mid - SMALL / 2, x + SMALL, mid + SMALL / 2), fill=colour)
        canvas.text(x + SMALL + 8, mid, labels.points(view["scores"][s]), bold=True, anchor="lm")
        hand = view["hands"][s]
        left, room = x + 150, WIDTH - PAD - 10 - (x + 150)
        step = min(CARD_W + 6, room // max(1, len(hand)))
        for i, face in enumerate(hand):
            card(canvas, left + i * step, top + 6, face)

    canvas.gap(4)
    canvas.seats(seat_rows(table), status, width=STATUS, height=96)
    if view["team_mode"]:
        canvas.gap(10)
        teams = [f"{names(table, members)}: {view['team_scores'][u]}"
                 for u, members in enumerate(view["teams"]) if len(members) > 1]
        for line in teams:
            canvas.line(line, fill=MUTED)


def private(canvas: Canvas, table: Table, view: dict[str, Any], seat: int) -> None:
    """A seat's DM: what its text says (its hand, score, points pile, and the dice when it is to act), so the
    DM, edited only when its text changes, never shows a stale picture."""
    canvas.heading(labels.title(table.game.title, table.id), labels.score_of(view["scores"][seat], view["target"]))
    if table.status == "active":
        if seat in table.to_act:
            situation(canvas, table, view)
        else:
            canvas.line(labels.waiting(names(table, sorted(table.to_act))), fill=MUTED)
    ending(canvas, table)
    hand = view["hands"][seat]
    canvas.line(f"{labels.your_hand()} · {labels.cards(len(hand))}", bold=True)
    for i, face in enumerate(hand):
        card(canvas, PAD + i * (CARD_W + 8), canvas.y, face)
    canvas.y += CARD_H + 4 if hand else 0
    pile(canvas, view["you"])


def pile(canvas: Canvas, you: dict[str, Any]) -> None:
    canvas.gap(16)
    canvas.line(labels.your_pile(you["pile_count"], you["pile_points"]), bold=True)
    counts = Counter(you["pile"])
    order = sorted(counts, key=lambda c: (c in ACTIONS, number(c) or 0, c))
    per_row = (WIDTH - 2 * PAD + 8) // (CARD_W + 8)
    for start in range(0, len(order), per_row):
        for i, face in enumerate(order[start:start + per_row]):
            count = counts[face]
            card(canvas, PAD + i * (CARD_W + 8), canvas.y, face, corner=f"×{count}" if count > 1 else None)
        canvas.y += CARD_H + 8
    if not order:
        canvas.line("—", fill=INK)


def sample(players: int = 3) -> Table:
    """Round 1: Ana made Roll 1 and Roll 2; the two dice wait for her pick."""
    top = ["7", "G7", "12", "3", "SKULL", "9", "JACKPOT", "5", "11", "CLOCK", "2", "BOOST", "8", "BUNK", "10",
           "ROLLOFF", "4", "6", "1", "12", "7", "11", "3", "9"][:3 * players]
    first = [6, 6] + [1, 1] * (players - 1)  # who rolls first: Ana, with a double six
    state = played(DARDZ, players, first, [(0, Roll(), [4]), (0, Roll(), [3, 5])], decks=[top])
    return sample_table(DARDZ, state, players)
