"""Rules tests for Suitcases (RULES.md section 5)."""

from __future__ import annotations

import json
import random
from itertools import product

import pytest

from decktable.cards.decktet import DECKTET, EXTENDED_IDS, card
from decktable.engine.errors import BadOptions, GameOver, IllegalMove, NotYourTurn
from decktable.engine.kits.melds import is_suit_meld
from decktable.engine.registry import get_game
from decktable.engine.actions import Action
from decktable.rulesets.suitcases.rules import (
    CASE,
    CRIB,
    GAME,
    SHOW,
    SuitcasesState,
    case_points,
    show_items,
    show_total,
)

g = GAME
ANN, BOB = 0, 1


def ids(*names: str) -> list[int]:
    return [card(n) for n in names]


def by_kind(cards: list[int]) -> dict[str, int]:
    out = {"eleven": 0, "pair": 0, "run": 0, "meld": 0}
    for k, _, p in show_items(cards):
        out[k] += p
    return out


def stack(front: list[str]) -> list[str]:
    """A whole extended deck: `front` on top, then every other card in catalogue order."""
    got = [card(x) for x in front]
    assert len(set(got)) == len(got)
    return list(front) + [DECKTET[i].slug for i in EXTENDED_IDS if i not in got]


def dealt(pone: list[str], dealer: list[str], starter: str, **opts) -> SuitcasesState:
    """Ann (seat 0) deals; Bob (seat 1) is the non-dealer. Six cards each, then the starter."""
    order = []
    for b, a in zip(pone, dealer):
        order += [b, a]
    order.append(starter)
    opts.setdefault("first_dealer", "first")
    return g.new(["Ann", "Bob"], seed=5, deck=stack(order), **opts)


def run(st, *moves: tuple[int, str]) -> list[str]:
    texts: list[str] = []
    for seat, text in moves:
        texts.extend(e.text for e in g.apply(st, seat, text))
    return texts


def legal(st, seat) -> list[str]:
    return [str(a) for a in g.legal_actions(st, seat)]


# The scenario used by several tests: Bob (non-dealer) keeps Author, Ace of Suns, Lunatic,
# Market and cribs Mill, Ace of Moons; Ann (dealer) keeps Savage, Sea, Excuse, Penitent and
# cribs Diplomat, Pact. The starter is the Calamity.
BOB6 = ["author", "ace-suns", "lunatic", "market", "mill", "ace-moons"]
ANN6 = ["savage", "sea", "excuse", "penitent", "diplomat", "pact"]
ANN6X = ["savage", "sea", "ace-knots", "penitent", "diplomat", "pact"]  # without the Excuse


def scenario(**opts) -> SuitcasesState:
    st = dealt(BOB6, ANN6, "calamity", **opts)
    run(st, (BOB, "crib mill"), (ANN, "crib diplomat"), (ANN, "crib pact"), (BOB, "crib ace-moons"))
    return st


# -- the show: the seed's example and the pair table -------------------------------------------


def test_seed_example_hand_scores_24():
    hand = ids("mountain", "forest", "penitent", "lunatic", "market")  # 4, 5 and the three 6s
    assert by_kind(hand) == {"eleven": 3, "pair": 6, "run": 9, "meld": 6}
    assert show_total(hand) == 24
    items = show_items(hand)
    assert sorted(len(cs) for k, cs, _ in items if k == "run") == [3, 3, 3]
    melds = [set(cs) for k, cs, _ in items if k == "meld"]
    assert melds == [set(ids("penitent", "lunatic", "market"))]


def test_seed_example_is_exactly_24_for_every_4_and_5():
    """RULES.md gap 9: no 4 and 5 ever adds a suit-meld to the three 6s."""
    sixes = ids("penitent", "lunatic", "market")
    for four, five in product(ids("mountain", "sailor", "battle"), ids("forest", "discovery", "soldier")):
        hand = [four, five] + sixes
        assert show_total(hand) == 24, (four, five)


@pytest.mark.parametrize("cards, points", [
    (["ace-moons", "ace-suns"], 2),
    (["ace-moons", "ace-suns", "ace-waves"], 6),
    (["ace-moons", "ace-suns", "ace-waves", "ace-leaves"], 12),
    (["ace-moons", "ace-suns", "ace-waves", "ace-leaves", "ace-wyrms"], 20),
    (["watchman", "borderland"], 2),  # Pawns pair with each other
    (["consul", "rite", "window"], 6),  # Courts too
    (["watchman", "consul"], 0),  # a Pawn and a Court do not pair
])
def test_pairs_in_the_show(cards, points):
    assert by_kind(ids(*cards))["pair"] == points


def test_five_aces_total():
    hand = ids("ace-moons", "ace-suns", "ace-waves", "ace-leaves", "ace-wyrms")
    # 20 for the pairs; no sum of 11 (at most 5), no run; suit-melds need all six suits
    assert show_total(hand) == 20


def test_excuse_counts_zero_in_sums_and_runs():
    # Excuse + Ace + 2: a run of three (Excuse = 0)
    assert by_kind(ids("excuse", "ace-knots", "desert"))["run"] == 3
    # 5 + 6 = 11, and 5 + 6 + Excuse = 11 again: two sums
    assert by_kind(ids("forest", "lunatic", "excuse"))["eleven"] == 2
    # the Excuse has no suit: it is never part of a suit-meld
    hand = ids("lunatic", "penitent", "market", "excuse")
    assert by_kind(hand)["meld"] == 6
    assert all(card("excuse") not in cs for k, cs, _ in show_items(hand) if k == "meld")


def test_crowns_are_ten_pawns_and_courts_have_no_rank():
    assert by_kind(ids("ace-moons", "sea"))["eleven"] == 1  # Ace + Crown
    assert by_kind(ids("betrayal", "darkness", "sea"))["run"] == 3  # 8-9-Crown
    # a Pawn among the cards neither breaks the run nor joins a sum
    hand = ids("betrayal", "darkness", "sea", "watchman", "ace-suns")
    k = by_kind(hand)
    assert k["run"] == 3 and k["eleven"] == 1
    # 8-8-9-Crown: two runs of three
    assert by_kind(ids("betrayal", "mill", "darkness", "sea"))["run"] == 6
    # Crown-Ace does not wrap: Crown, Ace, 2 is no run
    assert by_kind(ids("sea", "ace-moons", "author"))["run"] == 0


def test_suit_melds_in_the_show_match_the_meld_kit():
    rng = random.Random(3)
    for _ in range(3000):
        hand = rng.sample(range(45), 5)
        mine = sorted(tuple(sorted(cs)) for k, cs, _ in show_items(hand) if k == "meld")
        kit = []
        for mask in range(1, 32):
            sub = [hand[i] for i in range(5) if mask >> i & 1]
            if is_suit_meld(sub):
                kit.append(tuple(sorted(sub)))
        assert mine == sorted(kit)
        assert show_total(hand) == sum(p for _, _, p in show_items(hand))


def test_pawn_suit_meld_in_the_show():
    # Watchman (Mo/Wy/Kn) + Origin (Wa/Le) + Ace of Suns: all six suits once
    assert by_kind(ids("watchman", "origin", "ace-suns"))["meld"] == 6


# -- casing scores -------------------------------------------------------------------------------


def play_seq(names: list[str]) -> list[int]:
    """Points of each card when these cards are cased in this order in one attempt."""
    att: list[int] = []
    total = suits = 0
    out = []
    from decktable.engine.kits.melds import SUIT_BITS
    from decktable.rulesets.suitcases.rules import VAL

    for n in names:
        c = card(n)
        att.append(c)
        pts, _ = case_points(att, total, suits)
        out.append(pts)
        total += VAL[c]
        suits |= SUIT_BITS[c]
    return out


def test_casing_eleven_scores_once():
    assert play_seq(["soldier", "lunatic"]) == [0, 1]  # 5 + 6 = 11
    # past 11 the total never scores again; an Excuse at 11 does not "reach" 11 a second time
    assert play_seq(["soldier", "lunatic", "excuse"]) == [0, 1, 0]
    assert play_seq(["windfall", "ace-moons"]) == [0, 1]  # Crown + Ace


def test_casing_pairs_and_of_a_kind():
    assert play_seq(["lunatic", "penitent"]) == [0, 2]
    assert play_seq(["lunatic", "penitent", "market"]) == [0, 2, 6 + 6]  # three 6s also a suit-meld
    assert play_seq(["ace-moons", "ace-suns", "ace-waves", "ace-leaves"]) == [0, 2, 6, 12]
    # a pair must be consecutive
    assert play_seq(["ace-moons", "sea", "ace-suns"]) == [0, 1, 0]


def test_casing_runs_any_order_longest_only():
    assert play_seq(["author", "savage", "ace-suns"]) == [0, 0, 3]  # 2, 3, 1
    # 2, 3, Ace, then the Excuse (0): a run of four
    assert play_seq(["author", "savage", "ace-suns", "excuse"]) == [0, 0, 3, 4]
    # a repeated rank breaks a run
    assert play_seq(["desert", "ace-moons", "ace-waves", "painter"]) == [0, 0, 2, 0]
    assert play_seq(["ace-moons", "desert", "ace-waves", "painter"]) == [0, 0, 0, 3]  # 2, Ace, 3


def test_casing_suit_meld_once():
    # Author Mo/Kn, Savage Le/Wy, Ace of Suns, Sea (Wa): the Sea completes the six suits
    pts = play_seq(["author", "savage", "ace-suns", "sea"])
    assert pts == [0, 0, 3, 6]
    # after that only the Excuse fits, and it scores no second meld
    assert play_seq(["author", "savage", "ace-suns", "sea", "excuse"])[-1] == 0


def test_full_hand_casing_show_and_next_deal():
    st = scenario()
    assert st.step == CASE and g.to_act(st) == (BOB,)
    assert st.starter == [card("calamity")]
    # attempt 1
    run(st, (BOB, "case author"), (ANN, "case savage"))
    texts = run(st, (BOB, "case ace-suns"))
    assert st.scores == [0, 3] and "run of 3" in texts[0]
    run(st, (ANN, "case sea"))
    assert st.scores == [6, 3]  # the Sea completes the suit-meld
    # Bob holds Lunatic (Mo/Wa) and Market (Le/Kn): nothing fits, he must pass
    assert legal(st, BOB) == ["pass"]
    run(st, (BOB, "pass"))
    # Bob has passed: Ann keeps playing while she can (the Excuse has no suit)
    assert g.to_act(st) == (ANN,) and legal(st, ANN) == ["case excuse"]
    with pytest.raises(IllegalMove, match="You can still play, so you cannot pass."):
        g.apply(st, ANN, "pass")
    run(st, (ANN, "case excuse"))
    assert legal(st, ANN) == ["pass"]
    texts = run(st, (ANN, "pass"))
    assert st.scores == [7, 3]  # last card
    assert any("last card" in t for t in texts)
    # the other player starts the next attempt
    assert g.to_act(st) == (BOB,) and st.attempt == [] and len(st.attempts) == 1
    run(st, (BOB, "case lunatic"), (ANN, "case penitent"))
    assert st.scores == [9, 3]  # pair
    texts = run(st, (BOB, "case market"))
    # three of a kind 6 + suit-meld 6, then last card 1 (nobody has cards left): 16; then the
    # show starts at once with Bob's hand (9 more)
    assert texts[0] == "Bob cases the Market (total 18): three of a kind 6, suit-meld 6 — 12 points."
    assert texts[1] == "Bob played the last card of the attempt: 1 point."
    assert texts[2] == "All cards are cased. The show: the hands are counted."
    assert texts[3].startswith("Bob's hand — Author, Ace of Suns, Lunatic, Market + starter Calamity: "
                               "sums of 11 1, pairs 2, suit-melds 6 = 9.")
    assert st.step == SHOW and g.to_act(st) == (BOB,)
    # the non-dealer's hand has been counted: Ace + Calamity = 11, pair of 6s, suit-meld
    obs = g.observe(st, ANN)
    show = obs.extra["show"]
    assert len(show) == 1 and show[0]["title"] == "Bob's hand" and show[0]["total"] == 9
    assert [i["kind"] for i in show[0]["items"]] == ["eleven", "pair", "meld"]
    assert st.scores == [9, 25]
    assert obs.zone("crib").visible is False
    assert legal(st, BOB) == ["continue"] and legal(st, ANN) == []
    run(st, (BOB, "continue"))
    assert g.to_act(st) == (ANN,) and st.scores == [11, 25]  # Ann: Sea + Calamity pair
    run(st, (ANN, "continue"))
    # the crib: Ace of Moons + Calamity, two 8s, runs 8-9-Crown twice
    assert st.scores == [20, 25] and g.to_act(st) == (ANN,)
    obs = g.observe(st, None)
    assert obs.zone("crib").visible and sorted(obs.zone("crib").cards) == sorted(["mill", "ace-moons", "diplomat", "pact"])
    assert obs.extra["show"][2]["summary"] == "sums of 11 1, pairs 2, runs 6 = 9"
    assert obs.status["Show"] == "Ann's crib: sums of 11 1, pairs 2, runs 6 = 9"
    run(st, (ANN, "continue"))
    # next hand: Bob deals, a fresh shuffle
    assert st.step == CRIB and st.dealer == BOB and st.hand_no == 2
    assert st.sheet == [[20, 25]]
    assert len(st.hands[0]) == len(st.hands[1]) == 6 and len(st.deck) == 33
    assert set(g.to_act(st)) == {ANN, BOB}


def test_non_dealer_always_starts_with_a_card_and_attempt_ends_when_both_pass():
    st = scenario()
    run(st, (BOB, "case lunatic"), (ANN, "case penitent"), (BOB, "case market"))  # all six suits
    assert st.scores == [2, 12]
    run(st, (ANN, "case excuse"))
    assert legal(st, BOB) == ["pass"]
    run(st, (BOB, "pass"))
    assert legal(st, ANN) == ["pass"]
    run(st, (ANN, "pass"))
    # Ann played last: 1 point, and Bob starts the next attempt
    assert st.scores == [3, 12] and g.to_act(st) == (BOB,)


# -- winning at once, skunks ---------------------------------------------------------------------


def test_win_at_once_during_the_show():
    st = scenario(target=25)
    run(st, (BOB, "case author"), (ANN, "case savage"), (BOB, "case ace-suns"), (ANN, "case sea"),
        (BOB, "pass"), (ANN, "case excuse"), (ANN, "pass"), (BOB, "case lunatic"), (ANN, "case penitent"))
    texts = run(st, (BOB, "case market"))
    # Bob reaches 25 on his own hand's count: the dealer's hand and crib are never counted
    assert g.is_over(st) and st.scores == [9, 25]
    assert st.winner == BOB and g.to_act(st) == ()
    assert texts[-1].startswith("Bob wins 25 to 9.")
    assert st.sheet == [[9, 25]]
    res = g.result(st)
    assert res.placings == [2, 1]
    with pytest.raises(GameOver):
        g.apply(st, BOB, "continue")


def test_win_at_once_while_casing():
    st = scenario(target=12)
    run(st, (BOB, "case lunatic"), (ANN, "case penitent"))
    run(st, (BOB, "case market"))  # 12 points: 6 for three 6s + 6 for the meld
    assert g.is_over(st) and st.scores == [2, 12]
    assert g.final(st).summary == "Bob wins 12 to 2. Ann is double skunked!"


def finished(scores: list[int], winner: int, **opts) -> SuitcasesState:
    st = g.new(["Ann", "Bob"], seed=1, **opts)
    st.scores = list(scores)
    st.winner = winner
    st.over = True
    return st


@pytest.mark.parametrize("loser, words", [
    (91, ""), (90, "skunk"), (61, "skunk"), (60, "double skunk"), (0, "double skunk"),
])
def test_skunk_lines(loser, words):
    st = finished([121, loser], ANN)
    assert g.skunk(st) == words
    res = g.final(st)
    if words == "skunk":
        assert res.summary == f"Ann wins 121 to {loser}. Bob is skunked!"
    elif words:
        assert res.summary == f"Ann wins 121 to {loser}. Bob is double skunked!"
    else:
        assert res.summary == f"Ann wins 121 to {loser}."
    assert res.placings == [1, 2]


def test_skunks_option_off():
    st = finished([40, 121], BOB, skunks=False)
    assert g.final(st).summary == "Bob wins 121 to 40."
    assert "skunk" not in g.observe(st, None).extra


# -- the crib: a simultaneous secret choice ---------------------------------------------------------


def test_crib_choice_is_secret_until_complete():
    st = dealt(BOB6, ANN6, "calamity")
    assert st.step == CRIB and g.to_act(st) == (ANN, BOB)
    assert g.legal_actions(st, ANN) and g.legal_actions(st, BOB)
    a = st.clone()
    b = st.clone()
    ev_a = g.apply(a, BOB, "crib mill")
    ev_b = g.apply(b, BOB, "crib ace-moons")
    # Ann's view is the same whichever card Bob chose
    assert g.observe(a, ANN) == g.observe(b, ANN)
    assert [e.text for e in ev_a] == [e.text for e in ev_b] == ["Bob puts a card in the crib."]
    obs = g.observe(a, ANN)
    z = obs.zone("crib_choice1")
    assert z.visible is False and z.cards == [] and z.count == 1
    assert "mill" not in json.dumps(obs.model_dump())
    assert obs.seats[BOB].facts["Crib"] == "1 of 2 chosen"
    # Bob sees his own choice
    assert g.observe(a, BOB).zone("crib_choice1").cards == ["mill"]
    # both still to act; Bob may choose again, then waits
    run(a, (BOB, "crib ace-moons"))
    assert g.to_act(a) == (ANN,)
    with pytest.raises(NotYourTurn):
        g.apply(a, BOB, "crib author")
    assert g.explain(a, BOB, Action("crib", ("author",))) == (
        "You have already put two cards in the crib; wait for the other player."
    )
    run(a, (ANN, "crib diplomat"))
    assert not a.crib and not a.starter
    texts = run(a, (ANN, "crib pact"))
    assert sorted(a.crib) == sorted(ids("mill", "ace-moons", "diplomat", "pact"))
    assert a.picks == [[], []] and a.starter == [card("calamity")]
    for seat in (ANN, BOB, None):
        o = g.observe(a, seat)
        assert o.zone("crib").visible is False and o.zone("crib").count == 4
        assert o.zone("starter").cards == ["calamity"]
    assert texts[-2] == "The crib is complete. Bob cuts and Ann turns the starter: the Calamity."
    assert texts[-1] == "Bob starts the first suit attempt."


def test_stacked_deal_order():
    st = dealt(BOB6, ANN6, "calamity")
    assert st.dealer == ANN
    assert st.hands[BOB] == ids(*BOB6) and st.hands[ANN] == ids(*ANN6)
    assert st.deck[0] == card("calamity") and len(st.deck) == 33
    second = g.new(["Ann", "Bob"], seed=5, deck=stack(BOB6), first_dealer="second")
    # Bob deals: Ann, the non-dealer, gets the 1st, 3rd and 5th cards of the list first
    assert second.dealer == BOB and second.hands[ANN][:3] == ids("author", "lunatic", "mill")


# -- starter events -----------------------------------------------------------------------------------


def test_sky_high_and_so_low():
    st = dealt(BOB6, ANN6X, "excuse", events=True)
    run(st, (BOB, "crib mill"), (BOB, "crib ace-moons"), (ANN, "crib diplomat"))
    texts = run(st, (ANN, "crib pact"))
    assert st.scores == [2, 0] and "Sky High! Ann (the dealer) scores 2." in texts
    st = dealt(BOB6, ANN6, "watchman", events=True)
    run(st, (BOB, "crib mill"), (BOB, "crib ace-moons"), (ANN, "crib diplomat"), (ANN, "crib pact"))
    assert st.scores == [2, 0] and st.bonus == ["So Low"]
    # without the option, no points
    st = dealt(BOB6, ANN6X, "excuse")
    run(st, (BOB, "crib mill"), (BOB, "crib ace-moons"), (ANN, "crib diplomat"), (ANN, "crib pact"))
    assert st.scores == [0, 0] and st.bonus == []


def test_royal_clique_needs_a_crown_last_hand_too():
    st = dealt(BOB6, ANN6, "calamity", events=True)
    run(st, (BOB, "crib mill"), (BOB, "crib ace-moons"), (ANN, "crib diplomat"), (ANN, "crib pact"))
    assert st.scores == [0, 0]  # first hand: no previous starter
    st = dealt(BOB6, ANN6, "calamity", events=True)
    st.last_starter = card("bard")
    run(st, (BOB, "crib mill"), (BOB, "crib ace-moons"), (ANN, "crib diplomat"), (ANN, "crib pact"))
    assert st.scores == [2, 0] and st.bonus == ["Royal Clique"]
    st = dealt(BOB6, ANN6, "calamity", events=True)
    st.last_starter = card("pact")  # a 9: no clique
    run(st, (BOB, "crib mill"), (BOB, "crib ace-moons"), (ANN, "crib diplomat"), (ANN, "crib pact"))
    assert st.scores == [0, 0]


def test_starter_event_can_win():
    st = dealt(BOB6, ANN6X, "excuse", events=True, target=11)
    st.scores = [10, 0]
    run(st, (BOB, "crib mill"), (BOB, "crib ace-moons"), (ANN, "crib diplomat"), (ANN, "crib pact"))
    assert g.is_over(st) and st.scores == [11, 0] and st.winner == ANN


# -- explanations ----------------------------------------------------------------------------------


def test_explain_messages():
    st = dealt(BOB6, ANN6, "calamity")
    assert g.explain(st, BOB, Action("case", ("author",))) == (
        "First each player puts two cards in the crib; casing starts after that."
    )
    assert g.explain(st, BOB, Action("crib", ("sea",))) == "The Sea is not in your hand."
    assert g.explain(st, BOB, Action("continue")).startswith("There is nothing to continue")
    run(st, (BOB, "crib mill"), (BOB, "crib ace-moons"), (ANN, "crib diplomat"), (ANN, "crib pact"))
    assert g.explain(st, BOB, Action("crib", ("author",))) == (
        "The crib is already complete; cards go into it only right after the deal."
    )
    run(st, (BOB, "case author"))
    assert g.explain(st, ANN, Action("case", ("author",))) == "The Author is not in your hand."
    run(st, (ANN, "case sea"))  # Waves
    # Bob holds the Lunatic (Moons/Waves): Moons from the Author, Waves from the Sea
    assert g.explain(st, BOB, Action("case", ("lunatic",))) == (
        "The Lunatic shares Moons and Waves with cards already in this attempt."
    )
    assert g.explain(st, BOB, Action("case", ("market",))) == (
        "The Market shares Knots with a card already in this attempt."
    )
    assert g.explain(st, BOB, Action("pass")) == "You can still play, so you cannot pass."
    with pytest.raises(IllegalMove, match="shares Knots"):
        g.apply(st, BOB, "case market")


def test_explain_sailor_shares_waves():
    st = dealt(["sailor", "author", "lunatic", "market", "mill", "ace-moons"], ANN6, "calamity")
    run(st, (BOB, "crib mill"), (BOB, "crib ace-moons"), (ANN, "crib diplomat"), (ANN, "crib pact"))
    run(st, (BOB, "case author"), (ANN, "case sea"))
    assert g.explain(st, BOB, Action("case", ("sailor",))) == "The Sailor shares Waves with a card already in this attempt."


# -- observation and options ----------------------------------------------------------------------------


def test_score_bar_and_pegs():
    st = scenario()
    run(st, (BOB, "case author"), (ANN, "case savage"), (BOB, "case ace-suns"))
    obs = g.observe(st, ANN)
    assert obs.seats[BOB].facts["Score"] == "3 / 121"
    assert obs.seats[ANN].facts["Role"] == "dealer"
    assert obs.extra["pegs"] == [[0, 0], [0, 3]]
    assert obs.status["Attempt"] == "total 6 · suits Moons, Suns, Leaves, Wyrms, Knots"
    assert obs.status["Last score"] == "Bob, Ace of Suns: run of 3 3"
    labels = {a.text: a.label for a in obs.legal}
    assert labels["case sea"] == "Case Sea (Crown): +6"


def test_options_validate():
    with pytest.raises(BadOptions):
        g.new(2, seed=1, target=5)
    with pytest.raises(BadOptions):
        g.new(2, seed=1, first_dealer="third")
    with pytest.raises(BadOptions):
        g.new(3, seed=1)
    st = g.new(2, seed=1)
    assert st.options.target == 121 and st.options.skunks and not st.options.events
    assert get_game("suitcases") is g


def test_first_dealer_random_by_seed():
    dealers = {g.new(2, seed=s).dealer for s in range(20)}
    assert dealers == {0, 1}


# -- random games -----------------------------------------------------------------------------------


def play_out(seed: int, **opts) -> SuitcasesState:
    rng = random.Random(seed)
    st = g.new(2, seed=seed, **opts)
    steps = 0
    while not g.is_over(st):
        seat = rng.choice(g.to_act(st))
        la = g.legal_actions(st, seat)
        assert la
        g.apply(st, seat, rng.choice(la), events=seed % 3 == 0)
        steps += 1
        assert steps < 5000
        cards = sorted(c for z in g.zones(st) for c in z.cards)
        assert cards == list(range(45))
    return st


def test_random_games_short_target():
    for seed in range(300):
        st = play_out(seed, target=31, events=seed % 2 == 0)
        assert max(st.scores) == 31 and min(st.scores) < 31
        res = g.final(st)
        assert sorted(res.placings) == [1, 2]
        assert sum(map(sum, st.sheet)) == sum(st.scores) - 0


def test_random_games_full_target():
    for seed in range(40):
        st = play_out(seed)
        assert max(st.scores) == 121
        assert [sum(col) for col in zip(*st.sheet)] == st.scores


def test_a_show_says_its_total_once() -> None:
    """At 80×24 the status lost the show's breakdown under three facts, one of which ("Last
    score: Bea's hand: 1 point") only repeated the show's own line ("Show: Bea's hand: ... = 1")."""
    g = get_game("suitcases")
    st = g.new(["Ann", "Bea"], seed=12)
    r = random.Random(3)
    shows = 0
    for _ in range(3000):
        if g.is_over(st):
            break
        seat = g.to_act(st)[0]
        status = g.observe(st, seat).status
        if "Show" in status:
            shows += 1
            title = status["Show"].split(":")[0]
            assert not status.get("Last score", "").startswith(f"{title}:"), status
            assert status["Breakdown"]
        g.apply(st, seat, r.choice(g.legal_actions(st, seat)))
    assert shows >= 3
