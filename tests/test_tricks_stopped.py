"""The tricks kit's stopping trick `stopped_trick` (Getaway): the trick stops at the first play
that does not follow, and the strongest card of the led suit played before it picks it up."""

from __future__ import annotations

from decktable.engine.kits.tricks import stopped_trick

# cards as suit * 100 + rank
SUIT = lambda c: c // 100  # noqa: E731
RANK = lambda c: c % 100  # noqa: E731


def stop(plays: list[tuple[int, int]]) -> int | None:
    lead = plays[0][1]
    return stopped_trick(plays, lambda c: SUIT(c) == SUIT(lead), RANK)


def test_no_stop_while_everyone_follows():
    assert stop([(0, 109)]) is None
    assert stop([(0, 109), (1, 113), (2, 102)]) is None


def test_seed_example_nine_king_then_a_club():
    # 9 of hearts led, King of hearts follows, a club cannot follow: the King's player picks up
    plays = [(3, 109), (4, 113), (5, 402)]
    assert stop(plays) == 1 and plays[stop(plays)][0] == 4


def test_the_lead_picks_up_when_it_is_highest_and_the_next_player_is_void():
    assert stop([(0, 112), (1, 305)]) == 0


def test_only_plays_before_the_stop_count():
    # a later (impossible in play, but given) higher heart after the stop is ignored
    assert stop([(0, 105), (1, 103), (2, 207), (3, 114)]) == 0


def test_equal_strength_goes_to_the_earlier_play():
    plays = [(0, 7), (1, 7), (2, 105)]
    assert stopped_trick(plays, lambda c: c < 100, lambda c: c) == 0
