"""The dealing kit's `keep_voids`: a bot's sample keeps each card out of a hand seen to lack its
suit, moves nothing else it need not, keeps every card somewhere, and respects `fits` and
`stays`. And the trick kit's `shows_void`, which tells what a play shows missing."""

from __future__ import annotations

import random
from collections import Counter

from decktable.engine.kits.dealing import keep_voids
from decktable.engine.rng import Rng

SUIT = [c // 10 for c in range(40)]  # four suits of ten cards


def test_random_hands_end_with_no_card_of_a_lacked_suit() -> None:
    r = random.Random(1)
    for trial in range(300):
        cards = list(range(40))
        r.shuffle(cards)
        hands = [sorted(cards[i * 10 : i * 10 + 10]) for i in range(4)]
        lacks = [0, r.choice([0, 1, 2, 5]), r.choice([0, 4, 8]), r.choice([0, 2, 8])]
        before = Counter(c for h in hands for c in h)
        keep_voids(hands, [1, 2, 3], lacks, SUIT, Rng(trial))
        assert Counter(c for h in hands for c in h) == before and [len(h) for h in hands] == [10] * 4
        assert hands[0] == sorted(cards[0:10])  # the seat's own hand is never touched
        for s in (1, 2, 3):
            # a lacked card stays only where no hidden hand that may hold it had a card to give
            bad = [c for c in hands[s] if lacks[s] >> SUIT[c] & 1]
            for c in bad:
                takers = [t for t in (1, 2, 3) if t != s and not lacks[t] >> SUIT[c] & 1]
                assert not any(not lacks[s] >> SUIT[x] & 1 for t in takers for x in hands[t]), (trial, s, c)


def test_no_lacks_no_draws() -> None:
    hands = [[0, 11], [21, 31], [5, 15]]
    rng = Rng(4)
    state = rng.getstate()
    keep_voids(hands, [0, 1, 2], [0, 0, 0], SUIT, rng)
    assert hands == [[0, 11], [21, 31], [5, 15]] and rng.getstate() == state


def test_fits_and_stays_are_kept() -> None:
    for seed in range(100):
        hands = [[0, 1, 12], [13, 14, 2], [25, 26, 27]]  # hand 0 lacks suit 0 (cards 0-9)
        keep_voids(hands, [0, 1, 2], [1, 0, 0], SUIT, Rng(seed),
                   fits=lambda t, c: not (t == 2 and c == 1),  # card 1 may not go to hand 2
                   stays=lambda t, c: c == 0 and t == 0)  # card 0 is known to be in hand 0
        assert 0 in hands[0]  # known: it stays, though its suit is lacked
        assert 1 in hands[1]  # hand 2 may not take it, so hand 1 did
        assert 12 in hands[0] or 12 in hands[1] or 12 in hands[2]
        assert 2 not in hands[0]


def test_a_card_off_the_suit_led_shows_that_suit_missing() -> None:
    from decktable.engine.kits.tricks import shows_void

    assert shows_void([], 5, SUIT) == 0  # a lead shows nothing
    assert shows_void([(0, 3)], 7, SUIT) == 0  # followed
    assert shows_void([(0, 3), (1, 7)], 25, SUIT) == 1 << 0  # suit 0 led, a suit-2 card
    assert shows_void([(0, 31)], 12, SUIT) == 1 << 3


def test_cards_of_several_suits_leave_a_hand_that_lacks_any_of_them() -> None:
    """`bits`: a card's suits as a mask (Decktet cards have one to three). A hand that lacks a
    suit keeps no card carrying it; cards of no lacked suit may stay, and every card is kept."""
    r = random.Random(3)
    bits = [1 << (c % 6) | 1 << ((c * 7) % 6) for c in range(36)]  # one or two of six suits
    for trial in range(300):
        cards = list(range(36))
        r.shuffle(cards)
        hands = [sorted(cards[i * 12 : i * 12 + 12]) for i in range(3)]
        lacks = [0, r.choice([1, 2, 3]), r.choice([0, 8])]
        before = Counter(c for h in hands for c in h)
        keep_voids(hands, [1, 2], lacks, [0] * 36, Rng(trial), bits=bits)
        assert Counter(c for h in hands for c in h) == before
        for s in (1, 2):
            for c in hands[s]:
                if lacks[s] & bits[c]:  # left only where the other hand had nothing to trade
                    other = 3 - s
                    assert lacks[other] & bits[c] or not any(not lacks[s] & bits[x] for x in hands[other])


def test_a_card_seen_going_into_a_hand_stays_there() -> None:
    """`known` (a state's `known_in`): a card everyone saw go into zone `hand{t}` keeps its place,
    as `stays` would keep it, whether or not `stays` is also given."""
    for seed in range(100):
        hands = [[0, 1, 12], [13, 14, 2], [25, 26, 27]]  # hand 0 lacks suit 0 (cards 0-9)
        keep_voids(hands, [0, 1, 2], [1, 0, 0], SUIT, Rng(seed), known={0: "hand0", 27: "shown2"})
        assert 0 in hands[0] and 1 not in hands[0]  # seen going in: stays; the other moves
        hands = [[0, 1, 12], [13, 14, 2], [25, 26, 27]]
        keep_voids(hands, [0, 1, 2], [1, 0, 0], SUIT, Rng(seed), stays=lambda t, c: c == 1 and t == 0,
                   known={0: "hand0"})
        assert {0, 1} <= set(hands[0])  # both kept: one seen, one the game's own
