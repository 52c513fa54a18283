"""Melds on Decktet cards (David Van Slyke's games: Head Solitaire, Old Janx Spirit, Suitcases).

A meld is one of:
- a *suit-meld*: cards whose suits, counted together, are exactly the six suits once each
  (three two-suited cards, six Aces, Light Keeper + Rite ...);
- a *kind-meld*: three or more cards of one rank;
- a *run-meld*: three or more cards of consecutive ranks that all share one suit. Ace (1) and
  Crown (10) are not consecutive: no wrap-around; 9 -> Crown is fine.

Extended cards: Pawns and Courts carry three suits and no rank, so they only ever sit in
suit-melds. The Excuse has neither suit nor rank; with `wild=True` it stands for one card:
in a suit-meld for exactly one missing suit, in a kind-meld for one card of that rank, in a
run-meld for one rank of the run (in the run's suit). With `wild=False` (the default) the Excuse
belongs to no meld.

Every function takes card ids (any iterable) and a `wild` switch. Internally a set of cards is a
45-bit mask (bit i = card id i). All melds of the 45 cards are enumerated once per `wild` value
into a trie keyed by ascending card id; splitting a hand (`partition`) is a search that always
covers the lowest remaining card first, memoised on masks, so a 10- or 11-card hand takes tens
of microseconds and repeated sub-hands are free.
"""

from __future__ import annotations

from itertools import combinations
from typing import Iterable

from decktable.cards.decktet import DECKTET, EXCUSE, SUITS

__all__ = [
    "SUIT_BITS",
    "RANK",
    "ALL_SUITS",
    "mask_of",
    "cards_of",
    "is_suit_meld",
    "is_kind_meld",
    "is_run_meld",
    "is_meld",
    "meld_kind",
    "find_melds",
    "has_meld",
    "meld_candidates",
    "partition",
    "can_partition",
    "all_melds",
]

N = len(DECKTET)
ALL_SUITS = (1 << len(SUITS)) - 1
SUIT_BITS: tuple[int, ...] = tuple(sum(1 << SUITS.index(s) for s in DECKTET[i].suits) for i in range(N))
RANK: tuple[int, ...] = tuple(DECKTET[i].rank or 0 for i in range(N))  # 0: no rank
BIT: tuple[int, ...] = tuple(1 << i for i in range(N))
EXCUSE_BIT = 1 << EXCUSE
SUIT_LIST: tuple[tuple[int, ...], ...] = tuple(
    tuple(s for s in range(len(SUITS)) if SUIT_BITS[i] >> s & 1) for i in range(N)
)
PEERS: tuple[int, ...] = tuple(
    sum(1 << j for j in range(N) if j != i and RANK[j] and RANK[j] == RANK[i]) for i in range(N)
)
# LINE[s][r]: the card of suit s and rank r (each exists exactly once in the Decktet); -1 if none
LINE: tuple[tuple[int, ...], ...] = tuple(
    tuple(next((i for i in range(N) if RANK[i] == r and SUIT_BITS[i] >> s & 1), -1) for r in range(11))
    for s in range(len(SUITS))
)
LINE_BIT: tuple[tuple[int, ...], ...] = tuple(tuple((1 << c) if c >= 0 else 0 for c in row) for row in LINE)
WITH_SUIT: tuple[int, ...] = tuple(sum(1 << i for i in range(N) if SUIT_BITS[i] >> s & 1) for s in range(len(SUITS)))
SUIT_OF_BIT: dict[int, int] = {1 << i: SUIT_BITS[i] for i in range(N)}
# FITS[left]: the cards whose suits (at least one) all lie within the suit bits `left`
FITS: tuple[int, ...] = tuple(
    sum(1 << i for i in range(N) if SUIT_BITS[i] and not SUIT_BITS[i] & ~left) for left in range(1 << len(SUITS))
)
_TERMINAL = -1  # trie key marking "the path so far is a meld"
_MEMO_LIMIT = 100_000  # memo entries kept before a table forgets (bounded memory)


def mask_of(cards: Iterable[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def cards_of(mask: int) -> tuple[int, ...]:
    """Card ids of a mask, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return tuple(out)


def _distinct(cards: Iterable[int]) -> list[int] | None:
    cs = list(cards)
    if len(set(cs)) != len(cs):
        return None
    for c in cs:
        if not 0 <= c < N:
            return None
    return cs


# -- the three kinds of meld, checked directly from the definitions --------------------------------


def is_suit_meld(cards: Iterable[int], wild: bool = False, *, wild_excuse: bool | None = None) -> bool:
    """The cards' suits together are the six suits, each exactly once (a wild Excuse supplies
    exactly one missing suit). `wild_excuse` is an alias of `wild`."""
    if wild_excuse is not None:
        wild = wild_excuse
    cs = _distinct(cards)
    if not cs:
        return False
    seen = 0
    excuse = False
    for c in cs:
        if c == EXCUSE:
            if not wild:
                return False
            excuse = True
            continue
        b = SUIT_BITS[c]
        if not b or b & seen:
            return False
        seen |= b
    if excuse:
        return seen != ALL_SUITS and (ALL_SUITS ^ seen).bit_count() == 1
    return seen == ALL_SUITS


def is_kind_meld(cards: Iterable[int], wild: bool = False) -> bool:
    """Three or more cards of one rank (Pawns, Courts and a tame Excuse have no rank)."""
    cs = _distinct(cards)
    if not cs or len(cs) < 3:
        return False
    ranks = set()
    for c in cs:
        if c == EXCUSE and wild:
            continue
        if not RANK[c]:
            return False
        ranks.add(RANK[c])
    return len(ranks) == 1


def is_run_meld(cards: Iterable[int], wild: bool = False) -> bool:
    """Three or more cards of consecutive ranks sharing one suit; Crown -> Ace does not wrap.
    A wild Excuse fills one rank (inside the run or at one end)."""
    cs = _distinct(cards)
    if not cs or len(cs) < 3:
        return False
    common = ALL_SUITS
    ranks: list[int] = []
    excuse = False
    for c in cs:
        if c == EXCUSE and wild:
            excuse = True
            continue
        if not RANK[c]:
            return False
        common &= SUIT_BITS[c]
        ranks.append(RANK[c])
    if not common or len(set(ranks)) != len(ranks):
        return False
    lo, hi = min(ranks), max(ranks)
    span = hi - lo + 1
    if not excuse:
        return span == len(ranks)
    if span == len(ranks) + 1:
        return True  # the Excuse fills the gap
    return span == len(ranks) and (lo > 1 or hi < 10)  # the Excuse extends one end


def meld_kind(cards: Iterable[int], wild: bool = False) -> str | None:
    """'suit', 'kind' or 'run' (the first that fits, in that order), or None."""
    cs = list(cards)
    if is_suit_meld(cs, wild):
        return "suit"
    if is_kind_meld(cs, wild):
        return "kind"
    if is_run_meld(cs, wild):
        return "run"
    return None


# -- the table of every meld ------------------------------------------------------------------------


def _suit_covers(target: int, cards: list[int]) -> list[int]:
    """Masks of card sets whose suits exactly partition the suit bits `target`."""
    out: list[int] = []

    def rec(left: int, acc: int) -> None:
        if not left:
            out.append(acc)
            return
        low = left & -left
        for c in cards:
            b = SUIT_BITS[c]
            if b & low and not b & ~left:
                rec(left ^ b, acc | (1 << c))

    rec(target, 0)
    return out


def _enumerate(wild: bool) -> set[int]:
    melds: set[int] = set()
    suited = [c for c in range(N) if SUIT_BITS[c]]
    melds.update(_suit_covers(ALL_SUITS, suited))
    by_rank: dict[int, list[int]] = {}
    for c in range(N):
        if RANK[c]:
            by_rank.setdefault(RANK[c], []).append(c)
    for group in by_rank.values():
        for k in range(3, len(group) + 1):
            for combo in combinations(group, k):
                melds.add(mask_of(combo))
    for s in range(len(SUITS)):
        line = {RANK[c]: c for c in range(N) if RANK[c] and SUIT_BITS[c] >> s & 1}
        for a in range(1, 11):
            for b in range(a + 2, 11):
                if all(r in line for r in range(a, b + 1)):
                    melds.add(mask_of(line[r] for r in range(a, b + 1)))
    if wild:
        for s in range(len(SUITS)):
            for m in _suit_covers(ALL_SUITS ^ (1 << s), suited):
                melds.add(m | EXCUSE_BIT)
        for group in by_rank.values():
            for k in range(2, len(group) + 1):
                for combo in combinations(group, k):
                    melds.add(mask_of(combo) | EXCUSE_BIT)
        for s in range(len(SUITS)):
            line = {RANK[c]: c for c in range(N) if RANK[c] and SUIT_BITS[c] >> s & 1}
            for a in range(1, 11):
                for b in range(a + 2, 11):
                    for gap in range(a, b + 1):
                        rest = [r for r in range(a, b + 1) if r != gap]
                        if all(r in line for r in rest):
                            melds.add(mask_of(line[r] for r in rest) | EXCUSE_BIT)
    return melds


class _Table:
    """All melds for one `wild` value: a set of masks, a trie by ascending card id, memos."""

    __slots__ = ("wild", "melds", "trie", "split_memo", "find_memo", "witness")

    def __init__(self, wild: bool) -> None:
        self.wild = wild
        self.melds: frozenset[int] = frozenset(_enumerate(wild))
        trie: list[dict] = [dict() for _ in range(N)]
        for m in self.melds:
            cs = cards_of(m)
            node = trie[cs[0]]
            for c in cs[1:]:
                node = node.setdefault(c, {})
            node[_TERMINAL] = True
        self.trie = trie
        # small witnesses: c is in some kind- or run-meld inside a mask iff one of these 3-card
        # melds containing c lies inside it (every longer kind/run contains such a triple)
        triples = [m for m in self.melds if m.bit_count() == 3 and not self._only_suit(m)]
        self.witness = [tuple(m for m in triples if m >> c & 1) for c in range(N)]
        self.split_memo: dict[int, tuple[int, ...] | None] = {0: ()}
        self.find_memo: dict[int, tuple[int, ...]] = {}

    def _only_suit(self, m: int) -> bool:
        cs = cards_of(m)
        return not is_kind_meld(cs, self.wild) and not is_run_meld(cs, self.wild)

    def coverable(self, c: int, mask: int) -> bool:
        """Whether card c (in mask) lies in at least one meld inside mask."""
        for w in self.witness[c]:
            if w & mask == w:
                return True
        if not SUIT_BITS[c]:
            return False
        return _cover_exists(ALL_SUITS ^ SUIT_BITS[c], mask & ~(1 << c) & ~EXCUSE_BIT,
                             1 if self.wild and mask & EXCUSE_BIT else 0)

    def split_hand(self, mask: int) -> tuple[int, ...] | None:
        """`split`, after a quick check that every card lies in some meld of the hand (most
        hands fail here, at a fraction of the cost of the search)."""
        memo = self.split_memo
        if mask in memo:
            return memo[mask]
        m = mask & ~EXCUSE_BIT
        while m:
            low = m & -m
            m ^= low
            if not self.coverable(low.bit_length() - 1, mask):
                memo[mask] = None
                return None
        return self.split(mask)

    # melds inside `mask` whose lowest card is `low` (a card of mask)
    def _with_low(self, low: int, members: tuple[int, ...], start: int, out: list[int]) -> None:
        node = self.trie[low]
        stack = [(node, start, 1 << low)]
        while stack:
            node, i, acc = stack.pop()
            for j in range(i, len(members)):
                child = node.get(members[j])
                if child is not None:
                    m = acc | (1 << members[j])
                    if _TERMINAL in child:
                        out.append(m)
                    if len(child) > 1 or _TERMINAL not in child:
                        stack.append((child, j + 1, m))

    def find(self, mask: int) -> tuple[int, ...]:
        """Every meld inside `mask`, as masks."""
        got = self.find_memo.get(mask)
        if got is not None:
            return got
        members = cards_of(mask)
        out: list[int] = []
        for i, c in enumerate(members):
            self._with_low(c, members, i + 1, out)
        res = tuple(out)
        if len(self.find_memo) > _MEMO_LIMIT:
            self.find_memo.clear()
        self.find_memo[mask] = res
        return res

    def has(self, mask: int) -> bool:
        got = self.find_memo.get(mask)
        if got is not None:
            return bool(got)
        members = cards_of(mask)
        trie = self.trie
        for i, c in enumerate(members):
            stack = [(trie[c], i + 1)]
            while stack:
                node, k = stack.pop()
                for j in range(k, len(members)):
                    child = node.get(members[j])
                    if child is not None:
                        if _TERMINAL in child:
                            return True
                        stack.append((child, j + 1))
        return False

    def with_card(self, c: int, mask: int) -> list[int]:
        """Every meld inside `mask` that contains card `c` (not the Excuse), built from the
        definitions: same-rank peers, suit lines around c, and exact covers of the other suits."""
        out: list[int] = []
        cb = 1 << c
        wild_x = self.wild and mask & EXCUSE_BIT
        r = RANK[c]
        if r:
            # kind-melds: c plus two or more peers (the wild Excuse may be one of them)
            peers = cards_of(PEERS[c] & mask)
            if wild_x:
                peers = peers + (EXCUSE,)
            k = len(peers)
            if k >= 2:
                for size in range(2, k + 1):
                    for combo in combinations(peers, size):
                        m = cb
                        for p in combo:
                            m |= 1 << p
                        out.append(m)
            # run-melds in each suit of c
            seen: set[int] = set()
            for s in SUIT_LIST[c]:
                bits = LINE_BIT[s]
                for a in range(1, r + 1):
                    m = 0
                    miss = 0
                    for q in range(a, 11):
                        qb = bits[q]
                        if qb & mask:
                            m |= qb
                        else:
                            miss += 1
                            if miss > 1 or not wild_x:
                                break
                        if q >= r and q - a >= 2:
                            if miss == 0:
                                out.append(m)
                                if wild_x:
                                    # the Excuse may replace any card of the window but c
                                    for p in range(a, q + 1):
                                        if p != r:
                                            mx = (m ^ bits[p]) | EXCUSE_BIT
                                            if mx not in seen:
                                                seen.add(mx)
                                                out.append(mx)
                            else:
                                mx = m | EXCUSE_BIT
                                if mx not in seen:
                                    seen.add(mx)
                                    out.append(mx)
        # suit-melds: cover the other suits exactly with cards of the mask
        avail = mask & ~cb & ~EXCUSE_BIT
        acc_out = out

        def cover(left: int, avail: int, acc: int, excuse: bool) -> None:
            if not left:
                acc_out.append(acc)
                return
            low = left & -left
            cand = avail & WITH_SUIT[low.bit_length() - 1]
            while cand:
                db = cand & -cand
                cand ^= db
                bits = SUIT_OF_BIT[db]
                if not bits & ~left:
                    cover(left ^ bits, avail & ~db, acc | db, excuse)
            if excuse:
                cover(left ^ low, avail, acc | EXCUSE_BIT, False)

        cover(ALL_SUITS ^ SUIT_BITS[c], avail, cb, bool(wild_x))
        return out

    def split(self, mask: int) -> tuple[int, ...] | None:
        """A tuple of meld masks that partitions `mask` exactly, or None."""
        memo = self.split_memo
        if mask in memo:
            return memo[mask]
        if len(memo) > _MEMO_LIMIT:
            memo.clear()
            memo[0] = ()
        plain = mask & ~EXCUSE_BIT
        result: tuple[int, ...] | None = None
        if plain:
            low = plain & -plain
            cands = self.with_card(low.bit_length() - 1, mask)
            # the biggest melds first: fewer pieces left to split (a set: a kind-meld can also
            # be a suit-meld)
            if len(cands) > 1:
                cands = sorted(set(cands), key=int.bit_count, reverse=True)
            for m in cands:
                rest = self.split(mask ^ m)
                if rest is not None:
                    result = (m, *rest)
                    break
        memo[mask] = result
        return result

    def split_by_trie(self, mask: int) -> tuple[int, ...] | None:
        """The same search over the trie (lowest card first); kept to cross-check `split`."""
        if not mask:
            return ()
        members = cards_of(mask)
        cands: list[int] = []
        self._with_low(members[0], members, 1, cands)
        for m in cands:
            rest = self.split_by_trie(mask ^ m)
            if rest is not None:
                return (m, *rest)
        return None


def _cover_exists(left: int, avail: int, excuse: int) -> bool:
    """Whether cards of `avail` (with a wild Excuse for one suit, if `excuse`) cover the suit
    bits `left` exactly."""
    return _cover_search(left, avail & FITS[left], excuse)


def _cover_search(left: int, avail: int, excuse: int) -> bool:
    if not left:
        return True
    low = left & -left
    cand = avail & WITH_SUIT[low.bit_length() - 1] & FITS[left]
    while cand:
        db = cand & -cand
        cand ^= db
        if _cover_search(left ^ SUIT_OF_BIT[db], avail ^ db, excuse):
            return True
    if excuse:
        return _cover_search(left ^ low, avail, False)
    return False


_TABLES: dict[bool, _Table] = {}


def _table(wild: bool) -> _Table:
    t = _TABLES.get(bool(wild))
    if t is None:
        t = _TABLES[bool(wild)] = _Table(bool(wild))
    return t


def all_melds(wild: bool = False) -> frozenset[int]:
    """Every meld of the 45 Decktet cards, as masks (for tests and statistics)."""
    return _table(wild).melds


def is_meld(cards: Iterable[int], wild: bool = False) -> bool:
    cs = _distinct(cards)
    if not cs:
        return False
    return mask_of(cs) in _table(wild).melds


def _ordered(mask: int, order: dict[int, int]) -> tuple[int, ...]:
    return tuple(sorted(cards_of(mask), key=lambda c: order.get(c, c)))


def find_melds(hand: Iterable[int], wild: bool = False) -> list[tuple[int, ...]]:
    """Every meld among the hand's cards (each a tuple of ids in hand order), smaller melds
    first, then in hand order."""
    hs = list(hand)
    order = {c: i for i, c in enumerate(hs)}
    found = _table(wild).find(mask_of(hs))
    out = [_ordered(m, order) for m in found]
    out.sort(key=lambda t: (len(t), [order[c] for c in t]))
    return out


def has_meld(hand: Iterable[int], wild: bool = False) -> bool:
    """Whether some meld lies among the hand's cards."""
    return _table(wild).has(mask_of(hand))


def meld_candidates(hand: Iterable[int], chosen: Iterable[int], wild: bool = False) -> list[int]:
    """Cards of `hand` (not in `chosen`) that can join `chosen` on the way to a meld that lies
    inside the hand, in hand order. With nothing chosen: every card that is in some meld."""
    hs = list(hand)
    ch = mask_of(chosen)
    ok = 0
    for m in _table(wild).find(mask_of(hs)):
        if m & ch == ch:
            ok |= m
    ok &= ~ch
    return [c for c in hs if ok >> c & 1]


def partition(cards: Iterable[int], wild: bool = False) -> list[tuple[int, ...]] | None:
    """A split of ALL the cards into melds (each a tuple in the given order), or None.
    An empty hand splits into no melds."""
    cs = _distinct(cards)
    if cs is None:
        return None
    if not cs:
        return []
    got = _table(wild).split_hand(mask_of(cs))
    if got is None:
        return None
    order = {c: i for i, c in enumerate(cs)}
    out = [_ordered(m, order) for m in got]
    out.sort(key=lambda t: order[t[0]])
    return out


def can_partition(cards: Iterable[int], wild: bool = False) -> bool:
    cs = _distinct(cards)
    if cs is None:
        return False
    return _table(wild).split_hand(mask_of(cs)) is not None


def can_partition_mask(mask: int, wild: bool = False) -> bool:
    """`can_partition` of the cards of a mask (a state's own hand, whose cards are distinct by
    construction: a search asks it of every hand of every playout)."""
    return _table(wild).split_hand(mask) is not None
