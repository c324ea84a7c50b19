"""DARDZ's events in words (the engine's account of a move is data: `bot/games/dardz`)."""

from __future__ import annotations

from typing import Any

from bot.games.dardz.cards import BOOST, CLOCK, JACKPOT, NAMES, ROLLOFF, SKULL
from bot.i18n import _
from bot.service import Table
from bot.service.errors import listing
from cogs.table.format import seat_name

BONUS_ROLL = 4  # the engine's step number of the Bonus Roll


def _unit(table: Table, unit: int) -> str:
    return " & ".join(seat_name(table, s) for s in table.view(None)["teams"][unit])


def _team(table: Table, unit: int) -> bool:
    return len(table.view(None)["teams"][unit]) > 1


def _throws(table: Table, throws: list, name) -> str:
    return "; ".join(", ".join(f"{name(table, who)} {die}" for who, die in throw) for throw in throws)


def _moves(table: Table, moved: list) -> str:
    if not moved:
        return _("nobody holds it")
    return _("{moves} to the pile", moves=", ".join(f"{seat_name(table, s)} ×{k}" for s, k in moved))


def _card(table: Table, me: str, e: dict[str, Any]) -> str:
    card = e["card"]
    if card == JACKPOT:
        return _("{name} plays Jackpot: guess a number 1-6.", name=me)
    if card == SKULL:
        return _("{name} plays a Skull: into their pile (−5 at round end).", name=me)
    if card == CLOCK:
        return _("{name} plays Clock: every player passes their hand to the next player.", name=me)
    if card == ROLLOFF:
        return _("{name} plays Roll-Off: {throws} → {winner} puts it in their pile.", name=me,
                 throws=_throws(table, e["throws"], seat_name), winner=seat_name(table, e["winner"]))
    a, b = e["dice"]
    rolled = _("{name} plays {card}: rolled {a}+{b}={sum}", name=me, card=_(NAMES[card]), a=a, b=b, sum=a + b)
    if not e["units"]:
        return _("{rolled}; all scores are tied, nothing happens.", rolled=rolled)
    who = ", ".join(_unit(table, u) for u in e["units"])
    return _("{rolled}; {names} (last) +{sum}.", rolled=rolled, names=who, sum=a + b) if card == BOOST \
        else _("{rolled}; {names} (first) −{sum}.", rolled=rolled, names=who, sum=a + b)


def _picked(table: Table, me: str, e: dict[str, Any]) -> str:
    n = e["n"]
    if e.get("automatic"):  # roll 1: one line for the die and its pick
        return _("Roll 1: {name} rolled {n}; {n} is picked automatically: {moves}.", name=me, n=n,
                 moves=_moves(table, e["moved"]))
    if e["roll"] == BONUS_ROLL:
        if not e["moved"]:
            return _("Bonus Roll: {name} picks nothing; the turn is over.", name=me) if n == 0 \
                else _("Bonus Roll: {name} picks {n}, a miss; the turn is over.", name=me, n=n)
        return _("Bonus Roll: {name} picks {n}: {moves}.", name=me, n=n, moves=_moves(table, e["moved"]))
    if n == 0:
        return _("{name} picks nothing.", name=me)
    picked = _("{name} picks {n}: {moves}.", name=me, n=n, moves=_moves(table, e["moved"]))
    return picked + (" " + _("Bonus Roll!") if e.get("bonus_roll") else "")


def _round(table: Table, e: dict[str, Any]) -> str:
    kind = e["kind"]
    if kind == "round_won":
        unit = e["unit"]
        tie = _("{names} reach {cards} pile cards at once: Roll-Off {throws}.",
                names=listing([_unit(table, u) for u in e["tied"]]), cards=e["cards"],
                throws=_throws(table, e["throws"], _unit)) + " " if e["throws"] else ""
        fields = {"round": e["round"], "names": _unit(table, unit), "cards": e["cards"], "points": e["points"]}
        won = _("Round {round} over: {names} reach {cards} pile cards and win the round (+{points}).", **fields) \
            if _team(table, unit) else \
            _("Round {round} over: {names} reaches {cards} pile cards and wins the round (+{points}).", **fields)
        return tie + won
    if kind == "round_stalled":
        return _("Round {round} over: every hand is empty; nobody gets +10.", round=e["round"]) \
            if e["reason"] == "hands_empty" else \
            _("Round {round} over: the draw pile is empty and nobody can reach the goal; nobody gets +10.",
              round=e["round"])
    if kind == "piles_scored":
        return _("Points piles: {list}.",
                 list=", ".join(f"{_unit(table, u)} {v:+d}" for u, v in enumerate(e["points"])))
    if kind == "lucky_loser":
        return _("Lucky Loser: {list}.",
                 list=", ".join(f"{_unit(table, u)} {a}×{b}=+{a * b}" for u, a, b in e["rolls"]))
    if kind == "scores":
        return _("Scores: {list}.", list=", ".join(f"{_unit(table, u)} {v}" for u, v in enumerate(e["scores"])))
    if kind == "lowest_tie":
        return _("Lowest score tie: Roll-Off {throws}.", throws=_throws(table, e["throws"], _unit))
    if kind == "game_won":
        tie = _("Tied on {score}: best-of-3 Roll-Off {throws}.", score=e["score"],
                throws=_throws(table, e["throws"], _unit)) + " " if e["throws"] else ""
        fields = {"names": _unit(table, e["unit"]), "score": e["score"]}
        return tie + (_("{names} win the game with {score}!", **fields) if _team(table, e["unit"])
                      else _("{names} wins the game with {score}!", **fields))
    if e["seat"] is None:  # round_started, a team chooses
        return _("Round {round}: {names} choose who rolls first.", round=e["round"], names=_unit(table, e["unit"]))
    return _("Round {round}: {name} rolls first.", round=e["round"], name=seat_name(table, e["seat"]))


def event_text(table: Table, e: dict[str, Any]) -> str | None:
    kind = e["kind"]
    me = seat_name(table, e["seat"]) if e.get("seat") is not None else ""
    if kind == "first_roller":
        sums = ", ".join(f"{seat_name(table, s)} {a}+{b}={a + b}" for s, a, b in e["rolls"])
        tie = "; " + _("Roll-Off {throws}", throws=_throws(table, e["throws"], seat_name)) if e["throws"] else ""
        return _("Who rolls first: {sums}{tie} → {name}.", sums=sums, tie=tie, name=me)
    if kind == "lead_chosen":
        return _("{name} rolls first.", name=me)
    if kind == "rolled":
        if e["roll"] == 1:
            return None  # said with its automatic pick
        faces = " ".join(map(str, e["dice"]))
        return _("Bonus Roll: {name} rolled {dice}.", name=me, dice=faces) if e["roll"] == BONUS_ROLL \
            else _("Roll {roll}: {name} rolled {dice}.", roll=e["roll"], name=me, dice=faces)
    if kind == "picked":
        return _picked(table, me, e)
    if kind == "three_of_a_kind":
        return _("Three of a kind! {name} scores +{points}.", name=me, points=e["points"])
    if kind == "cleaned_up":
        return _("{name} cleaned 'em up: +{points}!", name=me, points=e["points"])
    if kind == "card_played":
        return _card(table, me, e)
    if kind == "jackpot":
        fields = {"name": me, "guess": e["guess"], "die": e["die"]}
        return _("Jackpot: {name} guessed {guess} and rolled {die}: +{points}!", points=e["points"], **fields) \
            if e["points"] else _("Jackpot: {name} guessed {guess} and rolled {die}: no prize.", **fields)
    return _round(table, e)


