"""What a Schnapsen bot's samples keep of strict play: once the stock is closed, an answer that
does not beat, follow or trump shows what its player lacks, and such cards are dealt to the closed
stock, never back into that hand. Reached by play from a stacked deck (test_rules' closed game)."""

from __future__ import annotations

from decktable.cards.french import FRENCH
from decktable.engine.rng import Rng

from .test_rules import BOB, G, closed_game, run

SLUG = {c.id: c.slug for c in FRENCH}


def bob_in_ann_samples(st, n: int = 300) -> list[set[str]]:
    deal = G.determinizer(st, 0)
    rng = Rng(6)
    return [{SLUG[c] for c in deal(rng).hands[BOB]} for _ in range(n)]


def test_a_trump_answer_shows_no_card_of_the_suit_led() -> None:
    """Ann closes and leads the 10 of diamonds; Bob trumps. From then on Ann's samples never give
    Bob the Queen of diamonds (it lies in the closed stock); before his answer they sometimes did."""
    st = closed_game()
    run(st, "close", "play 10d")
    assert any("qd" in h for h in bob_in_ann_samples(st))
    run(st, "play 10c")
    assert st.barred[BOB] and not st.barred[0]
    samples = bob_in_ann_samples(st)
    assert not any("qd" in h for h in samples)
    assert any("kh" in h for h in samples) and any("kh" not in h for h in samples)  # the rest still varies


def test_free_play_shows_nothing() -> None:
    """Before the close a player may throw anything: Ann's spade on Bob's King of diamonds told nothing."""
    st = closed_game()
    assert st.barred == [0, 0]


def test_what_strict_play_rules_out_is_never_held_in_random_games() -> None:
    """Soundness, over 200 random games: after each move, no player holds a card its strict
    answers were taken to rule out."""
    import random

    for seed in range(200):
        st = G.new(["Ann", "Bob"], seed=seed)
        r = random.Random(seed)
        while not st.over:
            s = r.choice(G.to_act(st))
            G.apply(st, s, r.choice(G.legal_actions(st, s)), events=False)
            for p in (0, 1):
                assert not any(st.barred[p] >> c & 1 for c in st.hands[p] + st.shown[p]), (seed, p)
