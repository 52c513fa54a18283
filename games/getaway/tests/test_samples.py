"""What a Getaway bot's samples keep of the tricks: a player who did not follow the suit led holds
none of it, and a player who takes another's hand lacks only what both hands showed they lacked.
Reached by play from test_rules' stacked four-player deal (Ann: the Ace of Spades and hearts, Bob:
the King of Hearts and spades, Cy: clubs, Di: diamonds)."""

from __future__ import annotations

import decktable.testing

from .test_rules import G, act, four

SPADES, HEARTS, CLUBS = 1 << 0, 1 << 1, 1 << 3  # bits of the suits' order: spades, hearts, diamonds, clubs


def samples(st, seat: int, n: int = 300) -> list[list[set[str]]]:
    drawn = decktable.testing.samples(G, st, seat, n, seed=8)
    assert all(h == sorted(h) for s in drawn for h in s.hands)  # the fast playout's bisection needs it
    return decktable.testing.sampled_hands(G, st, seat, n, seed=8)


def test_a_player_who_could_not_follow_holds_none_of_the_suit() -> None:
    """In the first trick Cy and Di throw a club and a diamond on the Ace of Spades: in Ann's
    samples every spade left is Bob's. Before they answer, some samples gave them spades."""
    st = four()
    act(st, "play as")
    act(st, "play 2s")
    assert any(any(c.endswith("s") for c in hands[2]) for hands in samples(st, 0))
    act(st, "play 3c")
    act(st, "play 2d")
    assert st.voids == [0, 0, SPADES, SPADES]
    for hands in samples(st, 0):
        assert not any(c.endswith("s") for c in hands[2] | hands[3])
        assert sum(c.endswith("s") for c in hands[1]) == 11


def test_a_taken_hand_keeps_only_the_suits_both_lacked() -> None:
    """Cy shows no spades and no hearts, Di no spades and no clubs; Cy takes Di's hand and now
    lacks spades only: Ann's samples never give Cy a spade, but do give Cy clubs, which only Di
    lacked (and before the take, never Di)."""
    st = four()
    for c in ("as", "2s", "3c", "2d"):
        act(st, f"play {c}")
    act(st, "play 9h")
    act(st, "play kh")
    act(st, "play 2c")  # Cy has no hearts: the trick stops and Bob picks it up
    act(st, "pickup")
    act(st, "play 2c")  # Bob leads the club he picked up
    act(st, "play ac")
    act(st, "play 3d")  # Di has no clubs: Cy's Ace picks up
    act(st, "pickup")
    assert st.voids == [0, 0, SPADES | HEARTS, SPADES | CLUBS]
    assert G.to_act(st) == (2,)
    assert not any(any(c.endswith("c") for c in hands[3]) for hands in samples(st, 0))
    act(st, "take")
    assert st.voids == [0, 0, SPADES, 0]
    ann = samples(st, 0)
    assert not any(any(c.endswith("s") for c in hands[2]) for hands in ann)
    assert any(any(c.endswith("c") for c in hands[2]) for hands in ann)


def test_a_void_is_never_broken_but_by_cards_everyone_saw_go_in() -> None:
    """Soundness, over 60 random games at three to six players: after each move, a player holds
    a card of a suit it showed it lacks only if everyone saw that card go into its hand (a
    stopped trick picked up, a taken hand's known cards)."""
    import random

    from decktable.cards.french import FRENCH, SUITS

    suit_of = {c.id: SUITS.index(c.suits[0]) for c in FRENCH}
    for n in (3, 4, 5, 6):
        for seed in range(15):
            st = G.new(n, seed=seed)
            r = random.Random(seed)
            while not st.over:
                s = r.choice(G.to_act(st))
                G.apply(st, s, r.choice(G.legal_actions(st, s)), events=False)
                for p in range(n):
                    for c in st.hands[p]:
                        if st.voids[p] >> suit_of[c] & 1:
                            assert st.known_in.get(c) == f"hand{p}", (n, seed, p, c)
