"""What a Nonesuch bot's samples keep of the play: a player who did not follow the suit named holds
no card carrying it (a two-suited card included). From test_rules' stacked example deal: Tarrant
leads, Raphael holds no Moons, Ann is to see the samples."""

from __future__ import annotations

from decktable.rulesets.nonesuch.rules import CARRIES
from decktable.testing import samples as drawn

from .test_rules import G, bid_all, example_game

MOONS = CARRIES["moons"]


def samples(st, seat: int, n: int = 300) -> list[list[list[int]]]:
    return [s.hands for s in drawn(G, st, seat, n, seed=3)]


def test_a_suit_shown_missing_is_never_dealt_back() -> None:
    st = example_game()
    bid_all(st)
    G.apply(st, 0, "lead diplomat moons")
    assert any(MOONS & set(h[1]) for h in samples(st, 2, 100))  # before Raphael answers: anything goes
    G.apply(st, 1, "play sea")  # Raphael holds no Moons
    assert st.voids == [0, 1 << 0, 0]  # Moons is the first suit
    for hands in samples(st, 2):  # Ann's view: every Moons card she cannot see is Tarrant's
        assert not MOONS & set(hands[1])
    # what Raphael did not show is still drawn: Ann's samples give him Suns cards or none
    suns = CARRIES["suns"]
    ann = samples(st, 2)
    assert any(suns & set(h[1]) for h in ann) and any(not suns & set(h[1]) for h in ann)


def test_following_the_named_suit_shows_nothing() -> None:
    st = example_game()
    bid_all(st)
    G.apply(st, 0, "lead diplomat suns")
    G.apply(st, 1, "play desert")  # his one Suns card
    assert st.voids == [0, 0, 0]
    # nothing is inferred from a card that follows: Ann's samples still deal Raphael Moons
    assert any(MOONS & set(h[1]) for h in samples(st, 2, 100))
