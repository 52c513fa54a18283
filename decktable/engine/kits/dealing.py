"""Dealing from a deck list whose index 0 is the top card, and who deals first."""

from __future__ import annotations

from typing import TYPE_CHECKING

from decktable.engine.errors import BadOptions

if TYPE_CHECKING:
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
