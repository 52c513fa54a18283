"""The tricks kit's strict-play rule `head_options`: follow and beat, else follow, else trump."""

from __future__ import annotations

from decktable.engine.kits.tricks import head_options

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
