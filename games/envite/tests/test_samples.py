"""What an Envite bot's samples keep of the play: a player who did not follow holds none of the
suit led (the top trump's privilege aside), and a captain's samples keep that as they fit the
signals. Hands stacked as in test_rules: position p gets hands[p], Ann (seat 0) leads."""

from __future__ import annotations

from decktable.engine.rng import Rng
from decktable.rulesets.envite.rules import ID_OF, SLUG, TABLES

from .test_rules import G, QUIET, both_pass, new

#: hearts are trumps (the 7 turned up); Bea holds no spade
HANDS = [["ks", "2s", "3d"], ["4c", "5c", "6d"], ["js", "7s", "5d"], ["3h", "4h", "ac"]]


def spades_of(cards) -> set[str]:
    return {SLUG[c] for c in cards if SLUG[c].endswith("s")}


def samples(st, seat: int, n: int = 300):
    deal = G.determinizer(st, seat)
    rng = Rng(11)
    return [deal(rng) for _ in range(n)]


def test_a_suit_shown_missing_is_never_dealt_back() -> None:
    st = new(HANDS, "7h", **QUIET)
    both_pass(st)
    G.apply(st, 0, "play ks")
    assert any(spades_of(x.hands[1]) for x in samples(st, 2, 100))  # before Bea answers
    G.apply(st, 1, "play 4c")  # no spade
    esuit = TABLES[(4, st.trump)][0]
    assert st.voids == [0, 1 << esuit[ID_OF["ks"]], 0, 0]
    cy = samples(st, 2)
    for x in cy:
        assert not spades_of(x.hands[1])
    # Ann's last spade lies with her, with Dan or out of play: Cy cannot tell which
    where = {("2s" in spades_of(x.hands[0])), ("2s" in spades_of(x.hands[3])), ("2s" in spades_of(x.stub))}
    assert where == {True, False}
    assert any("2s" in spades_of(x.hands[3]) for x in cy) and any("2s" in spades_of(x.stub) for x in cy)


def test_a_captain_reads_signals_and_voids_together() -> None:
    """Cy signals "nothing" truly (two spades and a five, no trump); Ann, his captain, trusts
    it; Bea shows no spade. In Ann's samples Cy never holds a trump and Bea never a spade."""
    st = new(HANDS, "7h")  # signals on (the full list)
    while G.phase(st) == "signal":
        seat = G.to_act(st)[0]
        G.apply(st, seat, "signal nothing")  # Cy's is true; Dan's goes to the other captain
    both_pass(st)
    G.apply(st, 0, "play ks")
    G.apply(st, 1, "play 4c")
    trump = st.trump
    esuit = TABLES[(4, trump)][0]
    for x in samples(st, 0):
        assert not spades_of(x.hands[1])
        assert not any(esuit[c] == trump for c in x.hands[2])


def test_the_top_trumps_privilege_shows_nothing() -> None:
    """With the privilege, a player whose only trump is the top one need not answer a trump lead:
    throwing another card then does not show that the hand holds no trump."""
    hands = [["kh", "2s", "3d"], ["2h", "5c", "6d"], ["js", "7s", "5d"], ["3h", "4h", "ac"]]
    st = new(hands, "7h", top_trump_privilege=True, trawl="standard", **QUIET)
    both_pass(st)
    G.apply(st, 0, "play kh")
    G.apply(st, 1, "play 5c")  # keeps the 2 of hearts, the top trump, back
    assert st.voids == [0, 0, 0, 0]
