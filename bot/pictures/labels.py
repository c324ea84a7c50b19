"""Every word drawn inside a picture, in one place: few and short (numbers and names carry the rest),
translated in the reader's language (`bot.i18n`: the publisher draws inside `speaking(...)`)."""

from __future__ import annotations

from bot.i18n import _, ngettext


def computer() -> str:
    return _("computer")


def round_of(number: int, total: int) -> str:
    return _("Round {n} of {total}", n=number, total=total)


def round_no(number: int) -> str:
    return _("Round {n}", n=number)


def game_of(number: int, total: int) -> str:
    return _("Game {n} of {total}", n=number, total=total)


def roll_no(number: int) -> str:
    return _("roll {n}", n=number)


def rolled(name: str) -> str:
    return _("{name} rolled", name=name)


def rolls_next(name: str) -> str:
    return _("{name} rolls next", name=name)


def cards(n: int) -> str:
    return ngettext("{n} card", "{n} cards", n)


def points(n: int) -> str:
    return ngettext("{n} pt", "{n} pts", abs(n))


def total(n: int) -> str:
    return _("total {n}", n=n)


def your_hand() -> str:
    return _("Your hand")


def your_pile(count: int, pile_points: int) -> str:
    return ngettext("Your pile: {n} card · {points}", "Your pile: {n} cards · {points}", count,
                    points=points(pile_points))


def deck(n: int) -> str:
    return ngettext("deck: {n} card", "deck: {n} cards", n)


def rerolls_left(n: int) -> str:
    return ngettext("{n} re-roll left", "{n} re-rolls left", n)


def first_to(target: int) -> str:
    return _("first to {target}", target=target)


def bonus_roll() -> str:
    return _("Bonus Roll")


def choosing(names: str) -> str:
    return _("{names} choose who rolls first", names=names)


def chooses_card(name: str) -> str:
    return _("{name} chooses an action card", name=name)


def jackpot(name: str) -> str:
    return _("{name} guesses the Jackpot (1–6)", name=name)


def wins(names: str, count: int) -> str:
    return ngettext("{names} wins!", "{names} win!", count, names=names)


def draw() -> str:
    return _("A draw!")


def closed() -> str:
    return _("Table closed · not rated")


def your_answer(card: int | None, paid: int) -> str:
    if card is None:
        return _("Your answer: a token")
    return _("Your answer: discard {card} for {paid}", card=card, paid=paid)


def waiting(names: str) -> str:
    return _("Waiting for {names}", names=names)


def score_of(score: int, target: int) -> str:
    return _("{score} of {target} pts", score=score, target=target)
