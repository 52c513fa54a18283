"""What Mattis's observation shows of the table (issue 33): a play of several cards is on the
trick row with every card, not only its top one."""

from __future__ import annotations

from games.mattis.tests.test_rules import G, act, to_phase_two_a


def test_a_sequence_shows_every_card_on_the_trick_row() -> None:
    st = to_phase_two_a()
    act(st, 0, "play 6h")
    act(st, 1, "play 9h 7h 8h")
    for seat in (None, 0, 1, 2):
        plays = G.observe(st, seat).trick.plays
        assert [(p.seat, p.card) for p in plays] == [(0, "6h"), (1, "7h"), (1, "8h"), (1, "9h")]
        assert [p.note for p in plays] == ["", "run of 3", "", ""]  # the run named once, in words
