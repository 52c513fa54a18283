"""What a Rally bot's samples keep of the play: a player who did not follow the suit led holds
none of it, and one who threw a plain card to a plain lead, or to a trump lead, holds no trumps.
Reached by play from a stacked deck (Dan deals, Ann is first to speak and leads)."""

from __future__ import annotations

import decktable
import decktable.testing
from decktable.engine.rng import Rng

from .test_rules import stack  # the help's packets of five, the stock between

G = decktable.get_game("rally")
NAMES = ["Ann", "Bob", "Cat", "Dan"]
TRUMPS = {f"t{i}" for i in range(1, 22)}

# Bob holds no trump; Cat and Dan no Earth. The stock (5a 6a 7a) goes to Ann's discards.
HANDS = {
    0: ["ke", "qe", "ce", "je", "10e", "9e", "8e", "7e", "t21", "t20", "t19", "kw", "qw", "cw", "jw"],
    1: ["6e", "5e", "10w", "9w", "8w", "7w", "6w", "5w", "kf", "qf", "cf", "jf", "10f", "9f", "8f"],
    2: ["fool", "t1", "t2", "t3", "t4", "t5", "t6", "t7", "t8", "t9", "7f", "6f", "5f", "ka", "qa"],
    3: ["t10", "t11", "t12", "t13", "t14", "t15", "t16", "t17", "t18", "ca", "ja", "aa", "2a", "3a", "4a"],
}
STOCK = ["5a", "6a", "7a"]


def after_two_tricks():
    st = G.new(NAMES, seed=7, deck=stack(HANDS, STOCK), bargaining=False)
    for seat, text in [(0, "solo"), (0, "pickup"), (0, "discard 5a 6a 7a")]:
        G.apply(st, seat, text)
    # trick 1: Earth led; Cat and Dan have none and trump
    for seat, text in [(0, "play 9e"), (1, "play 5e"), (2, "play t9"), (3, "play t10")]:
        G.apply(st, seat, text)
    # trick 2: Dan leads a trump; Bob has none and throws a Water card
    for seat, text in [(3, "play t18"), (0, "play t19"), (1, "play 10w"), (2, "play t8")]:
        G.apply(st, seat, text)
    return st


def sampled_hands(st, seat: int, samples: int = 200) -> list[list[set[str]]]:
    return decktable.testing.sampled_hands(G, st, seat, samples, seed=3)


def test_a_suit_shown_missing_is_never_dealt_back() -> None:
    st = after_two_tricks()
    for view in sampled_hands(st, 0):  # Ann, the soloist
        assert not {c for c in view[2] | view[3] if c.endswith("e") and c not in TRUMPS}
        assert "6e" in view[1]  # the one Earth card Ann cannot see must be Bob's
        assert not view[1] & TRUMPS  # Bob threw a Water card to a trump lead: no trumps
    bob = sampled_hands(st, 1)
    earth = {"ke", "qe", "ce", "je", "10e", "8e", "7e"}
    for view in bob:
        assert not earth & (view[2] | view[3])
    # the rest is still drawn at random: the Fool, which shows nothing, goes anywhere hidden
    assert {i for view in sampled_hands(st, 0) for i in (1, 2, 3) if "fool" in view[i]} == {1, 2, 3}


def test_the_sample_is_a_whole_deal_and_the_voids_stay_public() -> None:
    st = after_two_tricks()
    hidden = sorted(c for s in (1, 2, 3) for c in st.hands[s])
    deal = G.determinizer(st, 0)
    rng = Rng(9)
    for _ in range(50):
        sample = deal(rng)
        assert sorted(c for s in (1, 2, 3) for c in sample.hands[s]) == hidden
        assert [len(h) for h in sample.hands] == [len(h) for h in st.hands]
    # the voids are public: the same whoever holds what, so a re-deal of the hidden hands
    # (Ann's view) leaves them as they were
    other = G.determinize(st, 0, Rng(4))
    assert other.voids == st.voids


def test_the_fool_shows_nothing() -> None:
    st = G.new(NAMES, seed=7, deck=stack(HANDS, STOCK), bargaining=False)
    for seat, text in [(0, "solo"), (0, "pickup"), (0, "discard 5a 6a 7a")]:
        G.apply(st, seat, text)
    for seat, text in [(0, "play 9e"), (1, "play 5e"), (2, "play fool"), (3, "play t10")]:
        G.apply(st, seat, text)
    assert st.voids[2] == 0 and st.voids[3] != 0
