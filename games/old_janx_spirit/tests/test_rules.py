"""Old Janx Spirit rules (RULES.md section 4)."""

from __future__ import annotations

import random

import pytest

from decktable.cards.decktet import BASIC_IDS, DECKTET, EXTENDED_IDS, card
from decktable.engine.errors import BadOptions, IllegalMove, NotYourTurn
from decktable.engine.kits import melds as mk
from decktable.rulesets.old_janx_spirit.rules import GAME as G

EX_I = ["author", "desert", "origin", "painter", "savage", "journey", "ace-moons", "ace-suns", "ace-waves", "ace-leaves"]
EX_II = ["savage", "journey", "ace-suns", "ace-knots", "battle", "soldier", "market", "castle", "betrayal", "merchant"]
EX_III = ["ace-waves", "origin", "journey", "sailor", "discovery", "lunatic", "cave", "mill", "darkness", "sea"]


def ids(*names: str) -> list[int]:
    return [card(n) for n in names]


def slugs(cards) -> list[str]:
    return [DECKTET[c].slug for c in cards]


def stack(starter: list[str], draw_top: list[str] = (), dealer: list[str] = (), full=BASIC_IDS) -> list[str]:
    """starter's ten, dealer's ten (given cards first, then catalogue order), the draw pile
    (given cards on top)."""
    used = set(ids(*starter, *draw_top, *dealer))
    rest = [c for c in full if c not in used]
    dealer_hand = ids(*dealer) + rest[: 10 - len(dealer)]
    rest = rest[10 - len(dealer):]
    return list(starter) + slugs(dealer_hand) + list(draw_top) + slugs(rest)


def first(st) -> int:
    return st.turn


def legal(st, seat) -> list[str]:
    return [str(a) for a in G.legal_actions(st, seat)]


def all_cards(st) -> list[int]:
    return sorted(c for z in G.zones(st) for c in z.cards)


# -- setup ----------------------------------------------------------------------------------------------


def test_deal_ten_each_sixteen_in_the_draw_pile():
    st = G.new(["Ann", "Bob"], seed=4)
    assert [len(h) for h in st.hands] == [10, 10]
    assert len(st.draw) == 16 and st.discard == []
    assert st.turn == 1 - st.dealer
    assert all_cards(st) == list(BASIC_IDS)
    assert legal(st, st.turn) == ["draw deck"]
    assert legal(st, st.dealer) == []


def test_stacked_deck_deals_starter_dealer_then_draw_pile():
    deck = stack(EX_III, draw_top=["bard"])
    st = G.new(2, seed=5, deck=deck)
    s = first(st)
    # with a stacked deck the second player deals and the first player starts, whatever the seed
    assert s == 0 and st.dealer == 1
    assert G.new(2, seed=6, deck=deck).snapshot()["hands"] == st.snapshot()["hands"]
    assert slugs(st.hands[s]) == EX_III
    assert slugs(st.hands[1 - s]) == deck[10:20]
    assert slugs(st.draw) == deck[20:] and st.draw[0] == card("bard")


def test_privacy_of_hands_and_draw_pile():
    st = G.new(["Ann", "Bob"], seed=6)
    s = st.turn
    events = G.apply(st, s, "draw deck")
    assert events[0].text == f"{st.names[s]} draws a card from the draw pile."
    mine, theirs = G.observe(st, s), G.observe(st, 1 - s)
    assert mine.zone(f"hand{s}").cards and not theirs.zone(f"hand{s}").cards
    assert theirs.zone(f"hand{s}").count == 11
    assert not mine.zone("draw").visible
    assert G.observe(st, None).zone("discard").visible


# -- explain ------------------------------------------------------------------------------------------------


def test_explain_messages():
    st = G.new(2, seed=7, deck=stack(EX_III, draw_top=["bard"]))
    s = first(st)
    with pytest.raises(IllegalMove, match="Draw a card first."):
        G.apply(st, s, "discard sea")
    with pytest.raises(IllegalMove, match="The discard pile is empty."):
        G.apply(st, s, "draw discard")
    with pytest.raises(IllegalMove, match="right after discarding"):
        G.apply(st, s, "out")
    with pytest.raises(NotYourTurn):
        G.apply(st, 1 - s, "draw deck")
    G.apply(st, s, "draw deck")
    with pytest.raises(IllegalMove, match="You have already drawn this turn; discard a card."):
        G.apply(st, s, "draw deck")
    with pytest.raises(IllegalMove, match="You do not hold the Huntress."):
        G.apply(st, s, "discard huntress")
    with pytest.raises(IllegalMove, match="not used in this game"):
        G.apply(st, s, "discard excuse")


# -- the three winning hands of the seed ---------------------------------------------------------------------


@pytest.mark.parametrize("win", [EX_I, EX_II, EX_III])
def test_example_winning_hands_are_recognised(win):
    junk = "windfall" if "windfall" not in win else "bard"
    # the starter holds nine of the ten and a junk card; the tenth is on top of the draw pile
    deck = stack(win[:9] + [junk], draw_top=[win[9]])
    st = G.new(["Ann", "Bob"], seed=8, deck=deck)
    s = first(st)
    G.apply(st, s, "draw deck")
    assert legal(st, s)[-1] == f"discard {win[9]}"
    G.apply(st, s, f"discard {junk}")
    assert sorted(slugs(st.hands[s])) == sorted(win)
    assert legal(st, s) == ["out"]
    obs = G.observe(st, s)
    assert obs.prompt.endswith("Declare out!")
    assert sorted(c for m in obs.extra["split"] for c in m) == sorted(win)
    assert "split" not in G.observe(st, 1 - s).extra
    with pytest.raises(IllegalMove, match="declare out"):
        G.apply(st, s, "draw deck")
    events = G.apply(st, s, "out")
    out = [e for e in events if e.kind == "out"][0]
    assert out.text.startswith(f"{st.names[s]} goes out with ")
    assert sorted(c for m in out.data["melds"] for c in m) == sorted(win)
    assert st.scores[s] == 1 and st.scores[1 - s] == 0
    row = [0, 0]
    row[s] = 1
    assert st.sheet == [row]
    # the winner's hand lies face up until the next deal; the split stays public
    assert st.stage == "between" and st.hand_no == 1
    spectator = G.observe(st, None)
    assert sorted(spectator.zone(f"hand{s}").cards) == sorted(win)
    assert not spectator.zone(f"hand{1 - s}").cards
    assert spectator.extra["last_out"]["seat"] == s
    # the player who deals next (the other one) deals
    dealer = st.dealer
    assert st.turn == 1 - dealer and legal(st, st.turn) == ["deal"]
    with pytest.raises(IllegalMove, match="This hand is over: deal the next hand."):
        G.apply(st, st.turn, "draw deck")
    G.apply(st, st.turn, "deal")
    assert st.hand_no == 2 and st.dealer == 1 - dealer and st.turn == dealer
    assert not G.observe(st, None).zone(f"hand{s}").cards
    assert G.observe(st, None).extra["last_out"] is None  # those cards are hidden again
    assert all_cards(st) == list(BASIC_IDS)


def test_a_near_miss_is_not_out():
    deck = stack(EX_III[:9] + ["bard"], draw_top=["windfall"])
    st = G.new(2, seed=8, deck=deck)
    s = first(st)
    G.apply(st, s, "draw deck")
    G.apply(st, s, "discard windfall")
    assert st.turn == 1 - s and st.stage == "draw"
    # the second player may take the discard (the 'opening' rule only binds the opening turn)
    assert legal(st, 1 - s) == ["draw deck", "draw discard"]
    events = G.apply(st, 1 - s, "draw discard")
    assert events[0].text.endswith("takes the Windfall from the discard pile.")
    # gap 5: the card just taken may be discarded again
    assert "discard windfall" in legal(st, 1 - s)


def test_each_first_rule_makes_both_first_turns_draw_from_the_deck():
    deck = stack(EX_III[:9] + ["bard"], draw_top=["windfall", "huntress"])
    st = G.new(2, seed=8, deck=deck, first_turn_rule="each_first")
    s = first(st)
    G.apply(st, s, "draw deck")
    G.apply(st, s, "discard windfall")
    assert legal(st, 1 - s) == ["draw deck"]
    with pytest.raises(IllegalMove, match="On your first turn of the hand you must draw from the draw pile."):
        G.apply(st, 1 - s, "draw discard")
    G.apply(st, 1 - s, "draw deck")
    G.apply(st, 1 - s, "discard huntress")
    assert legal(st, s) == ["draw deck", "draw discard"]


# -- void hands, redeals and the match ------------------------------------------------------------------------


def test_empty_draw_pile_voids_the_hand():
    deck = stack(EX_III[:9] + ["bard"], draw_top=["windfall"])
    st = G.new(["Ann", "Bob"], seed=9, deck=deck)
    s, dealer = first(st), st.dealer
    # leave one card in the draw pile: the other fifteen go to the (public) discard pile
    st.discard[:] = st.draw[1:]
    del st.draw[1:]
    G.apply(st, s, "draw deck")
    events = G.apply(st, s, "discard windfall")
    assert any(e.kind == "void" and "void" in e.text for e in events)
    assert st.sheet == [[0, 0]] and st.scores == [0, 0] and st.voids == 1
    assert st.stage == "between" and legal(st, 1 - dealer) == ["deal"]
    fresh = G.new(2, seed=1)
    with pytest.raises(IllegalMove, match="The hand is still being played."):
        G.apply(fresh, fresh.turn, "deal")
    G.apply(st, 1 - dealer, "deal")
    assert st.hand_no == 2 and st.dealer == 1 - dealer and st.turn == dealer
    assert [len(h) for h in st.hands] == [10, 10] and len(st.draw) == 16 and st.discard == []
    assert all_cards(st) == list(BASIC_IDS)


def test_match_ends_at_target():
    deck = stack(EX_I[:9] + ["windfall"], draw_top=[EX_I[9]])
    st = G.new(["Ann", "Bob"], seed=10, deck=deck, target=1)
    s = first(st)
    G.apply(st, s, "draw deck")
    G.apply(st, s, "discard windfall")
    events = G.apply(st, s, "out")
    assert st.over and G.is_over(st)
    res = G.final(st)
    assert res.scores[s] == 1 and res.placings[s] == 1 and res.placings[1 - s] == 2
    assert res.summary == f"{st.names[s]} wins the match 1–0."
    assert events[-1].kind == "over"
    assert G.legal_actions(st, 0) == [] and G.to_act(st) == ()


def test_options():
    assert G.new(2, seed=1).options.target == 5
    with pytest.raises(BadOptions):
        G.new(2, seed=1, target=0)
    with pytest.raises(BadOptions):
        G.new(2, seed=1, first_turn_rule="never")
    with pytest.raises(BadOptions):
        G.new(3)
    st = G.new(2, seed=1, extended=True)
    assert len(st.draw) == 25 and all_cards(st) == list(EXTENDED_IDS)


def test_extended_wild_excuse_completes_a_hand():
    # Excuse as the Origin (2) in a Waves run, with a 2-card suit-meld Light Keeper + Rite and
    # three Crowns (Huntress, Bard, Calamity)
    win = ["ace-waves", "excuse", "journey", "sailor", "light-keeper", "rite", "huntress", "bard", "calamity", "end"]
    assert mk.can_partition(ids(*win), wild=True)
    deck = stack(win[:9] + ["windfall"], draw_top=[win[9]], full=EXTENDED_IDS)
    st = G.new(2, seed=11, deck=deck, extended=True)
    s = first(st)
    G.apply(st, s, "draw deck")
    G.apply(st, s, "discard windfall")
    assert legal(st, s) == ["out"]
    # the same cards with a tame Excuse would not split
    assert not mk.can_partition(ids(*win), wild=False)


def test_random_matches_end_and_conserve_cards():
    for seed in range(12):
        st = G.new(2, seed=seed, target=2, extended=seed % 3 == 0)
        full = list(EXTENDED_IDS if st.wild else BASIC_IDS)
        rnd = random.Random(seed)
        steps = 0
        while not st.over:
            seat = G.to_act(st)[0]
            acts = G.legal_actions(st, seat)
            assert acts
            G.apply(st, seat, rnd.choice(acts), events=seed % 4 == 0)
            steps += 1
            if steps % 50 == 0:
                assert all_cards(st) == full
        assert max(st.scores) == 2
        assert sum(sum(r) for r in st.sheet) == sum(st.scores)
        assert len(st.sheet) == st.hand_no


def test_same_seed_same_match():
    def run(seed):
        st = G.new(2, seed=seed, target=1)
        rnd = random.Random(seed)
        while not st.over:
            seat = G.to_act(st)[0]
            G.apply(st, seat, rnd.choice(G.legal_actions(st, seat)))
        return st.snapshot()

    assert run(3) == run(3)
