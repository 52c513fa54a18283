"""Chicago's playout policy (`Game.playout_action`, issue 34): the search's playouts declare at a
showdown whenever the rules allow it (a declaration only ever scores), not at random."""

from __future__ import annotations

import random
from typing import Any

import decktable
from decktable.engine.actions import Action

G = decktable.get_game("chicago")


def showdowns(seed: int):
    """The states of a random two-player game at every showdown question."""
    st = G.new(2, seed=seed)
    r = random.Random(seed)
    while not st.over and st.hand_no <= 3:
        seat = G.to_act(st)[0]
        if G.phase(st) == "showdown":
            yield st.clone(), seat
        la = G.legal_actions(st, seat)
        G.apply(st, seat, r.choice(la), events=False)


def test_the_policy_declares_whenever_it_may() -> None:
    may = 0
    for seed in range(20):
        for st, seat in showdowns(seed):
            la = G.legal_actions(st, seat)
            a = G.playout_action(st, seat, la, random.Random(1).random)
            if Action("declare") in la:
                assert a == Action("declare"), seed
                may += 1
            else:
                assert a is None  # nothing to decide: the search draws the one move
    assert may >= 10


def test_playouts_declare_every_hand_that_may() -> None:
    """200 playouts from the first showdown, as the search makes them (`playout`): at every
    showdown question where the seat may declare, it declares. Random playouts passed half the
    time."""
    checked = 0
    for seed in range(4):
        st0, _seat = next(showdowns(seed))
        for r in range(50):
            st = st0.clone()
            rand = random.Random(r).random
            while not st.over and not st.sheet:
                seat = G.to_act(st)[0]
                may = G.phase(st) == "showdown" and Action("declare") in G.legal_actions(st, seat)
                trace: list[Any] = []
                G.playout(st, rand, 1, trace)
                if may:
                    assert trace == [(seat, Action("declare"))]
                    checked += 1
    assert checked >= 50
