"""Rally's playout policy (`Game.playout_action`, issue 34): the search's playouts bargain by
holding and call Solo, Prop and Cop by an estimate of the hand (`hand_worth`), not at random.
Positions are reached through play from a stacked deck."""

from __future__ import annotations

import random
from collections import Counter

import decktable
from decktable.cards.tarot import TAROT
from decktable.engine.actions import Action
from games.rally.rules import POINTS_Q, hand_worth

G = decktable.get_game("rally")
NAMES = ["Ann", "Bob", "Cat", "Dan"]
ANN, BOB, CAT, DAN = range(4)
ALL = [c.slug for c in TAROT]

# Ann: the four Kings (20 in big cards, so she may Prop) and nothing else of worth: no trump.
ANN_HAND = ["ke", "kw", "kf", "ka", "10e", "9e", "8e", "7e", "6e", "5e", "10w", "9w", "8w", "7w", "6w"]
# Bob: eleven trumps with the World, XVII-XX and the Fool: a hand to declare with.
BOB_HAND = ["t21", "t20", "t19", "t18", "t17", "t16", "t15", "t14", "t13", "t12", "t11", "fool", "qe", "qw", "qf"]


def deck() -> list[str]:
    """Dan deals: packets of five to Ann, Bob, Cat, Dan, again, three to the stock, then a last
    packet of five each; Cat and Dan get the rest in catalogue order."""
    rest = [c for c in ALL if c not in ANN_HAND + BOB_HAND]
    hands = [ANN_HAND, BOB_HAND, rest[:15], rest[15:30]]
    stock = rest[30:33]
    out: list[str] = []
    for p in range(2):
        for h in hands:
            out += h[p * 5 : p * 5 + 5]
    out += stock
    for h in hands:
        out += h[10:15]
    assert sorted(out) == sorted(ALL)
    return out


def solo_round():
    """After the bargaining (Ann holds), the Solo round from Ann, Eldest."""
    st = G.new(NAMES, seed=7, deck=deck())
    assert G.to_act(st) == (ANN,)
    G.apply(st, ANN, "hold")
    assert st.phase == "solo" and G.to_act(st) == (ANN,)
    assert G._big(st, ANN) == 20 and hand_worth(st.hands[ANN], POINTS_Q) < 10
    assert hand_worth(st.hands[BOB], POINTS_Q) > 60
    return st


def test_playouts_call_by_the_hand() -> None:
    """300 playouts of the hand from the Solo round, each move as the search makes it (`playout`):
    Ann, with four Kings and no trump, never plays Solo nor calls Prop; Bob, with eleven trumps
    and the World, declares in every playout (Solo, or Prop when it comes to him). Random calls
    had Ann play Solo in half the playouts and Prop in half the rest."""
    st0 = solo_round()
    calls: Counter = Counter()
    for seed in range(300):
        st = st0.clone()
        trace: list = []
        G.playout(st, random.Random(seed).random, 10**6, trace)
        assert st.sheet, "the playout ends the hand"
        for seat, a in trace:
            if a.verb in ("solo", "prop", "cop"):
                calls[(seat, a.verb)] += 1
    assert calls[(ANN, "solo")] == 0 and calls[(ANN, "prop")] == 0
    assert calls[(BOB, "solo")] + calls[(BOB, "prop")] == 300


def test_bargaining_holds_and_prop_needs_the_hand() -> None:
    """The policy holds at the bargaining, and in the Prop round passes Ann's four Kings though
    Prop is offered her; everybody passes Solo here but Bob."""
    st = G.new(NAMES, seed=7, deck=deck())
    rand = random.Random(1).random
    assert G.playout_action(st, ANN, G.legal_actions(st, ANN), rand) == Action("hold")
    G.apply(st, ANN, "hold")
    assert G.playout_action(st, ANN, G.legal_actions(st, ANN), rand) == Action("pass")
    G.apply(st, ANN, "pass")
    assert G.playout_action(st, BOB, G.legal_actions(st, BOB), rand) == Action("solo")
    G.apply(st, BOB, "pass")  # Bob passes all the same: the Prop round comes
    for seat in (CAT, DAN):
        G.apply(st, seat, "pass")
    G.apply(st, DAN, G.legal_actions(st, DAN)[0])  # the dealer discards
    assert st.phase == "prop" and G.to_act(st) == (ANN,)
    assert Action("prop") in G.legal_actions(st, ANN)
    assert G.playout_action(st, ANN, G.legal_actions(st, ANN), rand) == Action("pass")
    G.apply(st, ANN, "pass")
    assert G.playout_action(st, BOB, G.legal_actions(st, BOB), rand) == Action("prop")
