"""Head Solitaire rules (RULES.md section 3)."""

from __future__ import annotations

import random

import pytest

from decktable.cards.decktet import BASIC_IDS, DECKTET, EXTENDED_IDS, card
from decktable.engine.errors import BadOptions, IllegalMove
from decktable.engine.kits import melds as mk
from decktable.rulesets.head_solitaire.rules import GAME as G

NO_MELD_A = ["forest", "calamity", "origin", "cave", "huntress", "market"]
NO_MELD_B = ["discovery", "pact", "penitent", "betrayal", "diplomat", "lunatic"]
NO_MELD_C = ["ace-wyrms", "mill", "ace-waves", "merchant", "battle", "darkness"]


def ids(*names: str) -> list[int]:
    return [card(n) for n in names]


def slugs(cards: list[int]) -> list[str]:
    return [DECKTET[c].slug for c in cards]


def stack(*top: str, full=BASIC_IDS) -> list[str]:
    """A whole deck: the given cards on top, then the rest in catalogue order."""
    first = ids(*top)
    rest = [c for c in full if c not in first]
    return slugs(first + rest)


def legal(st) -> list[str]:
    return [str(a) for a in G.legal_actions(st, 0)]


def meld(st, names: list[str]):
    events = []
    for n in names:
        events += G.apply(st, 0, f"meld {n}")
    events += G.apply(st, 0, "done")
    return events


def all_cards(st) -> list[int]:
    return sorted(c for z in G.zones(st) for c in z.cards)


def greedy(st) -> None:
    """Play to the end: archive the largest meld, discard in hand order, draw at the interlude."""
    while not st.over:
        if st.stage == "meld":
            best = max(mk.find_melds(st.hand, st.wild), key=len)
            meld(st, slugs(list(best)))
        elif st.stage == "discard":
            G.apply(st, 0, f"discard {DECKTET[st.hand[0]].slug}")
        else:
            G.apply(st, 0, "draw")


# -- setup ------------------------------------------------------------------------------------------


def test_setup_deals_six_from_the_top_and_hides_the_draw_pile():
    st = G.new(1, seed=1, deck=stack(*NO_MELD_A))
    assert slugs(st.hand) == NO_MELD_A
    assert len(st.draw) == 30 and st.pass_no == 1
    assert st.stage == "discard"
    obs = G.observe(st, 0)
    assert obs.zone("draw").visible is False and obs.zone("draw").count == 30
    assert obs.zone("hand").cards == NO_MELD_A
    assert obs.status["Pass"] == "1 of 2"
    assert st.scores == [36]


def test_options_and_extended_deck():
    st = G.new(1, seed=2, extended=True)
    assert st.total == 45 and st.wild and len(all_cards(st)) == 45
    with pytest.raises(BadOptions):
        G.new(1, seed=2, extended="maybe")
    with pytest.raises(BadOptions):
        G.new(2)


# -- melding ----------------------------------------------------------------------------------------


def test_a_meld_must_be_archived_before_discarding():
    # Waves 1-2-3 in the first hand
    st = G.new(1, seed=1, deck=stack("ace-waves", "origin", "journey", "bard", "battle", "mill"))
    assert st.stage == "meld"
    assert all(a.startswith("meld ") for a in legal(st))
    with pytest.raises(IllegalMove, match="Your hand holds a meld: archive a meld before discarding."):
        G.apply(st, 0, "discard bard")


def test_meld_steps_offer_only_cards_that_can_finish_a_meld():
    st = G.new(1, seed=1, deck=stack("ace-waves", "origin", "journey", "bard", "battle", "mill", "ace-moons", "author", "painter"))
    # Bard (Su crown) and Battle (Wy Kn 4) and Mill (Wa Le 8) belong to no meld of the hand
    assert set(legal(st)) == {"meld ace-waves", "meld origin", "meld journey"}
    with pytest.raises(IllegalMove, match="The Bard is not part of any meld in your hand."):
        G.apply(st, 0, "meld bard")
    G.apply(st, 0, "meld origin")
    assert set(legal(st)) == {"meld ace-waves", "meld journey", "cancel"}
    with pytest.raises(IllegalMove, match="not a meld yet"):
        G.apply(st, 0, "done")
    G.apply(st, 0, "cancel")
    assert st.chosen == []
    with pytest.raises(IllegalMove, match="Nothing is chosen."):
        G.apply(st, 0, "cancel")
    events = meld(st, ["journey", "origin", "ace-waves"])
    assert slugs(st.archive) == ["journey", "origin", "ace-waves"]
    assert st.meld_sizes == [3]
    assert any("archives a run-meld" in e.text for e in events)
    # refilled to six from the top of the draw pile
    assert slugs(st.hand) == ["bard", "battle", "mill", "ace-moons", "author", "painter"]
    assert st.scores == [33]
    assert G.describe(st, 0)["extra"]["melds"] == [["journey", "origin", "ace-waves"]]


def test_discard_needs_no_meld_and_explains():
    st = G.new(1, seed=1, deck=stack(*NO_MELD_A))
    with pytest.raises(IllegalMove, match="Your hand holds no meld: discard its cards one by one."):
        G.apply(st, 0, "meld forest")
    with pytest.raises(IllegalMove, match="The Ace of Moons is not in your hand."):
        G.apply(st, 0, "discard ace-moons")
    with pytest.raises(IllegalMove, match="only at the interlude"):
        G.apply(st, 0, "skip")
    with pytest.raises(IllegalMove, match="not in this game"):
        G.apply(st, 0, "discard excuse")


# -- the discard pile is first in, first out ------------------------------------------------------------


def test_discard_order_is_kept_and_comes_back_first_in_first_out():
    st = G.new(1, seed=1)
    # a position near the end of pass 1: the draw pile is empty, six meldless cards in hand and
    # the other thirty on the discard pile
    hand = ids(*NO_MELD_A)
    rest = [c for c in BASIC_IDS if c not in hand]
    st.hand[:] = hand
    st.draw[:] = []
    st.discard[:] = rest
    st.stage = "discard"
    order = ["cave", "forest", "market", "calamity", "origin", "huntress"]
    for n in order:
        G.apply(st, 0, f"discard {n}")
        if st.hand:
            assert slugs(st.discard[-1:]) == [n]
    # the hand emptied, the draw pile was empty: interlude, the discards turned over in order
    assert st.pass_no == 2 and st.stage == "interlude"
    assert st.draw == rest + ids(*order)
    assert st.discard == [] and st.hand == []
    assert set(legal(st)) == {"skip", "draw"}


def test_interlude_skip_sends_the_top_card_to_the_new_discard_pile():
    st = G.new(1, seed=1)
    hand = ids(*NO_MELD_A)
    rest = [c for c in BASIC_IDS if c not in hand]
    st.hand[:], st.draw[:], st.discard[:] = hand, [], rest
    st.stage = "discard"
    for n in NO_MELD_A:
        G.apply(st, 0, f"discard {n}")
    top = st.draw[0]
    obs = G.observe(st, 0)
    assert obs.zone("draw").visible and obs.zone("draw").cards[0] == DECKTET[top].slug
    assert obs.extra["next"] == DECKTET[top].slug
    assert "Next card" in obs.status
    events = G.apply(st, 0, "skip")
    assert st.discard == [top]
    assert st.hand == rest[1:7]
    assert any("skips" in e.text for e in events)
    with pytest.raises(IllegalMove):
        G.apply(st, 0, "skip")


def test_interlude_draw_takes_six_from_the_front():
    st = G.new(1, seed=1)
    hand = ids(*NO_MELD_A)
    rest = [c for c in BASIC_IDS if c not in hand]
    st.hand[:], st.draw[:], st.discard[:] = hand, [], rest
    st.stage = "discard"
    for n in NO_MELD_A:
        G.apply(st, 0, f"discard {n}")
    G.apply(st, 0, "draw")
    assert st.hand == rest[:6] and st.discard == []


def test_a_partial_hand_is_refilled_from_the_new_pile_without_a_choice():
    st = G.new(1, seed=1)
    hand = ids("ace-waves", "origin", "journey") + ids(*NO_MELD_B[:3])
    last_two = ids("ace-moons", "ace-suns")
    rest = [c for c in BASIC_IDS if c not in hand and c not in last_two]
    st.hand[:], st.draw[:], st.discard[:] = hand, last_two, rest
    st.stage = "meld"
    meld(st, ["ace-waves", "origin", "journey"])
    assert st.pass_no == 2 and st.stage in ("meld", "discard")
    assert st.hand == ids(*NO_MELD_B[:3]) + last_two + rest[:1]
    assert st.draw == rest[1:]


def test_pass_two_visibility_and_discards():
    st = G.new(1, seed=1)
    hand = ids(*NO_MELD_A)
    rest = [c for c in BASIC_IDS if c not in hand]
    st.hand[:], st.draw[:], st.discard[:] = hand, [], rest
    st.stage = "discard"
    assert G.observe(st, 0).zone("draw").visible is False
    for n in NO_MELD_A:
        G.apply(st, 0, f"discard {n}")
    G.apply(st, 0, "draw")
    obs = G.observe(st, None)
    assert obs.zone("draw").visible and obs.zone("draw").cards == slugs(st.draw)
    assert obs.status["Pass"] == "2 of 2"


def test_game_ends_when_the_second_pile_is_used_up():
    st = G.new(1, seed=1)
    hand = ids(*NO_MELD_C)
    archived = [c for c in BASIC_IDS if c not in hand]
    st.archive[:] = archived
    st.meld_sizes[:] = [len(archived)]
    st.hand[:], st.draw[:], st.discard[:] = hand, [], []
    st.pass_no = 2
    st.stage = "discard"
    st.scores[0] = 6
    events = G.apply(st, 0, "discard mill")
    assert not st.over  # the hand is discarded card by card ...
    for n in ["ace-wyrms", "ace-waves", "merchant", "battle"]:
        G.apply(st, 0, f"discard {n}")
    events = G.apply(st, 0, "discard darkness")
    assert st.over and st.scores == [6] and st.sheet == [[6]]
    assert G.final(st).scores == [6]
    assert "score 6" in events[-1].text


# -- whole games ---------------------------------------------------------------------------------------


def test_perfect_deck_archives_everything():
    # six Aces, six Crowns, then the three cards of each rank 2..9 (each rank is a suit-meld)
    order = [DECKTET[c].slug for c in range(6)] + [DECKTET[c].slug for c in range(30, 36)]
    order += [DECKTET[c].slug for c in range(6, 30)]
    st = G.new(1, seed=3, deck=order)
    greedy(st)
    assert st.over and st.scores == [0] and len(st.archive) == 36
    assert st.meld_sizes[:2] == [6, 6]
    assert G.final(st).placings == [1]


def test_stacked_no_meld_pass_one_keeps_discards_in_order():
    st = G.new(1, seed=1, deck=stack(*NO_MELD_A, *NO_MELD_B))
    for n in reversed(NO_MELD_A):
        G.apply(st, 0, f"discard {n}")
    assert slugs(st.discard) == list(reversed(NO_MELD_A))
    assert slugs(st.hand) == NO_MELD_B


@pytest.mark.parametrize("extended", [False, True])
def test_random_games_keep_every_card_and_the_score_invariant(extended):
    total = 45 if extended else 36
    full = list(EXTENDED_IDS if extended else BASIC_IDS)
    for seed in range(60):
        st = G.new(1, seed=seed, extended=extended)
        rnd = random.Random(seed)
        while not st.over:
            acts = G.legal_actions(st, 0)
            assert acts
            G.apply(st, 0, rnd.choice(acts), events=seed % 10 == 0)
            assert all_cards(st) == full
            assert st.scores[0] + len(st.archive) == total
            assert sum(st.meld_sizes) == len(st.archive)
        assert G.final(st).scores[0] + len(st.archive) == total
        assert not st.hand and not st.draw


def test_extended_excuse_is_wild():
    deck = stack("excuse", "light-keeper", "savage", "bard", "ace-moons", "calamity", full=EXTENDED_IDS)
    st = G.new(1, seed=1, deck=deck, extended=True)
    assert st.stage == "meld"
    found = {frozenset(slugs(list(m))) for m in mk.find_melds(st.hand, True)}
    assert frozenset(["excuse", "light-keeper", "savage"]) in found
    events = meld(st, ["excuse", "light-keeper", "savage"])
    assert any("suit-meld" in e.text for e in events)
    assert st.scores == [42]
    # without the extended option the Excuse is not in the deck at all
    with pytest.raises(BadOptions):
        G.new(1, seed=1, deck=deck)


def test_same_seed_same_game():
    a, b = G.new(1, seed=9), G.new(1, seed=9)
    greedy(a)
    greedy(b)
    assert a.snapshot() == b.snapshot()


def test_the_observation_names_the_cards_of_the_meld_being_built():
    """Issue 10: the cards picked for a meld are exposed so the table marks them as chosen."""
    st = G.new(1, seed=1, deck=stack("ace-waves", "origin", "journey", "bard", "battle", "mill", "ace-moons", "author", "painter"))
    assert G.observe(st, 0).chosen == []
    G.apply(st, 0, "meld origin")
    G.apply(st, 0, "meld journey")
    assert G.observe(st, 0).chosen == ["origin", "journey"]
    G.apply(st, 0, "cancel")
    assert G.observe(st, 0).chosen == []
