"""Five-card poker hands as Chicago ranks and scores them (RULES.md section 15).

Standard poker order, high to low: royal flush, straight flush, four of a kind, full house, flush,
straight, three of a kind, two pair, one pair, high card. Chicago keeps the royal flush as a class
of its own because it scores 52 instead of a straight flush's 8; the order is poker's. Aces are
high, and also low in the straight A-2-3-4-5 (the lowest straight, 5 high). Within a class hands
are compared by ranks only; suits never break a tie.

A hand's *key* is a tuple `(class, r1, r2, ...)` of ints: keys compare as the hands do, and equal
keys are exactly equal hands. The ranks after the class are what a player says in the spoken
showdown, most important first, so `phrase(key, depth)` can say a hand only as far as the dialogue
had to go.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations_with_replacement
from typing import Any, Iterable, Sequence

from decktable.cards.french import FRENCH, RANK_NAME, SUITS, a_rank

HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH, ROYAL_FLUSH = range(10)

#: points each class scores in a showdown or at the end of the hand
POINTS: tuple[int, ...] = (0, 1, 2, 3, 4, 5, 6, 7, 8, 52)

#: class names as the table says them ("Ann declares two pair")
CLASS_NAME: tuple[str, ...] = (
    "no pair",
    "one pair",
    "two pair",
    "three of a kind",
    "a straight",
    "a flush",
    "a full house",
    "four of a kind",
    "a straight flush",
    "a royal flush",
)

RANK: tuple[int, ...] = tuple(c.rank or 0 for c in FRENCH)  # 2..14 per card id
SUIT: tuple[int, ...] = tuple(SUITS.index(c.suits[0]) for c in FRENCH)

_RANK_OF = list(RANK).__getitem__  # a list's getter: called faster than a tuple's

_PLURAL = {r: ("Sixes" if r == 6 else f"{RANK_NAME[r]}s") for r in range(2, 15)}
_WHEEL = (14, 5, 4, 3, 2)


#: per card, its rank as a 1 in that rank's field of three bits (the lowest bit is left for the
#: flush) and its suit as a 1 in that suit's byte: summed over a hand, how many of each rank it
#: holds (0 to 4) and of each suit, so whether it is a flush, in two `sum`s of `map`s
_RANK_BIT: dict[int, int] = {r: 2 << 3 * (r - 2) for r in range(2, 15)}
_RANK_BITS: list[int] = [_RANK_BIT[r] for r in RANK]
_SUIT_BYTE: list[int] = [1 << 8 * s for s in SUIT]
#: the suit sums of the hands whose cards are all of one suit (no cards too, as `len(set()) <= 1`)
_ONE_SUIT: frozenset[int] = frozenset(k << 8 * s for s in range(4) for k in range(14))
_RANK_BITS_OF = _RANK_BITS.__getitem__
_SUIT_BYTE_OF = _SUIT_BYTE.__getitem__

#: every five-card hand's key, by the sum of its cards' `_RANK_BITS` plus 1 for a flush: all 7,462
#: filled in at the first hand evaluated (about 30 ms), as a search evaluates half a dozen hands in
#: each playout and would otherwise work out new ones for thousands of playouts
_KEYS: dict[int, tuple[int, ...]] = {}
_FIVE_CARD_KEYS = 7462


def evaluate(cards: Sequence[int]) -> tuple[int, ...]:
    """The key of a five-card hand (card ids of the French catalogue). By sums of per-card bits
    (`map`, not a generator): every playout evaluates half a dozen hands."""
    flush = sum(map(_SUIT_BYTE_OF, cards)) in _ONE_SUIT
    seen = sum(map(_RANK_BITS_OF, cards)) + flush
    key = _KEYS.get(seen)
    if key is None:
        if len(_KEYS) < _FIVE_CARD_KEYS:
            _fill_keys()
            key = _KEYS.get(seen)
        if key is None:  # not five cards
            key = _KEYS[seen] = _key(sorted(map(_RANK_OF, cards), reverse=True), flush)
    return key


def _fill_keys() -> None:
    """Fill `_KEYS` with every five-card hand: each multiset of ranks, and as a flush where the
    ranks differ."""
    for ranks in combinations_with_replacement(range(14, 1, -1), 5):  # high first
        if max(map(ranks.count, ranks)) > 4:
            continue
        seen = sum(map(_RANK_BIT.__getitem__, ranks))
        _KEYS[seen] = _key(list(ranks), False)
        if len(set(ranks)) == 5:
            _KEYS[seen + 1] = _key(list(ranks), True)


def _key(ranks: list[int], flush: bool) -> tuple[int, ...]:
    counts: dict[int, int] = {}
    for r in ranks:
        counts[r] = counts.get(r, 0) + 1
    if len(counts) == 5:
        high = 0
        if ranks[0] - ranks[4] == 4:
            high = ranks[0]
        elif tuple(ranks) == _WHEEL:
            high = 5
        if high:
            if flush:
                return (ROYAL_FLUSH, 14) if high == 14 else (STRAIGHT_FLUSH, high)
            return (STRAIGHT, high)
        if flush:
            return (FLUSH, *ranks)
        return (HIGH_CARD, *ranks)
    # groups: by count, then by rank, high first
    groups = sorted(counts.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    shape = tuple(n for _, n in groups)
    order = tuple(r for r, _ in groups)
    if shape == (4, 1):
        return (QUADS, *order)
    if shape == (3, 2):
        return (FULL_HOUSE, *order)
    if flush:  # impossible with pairs in one pack, kept for completeness
        return (FLUSH, *ranks)
    if shape == (3, 1, 1):
        return (TRIPS, *order)
    if shape == (2, 2, 1):
        return (TWO_PAIR, *order)
    return (PAIR, *order)


def category(cards: Sequence[int]) -> int:
    return evaluate(cards)[0]


def combination(cards: Sequence[int]) -> list[int]:
    """The cards that make the hand's class: both cards of a pair, the four of two pair or four of
    a kind, the three of three of a kind, all five of a straight, flush, full house or straight
    flush; none for no pair. Breaking up a declared hand means discarding one of these."""
    key = evaluate(cards)
    cat = key[0]
    if cat == HIGH_CARD:
        return []
    if cat in (STRAIGHT, FLUSH, FULL_HOUSE, STRAIGHT_FLUSH, ROYAL_FLUSH):
        return list(cards)
    ranks = list(map(_RANK_OF, cards))
    return [c for c, r in zip(cards, ranks) if ranks.count(r) >= 2]


def _rank(r: int) -> str:
    return RANK_NAME[r]


def _list(ranks: Sequence[int]) -> str:
    return "-".join(RANK_NAME[r] for r in ranks)


@lru_cache(maxsize=1 << 14)
def phrase(key: tuple[int, ...], depth: int | None = None) -> str:
    """The hand in words, saying its ranks only down to index `depth` of `key[1:]` (0 = the first
    thing compared; None = everything). 'two pair, Kings high' is depth 0 of two pair. Kept: every
    playout says its hand's winner in words."""
    cat = key[0]
    r = list(key[1:])
    full = depth is None
    d = len(r) - 1 if full else depth
    if cat == ROYAL_FLUSH:
        return "a royal flush"
    if cat == STRAIGHT_FLUSH:
        return f"a straight flush, {_rank(r[0])} high"
    if cat == STRAIGHT:
        return f"a straight, {_rank(r[0])} high"
    if cat == FLUSH or cat == HIGH_CARD:
        name = "a flush" if cat == FLUSH else "no pair"
        if d == 0:
            return f"{name}, {_rank(r[0])} high"
        return f"{name}, {_list(r[: d + 1])}"
    if cat == QUADS:
        return f"four {_PLURAL[r[0]]}" + (f" with {a_rank(r[1])}" if d >= 1 else "")
    if cat == FULL_HOUSE:
        return f"a full house, {_PLURAL[r[0]]} full" + (f" of {_PLURAL[r[1]]}" if d >= 1 else "")
    if cat == TRIPS:
        return f"three {_PLURAL[r[0]]}" + (f" with {_list(r[1 : d + 1])}" if d >= 1 else "")
    if cat == TWO_PAIR:
        if d == 0:
            return f"two pair, {_PLURAL[r[0]]} high"
        text = f"two pair, {_PLURAL[r[0]]} and {_PLURAL[r[1]]}"
        return text + (f" with {a_rank(r[2])}" if d >= 2 else "")
    # one pair
    text = f"a pair of {_PLURAL[r[0]]}"
    return text + (f" with {_list(r[1 : d + 1])}" if d >= 1 else "")


def deciding_depth(a: Sequence[int], b: Sequence[int]) -> int | None:
    """The first index of the ranks (after the class) where two keys of one class differ; None
    when they are exactly equal."""
    for i in range(1, min(len(a), len(b))):
        if a[i] != b[i]:
            return i - 1
    return None


#: the ranks of each straight, by its high card (5: the wheel A-2-3-4-5)
RUNS: dict[int, tuple[int, ...]] = {t: ((14, 2, 3, 4, 5) if t == 5 else tuple(range(t - 4, t + 1))) for t in range(5, 15)}
#: per class made of rank groups, the sizes of its groups (a pair: one group of two)
GROUPS: dict[int, tuple[int, ...]] = {PAIR: (2,), TWO_PAIR: (2, 2), TRIPS: (3,), FULL_HOUSE: (3, 2), QUADS: (4,)}


def fits(key: Sequence[int], heard: tuple[Sequence[int], Sequence[int]]) -> bool:
    """Whether a hand of this key fits what was heard of it in a showdown: `heard` is (the key's
    first items, as said aloud; a key it is below, for a player who gave way, or ())."""
    said, below = heard
    return tuple(key[: len(said)]) == tuple(said) and (not below or tuple(key[: len(below)]) < tuple(below))


def complete_to(
    fixed: Sequence[int], pool: Iterable[int], heard: tuple[Sequence[int], Sequence[int]], rng: Any, tries: int = 80
) -> list[int] | None:
    """Cards of `pool` that make `fixed` (distinct cards, fewer than five) a five-card hand that
    fits what was heard of it (`fits`; the class is its first item), or None when `tries` draws
    find none. For a bot's sample of a player who declared: drawing five cards until they make a
    flush would take hundreds of draws, so each try first draws what the class is made of (the
    ranks of its groups, a straight's run, a flush's suit, from those `pool` and `fixed` can
    give) and then fills up at random. Not every such hand is equally likely, as a sample needs
    only to be one the player may hold. What can be worked out before drawing is kept
    (`_Drawer`): a search asks the same question of the same cards, dealt anew, a thousand times."""
    drawer = _drawer(frozenset(pool), tuple(fixed), tuple(heard[0]), tuple(heard[1]))  # a frozenset is kept as it is
    return None if drawer is None else drawer.draw(rng, tries)


@lru_cache(maxsize=256)
def _drawer(pool: frozenset[int], fixed: tuple[int, ...], said: tuple[int, ...], below: tuple[int, ...]) -> _Drawer | None:
    """The `_Drawer` for these cards and this hearing, or None when no hand can fit it."""
    need = 5 - len(fixed)
    if len(pool) < need:
        return None
    d = _Drawer(sorted(pool), fixed, (said, below))
    return d if d.possible else None


class _Drawer:
    """`complete_to`'s tables for one pool, the cards held and what was heard: the pool by rank
    and by suit, the ranks the first group may have, the runs or suits a straight or flush may
    take. `draw` makes the tries."""

    def __init__(self, pool: list[int], fixed: tuple[int, ...], heard: tuple[tuple[int, ...], tuple[int, ...]]) -> None:
        said = heard[0]
        cls = said[0]
        self.pool, self.fixed, self.heard, self.cls = pool, fixed, heard, cls
        self.need = need = 5 - len(fixed)
        rank_of, suit_of = RANK.__getitem__, SUIT.__getitem__
        by_rank: dict[int, list[int]] = {}
        by_suit: list[list[int]] = [[], [], [], []]
        for c in pool:
            by_rank.setdefault(rank_of(c), []).append(c)
            by_suit[suit_of(c)].append(c)
        self.by_rank, self.by_suit = by_rank, by_suit
        self.held = held = [rank_of(c) for c in fixed]
        self.possible = True
        if cls in GROUPS:
            self.groups = GROUPS[cls]
            self.ranks0 = list(set(by_rank) | set(held))
            first = self.able(0, self.ranks0, need)  # the same for every try
            below = heard[1]
            if len(below) >= 2:  # gave way: the first group's rank is at most the holder's
                first = [r for r in first if r < below[1] or (r == below[1] and len(below) > 2)]
            self.first = first
            self.possible = bool(first)
        elif cls == FLUSH:
            self.suits = [s for s in range(4) if all(suit_of(c) == s for c in fixed) and len(by_suit[s]) >= need]
            self.possible = bool(self.suits)
        elif cls in (STRAIGHT, STRAIGHT_FLUSH, ROYAL_FLUSH):
            suits = [s for s in range(4) if all(suit_of(c) == s for c in fixed)] if cls != STRAIGHT else [-1]
            tops = [14] if cls == ROYAL_FLUSH else list(RUNS)
            self.runs: list[list[list[int]]] = []
            for top in tops:
                run = RUNS[top]
                if any(r not in run for r in held) or len(set(held)) != len(held):
                    continue
                for suit in suits:
                    options = [[c for c in by_rank.get(r, ()) if suit < 0 or suit_of(c) == suit]
                               for r in run if r not in held]
                    if all(options):
                        self.runs.append(options)
            self.possible = bool(self.runs)

    def able(self, g: int, ranks: list[int], room: int) -> list[int]:
        """The ranks group `g` may have: one said aloud, else any left that the cards held and the
        pool can make that many of, within the room left."""
        size, said, count, by_rank = self.groups[g], self.heard[0], self.held.count, self.by_rank
        return [r for r in ([said[g + 1]] if g + 1 < len(said) else ranks)
                if r in ranks and count(r) <= size <= count(r) + len(by_rank.get(r, ()))
                and size - count(r) <= room]

    def draw(self, rng: Any, tries: int) -> list[int] | None:
        cls, need, pool, fixed, heard = self.cls, self.need, self.pool, self.fixed, self.heard
        size_of = len(pool)
        count = self.held.count
        rand = rng.random  # int(rand() * n): `rng.below(n)`, one call fewer
        for _ in range(tries):
            pick: list[int] = []
            if cls in GROUPS:
                ranks = self.ranks0
                groups = self.groups
                ok = True
                for g, size in enumerate(groups):
                    options = self.first if g == 0 else self.able(g, ranks, need - len(pick))
                    if not options:  # none left (the first group took the one the second needed)
                        ok = False
                        break
                    r = options[int(rand() * len(options))]
                    if len(groups) > 1:
                        ranks = [x for x in ranks if x != r]
                    mine = self.by_rank.get(r, [])
                    pick += [mine[i] for i in rng.distinct(len(mine), size - count(r))]
                if not ok:
                    continue
            elif cls == FLUSH:
                mine = self.by_suit[self.suits[int(rand() * len(self.suits))]]
                pick = [mine[i] for i in rng.distinct(len(mine), need)]
            elif cls in (STRAIGHT, STRAIGHT_FLUSH, ROYAL_FLUSH):
                options = self.runs[int(rand() * len(self.runs))]
                pick = [o[int(rand() * len(o))] for o in options]
            if len(pick) > need:
                continue
            while len(pick) < need:  # the rest at random
                c = pool[int(rand() * size_of)]
                if c not in pick:
                    pick.append(c)
            if fits(evaluate([*fixed, *pick]), heard):
                return pick
        return None
