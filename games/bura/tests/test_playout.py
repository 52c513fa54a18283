"""Bura's playout policy (`Game.playout_action`, issue 34): the search's playouts claim 31 exactly
when the seat's points hold it. Positions are reached through play from stacked decks (seat 1
deals: Ann gets the 1st, 3rd and 5th cards, Bea the 2nd, 4th and 6th, the 7th is turned up)."""

from __future__ import annotations

import random

import decktable
from decktable.engine.actions import Action
from decktable.rulesets.bura.rules import FULL, SLUG

G = decktable.get_game("bura")
NAMES = ["Ann", "Bea"]
ANN, BEA = 0, 1
CLAIM = Action("claim")


def new(ann: list[str], bea: list[str], up: str):
    head = [ann[0], bea[0], ann[1], bea[1], ann[2], bea[2], up]
    deck = head + [SLUG[c] for c in FULL if SLUG[c] not in head]
    return G.new(NAMES, seed=11, deck=deck)


def play_trick(st, lead: str, answer: str) -> None:
    G.apply(st, ANN, "pass")
    G.apply(st, BEA, "pass")
    G.apply(st, ANN, lead)
    G.apply(st, BEA, answer)


def ann_with_30():
    """Clubs trump. Ann leads J, K, A of Hearts; Bea's 10 and Queen beat two of them, her 6 beats
    nothing: Ann takes the trick with 30 points, one short, and is asked before her next lead
    (a claim now pays the pot and ends the hand)."""
    st = new(["jh", "kh", "ah"], ["6h", "qh", "10h"], "6c")
    play_trick(st, "lead jh kh ah", "answer 6h qh 10h")
    assert st.points == [30, 0] and G.phase(st) == "ask"
    assert CLAIM in G.legal_actions(st, ANN)
    return st


def test_playouts_claim_exactly_when_the_points_hold() -> None:
    """300 playouts of the hand from Ann's 30 points, each move as the search's generic loop makes
    it (`policy_step`): every claim is made with 31 or more, and whenever a seat to move holds 31
    it claims. Random play claims at about one move in four here, mostly short."""
    st0 = ann_with_30()
    claims = 0
    for seed in range(300):
        st = st0.clone()
        rand = random.Random(seed).random
        while not st.over and G.phase(st) != "scored":
            acting = G.to_act(st)
            seat = acting[int(rand() * len(acting))]
            had = st.points[seat]
            trace: list = []
            assert G.policy_step(st, seat, rand, trace)
            (_, made), = trace
            if made == CLAIM:
                claims += 1
                assert had >= 31, (seed, had)
            else:
                assert had < 31, (seed, had, made)
    assert claims > 0  # the policy does claim, when the points are there


def test_claims_at_31_at_every_kind_of_move() -> None:
    """Spades trump. Ann takes J, K, A of Diamonds against Bea's Queen, Ace of Hearts and 6 of
    Clubs: 31 points. The policy claims at the special-lead question and, when Bea leads first,
    in answer to her lead; Bea with none passes the question and leads or answers a card."""
    st = new(["jd", "kd", "ad"], ["qd", "ah", "6c"], "6s")
    play_trick(st, "lead jd kd ad", "answer qd ah 6c")
    assert st.points == [31, 0]
    rand = random.Random(3).random
    assert G.playout_action(st, ANN, G.legal_actions(st, ANN), rand) == CLAIM
    assert G.playout_action(st, BEA, G.legal_actions(st, BEA), rand) != CLAIM
    G.apply(st, ANN, "pass")
    G.apply(st, BEA, "pass")
    assert G.playout_action(st, ANN, G.legal_actions(st, ANN), rand) == CLAIM


def test_the_last_trick_below_31_ends_without_a_claim() -> None:
    """Random hands played out without a claim: when the cards run out, the policy claims with 31
    or more and passes below (a wrong claim there would double the pot)."""
    seen = set()
    for seed in range(40):
        st = G.new(NAMES, seed=seed)
        rng = random.Random(seed)
        while G.phase(st) not in ("final", "scored"):
            seat = G.to_act(st)[0]
            G.apply(st, seat, rng.choice([a for a in G.legal_actions(st, seat) if a != CLAIM]))
        if G.phase(st) != "final":
            continue
        seat = G.to_act(st)[0]
        want = CLAIM if st.points[seat] >= 31 else Action("pass")
        assert G.playout_action(st, seat, G.legal_actions(st, seat), rng.random) == want
        seen.add(want.verb)
    assert seen == {"claim", "pass"}
