"""The hand as the player likes to see it, and the cards just drawn — presentation only.

Sorting (`o` at the table) cycles the viewing seat's own hand between "as dealt" (the game's
order), "by suit" and "by rank". Only the order on screen changes: actions still name the same
cards. The facts come from the family's catalogue (`decktable.cards.catalogue`): the suit order is
the catalogue's (Decktet: Moons, Suns, Waves, Leaves, Wyrms, Knots; French: spades, hearts,
diamonds, clubs; tarot: trumps, then the four suits), a card of several suits sorts by its first;
the rank order is the game's own where its observation gives one (`Observation.rank_order`:
Polignac's K Q J A 10 9 8 7, Toepen's 10 9 8 7 A K Q J), else the catalogue's rank, with the
Decktet's rankless Pawns and Courts between the 9s and the Crowns; either way low to high, and
cards with neither suit nor rank (the Excuse, the Fool) last. The same order ranks the cards
within a suit when sorting by suit.

New cards (`NewCards`): one memory per seat of the hand it held when it last acted; cards in that
seat's hand that were not there are new (the card just drawn) until the seat acts again. A hand
that is mostly new (no card kept, or more than half of it and three cards or more) is a new deal,
not a draw, and marks nothing. Only
observations of the same seat are compared, so a hand-off between people resets nothing.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Iterable, Sequence

#: the orders a hand cycles through, and the words the hand's title gets
ORDERS: tuple[str, ...] = ("dealt", "suit", "rank")
ORDER_TITLES: dict[str, str] = {"dealt": "", "suit": " (by suit)", "rank": " (by rank)"}
#: where rankless kinds sit among the ranks (the Decktet's Pawns and Courts: after the 9s)
_KIND_RANK: dict[str, float] = {"pawn": 9.3, "court": 9.6}
_LAST = 1_000.0


def next_order(order: str) -> str:
    i = ORDERS.index(order) if order in ORDERS else 0
    return ORDERS[(i + 1) % len(ORDERS)]


@lru_cache(maxsize=8)
def _keys(family: str) -> dict[str, tuple[tuple[float, float, int], tuple[float, float, int]]]:
    """slug -> (suit key, rank key) from the family's catalogue; {} when it has none."""
    try:
        from decktable.cards import catalogue

        cat = catalogue(family)
    except Exception:  # an unknown family: the game's order stays
        return {}
    suit_pos = {s: i for i, s in enumerate(dict.fromkeys(s for c in cat.cards for s in c.suits))}
    out = {}
    for c in cat.cards:
        rank = float(c.rank) if c.rank is not None else _KIND_RANK.get(c.kind, _LAST)
        suit = float(suit_pos[c.suits[0]]) if c.suits else _LAST
        out[c.slug] = ((suit, rank, c.id), (rank, suit, c.id))
    return out


@lru_cache(maxsize=32)
def _ranked_keys(
    family: str, ranks: tuple[int, ...]
) -> dict[str, tuple[tuple[float, float, int], tuple[float, float, int]]]:
    """`_keys` with the game's rank order (`ranks`, high to low) in place of the catalogue's: a
    rank the game does not list sorts below the ones it does."""
    strength = {r: float(len(ranks) - i) for i, r in enumerate(ranks)}
    out = {}
    for slug, ((suit, rank, cid), _) in _keys(family).items():
        if rank != _LAST:
            rank = strength.get(int(rank), 0.0) if rank == int(rank) else 0.0
        out[slug] = ((suit, rank, cid), (rank, suit, cid))
    return out


def sort_cards(cards: Iterable[str], family: str, order: str, ranks: Sequence[int] = ()) -> list[str]:
    """The cards in the chosen order ("dealt" keeps the game's; unknown cards keep their place
    at the end, in the game's order). `ranks`: the game's rank order, high to low (the
    observation's `rank_order`); empty: the catalogue's."""
    cards = list(cards)
    if order not in ("suit", "rank"):
        return cards
    keys = _ranked_keys(family, tuple(ranks)) if ranks else _keys(family)
    which = 0 if order == "suit" else 1
    known = [c for c in cards if c in keys]
    return sorted(known, key=lambda c: keys[c][which]) + [c for c in cards if c not in keys]


class NewCards:
    """Per seat: the hand when the seat last acted; the cards added since are new."""

    def __init__(self) -> None:
        self._base: dict[int, frozenset[str]] = {}  # the hand the seat held when it last acted
        self._last: dict[int, frozenset[str]] = {}  # the hand last seen in that seat's view

    def seen(self, seat: int, cards: Iterable[str]) -> frozenset[str]:
        """The seat's own hand as its observation shows it now; returns the new cards."""
        hand = frozenset(cards)
        self._last[seat] = hand
        base = self._base.get(seat)
        new = hand - base if base is not None else hand
        if base is None or (len(hand) > 1 and not hand & base) or (len(new) > 2 and 2 * len(new) > len(hand)):
            self._base[seat] = hand  # the first view, or a new deal: nothing is "just drawn"
            return frozenset()
        return new

    def acted(self, seat: int) -> None:
        """The seat acted: what it held then is no longer new."""
        if seat in self._last:
            self._base[seat] = self._last[seat]
