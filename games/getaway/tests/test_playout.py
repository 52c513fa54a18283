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
from games.getaway.rules import ID_OF, RANK, SUIT_IX

G = decktable.get_game("getaway")


def generic(st: Any, rand: Any, limit: int) -> list[tuple[int, Any]]:
    """The search's generic playout, through the public API: the game's playout policy where it
    answers (`Game.playout_action`, asked as the search asks it), else a random legal move of the
    seat to act, until the hand ends or `limit` moves are made."""
    sheet, hand_no = len(st.sheet), st.hand_no
    trace: list[tuple[int, Any]] = []
    while not st.over and len(st.sheet) == sheet and st.hand_no == hand_no and len(trace) < limit:
        seat = G.to_act(st)[0]
        la = G.legal_actions(st, seat)
        a = G.playout_action(st, seat, la, rand) if len(la) > 1 else None
        if a is None:
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


# -- the playout policy (`Game.playout_action`, issue 34) ---------------------------------------


def test_playouts_never_take_a_hand() -> None:
    """From positions all along random three-player deals, playouts as the search makes them
    (`playout`) never take a hand: random leads took one at a chance of one in (cards + 1),
    half the time with one card left."""
    seen = 0
    for seed in range(3):
        for k, st in enumerate(states(3, seed, {}, 5)):
            if st.first or G.phase(st) != "play":
                continue
            for r in range(4):
                trace: list[Any] = []
                G.playout(st.clone(), random.Random(k * 10 + r).random, 10_000, trace)
                assert all(a.verb != "take" for _, a in trace), (seed, k)
                seen += 1
    assert seen > 20


def _moments(kind: str):
    """States from random four-player deals (takes left out, so that deals reach two players):
    'last' where the second of two players answers a last card led, 'shoot' where the shootout's
    answerer is to play; in each the answerer holds a card of the suit above it and one below.
    The deals are played on by the policy, so that a last card is answered lower and a shootout
    comes."""
    for seed in range(150):
        st = G.new(4, seed=seed)
        r = random.Random(seed)
        while not st.over and st.hand_no == 1:
            seat = G.to_act(st)[0]
            la = G.legal_actions(st, seat)
            plays = st.trick.plays
            if plays and len(la) > 1:
                led = plays[0][1]
                ranks = [RANK[ID_OF[a.args[0]]] for a in la]
                follow = all(SUIT_IX[ID_OF[a.args[0]]] == SUIT_IX[led] for a in la)
                both = follow and min(ranks) < RANK[led] < max(ranks)
                if both and kind == "shoot" and st.phase == "shootout":
                    yield st.clone()
                if both and kind == "last" and st.phase == "play" and sum(st.inn) == 2 and not st.hands[plays[0][0]]:
                    yield st.clone()
            a = G.playout_action(st, seat, la, r.random) if len(la) > 1 else None  # the policy leads on
            G.apply(st, seat, a or r.choice([a for a in la if a.verb != "take"]), events=False)


@pytest.mark.parametrize("kind", ["last", "shoot"])
def test_a_last_card_and_a_drawn_card_are_answered_lower(kind: str) -> None:
    """Answering a last card led (two players in) or a card drawn in the shootout, the policy
    plays the highest card of the suit below it: a higher card loses on the spot."""
    found = 0
    for st in _moments(kind):
        seat = G.to_act(st)[0]
        la = G.legal_actions(st, seat)
        led = RANK[st.trick.plays[0][1]]
        a = G.playout_action(st, seat, la, random.Random(1).random)
        assert a is not None
        want = max((RANK[ID_OF[x.args[0]]] for x in la if RANK[ID_OF[x.args[0]]] < led))
        assert RANK[ID_OF[a.args[0]]] == want
        found += 1
    assert found >= 2
