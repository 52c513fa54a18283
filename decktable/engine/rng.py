"""A seeded generator whose shuffles are the same on every Python version.

`random.Random` seeded with an int and its `random()` are stable across versions; `shuffle`,
`choice` and `randrange` are not promised to be, so we build ours on `random()` alone.

Cloning is copy-on-write: a clone shares the Mersenne Twister with its original until either of
them draws (copying its 625-word state costs more than cloning a whole game state otherwise, and
most clones, the undo snapshots and a bot's playouts within a hand, never draw). `draws` counts
the numbers drawn, so a caller can tell cheaply whether anything was shuffled.
"""

from __future__ import annotations

import random
from typing import Any, MutableSequence, Sequence, TypeVar

T = TypeVar("T")


class Rng:
    """Mersenne Twister seeded by an int; every draw goes through `random()`."""

    __slots__ = ("_r", "_share", "seed", "draws")

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._r = random.Random(seed)
        self._share = [1]  # how many Rng objects share self._r
        self.draws = 0

    def _own(self) -> random.Random:
        """The generator, made private to this object before a draw."""
        share = self._share
        if share[0] > 1:
            share[0] -= 1
            pending = self._r
            if type(pending) is _Pending:  # never drawn from: seed one (a quarter of the copy's cost)
                r = random.Random(pending.seed)
            else:
                r = random.Random.__new__(random.Random)
                r.setstate(pending.getstate())
            self._r = r
            self._share = [1]
        return self._r

    def random(self) -> float:
        self.draws += 1
        if self._share[0] > 1:
            return self._own().random()
        return self._r.random()

    def below(self, n: int) -> int:
        """A uniform int in [0, n)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        return int(self.random() * n)

    def distinct(self, n: int, k: int) -> list[int]:
        """`k` different uniform ints in [0, n), in the order drawn: each drawn as `below(n)`
        draws it, a repeat drawn again (for a few among many: k is small next to n)."""
        if not 0 <= k <= n:
            raise ValueError("distinct() needs 0 <= k <= n")
        rand = self._own().random
        out: list[int] = []
        while len(out) < k:
            self.draws += 1
            i = int(rand() * n)
            if i not in out:
                out.append(i)
        return out

    def weighted_index(self, weights: Sequence[int]) -> int:
        """An index drawn with chance in proportion to its weight (whole numbers, at least one
        above 0), from one `random()`: a sample that draws how many of a kind a hand holds by
        how many hands hold that many (Envite's signals)."""
        total = sum(weights)
        if total <= 0 or any(w < 0 for w in weights):
            raise ValueError("weighted_index() needs weights >= 0, not all 0")
        x = self.random() * total
        for i, w in enumerate(weights):
            if x < w:
                return i
            x -= w
        return max(i for i, w in enumerate(weights) if w)  # float rounding: the last one possible

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[Any]) -> None:
        """Fisher–Yates, in place."""
        rand = self._own().random
        n = len(items)
        if n > 1:
            self.draws += n - 1
        # the draws first, in the same order (j for i = n-1 down to 1 is int(random() * (i+1))),
        # then the swaps: a quarter less time than drawing inside the swap loop
        i = n - 1
        for j in [int(rand() * k) for k in range(n, 1, -1)]:
            items[i], items[j] = items[j], items[i]
            i -= 1

    def shuffled(self, items: Sequence[T]) -> list[T]:
        out = list(items)
        self.shuffle(out)
        return out

    def getstate(self) -> object:
        return self._r.getstate()

    def clone(self) -> Rng:
        other = Rng.__new__(Rng)
        other.seed = self.seed
        other.draws = self.draws
        other._r = self._r
        other._share = self._share
        self._share[0] += 1
        return other

    @classmethod
    def lazy(cls, seed: int) -> Rng:
        """A generator seeded with `seed` that builds its Mersenne Twister only when first drawn
        from (a determinized state gets a fresh generator on every search iteration, and most of
        them never draw: building one costs about 4 µs)."""
        r = cls.__new__(cls)
        r.seed = seed
        r.draws = 0
        r._r = _Pending(seed)  # type: ignore[assignment]
        r._share = [2]  # "shared": the first draw goes through _own, which builds the generator
        return r

    def fork(self, salt: int) -> Rng:
        """An independent generator derived from this one (for determinize and bots)."""
        return Rng(int(self.random() * 2**53) ^ salt)


class _Pending:
    """The not-yet-built generator of `Rng.lazy`: `_own` asks it for its state on the first draw."""

    __slots__ = ("seed",)

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def getstate(self) -> object:
        return random.Random(self.seed).getstate()
