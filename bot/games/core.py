"""The engine contract every game satisfies, its errors, and the JSON codec for states and actions.

Engines are pure: no I/O, no asyncio, no Discord, no global randomness. A game is one object with
the methods of `Game` over its own frozen dataclasses (`State`, and one dataclass per kind of
`Action`). The service is the only caller that changes a state; the edge only reads one (`view`,
`legal_actions`) to show it.
"""

from __future__ import annotations

import dataclasses
import json
import types
import typing
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from .rng import Rng
from .text import N_, OptionName, Text


class IllegalAction(Exception):
    """A move the rules forbid. `reason` is a message id (marked with `N_`) with `{fields}`; the edge
    shows it to the player in their language (`text`), logs and tests read the English `reason`."""

    def __init__(self, reason: str, /, **fields: Any) -> None:
        self.text = Text(reason, fields)
        self.reason = str(self.text)
        super().__init__(self.reason)


@dataclass(frozen=True)
class Option:
    """A lobby option of a game (`/<game> new … name:value`)."""

    name: str
    default: Any
    description: str
    choices: tuple[Any, ...] = ()


@dataclass(frozen=True)
class Outcome:
    """The end of a game: `placings[seat]` is 1 for a winner; equal numbers are ties."""

    placings: tuple[int, ...]
    scores: tuple[int, ...]

    @property
    def winners(self) -> tuple[int, ...]:
        return tuple(seat for seat, place in enumerate(self.placings) if place == 1)


@dataclass(frozen=True)
class Secret:
    """The part of an event only `seat` may see (e.g. the cards dealt into that seat's hand)."""

    seat: int
    data: dict[str, Any]


@dataclass(frozen=True, init=False)
class Event:
    """One thing a move (or the set-up) did, as data: a `kind` and its public parameters, with each
    seat's private parameters apart in `secrets`. Cogs turn events into words; engines never do.
    Values are JSON-native (ints, strs, bools, None, lists, dicts) so a state round-trips through JSON."""

    kind: str
    data: dict[str, Any] = field(default_factory=dict)
    secrets: tuple[Secret, ...] = ()

    def __init__(self, kind: str, data: Mapping[str, Any] | None = None, secrets: Sequence[Secret] = ()) -> None:
        # Written out (not generated) because every move makes a few: the frozen dataclass's __init__ is slower.
        fields = self.__dict__
        fields["kind"] = kind
        fields["data"] = {} if data is None else (
            {str(k): v if type(v) in _PLAIN else to_jsonable(v) for k, v in data.items()} if type(data) is dict
            else to_jsonable(data))
        fields["secrets"] = tuple(Secret(s.seat, to_jsonable(s.data)) for s in secrets) if secrets != () else ()

    def public(self) -> dict[str, Any]:
        """What everyone may know: the kind and the public parameters."""
        return {"kind": self.kind, **self.data}

    def seen_by(self, seat: int | None) -> dict[str, Any]:
        """The event as `seat` sees it (None: a spectator): the public part plus that seat's secret."""
        seen = self.public()
        for secret in self.secrets:
            if secret.seat == seat:
                seen.update(secret.data)
        return seen


def replace(obj: Any, /, **changes: Any) -> Any:
    """`dataclasses.replace` for frozen dataclasses without `__post_init__` (the engines' states and actions, the
    service's rows, seats and snapshots): a copy with `changes`, several times faster because it skips `__init__`
    (a table's row: 13k instructions against 86k). Unknown field names are refused as there."""
    new = object.__new__(type(obj))
    fields = new.__dict__
    fields.update(obj.__dict__)
    fields.update(changes)
    if len(fields) != len(obj.__dict__):
        raise TypeError(f"{type(obj).__name__} has no field {sorted(changes.keys() - obj.__dict__.keys())}")
    return new


def emit(state: Any, *events: Event) -> Any:
    """`state` with `events` added to the account of the move being applied."""
    return replace(state, events=state.events + events)


def fresh(state: Any) -> Any:
    """`state` with an empty account: every `apply` starts from here."""
    return replace(state, events=()) if state.events else state


class Game(Protocol):
    """Every `State` has a field `events: tuple[Event, ...]`: the account of the `apply` (or `setup`) that
    made it, and only that one. Replaying the log therefore recomputes every move's account."""

    # Read-only, as an engine's class attributes are to whoever holds it.
    @property
    def id(self) -> str: ...

    @property
    def title(self) -> str: ...

    @property
    def min_players(self) -> int: ...

    @property
    def max_players(self) -> int: ...

    @property
    def rules_version(self) -> int: ...

    @property
    def options(self) -> Mapping[str, Option]: ...

    @property
    def state_type(self) -> type: ...

    @property
    def action_types(self) -> tuple[type, ...]: ...

    @property
    def has_secrets(self) -> bool:
        """Some seat sees what the others may not (its `you` in `view`): private views go to it."""
        ...

    @property
    def luckier(self) -> str | None:
        """Which dice faces are lucky in this game: "low" or "high"; None where no face is better than another (a
        total counts only against a hand, a figure only against a card): no luck report."""
        ...

    def setup(self, players: int, options: Mapping[str, Any], rng: Rng) -> Any: ...

    def to_act(self, state: Any) -> frozenset[int]: ...

    def legal_actions(self, state: Any, seat: int) -> Sequence[Any]: ...

    def is_legal(self, state: Any, seat: int, action: Any) -> bool: ...

    def apply(self, state: Any, seat: int, action: Any, rng: Rng) -> Any: ...

    def explain(self, state: Any, seat: int, action: Any) -> Text | None:
        """Why `seat`, which is not to act, may not make `action` now (`action` None: whatever it meant to
        make), in the rules' words; None when there is no more to say than whose decision the table waits
        for. The service's refusal carries it, so the edge never works the rules out again."""
        ...

    def view(self, state: Any, seat: int | None) -> dict[str, Any]: ...

    def outcome(self, state: Any) -> Outcome | None: ...

    def timeout_action(self, state: Any, seat: int) -> Any: ...

    def computer_action(self, state: Any, seat: int, rng: Rng, level: str = "normal") -> Any:
        """The computer's move at `level` (levels.LEVELS: "easy", "normal" — the rules file's computer player —
        or "hard"); for a seat not to act, an optional interjection or None. Every random choice comes from
        `rng`, and "hard" decides only from what `seat` may see: it plans on `determinize`d states."""
        ...

    def determinize(self, state: Any, seat: int, rng: Rng) -> Any:
        """A state `seat` cannot tell from `state`: everything it may see (its `view`) is kept, everything hidden
        from it (other hands, the deck order…) redrawn with `rng` from what it could be, using only what the
        seat may see — so two states that differ only in what is hidden give the same result."""
        ...

    def turn_key(self, state: Any) -> Hashable | None:
        """Which turn the pending decisions belong to. At a deadline the service plays a seat's
        `timeout_action` again and again while that seat still acts in the same turn (equal keys), so one
        deadline finishes the whole turn and counts as one timeout. None: every decision stands alone."""
        ...


class CheckedGame:
    """For engines that validate a move in one `_check(state, seat, action)` raising IllegalAction:
    `is_legal` asks it, so the answer and the refusal's reason can never disagree."""

    def is_legal(self, state: Any, seat: int, action: Any) -> bool:
        try:
            self._check(state, seat, action)
        except IllegalAction:
            return False
        return True

    def _check(self, state: Any, seat: int, action: Any) -> None:
        """Raise IllegalAction unless `seat` may play `action` now: each engine's own."""
        raise NotImplementedError


def check_legal(game: Game, state: Any, seat: int, action: Any) -> None:
    """Raise IllegalAction unless `seat` may play `action` now (engines call this first in `apply`)."""
    to_act = game.to_act(state)
    if not to_act:
        raise IllegalAction(N_("The game is over."))
    if seat not in to_act:
        raise IllegalAction(N_("It is not your turn to act."))
    if type(action) not in game.action_types:
        raise IllegalAction(N_("That is not a move in this game."))


def resolve_options(game: Game, given: Mapping[str, Any] | None) -> dict[str, Any]:
    """The game's options with defaults filled in; unknown names are refused."""
    given = dict(given or {})
    unknown = set(given) - set(game.options)
    if unknown:
        raise IllegalAction(N_("{game} has no option {names}."), game=game.title, names=", ".join(sorted(unknown)))
    resolved = {name: option.default for name, option in game.options.items()}
    resolved.update({k: v for k, v in given.items() if v is not None})
    for name, value in resolved.items():
        choices = game.options[name].choices
        if choices and value not in choices:
            raise IllegalAction(N_("Option {name} must be one of {choices}."),
                                name=OptionName(name), choices=", ".join(map(str, choices)))
    return resolved


# --- JSON codec -------------------------------------------------------------------------------
# States and actions are frozen dataclasses of ints, strs, bools, None, tuples, frozensets and
# other such dataclasses. JSON turns tuples into lists; decoding turns them back using type hints.


_PLAIN = frozenset({int, str, bool, float, type(None)})


def to_jsonable(value: Any) -> Any:
    kind = type(value)  # the common exact types first (a hot path: every event's data goes through here)
    if kind in _PLAIN:
        return value
    if kind is tuple or kind is list:
        return [v if type(v) in _PLAIN else to_jsonable(v) for v in value]
    if kind is dict:
        return {str(k): v if type(v) in _PLAIN else to_jsonable(v) for k, v in value.items()}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, (tuple, list)):
        return [to_jsonable(v) for v in value]
    if isinstance(value, frozenset):
        return sorted(to_jsonable(v) for v in value)
    if isinstance(value, Mapping):
        return {str(k): to_jsonable(v) for k, v in value.items()}
    return value


def from_jsonable(hint: Any, data: Any) -> Any:
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if hint is Any:
        return data
    if origin in (typing.Union, types.UnionType):
        if data is None and type(None) in args:
            return None
        non_none = [a for a in args if a is not type(None)]
        return from_jsonable(non_none[0], data) if len(non_none) == 1 else data
    if hint in (int, str, bool, float):
        if not isinstance(data, hint) or (hint is int and isinstance(data, bool)):
            raise TypeError(f"expected {hint.__name__}, got {data!r}")
        return data
    if data is None:
        raise TypeError(f"expected {hint}, got null")
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        hints = typing.get_type_hints(hint)
        return hint(**{f.name: from_jsonable(hints[f.name], data[f.name]) for f in dataclasses.fields(hint)
                       if f.name in data})
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(from_jsonable(args[0], v) for v in data)
        return tuple(from_jsonable(a, v) for a, v in zip(args, data, strict=True))
    if origin is frozenset:
        return frozenset(from_jsonable(args[0], v) for v in data)
    if origin is dict or hint is dict:
        value_hint = args[1] if args else Any
        return {k: from_jsonable(value_hint, v) for k, v in data.items()}
    return data


def encode_state(state: Any) -> str:
    return json.dumps(to_jsonable(state), separators=(",", ":"), sort_keys=True)


def decode_state(game: Game, text: str) -> Any:
    return from_jsonable(game.state_type, json.loads(text))


def encode_action(action: Any) -> str:
    """A compact, stable text for an action: it goes into the event log and into button ids."""
    body = to_jsonable(action)
    return json.dumps([type(action).__name__, body] if body else [type(action).__name__],
                      separators=(",", ":"), sort_keys=True)


def decode_action(game: Game, text: str) -> Any:
    """Parse an action of `game`; malformed text raises IllegalAction (it may come from a user)."""
    try:
        name, *rest = json.loads(text)
        cls = next(c for c in game.action_types if c.__name__ == name)
        return from_jsonable(cls, rest[0] if rest else {})
    except (ValueError, TypeError, KeyError, StopIteration, IndexError) as exc:
        raise IllegalAction(N_("That move could not be read.")) from exc
