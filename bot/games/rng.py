"""Injected randomness: `SeededRng` for play, `ScriptedRng` for tests.

Engines call only `randint(a, b)` (inclusive, one die at a time, in the order the dice are shown)
and `shuffle(list)` (in place).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, MutableSequence, Sequence
from typing import Any, Protocol


class Rng(Protocol):
    def randint(self, a: int, b: int) -> int: ...

    def shuffle(self, items: MutableSequence[Any]) -> None: ...


class SeededRng:
    """Counter-mode SHA-256 over (seed, stream, counter): the same numbers on every Python version.

    A table has one secret seed; move `n` of the table uses the stream `n`, so replaying the log
    reproduces every die without storing any.
    """

    def __init__(self, seed: str, stream: int | str = 0) -> None:
        self._prefix = f"{seed}:{stream}:".encode()
        self._counter = 0
        self._pool = 0
        self._bits = 0

    def _take_bits(self, bits: int) -> int:
        while self._bits < bits:
            block = hashlib.sha256(self._prefix + str(self._counter).encode()).digest()
            self._counter += 1
            self._pool = (self._pool << 256) | int.from_bytes(block, "big")
            self._bits += 256
        self._bits -= bits
        value = self._pool >> self._bits
        self._pool &= (1 << self._bits) - 1
        return value

    def randint(self, a: int, b: int) -> int:
        if b < a:
            raise ValueError(f"empty range {a}..{b}")
        span = b - a + 1
        bits = max(1, (span - 1).bit_length())
        while True:  # rejection sampling: exactly uniform
            value = self._take_bits(bits)
            if value < span:
                return a + value

    def shuffle(self, items: MutableSequence[Any]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.randint(0, i)
            items[i], items[j] = items[j], items[i]


class ScriptExhausted(AssertionError):
    """A test scripted fewer numbers than the engine asked for."""


class ScriptedRng:
    """Replays given integers and deck orders, so a test fixes every die and every card.

    `rolls` answer `randint` in order (each must lie in the asked range). `decks` answer `shuffle`
    in order: each names the cards that must come first, in that order; the remaining cards keep
    their order behind them. When no deck order is left, `shuffle` leaves the list as it is.
    """

    def __init__(self, rolls: Iterable[int] = (), decks: Iterable[Sequence[Any]] = ()) -> None:
        self.rolls = list(rolls)
        self.decks = [list(d) for d in decks]

    def randint(self, a: int, b: int) -> int:
        if not self.rolls:
            raise ScriptExhausted(f"the engine asked for randint({a}, {b}) but no scripted roll is left")
        value = self.rolls.pop(0)
        if not a <= value <= b:
            raise AssertionError(f"scripted roll {value} is outside randint({a}, {b})")
        return value

    def shuffle(self, items: MutableSequence[Any]) -> None:
        if not self.decks:
            return
        top = self.decks.pop(0)
        rest = list(items)
        for card in top:
            try:
                rest.remove(card)
            except ValueError:
                raise AssertionError(f"scripted card {card!r} is not in the deck (or listed too often)") from None
        items[:] = top + rest

    @property
    def unused(self) -> int:
        return len(self.rolls)
