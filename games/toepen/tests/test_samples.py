"""What a Toepen bot's samples keep of the play: a player who did not follow the suit led holds
none of it, and a card of that suit is as likely to be in the stock as a card of any other.
Reached by play from a stacked deck (test_rules' `stack`: Ann leads)."""

from __future__ import annotations

from decktable.cards.french import FRENCH
from decktable.testing import samples as drawn

from .test_rules import G, keep_all, new4

SLUG = {c.id: c.slug for c in FRENCH}
HEARTS = {"10h", "9h", "8h", "7h", "ah", "kh", "qh", "jh"}


def after_a_heart_lead():
    """Ann (test_rules' ANN: 10, 9, 8, 7 of hearts) leads the 7; Bob, Cat and Dan hold no heart
    and throw a card of their own suit each."""
    st = new4()
    keep_all(st)
    for seat, c in enumerate(["7h", "7s", "7d", "7c"]):
        G.apply(st, seat, f"play {c}")
    return st


def samples(st, seat: int, n: int = 300) -> list[tuple[list[set[str]], set[str]]]:
    """Each sample's hands, and the cards it puts in the stock."""
    return [([{SLUG[c] for c in h} for h in s.hands], {SLUG[c] for c in s.stock}) for s in drawn(G, st, seat, n, seed=5)]


def test_a_suit_shown_missing_is_never_dealt_back() -> None:
    st = after_a_heart_lead()
    assert st.voids == [0, 2, 2, 2]  # bit 1: hearts (SUITS order: spades, hearts, ...)
    for hands, stock in samples(st, 0):  # Ann: nobody else holds a heart, so the rest are in the stock
        assert not HEARTS & (hands[1] | hands[2] | hands[3])
        assert {"ah", "kh", "qh", "jh"} <= stock
    for hands, stock in samples(st, 1):  # Bob sees the same of Cat and Dan
        assert not HEARTS & (hands[2] | hands[3])


def test_the_other_cards_are_still_drawn_at_random() -> None:
    """Cat and Dan showed nothing of spades, diamonds or clubs: in Bob's samples those still fall
    anywhere hidden, in either hand or in the stock."""
    st = after_a_heart_lead()
    views = samples(st, 1)
    for suit in "sdc":
        assert any(any(c.endswith(suit) for c in hands[2]) for hands, _ in views)
        assert any(any(c.endswith(suit) for c in hands[3]) for hands, _ in views)
        assert any(any(c.endswith(suit) for c in stock) for _, stock in views)


def test_before_anyone_shows_out_the_samples_are_the_plain_re_deal() -> None:
    st = new4()
    keep_all(st)
    G.apply(st, 0, "play 7h")
    assert st.voids == [0, 0, 0, 0]
    # Bob's view: Ann's hearts may be anywhere hidden, Cat's and Dan's hands included
    assert any(HEARTS & hands[2] for hands, _ in samples(st, 1, 100))


def test_a_new_hand_forgets_the_voids() -> None:
    st = after_a_heart_lead()
    while st.trick_no > 1 or st.trick:  # play the hand out, each seat its first legal card
        seat = G.to_act(st)[0]
        G.apply(st, seat, G.legal_actions(st, seat)[0])
        if G.phase(st) != "play":
            break
    while G.phase(st) != "laundry" and not st.over:
        seat = G.to_act(st)[0]
        G.apply(st, seat, G.legal_actions(st, seat)[0])
    assert st.voids == [0] * 4
