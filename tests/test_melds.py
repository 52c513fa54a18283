"""The melds kit: suit-, kind- and run-melds on Decktet cards, wild Excuse, splitting hands."""

from __future__ import annotations

import random

import pytest

from decktable.cards.decktet import ACES, BASIC_IDS, COURTS, EXCUSE, EXTENDED_IDS, PAWNS, card
from decktable.engine.kits import melds as mk


def ids(*names: str) -> list[int]:
    return [card(n) for n in names]


# -- the Old Janx Spirit examples (RULES.md section 4) ------------------------------------------------

EX_I = ids("author", "desert", "origin", "painter", "savage", "journey",
           "ace-moons", "ace-suns", "ace-waves", "ace-leaves")
EX_II = ids("savage", "journey", "ace-suns", "ace-knots",
            "battle", "soldier", "market", "castle", "betrayal", "merchant")
EX_III = ids("ace-waves", "origin", "journey", "sailor", "discovery", "lunatic", "cave", "mill", "darkness", "sea")


def _covers(split: list[tuple[int, ...]], hand: list[int], wild: bool = False) -> bool:
    flat = [c for m in split for c in m]
    return sorted(flat) == sorted(hand) and all(mk.is_meld(m, wild) for m in split)


def test_example_i_two_suit_melds_and_four_aces():
    assert mk.is_suit_meld(ids("author", "desert", "origin"))
    assert mk.is_suit_meld(ids("painter", "savage", "journey"))
    assert mk.is_kind_meld(ids("ace-moons", "ace-suns", "ace-waves", "ace-leaves"))
    split = mk.partition(EX_I)
    assert split is not None and _covers(split, EX_I)
    assert mk.can_partition(EX_I)


def test_example_ii_four_card_suit_meld_and_knots_run():
    assert mk.is_suit_meld(ids("savage", "journey", "ace-suns", "ace-knots"))
    run = ids("battle", "soldier", "market", "castle", "betrayal", "merchant")
    assert mk.is_run_meld(run)
    assert mk.meld_kind(run) == "run"
    split = mk.partition(EX_II)
    assert split is not None and _covers(split, EX_II)
    assert sorted(len(m) for m in split) == [4, 6]


def test_example_iii_ten_card_waves_run():
    assert mk.is_run_meld(EX_III)
    assert mk.partition(EX_III) == [tuple(EX_III)]


def test_a_hand_that_does_not_split():
    hand = ids("ace-waves", "origin", "journey", "sailor", "discovery", "lunatic", "cave", "mill", "darkness", "bard")
    assert mk.partition(hand) is None
    assert not mk.can_partition(hand)
    assert mk.partition([]) == []


# -- runs ------------------------------------------------------------------------------------------


def test_crown_ace_two_is_not_a_run():
    # Wyrms: the Calamity (Crown), the Ace of Wyrms and the Desert (2, Suns/Wyrms)
    assert not mk.is_run_meld(ids("calamity", "ace-wyrms", "desert"))
    assert not mk.is_meld(ids("calamity", "ace-wyrms", "desert"))
    assert not mk.is_meld(ids("calamity", "ace-wyrms", "desert"), wild=True)


def test_nine_to_crown_is_a_run():
    assert mk.is_run_meld(ids("mill", "darkness", "sea"))  # Waves 8, 9, Crown
    assert mk.is_meld(ids("mill", "darkness", "sea"))


def test_runs_need_one_shared_suit_and_three_cards():
    assert not mk.is_run_meld(ids("ace-moons", "author", "painter"))  # 1 Mo, 2 Mo/Kn, 3 Su/Kn: no common suit
    assert mk.is_run_meld(ids("ace-knots", "author", "painter"))  # Knots 1, 2, 3
    assert not mk.is_run_meld(ids("ace-knots", "author"))
    assert not mk.is_run_meld(ids("ace-knots", "author", "battle"))  # 1, 2, 4: a gap


def test_kind_melds():
    assert mk.is_kind_meld(ids("author", "desert", "origin"))
    assert not mk.is_kind_meld(ids("author", "desert"))
    assert mk.is_kind_meld(ids("huntress", "bard", "sea", "end", "calamity", "windfall"))
    assert not mk.is_kind_meld(ids("author", "desert", "journey"))


# -- suit-melds ------------------------------------------------------------------------------------


def test_suit_melds_count_each_suit_once():
    assert mk.is_suit_meld([ACES[s] for s in ACES])
    assert not mk.is_suit_meld(ids("author", "desert", "savage"))  # Wyrms twice, Waves missing
    assert not mk.is_suit_meld(ids("author", "desert", "origin", "ace-moons"))  # Moons twice


def test_two_card_extended_suit_meld():
    lk_rite = ids("light-keeper", "rite")
    assert mk.is_suit_meld(lk_rite)
    assert mk.is_meld(lk_rite)
    assert mk.meld_kind(lk_rite) == "suit"
    assert lk_rite in [list(m) for m in mk.find_melds(lk_rite + ids("ace-moons"))]


def test_pawns_and_courts_have_no_rank():
    pawns = list(PAWNS)
    courts = list(COURTS)
    assert not mk.is_kind_meld(pawns[:3])
    assert not mk.is_kind_meld(courts[:3])
    assert not mk.is_run_meld(ids("watchman", "ace-moons", "author"))
    # they still sit in suit-melds: Watchman (Mo Wy Kn) + Island (Su Wa Wy) overlap on Wyrms
    assert not mk.is_suit_meld(ids("watchman", "island"))
    assert mk.is_suit_meld(ids("watchman", "sailor", "ace-suns"))


# -- the wild Excuse -------------------------------------------------------------------------------


def test_tame_excuse_is_in_no_meld():
    assert not mk.is_suit_meld([EXCUSE] + ids("light-keeper", "savage"))
    assert not mk.is_kind_meld([EXCUSE] + ids("ace-moons", "ace-suns"))
    assert not mk.is_run_meld([EXCUSE] + ids("ace-waves", "journey"))
    assert mk.find_melds([EXCUSE] + ids("ace-moons", "ace-suns")) == []


def test_wild_excuse_in_a_suit_meld_stands_for_exactly_one_missing_suit():
    x = [EXCUSE]
    assert mk.is_suit_meld(x + ids("light-keeper", "savage"), wild=True)  # Moons missing
    assert mk.is_suit_meld(x + ids("light-keeper", "savage"), wild_excuse=True)
    assert not mk.is_suit_meld(x + ids("light-keeper", "rite"), wild=True)  # nothing missing
    assert not mk.is_suit_meld(x + ids("light-keeper"), wild=True)  # three missing
    assert mk.meld_kind(x + ids("author", "desert", "sailor"), wild=True) is None  # Waves twice


def test_wild_excuse_in_kind_and_run_melds():
    x = [EXCUSE]
    assert mk.is_kind_meld(x + ids("ace-moons", "ace-suns"), wild=True)
    assert not mk.is_kind_meld(x + ids("ace-moons"), wild=True)
    assert not mk.is_kind_meld(x + ids("ace-moons", "author"), wild=True)
    assert mk.is_run_meld(x + ids("ace-waves", "journey"), wild=True)  # the Excuse is the Origin's place (2)
    assert mk.is_run_meld(x + ids("darkness", "sea"), wild=True)  # Waves 8?, 9, Crown
    assert mk.is_run_meld(x + ids("ace-waves", "origin"), wild=True)  # Waves 1, 2, 3?
    assert not mk.is_run_meld(x + ids("ace-waves", "sea"), wild=True)  # 1 and Crown
    assert not mk.is_run_meld(x + ids("ace-waves", "sailor"), wild=True)  # 1, 4: two gaps
    assert not mk.is_run_meld(x + ids("ace-waves", "journey", "watchman"), wild=True)


def test_wild_partition_uses_the_excuse_once():
    # Excuse + Light Keeper + Savage (suit) and three Aces (kind) and Waves 7-8-9 (run) ... 9 cards + 1
    hand = [EXCUSE] + ids("light-keeper", "savage", "ace-moons", "ace-suns", "ace-knots", "cave", "mill", "darkness")
    split = mk.partition(hand, wild=True)
    assert split is not None and _covers(split, hand, wild=True)
    assert mk.partition(hand) is None  # the Excuse is not wild: no split


# -- finding melds ---------------------------------------------------------------------------------


def test_find_melds_lists_every_meld_of_a_hand():
    hand = ids("ace-waves", "origin", "journey", "sailor", "author", "desert")
    found = {frozenset(m) for m in mk.find_melds(hand)}
    expect = {
        frozenset(ids("ace-waves", "origin", "journey")),
        frozenset(ids("origin", "journey", "sailor")),
        frozenset(ids("ace-waves", "origin", "journey", "sailor")),
        frozenset(ids("author", "desert", "origin")),  # a kind-meld (and a suit-meld)
        frozenset(ids("author", "desert", "sailor")),  # Mo Kn + Su Wy + Wa Le
    }
    assert found == expect
    assert mk.has_meld(hand)
    assert not mk.has_meld(ids("ace-waves", "sailor", "bard"))


def test_meld_candidates_follow_the_chosen_cards():
    hand = ids("ace-waves", "origin", "journey", "sailor", "author", "desert")
    assert set(mk.meld_candidates(hand, [])) == set(ids("ace-waves", "origin", "journey", "sailor", "author", "desert"))
    assert mk.meld_candidates(hand, ids("author")) == ids("origin", "sailor", "desert")
    assert mk.meld_candidates(hand, ids("author", "sailor")) == ids("desert")
    assert set(mk.meld_candidates(hand, ids("sailor"))) == set(ids("origin", "journey", "ace-waves", "author", "desert"))
    assert set(mk.meld_candidates(hand, ids("sailor", "journey"))) == set(ids("origin", "ace-waves"))


# -- the table agrees with the definitions; the fast search agrees with the plain one -------------------


@pytest.mark.parametrize("wild,deck", [(False, BASIC_IDS), (False, EXTENDED_IDS), (True, EXTENDED_IDS)])
def test_table_agrees_with_definitions(wild, deck):
    table = mk.all_melds(wild)
    for m in table:
        assert mk.meld_kind(mk.cards_of(m), wild) is not None
    rnd = random.Random(7)
    for _ in range(8000):
        cs = rnd.sample(list(deck), rnd.randint(2, 7))
        assert (mk.meld_kind(cs, wild) is not None) == (mk.mask_of(cs) in table), cs


@pytest.mark.parametrize("wild,deck", [(False, BASIC_IDS), (True, EXTENDED_IDS)])
def test_fast_split_agrees_with_trie_search(wild, deck):
    t = mk._table(wild)
    rnd = random.Random(11)
    found = 0
    for _ in range(800):
        hand = rnd.sample(list(deck), rnd.randint(3, 11))
        s = mk.mask_of(hand)
        for c in hand:
            if c != EXCUSE:
                assert sorted(set(t.with_card(c, s))) == sorted(m for m in t.find(s) if m >> c & 1)
        fast = mk.partition(hand, wild)
        slow = t.split_by_trie(s)
        assert (fast is None) == (slow is None), hand
        if fast is not None:
            found += 1
            assert _covers(fast, hand, wild)
    assert found > 0


def test_basic_meld_counts():
    # 216 runs (36 per suit) + 8 kind-melds of ranks 2-9 + 2 x 42 of Aces/Crowns + the suit-melds
    basic = [m for m in mk.all_melds() if m < 1 << 36]
    runs = [m for m in basic if mk.meld_kind(mk.cards_of(m)) == "run"]
    kinds = [m for m in basic if mk.is_kind_meld(mk.cards_of(m))]
    assert len(runs) == 216
    assert len(kinds) == 8 + 2 * 42
