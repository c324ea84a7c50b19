"""DARDZ's events in words (the engine's account of a move is data: `bot/games/dardz`)."""

from __future__ import annotations

from typing import Any

from bot.games.dardz.cards import BOOST, CLOCK, JACKPOT, NAMES, ROLLOFF, SKULL
from bot.sessions import Table

from ._ui import seat_name

BONUS_ROLL = 4  # the engine's step number of the Bonus Roll


def _unit(table: Table, unit: int) -> str:
    return " & ".join(seat_name(table, s) for s in table.view(None)["teams"][unit])


def _throws(table: Table, throws: list, name) -> str:
    return "; ".join(", ".join(f"{name(table, who)} {die}" for who, die in throw) for throw in throws)


def _moves(table: Table, moved: list) -> str:
    if not moved:
        return "nobody holds it"
    return ", ".join(f"{seat_name(table, s)} ×{k}" for s, k in moved) + " to the pile"


def _card(table: Table, me: str, e: dict[str, Any]) -> str:
    card = e["card"]
    if card == JACKPOT:
        return f"{me} plays Jackpot: guess a number 1-6."
    if card == SKULL:
        return f"{me} plays a Skull: into their pile (−5 at round end)."
    if card == CLOCK:
        return f"{me} plays Clock: every player passes their hand to the next player."
    if card == ROLLOFF:
        return (f"{me} plays Roll-Off: {_throws(table, e['throws'], seat_name)} → "
                f"{seat_name(table, e['winner'])} puts it in their pile.")
    a, b = e["dice"]
    rolled = f"{me} plays {NAMES[card]}: rolled {a}+{b}={a + b}"
    if not e["units"]:
        return f"{rolled}; all scores are tied, nothing happens."
    who = ", ".join(_unit(table, u) for u in e["units"])
    return f"{rolled}; {who} (last) +{a + b}." if card == BOOST else f"{rolled}; {who} (first) −{a + b}."


def _picked(table: Table, me: str, e: dict[str, Any]) -> str:
    n = e["n"]
    if e.get("automatic"):  # roll 1: one line for the die and its pick
        return f"Roll 1: {me} rolled {n}; {n} is picked automatically: {_moves(table, e['moved'])}."
    if e["roll"] == BONUS_ROLL:
        if not e["moved"]:
            return f"Bonus Roll: {me} picks {'nothing' if n == 0 else f'{n}, a miss'}; the turn is over."
        return f"Bonus Roll: {me} picks {n}: {_moves(table, e['moved'])}."
    if n == 0:
        return f"{me} picks nothing."
    return f"{me} picks {n}: {_moves(table, e['moved'])}." + (" Bonus Roll!" if e.get("bonus_roll") else "")


def _round(table: Table, e: dict[str, Any]) -> str:
    kind = e["kind"]
    if kind == "round_won":
        unit, team = e["unit"], len(table.view(None)["teams"][e["unit"]]) > 1
        tie = (f"{' and '.join(_unit(table, u) for u in e['tied'])} reach {e['cards']} pile cards at once: "
               f"Roll-Off {_throws(table, e['throws'], _unit)} (DZ-R10). ") if e["throws"] else ""
        return (f"{tie}Round {e['round']} over: {_unit(table, unit)} {'reach' if team else 'reaches'} {e['cards']} "
                f"pile cards and {'win' if team else 'wins'} the round (+{e['points']}).")
    if kind == "round_stalled":
        why = "every hand is empty" if e["reason"] == "hands_empty" else \
            "the draw pile is empty and nobody can reach the goal"
        return f"Round {e['round']} over: {why}; nobody gets +10 (DZ-R2)."
    if kind == "piles_scored":
        return "Points piles: " + ", ".join(f"{_unit(table, u)} {v:+d}" for u, v in enumerate(e["points"])) + "."
    if kind == "lucky_loser":
        return "Lucky Loser: " + ", ".join(f"{_unit(table, u)} {a}×{b}=+{a * b}" for u, a, b in e["rolls"]) + "."
    if kind == "scores":
        return "Scores: " + ", ".join(f"{_unit(table, u)} {v}" for u, v in enumerate(e["scores"])) + "."
    if kind == "lowest_tie":
        return f"Lowest score tie: Roll-Off {_throws(table, e['throws'], _unit)} (DZ-R12)."
    if kind == "game_won":
        tie = f"Tied on {e['score']}: best-of-3 Roll-Off {_throws(table, e['throws'], _unit)} (DZ-R11). " \
            if e["throws"] else ""
        verb = "win" if len(table.view(None)["teams"][e["unit"]]) > 1 else "wins"
        return f"{tie}{_unit(table, e['unit'])} {verb} the game with {e['score']}!"
    if e["seat"] is None:  # round_started, a team chooses
        return f"Round {e['round']}: {_unit(table, e['unit'])} choose who rolls first."
    return f"Round {e['round']}: {seat_name(table, e['seat'])} rolls first."


def event_text(table: Table, e: dict[str, Any]) -> str | None:
    kind = e["kind"]
    me = seat_name(table, e["seat"]) if e.get("seat") is not None else ""
    if kind == "first_roller":
        sums = ", ".join(f"{seat_name(table, s)} {a}+{b}={a + b}" for s, a, b in e["rolls"])
        tie = f"; Roll-Off {_throws(table, e['throws'], seat_name)}" if e["throws"] else ""
        return f"Who rolls first: {sums}{tie} → {me} (DZ-R12)."
    if kind == "lead_chosen":
        return f"{me} rolls first."
    if kind == "rolled":
        if e["roll"] == 1:
            return None  # said with its automatic pick
        label = "Bonus Roll" if e["roll"] == BONUS_ROLL else f"Roll {e['roll']}"
        return f"{label}: {me} rolled {' '.join(map(str, e['dice']))}."
    if kind == "picked":
        return _picked(table, me, e)
    if kind == "three_of_a_kind":
        return f"Three of a kind! {me} scores +{e['points']}."
    if kind == "cleaned_up":
        return f"{me} cleaned 'em up: +{e['points']}!"
    if kind == "card_played":
        return _card(table, me, e)
    if kind == "jackpot":
        result = f"+{e['points']}!" if e["points"] else "no prize."
        return f"Jackpot: {me} guessed {e['guess']} and rolled {e['die']}: {result}"
    return _round(table, e)
