"""What a Type Trump bot's samples keep of the play: a player who did not follow holds nothing
that would have followed (no card sharing a suit with the lead; no trump after a trump lead).
Reached by play from a stacked deck: the cards go round one at a time from Ann, who leads; the
first round's trumps are the Personalities."""

from __future__ import annotations

import pytest

from decktable.cards.decktet import BASIC_IDS, DECKTET, SUITS, card
from decktable.engine.rng import Rng
from decktable.rulesets.type_trump.rules import GAME as G, MASK, TRUMP, TYPES, VOID_TRUMP

#: Bob: no Moons, no Suns and no Personality
BOB = ["ace-waves", "ace-leaves", "ace-wyrms", "ace-knots", "origin", "battle", "market", "cave", "mill",
       "betrayal", "darkness", "sea"]
REST = [DECKTET[c].slug for c in BASIC_IDS if DECKTET[c].slug not in BOB + ["mountain", "author"]]
ANN = ["mountain", "author"] + REST[:10]
CAT = REST[10:]
MOONS_SUNS = (1 << SUITS.index("moons")) | (1 << SUITS.index("suns"))
PERSONALITY = TYPES.index("personality")


def dealt():
    deck = [[ANN, BOB, CAT][k % 3][k // 3] for k in range(36)]
    st = G.new(["Ann", "Bob", "Cat"], seed=2, deck=deck)
    assert st.trump == PERSONALITY
    for seat in range(3):
        G.apply(st, seat, "declare moons")
    assert G.phase(st) == "play" and G.to_act(st) == (0,)
    return st


def bob_in_samples(st, seat: int, n: int = 200) -> list[list[int]]:
    deal = G.determinizer(st, seat)
    rng = Rng(7)
    return [deal(rng).hands[1] for _ in range(n)]


@pytest.mark.parametrize("lead,shown,holds", [
    ("mountain", MOONS_SUNS, lambda c: MASK[c] & MOONS_SUNS),  # a Location: Moons and Suns asked for
    ("author", VOID_TRUMP, lambda c: TRUMP[PERSONALITY][c]),  # a Personality: trumps asked for
])
def test_a_player_who_did_not_follow_holds_nothing_that_would_have(lead, shown, holds) -> None:
    st = dealt()
    G.apply(st, 0, f"play {lead}")
    assert any(holds(c) for c in st.hands[2])  # Cat could hold some of it: she holds some
    before = bob_in_samples(st, 2)
    assert any(any(holds(c) for c in h) for h in before)  # nothing shown yet: Bob may hold some
    G.apply(st, 1, "play sea")  # Bob cannot follow
    assert st.voids == [0, shown, 0]
    for h in bob_in_samples(st, 2):
        assert not any(holds(c) for c in h)


def test_following_shows_nothing() -> None:
    st = dealt()
    G.apply(st, 0, "play mountain")
    G.apply(st, 1, "play sea")
    cat = sorted(G.legal_actions(st, 2), key=str)[0]
    G.apply(st, 2, cat)
    assert st.voids[2] == 0
