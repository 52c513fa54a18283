"""Dealing from a deck list whose index 0 is the top card, and who deals first; and, for bots'
samples, keeping cards out of a hand that was seen to lack their suit (`keep_voids`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from decktable.engine.errors import BadOptions

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping, Sequence

    from decktable.engine.rng import Rng


def deal(deck: list[int], hands: int, each: int, first: int = 0, batch: int = 1) -> list[list[int]]:
    """Deal `each` cards to `hands` hands, `batch` at a time, starting with hand `first`.
    Cards are taken from the top (index 0) of `deck`, which is shortened in place."""
    out: list[list[int]] = [[] for _ in range(hands)]
    need = hands * each
    if need > len(deck):
        raise ValueError(f"cannot deal {need} cards from {len(deck)}")
    if batch == 1 or each <= batch:
        # one card (or the whole share) at a time round the table: hand `first + k` takes every
        # `hands`-th card from position k (a batch of `each` or more gives each hand one block)
        if batch == 1:
            for k in range(hands):
                out[(first + k) % hands] = deck[k:need:hands]
        else:
            for k in range(hands):
                out[(first + k) % hands] = deck[k * each : (k + 1) * each]
        del deck[:need]
        return out
    taken = 0
    while taken < need:
        for k in range(hands):
            h = (first + k) % hands
            n = min(batch, each - len(out[h]))
            out[h].extend(deck[taken : taken + n])
            taken += n
    del deck[:need]
    return out


def draw(deck: list[int], n: int = 1) -> list[int]:
    """Take up to `n` cards from the top."""
    cards = deck[:n]
    del deck[:n]
    return cards


def left_of(seat: int, players: int, steps: int = 1) -> int:
    """The seat `steps` places clockwise (to the left) of `seat`."""
    return (seat + steps) % players


def check_first_dealer(game: str, chosen: int | None, players: int) -> None:
    """Refuse a `first_dealer` option that names no seat of a table of `players` (BadOptions)."""
    if chosen is not None and chosen >= players:
        raise BadOptions(f"Bad options for {game}: first_dealer is seat {chosen}, but seats run 0 to {players - 1}.")


def first_dealer(players: int, rng: Rng, chosen: int | None, stacked: bool) -> int:
    """Who deals first: the seat the `first_dealer` option names; else, with a stacked deck, the
    last seat (a stacked deal is the same for every seed: seat 0, on the dealer's left, gets the
    top card); else a seat at random from `rng`."""
    if chosen is not None:
        return chosen
    if stacked:
        return players - 1
    return rng.below(players)


def keep_voids(
    hands: list[list[int]],
    hidden: Sequence[int],
    lacks: Sequence[int],
    suit_of: Sequence[int],
    rng: Rng,
    fits: Callable[[int, int], bool] | None = None,
    stays: Callable[[int, int], bool] | None = None,
    *,
    bits: Sequence[int] | None = None,
    known: Mapping[int, str] | None = None,
) -> None:
    """For a bot's sample, in place: each hidden hand holds none of the suits it was seen to lack
    (`lacks[s]`, bits of `suit_of[card]`: it played another card to that suit's lead). A card it
    should not hold changes places with a card drawn at random from another hidden hand that may
    take it (that hand does not lack its suit, and `fits(hand, card)`) and that this hand may
    hold; a card with no such place stays, so a playout can still finish. `stays(hand, card)`:
    a card known to be in that hand, which never moves. A "hand" is any hidden place: a game
    passes its stock too, where a card a player lacks may well lie.

    `known`: a state's `known_in` (card -> the zone everyone saw it go into); a card seen going
    into zone `hand{t}` stays in hidden place t, as `stays` would keep it.

    `bits`, for cards of several suits (the Decktet's): each card's suits as a mask, in place of
    `suit_of`; a hand may not hold a card any of whose bits it lacks (a game may give a bit to
    something other than a suit, as Type Trump does to its trumps).

    The draw: a card at random from the hands that may take this one, until one this hand may
    hold (most may: a draw or two, the same odds as drawing from the list of them, which is
    made only after eight misses)."""
    if known:
        told = stays
        seen = known

        def stays(t: int, c: int) -> bool:
            return seen.get(c) == f"hand{t}" or (told is not None and told(t, c))
    if bits is None:
        def lacked(lack: int, c: int) -> int:
            return lack >> suit_of[c] & 1
    else:
        mask = bits

        def lacked(lack: int, c: int) -> int:
            return lack & mask[c]
    for s in hidden:
        lack = lacks[s]
        if not lack:
            continue
        mine = hands[s]
        for j, c in enumerate(mine):
            if not lacked(lack, c) or (stays is not None and stays(s, c)):
                continue
            takers = [t for t in hidden
                      if t != s and not lacked(lacks[t], c) and (fits is None or fits(t, c))]
            total = sum(len(hands[t]) for t in takers)
            if not total:
                continue
            spot = None
            for _ in range(8):
                k = rng.below(total)
                for t in takers:
                    if k < len(hands[t]):
                        break
                    k -= len(hands[t])
                x = hands[t][k]
                if _may_take(s, x, lack, lacked, fits) and not (stays is not None and stays(t, x)):
                    spot = (t, k)
                    break
            if spot is None:
                spots = [(t, k) for t in takers for k, x in enumerate(hands[t])
                         if _may_take(s, x, lack, lacked, fits) and not (stays is not None and stays(t, x))]
                if not spots:
                    continue
                spot = spots[rng.below(len(spots))]
            t, k = spot
            mine[j], hands[t][k] = hands[t][k], c


def _may_take(
    s: int, x: int, lack: int, lacked: Callable[[int, int], int], fits: Callable[[int, int], bool] | None
) -> bool:
    return not lacked(lack, x) and (fits is None or fits(s, x))
