"""What a Chicago bot's samples keep of what everyone saw and heard: a player who did not follow
the suit led holds none of it, and such a card lies anywhere else hidden, the stock and the
face-down discards included; a player who declared in a showdown, and has changed no card since,
holds a hand that fits what was said of it. Reached by play from a stacked deck (test_rules'
`stack`: Ann speaks first and leads the tricks)."""

from __future__ import annotations

import pytest

from decktable.cards.french import FRENCH
from decktable.engine.rng import Rng
from decktable.rulesets.chicago.poker import (
    FLUSH, FULL_HOUSE, PAIR, QUADS, ROYAL_FLUSH, STRAIGHT, STRAIGHT_FLUSH, TRIPS, TWO_PAIR, complete_to, evaluate,
)
from decktable.testing import samples as drawn

from .test_rules import G, JUNK, JUNK2, KINGS_3S, QUEENS_J, ROYAL, act, new, pass_all, stand_all

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
    """Each sample's hands, and the cards it puts in the stock and the discards."""
    return [([{SLUG[c] for c in h} for h in s.hands], {SLUG[c] for c in s.stock + s.discards})
            for s in drawn(G, st, seat, n, seed=5)]


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


def test_samples_hold_their_hands_in_hand_order_as_real_hands_are() -> None:
    """A real hand is always kept in hand order (suit, then rank: `_deal`, `_exchange`), so each
    sample holds the cards it draws for the others in that order too, whatever drew them (the
    plain re-deal, a void kept, a declared hand fitted). A discard names its cards in hand order,
    so a search meets the same discard under one name, as the table does."""
    from decktable.rulesets.chicago.rules import SORT_KEY

    def in_order(hand: list[int]) -> bool:
        return hand == sorted(hand, key=SORT_KEY.__getitem__)

    fresh = new([ROYAL, JUNK, JUNK2])
    void = to_the_tricks()
    act(void, "play as", "play 2h", "play 3h")
    heard = new([CLUBS, NOTHING, JUNK2])
    act(heard, "stand", "stand", "stand", "declare", "pass", "pass")
    for st in (fresh, void, heard):
        for seat in range(3):
            got = drawn(G, st, seat, 60, seed=3)
            assert all(in_order(h) for s in got for h in s.hands), (G.phase(st), seat)
            # the draws differ from sample to sample: the order is not the dealt one by chance
            assert len({tuple(s.hands[(seat + 1) % 3]) for s in got}) > 1


# -- what the showdowns said -----------------------------------------------------------------------

CLUBS = ["2c", "5c", "9c", "jc", "kc"]  # a flush
NOTHING = ["as", "ks", "4d", "8h", "9d"]  # no pair


def _classes(st, seat: int, who: int, n: int = 200) -> list[tuple[int, ...]]:
    """The key of `who`'s cards (held and played this hand) in `seat`'s samples."""
    return [evaluate(s.hands[who] + s.played[who]) for s in drawn(G, st, seat, n, seed=11)]


def test_a_declared_flush_is_a_flush_in_every_sample_until_it_is_changed() -> None:
    """Bob declares a flush: in the showdown, in the next draw and, since he never changes a
    card, through the tricks, everyone else's samples give him a flush, in any suit and of any
    cards. Before he speaks they do not."""
    st = new([NOTHING, CLUBS, JUNK2])
    stand_all(st)
    act(st, "pass")
    assert {k[0] for k in _classes(st, 2, 1)} != {FLUSH}
    act(st, "declare")
    for seat in (0, 2):
        keys = _classes(st, seat, 1)
        assert {k[0] for k in keys} == {FLUSH}
        assert len(set(keys)) > 20  # not his very flush: any flush at all
    act(st, "pass")
    stand_all(st)
    act(st, "pass", "declare", "pass")
    assert {k[0] for k in _classes(st, 0, 1)} == {FLUSH}
    stand_all(st)
    assert G.phase(st) == "play"
    assert {k[0] for k in _classes(st, 2, 1)} == {FLUSH}


def test_a_flush_holder_who_shows_out_of_the_suit_led_holds_that_suit_only() -> None:
    """Ann leads the Ace of spades and Bob, who declared a flush, throws a club: his other four
    cards are clubs in every sample, not always his own four."""
    st = new([NOTHING, CLUBS, JUNK2])
    for _ in range(2):
        stand_all(st)
        act(st, "pass", "declare", "pass")
    stand_all(st)
    act(st, "play as", "play 2c")
    deal = G.determinizer(st, 2)
    rng = Rng(4)
    held = [tuple(sorted(SLUG[c] for c in deal(rng).hands[1])) for _ in range(200)]
    assert all(all(c.endswith("c") for c in h) for h in held)
    assert len(set(held)) > 20


def test_the_ranks_said_aloud_are_kept_and_the_one_who_gave_way_is_below() -> None:
    """'Ann: two pair, Kings high. Bob gives way.' Bob's samples give Ann two pair, Kings high
    (her second pair any rank); Ann's give Bob two pair below Kings."""
    st = new([KINGS_3S, QUEENS_J])
    stand_all(st)
    act(st, "declare", "declare")
    ann = _classes(st, 1, 0)
    assert all(k[:2] == (TWO_PAIR, 13) for k in ann)
    assert len({k[2] for k in ann}) > 3
    bob = _classes(st, 0, 1)
    assert all(k[0] == TWO_PAIR and k[1] < 13 for k in bob)
    assert len({k[1] for k in bob}) > 3


def test_a_hand_changed_since_the_showdown_is_drawn_freely() -> None:
    """Ann declares one pair and Bob beats it; in the next draw Ann changes three cards. Cy's
    samples then give her any hand, as they did before the showdown."""
    st = new([["7s", "7h", "2d", "4c", "9h"], KINGS_3S, ["2s", "5s", "8d", "10c", "qh"]])
    stand_all(st)
    act(st, "declare", "declare", "pass")
    assert {k[0] for k in _classes(st, 2, 0)} == {PAIR}
    act(st, "discard 2d 4c 9h")
    assert len({k[0] for k in _classes(st, 2, 0)}) > 2


@pytest.mark.parametrize("cls", [PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH, ROYAL_FLUSH])
def test_complete_to_makes_every_class(cls: int) -> None:
    """From the whole pack, and from two cards already held that allow it, `complete_to` draws a
    hand of the class asked; from two that rule it out (a 2 and a 9 in any straight), none."""
    pool = list(range(52))
    for seed in range(20):
        pick = complete_to([], pool, ((cls,), ()), Rng(seed))
        assert pick is not None and len(set(pick)) == 5 and evaluate(pick)[0] == cls
    ace, king = ID["as"], ID["ks"]
    rest = [c for c in pool if c not in (ace, king)]
    if cls != STRAIGHT_FLUSH:  # with the Ace and King of spades, only the royal one
        pick = complete_to([ace, king], rest, ((cls,), ()), Rng(1))
        assert pick is not None and evaluate([ace, king, *pick])[0] == cls
    two, nine = ID["2h"], ID["9h"]
    rest = [c for c in pool if c not in (two, nine)]
    if cls in (STRAIGHT, STRAIGHT_FLUSH, ROYAL_FLUSH):
        assert complete_to([two, nine], rest, ((cls,), ()), Rng(1)) is None


ID = {c.slug: c.id for c in FRENCH}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_what_the_showdowns_said_holds_in_random_games(players: int) -> None:
    """Soundness, over 40 random games at each table size (declaring whenever allowed, mostly):
    whenever the samples would fit a player's hand to what was heard of it, the real hand fits
    it, checked with the evaluator and `fits`, not with the code that decides when it applies."""
    import random

    from decktable.rulesets.chicago.poker import fits

    for seed in range(40):
        st = G.new(players, seed=seed, max_hands=6)
        r = random.Random(seed)
        while not st.over:
            s = r.choice(G.to_act(st))
            la = G.legal_actions(st, s)
            declare = next((a for a in la if a.verb == "declare"), None)
            G.apply(st, s, declare if declare and r.random() < 0.8 else r.choice(la), events=False)
            for p in range(players):
                said, _below = st.heard[p]
                # the draw since the showdown that was heard: none in a showdown, the draw under
                # way (round r follows showdown r - 1), the third draw in the tricks
                since = {"draw": st.round - 1, "play": 2}.get(st.phase)
                changed = since is not None and st.drew[p][since] > 0
                if said and not st.shown[p] and not changed and st.phase in ("showdown", "draw", "play"):
                    assert fits(evaluate(st.hands[p] + st.played[p]), st.heard[p]), (seed, p, st.phase)
