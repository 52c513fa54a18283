"""The tricks kit's strict-play rule `head_options`: follow and beat, else follow, else trump; and
what an answer under it tells everyone of the hand that made it (`head_shows`)."""

from __future__ import annotations

import random

from decktable.engine.kits.tricks import head_options, head_shows

# cards as (suit, rank) packed into ints: suit * 10 + rank
SUIT = lambda c: c // 10  # noqa: E731
RANK = lambda c: c % 10  # noqa: E731


def opts(hand: list[int], lead: int, trump: int | None) -> list[int]:
    return head_options(
        hand,
        lambda c: SUIT(c) == SUIT(lead),
        lambda c: RANK(c) > RANK(lead),
        (lambda c: SUIT(c) == trump) if trump is not None else None,
    )


def test_must_beat_when_it_can() -> None:
    assert opts([13, 15, 18, 22, 31], lead=14, trump=3) == [15, 18]


def test_follows_low_when_it_cannot_beat() -> None:
    assert opts([12, 13, 22, 31], lead=17, trump=3) == [12, 13]


def test_trumps_when_void() -> None:
    assert opts([22, 31, 35], lead=17, trump=3) == [31, 35]


def test_anything_when_void_and_no_trump() -> None:
    assert opts([22, 24], lead=17, trump=3) == [22, 24]
    assert opts([22, 24], lead=17, trump=None) == [22, 24]


# -- what a strict answer tells: `head_shows` ---------------------------------------------------

DECK = [s * 10 + r for s in range(4) for r in range(1, 9)]


def shows(card: int, lead: int, trump: int | None) -> set[int]:
    return set(head_shows(
        card,
        DECK,
        lambda c: SUIT(c) == SUIT(lead),
        lambda c: RANK(c) > RANK(lead),
        (lambda c: SUIT(c) == trump) if trump is not None else None,
    ))


def test_head_shows_is_what_a_hand_playing_the_card_cannot_hold() -> None:
    """Checked against `head_options` itself, on 2,000 random hands: a card x is shown lacking
    exactly when a hand holding x (with the card played) could not play that card. So a sample
    that keeps the exclusions never gives a hand a card that would have forced another play, and
    rules out no card that would not have."""
    rng = random.Random(3)
    for _ in range(2000):
        lead = rng.choice(DECK)
        trump = rng.choice([None, 0, 1, 2, 3])
        hand = rng.sample([c for c in DECK if c != lead], rng.randint(1, 8))
        for card in opts(hand, lead, trump):
            told = shows(card, lead, trump)
            assert not told & set(hand), (hand, lead, trump, card)  # sound: the hand holds none
            for x in DECK:
                if x == lead or x == card:
                    continue
                forced = card not in opts([card, x], lead, trump)
                assert (x in told) == forced, (card, x, lead, trump)


def test_head_shows_examples() -> None:
    assert shows(15, lead=14, trump=3) == set()  # followed and beat: nothing
    assert shows(12, lead=14, trump=3) == {15, 16, 17, 18}  # followed low: no higher one
    assert shows(31, lead=14, trump=3) == set(range(11, 19))  # trumped: none of the suit led
    assert shows(22, lead=14, trump=3) == set(range(11, 19)) | set(range(31, 39))  # neither: no trump either
