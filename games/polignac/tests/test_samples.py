"""What a Polignac bot's samples keep of the play: a player who did not follow the suit led
holds none of it. Reached by play from a stacked deck (the last seat deals, Ann leads)."""

from __future__ import annotations

import decktable
from decktable.testing import sampled_hands

G = decktable.get_game("polignac")
HANDS = [
    ["7s", "8s", "9s", "10s", "js", "qs", "ks", "as"],
    ["7h", "8h", "9h", "10h", "jh", "qh", "kh", "ah"],
    ["7d", "8d", "9d", "10d", "jd", "qd", "kd", "ad"],
    ["7c", "8c", "9c", "10c", "jc", "qc", "kc", "ac"],
]


def after_a_spade_lead():
    deck = [HANDS[k % 4][k // 4] for k in range(32)]
    st = G.new(["Ann", "Bob", "Cat", "Dan"], seed=3, deck=deck)
    for seat, c in enumerate(["7s", "7h", "7d", "7c"]):  # only Ann has spades
        G.apply(st, seat, f"play {c}")
    return st


def samples(st, seat: int, n: int = 200) -> list[list[set[str]]]:
    return sampled_hands(G, st, seat, n, seed=5)


def test_a_suit_shown_missing_is_never_dealt_back() -> None:
    st = after_a_spade_lead()
    spades = {"8s", "9s", "10s", "js", "qs", "ks", "as"}
    for view in samples(st, 1):  # Bob: Cat and Dan showed no spades, so Ann holds all seven
        assert view[0] == spades
    cat = samples(st, 2)
    for view in cat:
        assert view[0] == spades
        assert not spades & (view[1] | view[3])
    # Bob and Dan showed nothing of hearts and clubs: those are still drawn at random between them
    assert any(any(c.endswith("c") for c in view[1]) for view in cat)
    assert any(any(c.endswith("h") for c in view[3]) for view in cat)


def test_before_anyone_shows_out_the_samples_are_the_plain_re_deal() -> None:
    deck = [HANDS[k % 4][k // 4] for k in range(32)]
    st = G.new(["Ann", "Bob", "Cat", "Dan"], seed=3, deck=deck)
    G.apply(st, 0, "play 7s")
    assert st.voids == [0, 0, 0, 0]
    assert any("8s" not in view[0] for view in samples(st, 1, 50))
