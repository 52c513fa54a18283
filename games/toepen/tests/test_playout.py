"""Toepen's playout policy (`Game.playout_action`, issue 34): the search's playouts knock only with
a good hand and fold or stay in by an estimate of the hand, not by a coin. Positions are reached
through play from a stacked deck (three players, Cat deals: Ann leads)."""

from __future__ import annotations

import random

import decktable
from decktable.cards.french import FRENCH
from decktable.engine.actions import Action

G = decktable.get_game("toepen")
ALL = [FRENCH[i].slug for i in range(52) if FRENCH[i].rank >= 7]
NAMES = ["Ann", "Bob", "Cat"]
ANN, BOB, CAT = 0, 1, 2
KNOCK, FOLD, STAY = Action("knock"), Action("fold"), Action("stay")
# Ann holds the four highest hearts, and nobody else holds a heart: she wins every trick she
# leads, and she leads them all. Bob holds the Queens and Jacks (the lowest cards) of two suits.
HANDS = {ANN: ["10h", "9h", "8h", "7h"], BOB: ["qs", "js", "qd", "jd"], CAT: ["as", "ks", "ad", "kd"]}


def dealt():
    """Everyone keeps the dealt hand; play begins with Ann to lead."""
    rest = [c for c in ALL if all(c not in h for h in HANDS.values())]
    deck = [HANDS[(CAT + 1 + i) % 3][k] for k in range(4) for i in range(3)] + rest
    st = G.new(NAMES, seed=11, deck=deck)
    while G.phase(st) == "laundry":
        G.apply(st, G.to_act(st)[0], "keep")
    assert G.phase(st) == "play" and G.to_act(st) == (ANN,)
    assert [FRENCH[c].slug for c in st.hands[ANN]] == HANDS[ANN]
    return st


def test_playouts_knock_with_a_good_hand_and_fold_a_hopeless_one() -> None:
    """300 playouts of the hand, each move as the search's generic loop makes it (`policy_step`):
    Ann, holding the four best hearts, knocks at her first move every time; Bob, with the
    lowest cards of two suits, never knocks, and folds every knock. Random play knocks at about
    one move in five and answers a knock by a coin."""
    st0 = dealt()
    bob_answers = 0
    for seed in range(300):
        st = st0.clone()
        rand = random.Random(seed).random
        moves: list = []
        while not st.over and G.phase(st) == "play" or G.phase(st) == "answer":
            seat = G.to_act(st)[0]
            assert G.policy_step(st, seat, rand, moves)
        assert moves[0] == (ANN, KNOCK), seed
        for seat, a in moves:
            if seat == BOB:
                assert a != KNOCK and a != STAY, (seed, a)
                bob_answers += a == FOLD
    assert bob_answers == 300  # Ann's knock reached him in every playout, and he folded


def test_stays_in_with_the_best_cards_against_a_knock() -> None:
    """Ann leads the Ten of hearts, Bob follows with a Queen, and Cat knocks before playing: Ann,
    whose three hearts left are the best, stays in; Bob folds."""
    st = dealt()
    G.apply(st, ANN, "play 10h")
    G.apply(st, BOB, "play qs")
    G.apply(st, CAT, "knock")
    rand = random.Random(1).random
    assert G.to_act(st) == (ANN,)
    assert G.playout_action(st, ANN, G.legal_actions(st, ANN), rand) == STAY
    G.apply(st, ANN, "stay")
    assert G.playout_action(st, BOB, G.legal_actions(st, BOB), rand) == FOLD


def test_the_estimate_reads_the_last_trick() -> None:
    """At the last trick the estimate is what the table shows: Bob, who cannot follow Ann's heart,
    has none; Ann, leading the last heart nobody else holds, has it all, and still has it when
    Cat knocks after Ann's card is on the table (she stays in)."""
    st = dealt()
    for ann, bob, cat in (("10h", "qs", "as"), ("9h", "js", "ks"), ("8h", "qd", "ad")):
        G.apply(st, ANN, f"play {ann}")
        G.apply(st, BOB, f"play {bob}")
        G.apply(st, CAT, f"play {cat}")
    assert st.trick_no == 4 and G.to_act(st) == (ANN,)
    assert G.win_estimate(st, ANN) == 1.0
    G.apply(st, ANN, "play 7h")
    assert G.win_estimate(st, BOB) == 0.0
    G.apply(st, BOB, "play jd")
    G.apply(st, CAT, "knock")  # after Ann's last card: her Seven on the table is the best heart left
    assert G.to_act(st) == (ANN,) and G.win_estimate(st, ANN) == 1.0
    assert G.playout_action(st, ANN, G.legal_actions(st, ANN), random.Random(1).random) == STAY
