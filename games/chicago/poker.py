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

from typing import Sequence

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

_RANK_OF = RANK.__getitem__
_SUIT_OF = SUIT.__getitem__

_PLURAL = {r: ("Sixes" if r == 6 else f"{RANK_NAME[r]}s") for r in range(2, 15)}
_WHEEL = (14, 5, 4, 3, 2)


#: keys already worked out, by (ranks high first, flush): a few thousand at most, and the search
#: evaluates hands at every showdown of every playout
_KEYS: dict[tuple[tuple[int, ...], bool], tuple[int, ...]] = {}


def evaluate(cards: Sequence[int]) -> tuple[int, ...]:
    """The key of a five-card hand (card ids of the French catalogue)."""
    ranks = sorted(map(_RANK_OF, cards), reverse=True)  # `map`, not a generator: every playout evaluates
    flush = len(set(map(_SUIT_OF, cards))) <= 1
    seen = (tuple(ranks), flush)
    key = _KEYS.get(seen)
    if key is None:
        key = _KEYS[seen] = _key(ranks, flush)
    return key


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
    counts: dict[int, int] = {}
    for c in cards:
        counts[RANK[c]] = counts.get(RANK[c], 0) + 1
    return [c for c in cards if counts[RANK[c]] >= 2]


def _rank(r: int) -> str:
    return RANK_NAME[r]


def _list(ranks: Sequence[int]) -> str:
    return "-".join(RANK_NAME[r] for r in ranks)


def phrase(key: Sequence[int], depth: int | None = None) -> str:
    """The hand in words, saying its ranks only down to index `depth` of `key[1:]` (0 = the first
    thing compared; None = everything). 'two pair, Kings high' is depth 0 of two pair."""
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
