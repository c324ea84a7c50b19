"""Words as data: what engines (and the service) hand out instead of English sentences.

A `Text` is a message id — the English source text, with `{name}` fields — and the values of its
fields; the edge translates it into the reader's language (`bot.i18n.translated`). `N_` only marks a
literal for the catalogs' extraction (gettext's convention), so engines stay pure and language-free.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


def N_(message: str, /) -> str:
    """Marks a message id for the catalogs without translating it."""
    return message


@dataclass(frozen=True)
class Text:
    """A message id with its fields, translated only when shown. With `plural` and `n` it is counted:
    the catalog picks the form for `n` (and `{n}` is a field). Field values may be `Text` themselves; a
    float is shown with two decimals, in the reader's notation ("5.67", "5,67")."""

    message: str
    fields: Mapping[str, Any] = field(default_factory=dict)
    plural: str | None = None
    n: int | None = None

    def __str__(self) -> str:  # the English source, for logs and for readers without a catalog
        fields = {name: str(value) if isinstance(value, Text) else f"{value:.2f}" if isinstance(value, float)
                  else value for name, value in self.fields.items()}
        counted = self.plural is not None and self.n is not None
        source = self.plural if self.plural is not None and counted and self.n != 1 else self.message
        return source.format(**({"n": self.n} if counted else {}), **fields)


class Name(str):
    """A member's name as a field of a `Text`: where the text is shown in Discord it is written through the one
    escaping helper (`bot.names.escaped`), so its markdown shows as typed; `str(Text)` keeps it as it is."""


class OptionName(str):
    """A game option's name as a field of a `Text` (`campaign`): shown as the reader's Discord names the slash
    command's option (`bot.i18n.option_name`), since that is what they type; `str(Text)` keeps the English name."""


class SeatRef(int):
    """A seat of the table as a field of a `Text`: an engine knows seats, not names, so where the table is known the
    edge shows its player's name (`str(Text)` says "seat 1")."""

    def __format__(self, spec: str) -> str:
        return f"seat {int(self) + 1}"

    def __str__(self) -> str:
        return format(self, "")


def names_a_seat(text: Text) -> bool:
    """Whether `text` (or a text among its fields) shows a seat's player."""
    return any(isinstance(v, SeatRef) or (isinstance(v, Text) and names_a_seat(v)) for v in text.fields.values())


def counted(singular: str, plural: str, n: int, /, **fields: Any) -> Text:
    """A counted text ("{n} card" / "{n} cards"): the catalog's plural rules choose the form for `n`."""
    return Text(singular, fields, plural, n)
