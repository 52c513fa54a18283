"""A seeded generator whose shuffles are the same on every Python version.

`random.Random` seeded with an int and its `random()` are stable across versions; `shuffle`,
`choice` and `randrange` are not promised to be, so we build ours on `random()` alone.
"""

from __future__ import annotations

import random
from typing import Any, MutableSequence, Sequence, TypeVar

T = TypeVar("T")


class Rng:
    """Mersenne Twister seeded by an int; every draw goes through `random()`."""

    __slots__ = ("_r", "seed")

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._r = random.Random(seed)

    def random(self) -> float:
        return self._r.random()

    def below(self, n: int) -> int:
        """A uniform int in [0, n)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        return int(self._r.random() * n)

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[Any]) -> None:
        """Fisher–Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = int(self._r.random() * (i + 1))
            items[i], items[j] = items[j], items[i]

    def shuffled(self, items: Sequence[T]) -> list[T]:
        out = list(items)
        self.shuffle(out)
        return out

    def getstate(self) -> object:
        return self._r.getstate()

    def clone(self) -> Rng:
        other = Rng.__new__(Rng)
        other.seed = self.seed
        other._r = random.Random()
        other._r.setstate(self._r.getstate())
        return other

    def fork(self, salt: int) -> Rng:
        """An independent generator derived from this one (for determinize and bots)."""
        return Rng(int(self._r.random() * 2**53) ^ salt)
