"""tricks.beating_assignment: the one-to-one pairing used by multi-card tricks (Bura)."""

from __future__ import annotations

from decktable.engine.kits.tricks import beating_assignment


def higher(a: int, b: int) -> bool:
    return a > b


def test_single_cards() -> None:
    assert beating_assignment([5], [7], higher) == (0,)
    assert beating_assignment([7], [5], higher) is None
    assert beating_assignment([7], [7], higher) is None


def test_a_pairing_is_searched_not_taken_in_order() -> None:
    # 8 beats only the 7; 12 beats both: only 8->7, 12->9 works, listed the other way round
    pairing = beating_assignment([7, 9], [12, 8], higher)
    assert pairing == (1, 0)
    assert beating_assignment([7, 9], [8, 9], higher) is None  # the 9 does not beat the 9


def test_three_cards_and_mismatched_lengths() -> None:
    pairing = beating_assignment([1, 2, 3], [4, 2, 3], higher)  # 2->1, 3->2, 4->3
    assert pairing == (1, 2, 0)
    assert beating_assignment([3, 3, 3], [4, 4, 2], higher) is None
    assert beating_assignment([1, 2], [3], higher) is None


def test_the_beats_rule_is_asked_as_answer_then_led() -> None:
    seen: list[tuple[int, int]] = []

    def rule(a: int, b: int) -> bool:
        seen.append((a, b))
        return True

    assert beating_assignment([10], [20], rule) == (0,)
    assert seen == [(20, 10)]
