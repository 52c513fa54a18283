"""King's playout policy (`Game.playout_action`, issue 34): the search's playouts choose contracts,
bid and say Up or Down by an estimate of the hand (`hand_tricks`), not at random. Positions are
reached through play from a stacked deck, at a positive hand (`first_hand=7`); Di deals, so
Ann, on her left, gets the first card and bids first."""

from __future__ import annotations

import random

import decktable
from decktable.engine.actions import Action
from decktable.rulesets.king.rules import ID_OF, hand_tricks

G = decktable.get_game("king")
NAMES = ["Ann", "Bob", "Cy", "Di"]
ANN, BOB, CY, DI = 0, 1, 2, 3
RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "j", "q", "k", "a"]
DECK = [r + s for s in "shdc" for r in RANKS]
# Ann: the seven best spades and low cards; Di (the dealer): twos, threes and fours, a five
ANN_HAND = ["as", "ks", "qs", "js", "10s", "9s", "8s", "2h", "3h", "2d", "3d", "2c", "3c"]
DI_HAND = ["2s", "3s", "4s", "4h", "5h", "6h", "4d", "5d", "6d", "4c", "5c", "6c", "7c"]


def positive_hand(ann: list[str], di: list[str]):
    """Hand 7 dealt from a stacked deck: card k goes to seat k % 4, Ann first."""
    rest = [c for c in DECK if c not in ann and c not in di]
    full = [list(ann), rest[0::2], rest[1::2], list(di)]
    deck = [full[k % 4][k // 4] for k in range(52)]
    st = G.new(NAMES, seed=7, deck=deck, first_dealer=3, first_hand=7)
    while G.phase(st) == "deal":
        G.apply(st, G.to_act(st)[0], "deal")
    assert G.phase(st) == "choose" and G.to_act(st) == (DI,)
    assert sorted(st.hands[ANN]) == sorted(ID_OF[c] for c in ann)
    return st


def test_auction_playouts_bid_by_the_hand_and_name_its_suit() -> None:
    """Di auctions the choice of trumps; 300 playouts of the hand from there, as the search plays
    them (`King.playout`, which asks the policy at every move that is not a card): no bid goes
    above 3 (random bids run to 13), Ann, whose seven best spades make naming them worth about
    two tricks, wins the auction every time at 1 and names spades, and Di, with about two
    tricks of her own and the 1 moved to her (fewer than a quarter of 13), says Down."""
    st0 = positive_hand(ANN_HAND, DI_HAND)
    G.apply(st0, DI, "auction")
    for seed in range(300):
        st = st0.clone()
        trace: list = []
        G.playout(st, random.Random(seed).random, 10_000, trace)
        bids = [int(a.args[0]) for _, a in trace if a.verb == "bid"]
        assert bids and max(bids) <= 3, (seed, bids)
        named = [(s, a) for s, a in trace if a.verb in ("trump", "notrump")]
        assert named == [(ANN, Action("trump", ("spades",)))], (seed, named)
        assert bids == [1], (seed, bids)
        assert (DI, Action("down")) in trace, seed


def test_the_dealer_chooses_her_best_and_plays_down_with_a_hopeless_hand() -> None:
    """Di, holding nothing above a seven, expects about one trick: whatever she chooses, she plays
    Down (325 less 75 a trick); Ann, with her spades, would choose spades."""
    st = positive_hand(ANN_HAND, DI_HAND)
    rand = random.Random(1).random
    assert hand_tricks(st.hands[DI], -1) < 13 / 4 < hand_tricks(st.hands[ANN], 0)
    choice = G.playout_action(st, DI, G.legal_actions(st, DI), rand)
    assert choice is not None and choice.verb in ("trump", "notrump")
    G.apply(st, DI, choice)
    assert G.playout_action(st, DI, G.legal_actions(st, DI), rand) == Action("down")
    worth = [hand_tricks(st.hands[ANN], t) for t in (0, 1, 2, 3, -1)]
    assert max(range(5), key=worth.__getitem__) == 0  # spades


def test_the_estimate_counts_masters_and_long_trumps() -> None:
    """Seven top spades are seven tricks, and four more with spades trump (the cards past the
    third); a hand of low cards counts none; turned into tricks as random play takes them."""
    spades = [ID_OF[c] for c in ANN_HAND]
    low = [ID_OF[c] for c in DI_HAND]
    assert abs(hand_tricks(spades, -1) - (1.26 + 0.70 * 7)) < 1e-9
    assert abs(hand_tricks(spades, 0) - (1.26 + 0.70 * 11)) < 1e-9
    assert abs(hand_tricks(low, -1) - 1.26) < 1e-9
