"""Old Janx Spirit's guided playout: the search's playouts keep the cards that meld (`playout_guided`).

A random rummy hand almost never goes out, so random playouts tell the bots next to nothing; these
tests show the guided one throws the card a person would throw, goes out far more often, and still
plays every seat's moves legally and with some chance in them.
"""

from __future__ import annotations

import random

import pytest

from decktable.cards.decktet import DECKTET, card
from decktable.rulesets.old_janx_spirit.rules import GAME as G

from .test_rules import EX_I, stack

#: example (i) and a card that lies in no meld of three with any of its ten: the Crown of Knots
#: (the only other Crowns are in no hand, and a suit-meld of three needs two-suited cards)
ORPHANS = [(EX_I, "windfall")]


def _steady(value: float):
    return lambda: value


@pytest.mark.parametrize("win,orphan", ORPHANS, ids=["example-i"])
@pytest.mark.parametrize("drawn", ["orphan", "meld card"])
def test_guided_playout_throws_the_card_that_melds_least_and_goes_out(win, orphan, drawn):
    """The starter holds nine cards of a winning hand and draws the tenth, or holds all ten and
    draws a card that melds with none of them: either way it throws that card, and can go out.
    (0.5 is never under one in six, so no move is drawn at random.)"""
    if drawn == "orphan":
        deck = stack(win, draw_top=[orphan])
    else:
        deck = stack(win[:9] + [orphan], draw_top=[win[9]])
    st = G.new(["Ann", "Bob"], seed=8, deck=deck)
    s = st.turn
    trace: list = []
    assert G.playout(st, _steady(0.5), 2, trace) == 2
    assert [str(a) for _, a in trace] == ["draw deck", f"discard {orphan}"]
    assert sorted(DECKTET[c].slug for c in st.hands[s]) == sorted(win)
    assert [str(a) for a in G.legal_actions(st, s)] == ["out"]


ANN = ["castle", "painter", "author", "huntress", "desert", "merchant", "sailor", "mountain", "origin", "penitent"]
BOB_REST = ["sea", "diplomat", "ace-suns", "bard", "ace-waves", "cave", "battle", "mill"]


@pytest.mark.parametrize("bob,takes", [
    (["market", "betrayal"] + BOB_REST, True),  # the Castle (7) makes 6-7-8 of Knots with these
    (BOB_REST + ["windfall", "soldier"], False),  # without them it is worth less than his worst card
])
def test_guided_playout_takes_a_face_up_card_that_melds_with_the_hand(bob, takes):
    """Ann draws the Ace of Leaves and throws the Castle, the card that melds least with her
    hand. Bob takes it from the discard pile when he holds the Market and the Betrayal (a Knots
    run 6-7-8 waits for it), and draws blind when he does not."""
    st = G.new(["Ann", "Bob"], seed=3, deck=stack(ANN, draw_top=["ace-leaves"], dealer=bob))
    a = st.turn
    trace: list = []
    G.playout(st, _steady(0.5), 3, trace)
    assert [(s == a, str(x)) for s, x in trace] == [
        (True, "draw deck"), (True, "discard castle"), (False, "draw discard" if takes else "draw deck"),
    ]


def _random_playout(st, rand) -> None:
    """The search's generic playout, uniformly random, to the end of the hand."""
    hand_no, sheet = st.hand_no, len(st.sheet)
    while not st.over and st.hand_no == hand_no and len(st.sheet) == sheet:
        seat = G.to_act(st)[0]
        la = G.legal_actions(st, seat)
        G.apply(st, seat, la[int(rand() * len(la))], events=False)


def test_guided_playouts_go_out_far_more_often_than_random_ones():
    """From the same 150 deals, the guided playout ends two hands in three with someone going
    out; the random one about one in five (the rest run out of cards and are void)."""
    guided = random_outs = 0
    for seed in range(150):
        st = G.new(2, seed=seed)
        G.playout(st, random.Random(seed).random, 1000)
        guided += any(st.sheet[-1])
        st = G.new(2, seed=seed)
        _random_playout(st, random.Random(seed).random)
        random_outs += any(st.sheet[-1])
    assert guided >= 2 * random_outs
    assert guided >= 75


def test_guided_playout_keeps_chance_in_it():
    """The same deal played out with different generators takes different courses, and a draw
    under one in six makes a move at random (here the first card of the hand, not the orphan)."""
    courses = set()
    for seed in range(12):
        st = G.new(2, seed=4)
        trace: list = []
        G.playout(st, random.Random(seed).random, 1000, trace)
        courses.add(tuple(trace))
    assert len(courses) > 6
    st = G.new(["Ann", "Bob"], seed=8, deck=stack(EX_I, draw_top=["windfall"]))
    s = st.turn
    trace = []
    G.playout(st, _steady(0.0), 2, trace)
    assert str(trace[1][1]) == f"discard {EX_I[0]}"
    assert card("windfall") in st.hands[s]


def test_the_guided_playout_goes_out_by_the_rules_own_step():
    """Going out is the rules' own step: with example (i) and the orphan drawn, the hand ends
    with the starter's point."""
    st = G.new(["Ann", "Bob"], seed=8, deck=stack(EX_I, draw_top=["windfall"]))
    s = st.turn
    G.playout(st, _steady(0.5), 1000)
    assert st.sheet[-1][s] == 1 and st.scores[s] == 1
