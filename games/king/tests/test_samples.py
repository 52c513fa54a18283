"""What a King bot's samples keep of the play: a player who did not follow the suit led holds
none of it, except where a house rule made the play (the King of Hearts played at its "first
chance"). Reached by play, from a stacked deck and from seeded random games."""

from __future__ import annotations

import random

import decktable
from decktable.cards.french import FRENCH
from decktable.engine.rng import Rng

G = decktable.get_game("king")
NAMES = ["Ann", "Bob", "Cy", "Di"]
RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "j", "q", "k", "a"]
DECK = [r + s for s in "shdc" for r in RANKS]
SLUG = {c.id: c.slug for c in FRENCH}


def stacked(hands: list[list[str]]) -> list[str]:
    rest = [c for c in DECK if all(c not in h for h in hands)]
    full = [list(h) for h in hands]
    for h in full:
        while len(h) < 13:
            h.append(rest.pop(0))
    return [full[k % 4][k // 4] for k in range(52)]


def test_a_suit_shown_missing_is_never_dealt_back() -> None:
    bob = [r + "d" for r in RANKS[:12]] + ["as"]  # no hearts
    st = G.new(NAMES, seed=7, deck=stacked([["2h"], bob, [], []]), first_dealer=3)
    G.apply(st, 0, "play 2h")
    G.apply(st, 1, "play 2d")
    assert st.voids[1] == 1 << 1  # hearts
    deal = G.determinizer(st, 0)
    rng = Rng(2)
    hearts_with_bob = 0
    for _ in range(200):
        sample = deal(rng)
        held = [{SLUG[c] for c in h} for h in sample.hands]
        hearts_with_bob += any(c.endswith("h") for c in held[1])
        assert sorted(c for h in sample.hands for c in h) == sorted(c for h in st.hands for c in h)
    assert hearts_with_bob == 0
    # Cy and Di followed: the hearts Ann cannot see lie with them, as chance has it
    assert not st.voids[2] and not st.voids[3]


def test_the_king_of_hearts_at_its_first_chance_shows_nothing() -> None:
    seen = 0
    for seed in range(40):
        st = G.new(NAMES, seed=seed, king_of_hearts="first_chance")
        r = random.Random(seed)
        while not G.is_over(st) and st.hand_no <= 5:
            seat = G.to_act(st)[0]
            legal = G.legal_actions(st, seat)
            plays = st.trick.plays if st.phase == "play" else []
            forced = (st.hand_no == 5 and plays and [a.text for a in legal] == ["play kh"]
                      and any(SLUG[c][-1] == SLUG[plays[0][1]][-1] for c in st.hands[seat]))
            before = st.voids[seat]
            G.apply(st, seat, r.choice(legal), events=False)
            if forced:  # it had to play the King though it held the suit led: no void shown
                assert st.voids[seat] == before
                seen += 1
        if seen:
            return
    raise AssertionError("no King of Hearts played at its first chance in 40 games")
