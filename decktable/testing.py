"""Helpers for the games' own tests: no Textual, nothing the table uses.

What a bot's samples hold is tested in many games alike (a player who showed out of a suit holds
none of it in any sample, a declared hand keeps its class): each such test draws the samples the
search would draw and looks at the hands, so the drawing is written once, here.
"""

from __future__ import annotations

from typing import Any

from decktable.engine.rng import Rng


def samples(game: Any, state: Any, seat: int, n: int = 300, seed: int = 5) -> list[Any]:
    """`n` samples the search would draw for `seat` (the game's `determinizer`, one generator
    seeded with `seed`), each checked to leave the seat's own hand as it is: a sample re-deals
    only what the seat cannot see."""
    deal = game.determinizer(state, seat)
    rng = Rng(seed)
    out = []
    for _ in range(n):
        sample = deal(rng)
        assert sample.hands[seat] == state.hands[seat], "a sample changed the seat's own hand"
        out.append(sample)
    return out


def sampled_hands(game: Any, state: Any, seat: int, n: int = 300, seed: int = 5) -> list[list[set[str]]]:
    """The hands of `samples`, each as the set of its cards' slugs."""
    slug = [c.slug for c in game.catalogue]
    return [[{slug[c] for c in hand} for hand in s.hands] for s in samples(game, state, seat, n, seed)]
