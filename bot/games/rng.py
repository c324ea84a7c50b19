"""Injected randomness: `FairRng` for new tables, `SeededRng` for tables that began before it, `ScriptedRng`
for tests, and `Recorder`, which notes every number an engine drew (for verifying a game).

Engines call only `randint(a, b)` (inclusive, one die at a time, in the order the dice are shown)
and `shuffle(list)` (in place).
"""

from __future__ import annotations

import functools
import hashlib
import hmac
import struct
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


FAIR = "fair-1"  # the derivation of tables that have client seeds
DIE_BYTES = 4
_WORDS = struct.Struct(">8I")  # a SHA-256 block as eight big-endian 4-byte words


class FairRng:
    """Provably fair dice, in the convention of provably fair sites: HMAC-SHA256 keyed with the table's secret
    seed (committed before the game by its SHA-256) over every seated player's client seed, the move number and
    a counter. Nobody can choose the dice: the operator committed to the seed before seeing the client seeds,
    and the players chose their seeds without knowing the secret one.

    Each number takes 4 bytes of the stream; values that would favour low results (the last, incomplete run
    of the range) are rejected and the next 4 bytes are used, so there is no modulo bias.
    """

    def __init__(self, seed: str, client_seeds: Sequence[str], stream: int | str = 0) -> None:
        self._inputs = (seed, tuple(client_seeds), stream)  # encoded at the first draw: many are never drawn
        self._counter = 0
        self._words: list[int] = []  # the current block's unused words, the next one last

    def _refill(self) -> list[int]:
        if not self._counter:
            seed, client_seeds, stream = self._inputs
            self._key = seed.encode()
            self._message = ":".join([*client_seeds, str(stream)]).encode() + b":"  # seat order: seats are public
        block = hmac.digest(self._key, self._message + str(self._counter).encode(), "sha256")
        self._counter += 1
        self._words = list(_WORDS.unpack(block))[::-1]
        return self._words

    def randint(self, a: int, b: int) -> int:
        if b < a:
            raise ValueError(f"empty range {a}..{b}")
        span = b - a + 1
        limit = (1 << (8 * DIE_BYTES)) // span * span  # below it every value is equally likely
        words = self._words
        while True:
            word = (words or self._refill()).pop()  # the stream's next 4 bytes
            if word < limit:
                return a + word % span
            words = self._words

    def shuffle(self, items: MutableSequence[Any]) -> None:
        for i in range(len(items) - 1, 0, -1):  # Fisher-Yates, each swap one unbiased draw
            j = self.randint(0, i)
            items[i], items[j] = items[j], items[i]


def table_rng(seed: str, client_seeds: Sequence[str] | None, stream: int | str) -> Rng:
    """The dice of a table: the fair derivation when it has client seeds; the old one (exactly as before)
    for tables that began without them, so they keep replaying."""
    return FairRng(seed, client_seeds, stream) if client_seeds is not None else SeededRng(seed, stream)


@functools.lru_cache(maxsize=4096)  # every snapshot of a table shows it
def commitment(seed: str) -> str:
    """What the table shows before the game: the SHA-256 of its secret seed (revealed at the end)."""
    return hashlib.sha256(seed.encode()).hexdigest()


class Recorder:
    """Passes an engine's draws through to `rng` and notes them: every randint result, and each shuffle's
    resulting order."""

    def __init__(self, rng: Rng) -> None:
        self._rng = rng
        self.draws: list[Any] = []
        self.dice: list[tuple[int, int, int]] = []  # (low, high, value) of every randint

    def randint(self, a: int, b: int) -> int:
        value = self._rng.randint(a, b)
        self.draws.append(value)
        self.dice.append((a, b, value))
        return value

    def shuffle(self, items: MutableSequence[Any]) -> None:
        self._rng.shuffle(items)
        self.draws.append(list(items))


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
