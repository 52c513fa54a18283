"""Nonesuch rules: RULES.md section 9, its test cases, our readings, and random full games."""

from __future__ import annotations

import time

import pytest

from decktable.cards.decktet import DECKTET, EXCUSE, card
from decktable.engine.actions import Action
from decktable.engine.errors import BadOptions, IllegalMove, MalformedAction, NotYourTurn
from decktable.engine.rng import Rng
from decktable.rulesets.nonesuch.rules import (
    FULL,
    GAME,
    MOST,
    NONE,
    SOME,
    hand_points,
    most_needed,
)

G = GAME

# -- a stacked deal -----------------------------------------------------------------------------

# Wyrms trump (the Calamity turned up), for the seed's worked example. Tarrant sits left of the
# dealer (Ann), so Tarrant bids first and leads the first trick.
NAMES = ["Tarrant", "Raphael", "Ann"]
TARRANT = ["diplomat", "ace-moons", "author", "journey", "lunatic", "forest", "chance-meeting",
           "huntress", "ace-waves", "origin", "sailor", "mill"]
RAPHAEL = ["desert", "ace-leaves", "market", "merchant", "end", "sea", "ace-knots", "windfall",
           "battle", "soldier", "betrayal", "savage"]
ANN = ["ace-suns", "painter", "mountain", "discovery", "penitent", "castle", "pact", "bard",
       "excuse", "ace-wyrms", "cave", "darkness"]


def stack(hands: dict[int, list[str]], up: str, players: int, dealer: int) -> list[str]:
    """A deck that deals `hands` (seat -> cards) with `up` turned up, by the help's deal order:
    one card at a time from the dealer's left; the 37th card is the up card."""
    each = 36 // players
    given = {c for h in hands.values() for c in h} | {up}
    rest = [DECKTET[i].slug for i in FULL if DECKTET[i].slug not in given]
    full = {s: list(h) for s, h in hands.items()}
    for s in range(players):
        full.setdefault(s, [])
        while len(full[s]) < each:
            full[s].append(rest.pop())
    deck = []
    for k in range(36):
        seat = (dealer + 1 + k) % players
        deck.append(full[seat][k // players])
    deck.append(up)
    assert not rest
    return deck


def example_game(up: str = "calamity", **opts):
    deck = stack({0: TARRANT, 1: RAPHAEL, 2: ANN}, up, 3, dealer=2)
    return G.new(NAMES, seed=7, deck=deck, first_dealer=2, **opts)


def bid_all(st, bids=("some", "some", "some")):
    for b in bids:
        seat = G.to_act(st)[0]
        G.apply(st, seat, f"bid {b}")


def slugs(cards):
    return sorted(DECKTET[c].slug for c in cards)


def why(st, seat, text):
    with pytest.raises(IllegalMove) as err:
        G.apply(st, seat, text)
    return err.value.why


# -- dealing --------------------------------------------------------------------------------------


def test_stacked_deal_order_and_up_card():
    st = example_game()
    assert st.dealer == 2
    assert slugs(st.hands[0]) == sorted(TARRANT)
    assert slugs(st.hands[1]) == sorted(RAPHAEL)
    assert slugs(st.hands[2]) == sorted(ANN)
    assert st.up == card("calamity") and st.up_zone == [card("calamity")]
    assert st.trump == "wyrms"
    assert G.to_act(st) == (0,)
    obs = G.observe(st, 1)
    assert obs.status["Trump"] == "Wyrms"
    assert obs.status["Up card"] == "The Calamity"
    assert obs.status["Dealer"] == "Ann"
    assert obs.status["Hand"] == "1"
    assert obs.phase == "bid"


def test_deal_sizes_four_players_and_first_dealer_random():
    st = G.new(4, seed=3)
    assert [len(h) for h in st.hands] == [9, 9, 9, 9]
    assert len(st.up_zone) == 1
    dealers = {G.new(4, seed=s).dealer for s in range(40)}
    assert dealers == {0, 1, 2, 3}


def test_deal_order_from_stacked_deck_four_players():
    ids = list(range(37))
    st = G.new(4, seed=1, deck=ids, first_dealer=1)
    # seat 2 is left of the dealer: cards 0, 4, 8, ... ; seat 1 (the dealer) gets 3, 7, ...
    assert sorted(st.hands[2]) == list(range(0, 36, 4))
    assert sorted(st.hands[1]) == list(range(3, 36, 4))
    assert st.up == 36 == EXCUSE


def test_stacked_deck_without_first_dealer_is_seed_independent():
    deck = [DECKTET[i].slug for i in FULL]
    a = G.new(3, seed=1, deck=deck)
    b = G.new(3, seed=2, deck=deck)
    assert a.dealer == b.dealer == 2
    assert a.hands == b.hands and sorted(a.hands[0]) == list(range(0, 36, 3))
    assert G.new(4, seed=9, deck=deck).dealer == 3


# -- bidding ------------------------------------------------------------------------------------


def test_bidding_once_each_from_dealers_left_public():
    st = example_game()
    ev = G.apply(st, 0, "bid most")
    assert ev[0].text == "Tarrant bids MOST."
    with pytest.raises(NotYourTurn):
        G.apply(st, 0, "bid some")
    G.apply(st, 1, "bid none")
    obs = G.observe(st, None)
    assert obs.seats[0].facts["Bid"] == "MOST"
    assert obs.seats[0].facts["Needs"] == "6"
    assert obs.seats[1].facts["Bid"] == "NONE"
    assert obs.seats[2].facts["Bid"] == "—"
    assert G.to_act(st) == (2,)
    assert why(st, 2, "play bard") == "Bid first."
    with pytest.raises(MalformedAction):
        G.parse("bid lots")


def test_excuse_holder_takes_ace_or_crown_up_card():
    st = example_game()
    bid_all(st)
    assert st.aside == [EXCUSE]
    assert st.holder == 2
    assert EXCUSE not in st.hands[2] and card("calamity") in st.hands[2]
    assert st.up_zone == []
    assert len(st.hands[2]) == 12
    assert st.phase == "play" and G.to_act(st) == (0,)
    assert G.observe(st, 0).status["Up card"] == "taken by Ann"
    assert why(st, 0, "bid some") == "Bidding is over for this hand."
    assert why(st, 0, "trump suns") == "Trump is already Wyrms."


def test_trump_choice_by_excuse_holder():
    # the Diplomat turned up: the Excuse holder (Raphael here) chooses Moons or Suns
    t = [c for c in TARRANT if c != "diplomat"] + ["calamity"]
    r = [c for c in RAPHAEL if c != "desert"] + ["excuse"]
    a = [c for c in ANN if c != "excuse"] + ["desert"]
    deck = stack({0: t, 1: r, 2: a}, "diplomat", 3, dealer=2)
    st = G.new(NAMES, seed=1, deck=deck, first_dealer=2)
    assert st.trump is None
    assert G.observe(st, 0).status["Trump"] == "Moons or Suns (chosen after bidding)"
    G.apply(st, 0, "bid some")
    G.apply(st, 1, "bid most")
    ev = G.apply(st, 2, "bid none")
    texts = [e.text for e in ev]
    assert "Raphael shows the Excuse and sets it aside." in texts
    assert st.phase == "trump" and G.to_act(st) == (1,)
    assert [str(x) for x in G.legal_actions(st, 1)] == ["trump moons", "trump suns"]
    assert G.legal_actions(st, 0) == []
    assert st.up_zone == [card("diplomat")] and len(st.hands[1]) == 11
    assert why(st, 1, "trump leaves") == "The Diplomat does not carry Leaves; choose Moons or Suns."
    assert why(st, 1, "play ace-leaves") == "Choose trump first: Moons or Suns."
    other = G.observe(st, 0)
    assert other.legal == [] and "Waiting for Raphael to choose trump" in other.prompt
    ev = G.apply(st, 1, "trump suns")
    assert ev[0].text == "Raphael makes Suns trump and takes the Diplomat into hand."
    assert st.trump == "suns" and card("diplomat") in st.hands[1] and st.up_zone == []
    assert G.observe(st, 2).status["Trump"] == "Suns"
    assert st.phase == "play" and G.to_act(st) == (0,)


def test_excuse_as_up_card_means_no_trump():
    deck = [DECKTET[i].slug for i in range(36)] + ["excuse"]
    st = G.new(3, seed=5, deck=deck, first_dealer=0)
    assert st.up == EXCUSE and st.trump is None
    assert G.observe(st, 0).status["Trump"] == "None"
    ev = []
    for _ in range(3):
        ev += G.apply(st, G.to_act(st)[0], "bid some")
    assert "The Excuse was the up card: it is set aside, and there is no trump." in [e.text for e in ev]
    assert st.aside == [EXCUSE] and st.up_zone == [] and st.holder == -1
    assert [len(h) for h in st.hands] == [12, 12, 12]
    leader = G.to_act(st)[0]
    # no leading restriction without trump: every card of the hand may be led, each suit of it
    hand = st.hands[leader]
    assert len(G.legal_actions(st, leader)) == sum(len(DECKTET[c].suits) for c in hand)
    # a trick is won by the highest card of the named suit
    G.apply(st, leader, G.legal_actions(st, leader)[0])
    while st.trick.plays:
        s = G.to_act(st)[0]
        G.apply(st, s, G.legal_actions(st, s)[-1])
    assert sum(st.tricks) == 1


# -- the seed's worked example --------------------------------------------------------------------


def test_worked_example_desert_trumps_the_diplomat():
    st = example_game()
    bid_all(st)
    ev = G.apply(st, 0, "lead diplomat suns")
    assert ev[0].text == "Tarrant leads the Diplomat, naming Suns."
    assert st.trick.named == "suns" and not st.trump_played
    # Raphael holds one Suns card, the Desert, so must play it
    assert [str(a) for a in G.legal_actions(st, 1)] == ["play desert"]
    assert why(st, 1, "play ace-leaves") == "You must play a card carrying Suns (you hold the Desert)."
    ev = G.apply(st, 1, "play desert")
    assert ev[0].text == "Raphael plays the Desert (a trump)."
    assert st.trump_played
    # Ann must play Suns too; she holds eight of them
    assert sorted(a.args[0] for a in G.legal_actions(st, 2)) == sorted(
        ["ace-suns", "painter", "mountain", "discovery", "penitent", "castle", "pact", "bard"]
    )
    assert why(st, 2, "play calamity") == (
        "You must play a card carrying Suns (you hold the Mountain, the Pact, the Ace of Suns, the Painter, "
        "the Discovery, the Penitent, the Castle and the Bard)."
    )
    obs = G.observe(st, 2)
    assert obs.trick.note == "Suns named · Trump: Wyrms"
    assert [(p.seat, p.card, p.note) for p in obs.trick.plays] == [(0, "diplomat", ""), (1, "desert", "trump")]
    ev = G.apply(st, 2, "play bard")  # the Crown of Suns is higher, but not a trump
    assert ev[-1].text == "Raphael wins the trick with the Desert."
    assert st.tricks == [0, 1, 0]
    assert G.to_act(st) == (1,)
    obs = G.observe(st, 0)
    assert obs.trick.last_winner == 1 and [p.card for p in obs.trick.last] == ["diplomat", "desert", "bard"]
    assert obs.seats[1].facts["Tricks"] == "1"
    assert sorted(obs.zone("won1").cards) == ["bard", "desert", "diplomat"]


def test_worked_example_higher_trump_wins():
    st = example_game()
    bid_all(st)
    G.apply(st, 0, "lead diplomat suns")
    G.apply(st, 1, "play desert")
    ev = G.apply(st, 2, "play penitent")  # 6 of Suns/Wyrms: a higher trump
    assert ev[-1].text == "Ann wins the trick with the Penitent."
    assert st.tricks == [0, 0, 1]


def test_naming_the_other_suit_changes_who_must_follow():
    st = example_game()
    bid_all(st)
    G.apply(st, 0, "lead diplomat moons")
    # Raphael has no Moons: anything goes
    assert len(G.legal_actions(st, 1)) == 12
    G.apply(st, 1, "play ace-leaves")
    # Ann has the Mountain and the Pact carrying Moons
    assert sorted(a.args[0] for a in G.legal_actions(st, 2)) == ["mountain", "pact"]
    assert why(st, 2, "play bard") == "You must play a card carrying Moons (you hold the Mountain and the Pact)."
    ev = G.apply(st, 2, "play pact")
    assert ev[-1].text == "Ann wins the trick with the Pact."


def test_suit_facts_from_the_strategy_section():
    both = lambda a, b: sorted(c.rank for c in DECKTET if c.id < 36 and a in c.suits and b in c.suits)
    assert both("moons", "suns") == [4, 8, 9]
    assert [DECKTET[i].slug for i in range(36) if {"moons", "suns"} <= set(DECKTET[i].suits)] == [
        "mountain", "diplomat", "pact"
    ]
    assert both("suns", "leaves") == []
    # no ties within a suit: every suit has one card of each rank 1..10
    for s in ("moons", "suns", "waves", "leaves", "wyrms", "knots"):
        assert both(s, s) == list(range(1, 11))


# -- leading -------------------------------------------------------------------------------------------


def test_lead_messages_and_single_suit_shorthand():
    st = example_game()
    bid_all(st)
    assert why(st, 0, "lead diplomat leaves") == "The Diplomat does not carry Leaves."
    assert why(st, 0, "play diplomat").startswith("You lead this trick")
    assert why(st, 0, "lead desert suns") == "You do not hold the Desert."
    assert G.parse("lead huntress") == Action("lead", ("huntress", "moons"))
    assert G.parse("lead ace of waves") == Action("lead", ("ace-waves", "waves"))
    with pytest.raises(MalformedAction) as err:
        G.parse("lead diplomat")
    assert "lead diplomat moons or lead diplomat suns" in str(err.value)
    G.apply(st, 0, "lead huntress")
    assert why(st, 1, "lead desert suns").startswith("Tarrant has already led this trick")


def test_may_not_lead_trump_until_one_has_been_played():
    st = example_game()
    bid_all(st)
    # trick 1: Tarrant leads the Huntress (Moons); nobody has a trump played yet
    G.apply(st, 0, "lead huntress moons")
    G.apply(st, 1, "play ace-leaves")  # void in Moons
    G.apply(st, 2, "play mountain")  # Ann must follow Moons
    assert st.tricks == [1, 0, 0] and not st.trump_played
    # trick 2 led by Tarrant; Raphael will lead later. Tarrant has no trumps at all.
    G.apply(st, 0, "lead ace-moons moons")
    G.apply(st, 1, "play market")
    G.apply(st, 2, "play pact")
    assert st.tricks == [1, 0, 1] and G.to_act(st) == (2,)
    # Ann holds trumps and non-trumps: she may not lead a trump yet
    assert why(st, 2, "lead calamity wyrms") == "You may not lead a trump until a trump has been played this hand."
    assert why(st, 2, "lead penitent suns") == "You may not lead a trump until a trump has been played this hand."
    led = {a.args[0] for a in G.legal_actions(st, 2)}
    assert "calamity" not in led and "penitent" not in led and "bard" in led
    assert G.observe(st, 2).status["Trump played"] == "not yet"
    # Ann leads the Bard; Tarrant is void in Suns and has no trump; Raphael trumps in
    G.apply(st, 2, "lead bard suns")
    G.apply(st, 0, "play diplomat")  # Tarrant's only Suns card
    G.apply(st, 1, "play desert")
    assert st.trump_played and st.tricks == [1, 1, 1]
    assert G.observe(st, 1).status["Trump played"] == "yes"
    # now Raphael may lead a trump
    assert "lead battle wyrms" in [str(a) for a in G.legal_actions(st, 1)]
    G.apply(st, 1, "lead battle wyrms")
    G.apply(st, 2, "play calamity")
    assert G.observe(st, 0).status["Up card"] == "The Calamity (taken by Ann, played)"


def test_all_trump_hand_may_lead_trump():
    st = example_game()
    bid_all(st)
    st.hands[0] = [card("ace-wyrms"), card("savage")]
    st.hands[2] = [c for c in st.hands[2] if c != card("ace-wyrms")]
    acts = [str(a) for a in G.legal_actions(st, 0)]
    assert acts == ["lead ace-wyrms wyrms", "lead savage leaves", "lead savage wyrms"]
    assert G._why(st, 0, G.parse("lead savage leaves")) is None


# -- scoring -----------------------------------------------------------------------------------------


def test_scoring_cases_from_rules():
    assert hand_points(NONE, 0, 3) == 12
    assert hand_points(MOST, 7, 3) == 14
    assert hand_points(MOST, 4, 3) == -2
    assert hand_points(MOST, 3, 4) == -2
    # and around them
    assert hand_points(NONE, 0, 4) == 9
    assert hand_points(NONE, 3, 3) == -3
    assert hand_points(SOME, 0, 3) == 0
    assert hand_points(SOME, 5, 4) == 5
    assert hand_points(MOST, 6, 3) == 12
    assert hand_points(MOST, 5, 3) == -1
    assert hand_points(MOST, 5, 4) == 10
    assert hand_points(MOST, 0, 4) == -5
    assert most_needed(3) == 6 and most_needed(4) == 5


def _finish_with(st, bids, tricks):
    st.bids = list(bids)
    st.tricks = list(tricks)
    ev = []
    G._end_hand(st, ev)
    if not st.over:
        # the hand stays on the table until the next dealer deals
        assert st.phase == "scored" and st.hand_no == len(st.sheet)
        dealer = G.to_act(st)[0]
        assert G.legal_actions(st, dealer) == [Action("deal")]
        ev += G.apply(st, dealer, "deal")
    return ev


def test_hand_scores_go_to_sheet_and_events():
    st = G.new(NAMES, seed=2, first_dealer=0)
    ev = _finish_with(st, [NONE, MOST, MOST], [0, 7, 5])
    assert st.sheet == [[12, 14, -1]]
    assert st.scores == [12, 14, -1]
    texts = [e.text for e in ev]
    assert "Tarrant bid NONE and took 0 tricks: +12 (total 12)." in texts
    assert "Raphael bid MOST and took 7 tricks: +14 (total 14)." in texts
    assert "Ann bid MOST and took 5 tricks: -1 (total -1)." in texts
    # next hand: dealer moves left, new deal, Raphael's left (Ann) bids first
    assert not st.over and st.hand_no == 2 and st.dealer == 1
    assert G.to_act(st) == (2,) and st.phase == "bid"
    assert [len(h) for h in st.hands] == [12, 12, 12] and st.bids == [-1, -1, -1]
    assert any(t.startswith("Hand 2: Raphael deals. The up card is") for t in texts)
    obs = G.observe(st, 0)
    assert obs.score_sheet == [[12, 14, -1]] and [s.score for s in obs.seats] == [12, 14, -1]


def test_a_full_hand_then_a_pause_before_the_next_deal():
    st = example_game()
    r = Rng(4)
    while st.phase != "scored":
        seat = G.to_act(st)[0]
        la = G.legal_actions(st, seat)
        G.apply(st, seat, la[r.below(len(la))])
    assert sum(st.tricks) == 12 and st.hands == [[], [], []]
    assert len(st.sheet) == 1 and st.hand_no == 1
    # Ann dealt hand 1, so Tarrant deals hand 2
    assert G.to_act(st) == (0,)
    obs = G.observe(st, 1)
    assert obs.prompt == "Hand 1 is over. Waiting for Tarrant to deal the next hand."
    assert len(obs.trick.last) == 3 and obs.trick.plays == []
    assert why(st, 0, "lead bard suns") == "Hand 1 is over: deal the next hand first."
    ev = G.apply(st, 0, "deal")
    assert ev[0].text.startswith("Hand 2: Tarrant deals. The up card is ")
    assert st.dealer == 0 and st.hand_no == 2 and G.to_act(st) == (1,)
    assert G.observe(st, None).trick.last == []  # those cards are back in the hands
    assert why(st, 1, "deal") == "Hand 2 is still being played."


def test_game_ends_at_31():
    st = G.new(NAMES, seed=2, first_dealer=0)
    st.scores = [25, 20, 30]
    _finish_with(st, [SOME, SOME, NONE], [6, 5, 1])
    assert st.scores == [31, 25, 29]
    assert st.over and G.to_act(st) == ()
    res = G.result(st)
    assert res.placings == [1, 3, 2] and res.summary == "Tarrant wins with 31 points."
    assert res.details == ["Hand 1: Tarrant +6, Raphael +5, Ann -1"]


def test_tie_at_the_top_plays_another_hand():
    st = G.new(NAMES, seed=2, first_dealer=0)
    st.scores = [25, 27, 0]
    ev = _finish_with(st, [SOME, SOME, NONE], [6, 4, 2])
    assert st.scores == [31, 31, -2]
    assert not st.over and st.hand_no == 2
    assert "Tarrant and Raphael are tied at the top with 31: another hand." in [e.text for e in ev]
    _finish_with(st, [SOME, MOST, SOME], [4, 2, 6])
    assert st.scores == [35, 27, 4] and st.over
    assert G.result(st).placings == [1, 2, 3]


def test_below_target_continues_and_target_option():
    st = G.new(NAMES, seed=2, first_dealer=0, target=10)
    _finish_with(st, [SOME, SOME, SOME], [4, 4, 4])
    assert not st.over
    _finish_with(st, [SOME, MOST, SOME], [6, 0, 6])
    assert st.scores == [10, -2, 10] and not st.over  # tied at 10
    _finish_with(st, [SOME, SOME, SOME], [5, 4, 3])
    assert st.over and G.result(st).summary == "Tarrant wins with 15 points."


def test_max_hands_stop_rule():
    st = G.new(NAMES, seed=2, first_dealer=0, max_hands=2)
    _finish_with(st, [SOME, SOME, SOME], [4, 4, 4])
    assert not st.over
    _finish_with(st, [SOME, SOME, SOME], [5, 4, 3])
    assert st.over and st.scores == [9, 8, 7]


def test_max_hands_tie_plays_on():
    st = G.new(NAMES, seed=2, first_dealer=0, max_hands=1)
    _finish_with(st, [SOME, SOME, SOME], [5, 5, 2])
    assert not st.over and st.hand_no == 2
    _finish_with(st, [SOME, SOME, SOME], [3, 4, 5])
    assert st.over and st.scores == [8, 9, 7] and G.result(st).summary == "Raphael wins with 9 points."


def test_options():
    assert G.options().target == 31
    assert G.options().max_hands == 40
    with pytest.raises(BadOptions):
        G.new(3, seed=1, first_dealer=3)
    with pytest.raises(BadOptions):
        G.new(3, seed=1, target=0)
    with pytest.raises(BadOptions):
        G.new(2, seed=1)
    with pytest.raises(BadOptions):
        G.new(3, seed=1, deck=["desert"] * 37)
    assert G.new(4, seed=1, first_dealer=3).dealer == 3


# -- observation and hidden information -------------------------------------------------------


def test_observation_hides_other_hands_and_survives_determinize():
    st = example_game()
    bid_all(st)
    G.apply(st, 0, "lead diplomat suns")
    obs = G.observe(st, 1)
    assert obs.zone("hand0").cards == [] and obs.zone("hand0").count == 11
    assert len(obs.zone("hand1").cards) == 12
    assert obs.prompt == "Play a card carrying Suns if you can; otherwise any card."
    assert [a.text for a in obs.legal] == ["play desert"] and obs.legal[0].label == "Play the Desert"
    for seat in (0, 1, 2, None):
        other = G.determinize(st, seat, Rng(seat or 9))
        assert G.observe(other, seat) == G.observe(st, seat)


def test_random_play_observations_and_determinize():
    for n in (3, 4):
        for seed in range(2):
            st = G.new(n, seed=seed)
            r = Rng(seed)
            steps = 0
            while not st.over and steps < 160:
                seat = G.to_act(st)[0]
                for s in {seat, (seat + 1 + steps) % n}:
                    other = G.determinize(st, s, Rng(steps))
                    assert G.observe(other, s) == G.observe(st, s)
                la = G.legal_actions(st, seat)
                a = la[r.below(len(la))]
                assert G.parse(str(a)) == a
                before = st.snapshot()
                with pytest.raises(NotYourTurn):
                    G.apply(st, (seat + 1) % n, a)
                assert st.snapshot() == before
                G.apply(st, seat, a)
                steps += 1


# -- random full games -------------------------------------------------------------------------


def _random_game(n, seed, check=False):
    st = G.new(n, seed=seed)
    r = Rng(seed * 7 + 1)
    dec = 0
    while not st.over:
        seat = G.to_act(st)[0]
        la = G.legal_actions(st, seat)
        assert la
        G.apply(st, seat, la[r.below(len(la))], events=check)
        dec += 1
        if check:
            cards = sorted(c for z in G.zones(st) for c in z.cards)
            assert cards == list(range(37))
    return st, dec


@pytest.mark.parametrize("n", [3, 4])
def test_random_full_games(n):
    t = time.perf_counter()
    dec = 0
    for seed in range(150):
        st, d = _random_game(n, seed, check=seed < 10)
        dec += d
        assert st.over
        assert len(st.sheet) == st.hand_no
        assert [sum(col) for col in zip(*st.sheet)] == st.scores
        res = G.result(st)
        assert len(res.scores) == n and res.placings.count(1) == 1
        top = max(st.scores)
        assert top >= 31 or st.hand_no >= 40
    rate = dec / (time.perf_counter() - t)
    print(f"nonesuch {n}p: {dec} decisions, {rate:.0f}/s")
    assert rate > 2000  # a floor only; the benchmark gives the real figure


def test_same_seed_same_game():
    a, _ = _random_game(3, 11)
    b, _ = _random_game(3, 11)
    assert a.snapshot() == b.snapshot()
