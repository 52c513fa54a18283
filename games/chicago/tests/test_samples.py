"""What a Chicago bot's samples keep of the tricks: a player who did not follow the suit led
holds none of it, and such a card lies anywhere else hidden, the stock and the face-down discards
included. Reached by play from a stacked deck (test_rules' `stack`: Ann leads the tricks)."""

from __future__ import annotations

from decktable.cards.french import FRENCH
from decktable.engine.rng import Rng

from .test_rules import G, JUNK, JUNK2, ROYAL, act, new, pass_all, stand_all

SLUG = {c.id: c.slug for c in FRENCH}
SPADES = {f"{r}s" for r in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "j", "q", "k", "a")}


def to_the_tricks():
    st = new([ROYAL, JUNK, JUNK2])
    for draw in (1, 2):
        stand_all(st)
        pass_all(st)
    stand_all(st)
    assert G.phase(st) == "play"
    return st


def samples(st, seat: int, n: int = 300) -> list[tuple[list[set[str]], set[str]]]:
    deal = G.determinizer(st, seat)
    rng = Rng(5)
    out = []
    for _ in range(n):
        sample = deal(rng)
        assert sample.hands[seat] == st.hands[seat]
        out.append(([{SLUG[c] for c in h} for h in sample.hands], {SLUG[c] for c in sample.stock + sample.discards}))
    return out


def test_a_suit_shown_missing_is_never_dealt_back() -> None:
    """Ann leads the Ace of spades; Bob and Cy hold none and throw hearts."""
    st = to_the_tricks()
    act(st, "play as", "play 2h", "play 3h")
    assert st.voids == [0, 1, 1]  # bit 0: spades
    ann = samples(st, 0)
    for hands, rest in ann:
        assert not SPADES & (hands[1] | hands[2])
        assert SPADES - set(ROYAL) <= rest
    for hands, _ in samples(st, 1):  # Bob knows the same of Cy
        assert not SPADES & hands[2]
    # what nobody showed is drawn anywhere: Bob's samples put Cy's diamonds in his hand or elsewhere
    bob = samples(st, 1)
    assert any(any(c.endswith("d") for c in hands[2]) for hands, _ in bob)
    assert any(not any(c.endswith("d") for c in hands[2]) for hands, _ in bob)


def test_following_shows_nothing() -> None:
    st = to_the_tricks()
    act(st, "play as")
    assert st.voids == [0, 0, 0]
    # before Bob and Cy answer, Ann's samples may give either of them spades
    assert any(SPADES & hands[1] for hands, _ in samples(st, 0, 100))


def test_the_fast_playout_keeps_the_voids_as_the_rules_do() -> None:
    """The search's random tricks (`_random_tricks`) mark a player who does not follow, as a
    played card does: the states after a playout and after the same moves replayed agree."""
    import random

    st = to_the_tricks()
    act(st, "play as")
    fast, slow = st.clone(), st.clone()
    trace: list = []
    G.playout(fast, random.Random(2).random, 1000, trace)
    for seat, a in trace:
        G.apply(slow, seat, a, events=False)
    assert fast.voids == slow.voids and any(fast.voids)
