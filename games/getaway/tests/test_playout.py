"""Getaway's fast playout and prepared determinizer are shortcuts for the search: they must make
the very moves, and leave the very state, that the rules make and leave. The generic tests in
tests/test_bots.py check whole playouts under the default options; these also cut playouts short
in the middle of a trick and play under the stop rule and over several hands."""

from __future__ import annotations

import random
from typing import Any

import pytest

import decktable
from decktable.engine.rng import Rng

G = decktable.get_game("getaway")


def generic(st: Any, rand: Any, limit: int) -> list[tuple[int, Any]]:
    """The search's generic playout, through the public API: a random legal move of the seat to
    act, until the hand ends or `limit` moves are made."""
    sheet, hand_no = len(st.sheet), st.hand_no
    trace: list[tuple[int, Any]] = []
    while not st.over and len(st.sheet) == sheet and st.hand_no == hand_no and len(trace) < limit:
        seat = G.to_act(st)[0]
        la = G.legal_actions(st, seat)
        a = la[int(rand() * len(la))]
        trace.append((seat, a))
        G.apply(st, seat, a, events=False)
    return trace


def states(n: int, seed: int, options: dict[str, Any], every: int) -> Any:
    st = G.new(n, seed=seed, **options)
    r = random.Random(seed)
    k = 0
    while not st.over:
        if k % every == 0:
            yield st.clone()
        seat = G.to_act(st)[0]
        G.apply(st, seat, r.choice(G.legal_actions(st, seat)), events=False)
        k += 1


@pytest.mark.parametrize("n,options", [(3, {}), (4, {"hands": 2, "max_tricks": 10}), (6, {"hands": 2})])
def test_fast_playout_is_the_rules_even_when_cut_short(n: int, options: dict[str, Any]) -> None:
    for seed in range(2):
        for k, st in enumerate(states(n, seed, options, 7)):
            for limit in (1, 2, 3, 5, 9, 400):
                for draws in (
                    lambda: random.Random(k * 7 + limit).random,  # at random
                    lambda: (lambda: 0.0),  # always the first choice
                    lambda: (lambda: 0.9999),  # always the last (a lead: `take` where it may)
                ):
                    fast, slow = st.clone(), st.clone()
                    trace: list[Any] = []
                    made = G.playout(fast, draws(), limit, trace)
                    assert trace == generic(slow, draws(), limit), (seed, k, limit)
                    assert made == len(trace)
                    G.forget_departed(fast)  # as `apply` does after each move
                    assert fast.snapshot() == slow.snapshot(), (seed, k, limit)


def test_random_legal_and_the_determinizer_match_the_rules_at_every_seat() -> None:
    for k, st in enumerate(states(4, 3, {"hands": 2}, 3)):
        for seat in range(4):
            la = G.legal_actions(st, seat)
            r1, r2 = random.Random(k), random.Random(k)
            assert G.random_legal(st, seat, r1.random) == (la[int(r2.random() * len(la))] if la else None)
            assert r1.random() == r2.random()
            a, b = Rng(k), Rng(k)
            assert G.determinize(st, seat, a).snapshot() == G.determinizer(st, seat)(b).snapshot()
            assert a.random() == b.random()
