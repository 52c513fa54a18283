"""The tricks kit's `winner(..., eligible=)`: seats, not cards, decide who may win (Toepen: a
player who has folded after playing to the trick cannot win it; if nobody still in followed the
suit led, the earliest card of a player still in wins)."""

from __future__ import annotations

import random

from decktable.engine.kits.tricks import winner

# cards as suit * 100 + rank
SUIT = lambda c: c // 100  # noqa: E731
RANK = lambda c: c % 100  # noqa: E731


def led_suit(plays: list[tuple[int, int]]):
    led = SUIT(plays[0][1])
    return lambda c: RANK(c) if SUIT(c) == led else None


def test_without_eligible_nothing_changes():
    plays = [(0, 105), (1, 203), (2, 109)]
    assert winner(plays, led_suit(plays)) == 2
    assert winner(plays, led_suit(plays), eligible=None) == 2
    assert winner(plays, lambda c: None) == 0
    assert winner([], lambda c: c) == 0


def test_a_refused_seat_cannot_win_even_with_the_best_card():
    plays = [(0, 105), (1, 114), (2, 109)]
    assert winner(plays, led_suit(plays), eligible=lambda s: s != 1) == 2


def test_the_lead_of_a_refused_seat_still_sets_the_suit():
    # seat 0 led hearts and folded; seat 2's heart beats seat 1's higher club
    plays = [(0, 113), (1, 212), (2, 102)]
    assert winner(plays, led_suit(plays), eligible=lambda s: s != 0) == 2


def test_nobody_eligible_followed_the_earliest_eligible_play_wins():
    plays = [(0, 113), (1, 212), (2, 305)]
    assert winner(plays, led_suit(plays), eligible=lambda s: s != 0) == 1
    assert winner(plays, led_suit(plays), eligible=lambda s: s == 2) == 2


def test_no_eligible_seat_gives_the_first_play():
    plays = [(0, 113), (1, 212)]
    assert winner(plays, led_suit(plays), eligible=lambda s: False) == 0


def test_ties_still_follow_later_wins_ties_among_eligible_seats():
    plays = [(0, 7), (1, 7), (2, 7)]
    assert winner(plays, lambda c: c, eligible=lambda s: s != 0) == 1
    assert winner(plays, lambda c: c, later_wins_ties=True, eligible=lambda s: s != 2) == 1


def toepen_reference(plays: list[tuple[int, int]], inhand: list[int]) -> int:
    """Toepen's own rule as it stood before it used the kit (games/toepen/rules.py)."""
    led = SUIT(plays[0][1])
    best, best_p, first = -1, -1, -1
    for i, (s, c) in enumerate(plays):
        if not inhand[s]:
            continue
        if first < 0:
            first = i
        if SUIT(c) == led and RANK(c) > best_p:
            best, best_p = i, RANK(c)
    if best >= 0:
        return best
    return first if first >= 0 else 0


def test_matches_toepens_former_rule_on_random_tricks():
    rng = random.Random(5)
    for _ in range(3000):
        n = rng.randint(1, 6)
        cards = rng.sample([s * 100 + r for s in range(4) for r in range(7, 15)], n)
        plays = list(zip(rng.sample(range(6), n), cards))
        inhand = [rng.random() < 0.6 for _ in range(6)]
        got = winner(plays, led_suit(plays), eligible=inhand.__getitem__)
        assert got == toepen_reference(plays, inhand), (plays, inhand)
