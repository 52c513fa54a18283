"""Rules tests for Type Trump (RULES.md section 1, with every test case of the seed)."""

from __future__ import annotations

import random

import pytest

from decktable.cards.decktet import BASIC_IDS, DECKTET, SUITS, card
from decktable.engine.errors import BadOptions, IllegalMove, NotYourTurn
from decktable.engine.kits.tricks import Trick
from decktable.rulesets.type_trump.rules import GAME, MASK, SPOILER, TRUMP, TypeTrumpState

g = GAME
PERS, LOC, EVT = 0, 1, 2


def ids(*names: str) -> list[int]:
    return [card(n) for n in names]


def make(hands: list[list[str]], trump: int = PERS, leader: int = 0, decl: list[int] | None = None) -> TypeTrumpState:
    """A state in the play phase whose hands start with the given cards; the rest of the deck is
    shared out so that every hand has the same size (all 36 cards are somewhere)."""
    hands = hands + [[] for _ in range(3 - len(hands))]
    n = len(hands)
    st = g.new(n, seed=1)
    given = [ids(*h) for h in hands]
    used = {c for h in given for c in h}
    rest = [c for c in BASIC_IDS if c not in used]
    size = 36 // n
    for h in given:
        while len(h) < size:
            h.append(rest.pop())
    st.hands = [sorted(h) for h in given]
    st.trump = trump
    st.phase = "play"
    st.decl = decl if decl is not None else [0] * n
    st.revealed = True
    st.trick = Trick(leader)
    st.turn = leader
    st.dealer = (leader - 1) % n
    return st


def legal_cards(st: TypeTrumpState, seat: int) -> set[str]:
    return {a.args[0] for a in g.legal_actions(st, seat)}


def winner_of(st: TypeTrumpState, names: list[str]) -> int:
    plays = [(i, c) for i, c in enumerate(ids(*names))]
    return g._winning_index(st, plays)


# -- the cards ------------------------------------------------------------------------------------------


def test_eleven_trumps_for_every_type() -> None:
    for t in (PERS, LOC, EVT):
        assert sum(TRUMP[t][c] for c in BASIC_IDS) == 11
    for name in ("origin", "market", "end"):
        c = card(name)
        assert TRUMP[LOC][c] and TRUMP[EVT][c] and not TRUMP[PERS][c]
    for a in range(6):  # Aces have no type: never trump
        assert not any(TRUMP[t][a] for t in range(3))


def test_suit_distribution_table_of_the_seed() -> None:
    expected = {PERS: [4, 4, 2, 3, 3, 4], LOC: [2, 3, 5, 5, 3, 2], EVT: [3, 2, 3, 4, 3, 4]}
    for t, counts in expected.items():
        got = [sum(1 for c in BASIC_IDS if TRUMP[t][c] and MASK[c] >> i & 1) for i in range(6)]
        assert got == counts


# -- the seed's trick examples --------------------------------------------------------------------------


def test_savage_castle_merchant_cave_cave_wins() -> None:
    st = make([["savage"], ["castle"], ["merchant"], ["cave"]], trump=LOC)
    # Castle (Su/Kn) is a trump but shares no suit with the Savage: powerless
    assert winner_of(st, ["savage", "castle"]) == 0
    # the Merchant shares Leaves and outranks the Savage
    assert winner_of(st, ["savage", "castle", "merchant"]) == 2
    # the Cave is the only live trump (shares Wyrms)
    assert winner_of(st, ["savage", "castle", "merchant", "cave"]) == 3


def test_savage_trick_played_out_and_its_value_by_declared_suit() -> None:
    # seat 1 holds no Leaves or Wyrms card, so the Castle is a legal discard
    hands = [
        ["savage", "ace-moons", "ace-suns", "ace-waves", "ace-knots", "author", "painter", "mountain", "journey"],
        ["castle", "diplomat", "pact", "huntress", "bard", "lunatic", "discovery", "sea", "windfall"],
        ["merchant"],
        ["cave"],
    ]
    expected = {"moons": 0, "suns": 1, "waves": 1, "leaves": 2, "wyrms": 2, "knots": 2}
    for suit, value in expected.items():
        d = SUITS.index(suit)
        st = make(hands, trump=LOC, decl=[0, 0, 0, d])
        for seat, name in enumerate(["savage", "castle", "merchant", "cave"]):
            g.apply(st, seat, f"play {name}")
        assert st.tricks == [0, 0, 0, 1]
        assert st.turn == 3  # the winner leads next
        assert sorted(st.won[3]) == sorted(ids("savage", "castle", "merchant", "cave"))
        assert g.round_points(st)[3] == value, suit


def test_bard_led_with_locations_trump_desert_wins_cave_cannot() -> None:
    st = make([["bard"], ["desert"]], trump=LOC)
    assert winner_of(st, ["bard", "desert", "cave", "diplomat"]) == 1  # Desert: live trump (Suns)
    assert winner_of(st, ["bard", "cave"]) == 0  # Cave lacks Suns: no power
    assert winner_of(st, ["bard", "diplomat", "cave"]) == 0  # the Crown outranks the Diplomat


def test_a_trump_that_is_your_only_matching_card_must_be_played() -> None:
    # Bard led (Suns, not trump in a Location round); seat 1's only Suns card is the Desert
    hands = [
        ["bard"],
        ["desert", "ace-moons", "ace-waves", "ace-leaves", "ace-knots", "author", "journey", "origin", "sailor",
         "savage", "battle", "forest"],
        ["diplomat", "castle", "ace-suns"],
    ]
    st = make(hands, trump=LOC)
    g.apply(st, 0, "play bard")
    assert legal_cards(st, 1) == {"desert"}
    # seat 2 may choose any Suns card, trump or not
    g.apply(st, 1, "play desert")
    assert {"diplomat", "castle", "ace-suns"} <= legal_cards(st, 2)
    assert all(MASK[card(c)] & 2 for c in legal_cards(st, 2))


def test_penitent_led_with_personalities_trump() -> None:
    hands = [
        ["penitent"],
        ["sailor", "mountain", "desert"],
        ["ace-moons", "ace-suns", "ace-waves", "ace-leaves", "ace-wyrms", "ace-knots", "journey", "origin", "forest", "discovery", "market", "castle"],
    ]
    st = make(hands, trump=PERS)
    g.apply(st, 0, "play penitent")
    # seat 1 must play a Personality, whatever its suits
    legal1 = legal_cards(st, 1)
    assert "sailor" in legal1 and "mountain" not in legal1 and "desert" not in legal1
    assert all("personality" in DECKTET[card(c)].types for c in legal1)
    # seat 2 holds no Personality: anything goes, and it cannot win
    g.apply(st, 1, "play sailor")
    assert len(legal_cards(st, 2)) == 12
    assert winner_of(st, ["penitent", "sailor", "castle"]) == 0
    assert winner_of(st, ["penitent", "huntress", "castle"]) == 1  # highest Personality, any suit
    assert winner_of(st, ["penitent", "lunatic"]) == 1  # equal ranks: the later card wins


def test_equal_live_trumps_later_card_wins() -> None:
    st = make([["discovery"]], trump=LOC)  # Discovery: Suns/Waves, an Event
    # Castle (Su/Kn) and Cave (Wa/Wy) are both live Location trumps of rank 7
    assert winner_of(st, ["discovery", "castle", "cave"]) == 2
    assert winner_of(st, ["discovery", "cave", "castle"]) == 2
    # among non-trumps sharing a suit, equal ranks also go to the later card
    st2 = make([["lunatic"]], trump=EVT)  # Lunatic: 6 Mo/Wa, Personality
    assert winner_of(st2, ["lunatic", "penitent", "mill"]) == 2  # Mill 8 Wa/Le beats; Penitent shares nothing


def test_the_led_card_counts_and_a_higher_follower_wins() -> None:
    st = make([["forest"]], trump=PERS)  # Forest 5 Mo/Le, a Location
    assert winner_of(st, ["forest", "author", "origin"]) == 1  # Author 2 Mo/Kn is a live Personality trump
    assert winner_of(st, ["forest", "journey", "ace-leaves"]) == 0  # Journey 3 < 5


# -- scoring -------------------------------------------------------------------------------------------------


def test_at_most_ten_points_per_round() -> None:
    st = make([[], [], []], decl=[3, 4, 5])
    st.won = [list(BASIC_IDS), [], []]
    st.tricks = [12, 0, 0]
    assert g.round_points(st) == [10, 0, 0]


def test_two_suited_card_counts_once() -> None:
    st = make([[], [], []], decl=[3, 0, 0])
    st.won = [ids("sailor", "origin", "mill"), [], []]  # all Waves/Leaves
    st.tricks = [1, 0, 0]
    assert g.round_points(st)[0] == 3


def test_spoiler_with_exactly_one_trick() -> None:
    # seat 0 Spoiler; seat 1 Wyrms, seat 2 Leaves, seat 3 Spoiler
    st = make([[], [], [], []], decl=[SPOILER, 4, 3, SPOILER])
    st.won = [ids("savage", "cave", "calamity", "forest"), [], [], []]
    st.tricks = [1, 0, 0, 0]
    # Wyrms: Savage, Cave, Calamity = 3; Leaves: Savage, Forest = 2 -> best 3
    assert g.round_points(st)[0] == 3
    st.tricks = [2, 0, 0, 0]
    assert g.round_points(st)[0] == 0
    st.won[0] = []
    st.tricks = [0, 0, 0, 0]
    assert g.round_points(st)[0] == 0


def test_spoiler_ignores_other_spoilers_and_own_suit() -> None:
    st = make([[], [], []], decl=[SPOILER, SPOILER, 0])  # only Moons declared by a non-Spoiler
    st.won = [ids("savage", "cave", "journey"), [], []]
    st.tricks = [1, 0, 0]
    assert g.round_points(st)[0] == 1  # only the Journey carries Moons


def test_maximum_four_points_from_one_trick_with_four_players() -> None:
    rng = random.Random(3)
    for _ in range(200):
        four = rng.sample(list(BASIC_IDS), 4)
        for d in range(6):
            assert g._count(four, d) <= 4


def test_round_scores_bounded_in_random_games() -> None:
    for seed in range(30):
        st = g.new(4 if seed % 2 else 3, seed=seed)
        r = random.Random(seed)
        while not g.is_over(st):
            seat = g.to_act(st)[0]
            g.apply(st, seat, r.choice(g.legal_actions(st, seat)), events=False)
        for row in st.sheet:
            assert all(0 <= p <= 10 for p in row)
        assert sum(st.sheet[i][s] for i in range(len(st.sheet)) for s in range(st.players)) == sum(st.scores)


# -- declarations -------------------------------------------------------------------------------------------


def test_simultaneous_declarations_are_secret_until_reveal() -> None:
    a = g.new(3, seed=7)
    b = g.new(3, seed=7)
    assert g.to_act(a) == (0, 1, 2)
    ev = g.apply(a, 0, "declare wyrms")
    g.apply(b, 0, "declare moons")
    assert [e.text for e in ev] == ["Player 1 has chosen."]
    assert all(not e.data for e in ev)
    assert g.to_act(a) == (1, 2)
    for seat in (None, 1, 2):
        assert g.observe(a, seat) == g.observe(b, seat)
        obs = g.observe(a, seat)
        shown = list(obs.status.values()) + [v for sv in obs.seats for v in sv.facts.values()] + [obs.prompt]
        assert not any("Wyrms" in v for v in shown)
    assert g.observe(a, 0).status["Your suit"] == "Wyrms"
    assert g.observe(a, 1).seats[0].facts["Declared"] == "chosen"
    assert g.observe(a, 1).seats[1].facts["Declared"] == "choosing"
    # the other two choose; then everything is revealed together
    g.apply(a, 2, "declare spoiler")
    assert g.observe(a, 1).seats[2].facts["Declared"] == "chosen"
    ev = g.apply(a, 1, "declare knots")
    texts = " ".join(e.text for e in ev)
    assert "Player 1: Wyrms" in texts and "Player 2: Knots" in texts and "Player 3: Spoiler" in texts
    obs = g.observe(a, None)
    assert [s.facts["Declared"] for s in obs.seats] == ["Wyrms", "Knots", "Spoiler"]
    assert obs.phase == "play"
    assert obs.to_act == [(a.dealer + 1) % 3]


def test_sequential_declaration_goes_round_from_the_dealer_in_public() -> None:
    st = g.new(3, seed=2, declaration="sequential")
    d = st.dealer
    assert g.to_act(st) == (d,)
    ev = g.apply(st, d, "declare suns")
    assert "declares Suns" in ev[0].text
    assert g.to_act(st) == ((d + 1) % 3,)
    assert g.observe(st, None).seats[d].facts["Declared"] == "Suns"
    with pytest.raises(NotYourTurn):
        g.apply(st, (d + 2) % 3, "declare moons")


def test_everyone_spoiler_voids_the_deal() -> None:
    st = g.new(3, seed=5)
    dealer, trump, before = st.dealer, st.trump, [h[:] for h in st.hands]
    g.apply(st, 0, "declare spoiler")
    g.apply(st, 1, "declare spoiler")
    ev = g.apply(st, 2, "declare spoiler")
    assert any("void" in e.text for e in ev)
    assert st.phase == "declare" and st.decl == [-1, -1, -1]
    assert st.dealer == dealer and st.trump == trump and st.hand_no == 1
    assert st.sheet == [] and st.scores == [0, 0, 0]
    assert st.redeals == 1
    assert st.hands != before and sorted(c for h in st.hands for c in h) == list(BASIC_IDS)


def test_spoiler_option_off() -> None:
    st = g.new(3, seed=5, spoilers=False)
    assert "declare spoiler" not in [str(a) for a in g.legal_actions(st, 0)]
    with pytest.raises(IllegalMove, match="Spoiler is switched off"):
        g.apply(st, 0, "declare spoiler")


# -- rounds, dealer, trump cycle, end -------------------------------------------------------------------------


def _finish_round(st: TypeTrumpState, r: random.Random) -> None:
    h = st.hand_no
    while not g.is_over(st) and st.hand_no == h:
        seat = g.to_act(st)[0]
        acts = [a for a in g.legal_actions(st, seat) if a.args != ("spoiler",)]
        g.apply(st, seat, r.choice(acts), events=False)


def test_trump_cycle_dealer_rotation_and_first_lead() -> None:
    st = g.new(3, seed=11, rounds=6)
    r = random.Random(1)
    seen = []
    while not g.is_over(st):
        seen.append((st.hand_no, st.trump, st.dealer))
        assert st.trick.leader == (st.dealer + 1) % 3
        _finish_round(st, r)
    for hand_no, trump, dealer in seen:
        assert trump == (hand_no - 1) % 3
        assert dealer == (seen[0][2] + hand_no - 1) % 3
    assert len(seen) >= 6


def test_beginner_mode_keeps_personalities() -> None:
    st = g.new(3, seed=11, beginner=True)
    r = random.Random(2)
    while not g.is_over(st):
        assert st.trump == PERS
        _finish_round(st, r)


def test_end_by_rounds_default_one_per_player_and_ties_continue() -> None:
    st = g.new(4, seed=3)
    assert st.rounds_target == 4
    st.hand_no = 4
    st.scores = [10, 10, 3, 4]
    assert not g._ends(st)  # tie at the top: another round
    st.scores = [10, 9, 3, 4]
    assert g._ends(st)
    st.hand_no = 3
    assert not g._ends(st)
    st.hand_no = 5
    st.scores = [3, 10, 9, 9]  # a tie below the top does not matter
    assert g._ends(st)


def test_end_by_target_score() -> None:
    st = g.new(3, seed=3, end="21")
    st.scores = [20, 5, 5]
    assert not g._ends(st)
    st.scores = [22, 21, 5]
    assert g._ends(st)
    st.scores = [22, 22, 5]
    assert not g._ends(st)
    st31 = g.new(3, seed=3, end="31")
    st31.scores = [30, 29, 0]
    assert not g._ends(st31)
    st31.scores = [31, 29, 0]
    assert g._ends(st31)


def test_full_games_end_with_a_unique_leader() -> None:
    for seed in range(15):
        for opts in ({}, {"end": "21"}):
            st = g.new(3, seed=seed, **opts)
            r = random.Random(seed)
            while not g.is_over(st):
                _finish_round(st, r)
            res = g.result(st)
            assert res.placings.count(1) == 1
            top = max(st.scores)
            if opts:
                assert top >= 21
            else:
                assert len(st.sheet) >= 3
            assert st.scores == [sum(row[s] for row in st.sheet) for s in range(3)]


def test_stacked_deck_deals_one_card_at_a_time_from_player_one() -> None:
    deck = [DECKTET[i].slug for i in range(36)]
    st = g.new(4, seed=1, deck=deck)
    assert st.dealer == 3 and st.trick.leader == 0
    for s in range(4):
        assert st.hands[s] == [c for c in range(36) if c % 4 == s]
    assert st.trump == PERS


# -- explanations and errors ----------------------------------------------------------------------------------


def test_explain_messages() -> None:
    st = make([["savage"], ["merchant", "castle", "cave"], []], trump=LOC)
    with pytest.raises(IllegalMove, match="First choose your scoring suit"):
        g.apply(g.new(3, seed=1), 0, "play savage")
    g.apply(st, 0, "play savage")
    with pytest.raises(IllegalMove) as e:
        g.apply(st, 1, "play castle")
    assert "carrying Leaves or Wyrms" in e.value.why and "the Merchant" in e.value.why and "the Cave" in e.value.why
    with pytest.raises(IllegalMove, match="You do not hold the Bard"):
        g.apply(st, 1, "play bard")
    with pytest.raises(IllegalMove, match="now play a card"):
        g.apply(st, 1, "declare moons")
    st2 = make([["penitent"], ["sailor", "castle"]], trump=PERS)
    g.apply(st2, 0, "play penitent")
    with pytest.raises(IllegalMove, match="you must play a Personality"):
        g.apply(st2, 1, "play castle")


def test_options_and_player_counts() -> None:
    with pytest.raises(BadOptions):
        g.new(3, partnership=True)
    with pytest.raises(BadOptions):
        g.new(3, rounds=99)
    with pytest.raises(BadOptions):
        g.new(2)


def test_observation_status_lines() -> None:
    st = make([["savage"], ["merchant"], ["cave"]], trump=LOC)
    g.apply(st, 0, "play savage")
    obs = g.observe(st, 1)
    assert obs.status["Trump type"] == "Locations"
    assert obs.status["Led card"] == "not trump"
    assert obs.status["Live suits"] == "Leaves, Wyrms"
    st2 = make([["desert"], ["merchant"], ["cave"]], trump=LOC)
    g.apply(st2, 0, "play desert")
    obs2 = g.observe(st2, 1)
    assert obs2.status["Led card"] == "TRUMP" and "Live suits" not in obs2.status
    assert obs2.trick.plays[0].note == "trump"


# -- partnership -----------------------------------------------------------------------------------------------


def test_partnership_swap_propose_confirm_and_team_scoring() -> None:
    st = g.new(4, seed=9, partnership=True)
    dealt = [h[:] for h in st.hands]
    assert st.phase == "swap" and g.to_act(st) == (0, 1, 2, 3)
    for s in range(4):
        g.apply(st, s, "swap")
    assert st.hands == [dealt[2], dealt[3], dealt[0], dealt[1]]
    assert st.phase == "declare"
    assert "declare spoiler" not in [str(a) for a in g.legal_actions(st, 0)]
    with pytest.raises(IllegalMove, match="no Spoiler"):
        g.apply(st, 0, "declare spoiler")
    ev = g.apply(st, 0, "declare wyrms")
    assert "wyrms" not in " ".join(e.text for e in ev).lower()
    assert g.to_act(st) == (1, 2, 3)
    # the partner sees the proposal, the opponents do not
    assert g.observe(st, 2).status["Proposal"] == "Player 1 proposes Wyrms"
    assert "Proposal" not in g.observe(st, 1).status
    g.apply(st, 2, "confirm")
    assert st.decl[0] == st.decl[2] == 4
    g.apply(st, 1, "declare moons")
    g.apply(st, 3, "declare suns")  # a counter-proposal
    assert g.to_act(st) == (1,)
    g.apply(st, 1, "confirm")
    assert st.decl == [4, 1, 4, 1]
    assert st.phase == "play"
    r = random.Random(0)
    _finish_round(st, r)
    row = st.sheet[0]
    assert row[0] == row[2] and row[1] == row[3]


def test_partnership_fourth_proposal_stands() -> None:
    st = g.new(4, seed=9, partnership=True)
    for s in range(4):
        g.apply(st, s, "swap")
    g.apply(st, 0, "declare moons")
    g.apply(st, 2, "declare suns")
    g.apply(st, 0, "declare waves")
    g.apply(st, 2, "declare leaves")
    assert st.decl[0] == st.decl[2] == 3


def test_round_end_waits_for_the_next_dealer() -> None:
    st = g.new(3, seed=21)
    first_dealer = st.dealer
    r = random.Random(4)
    while st.phase != "scored":
        seat = g.to_act(st)[0]
        acts = [a for a in g.legal_actions(st, seat) if a.args != ("spoiler",)]
        g.apply(st, seat, r.choice(acts), events=False)
    nxt = (first_dealer + 1) % 3
    assert g.to_act(st) == (nxt,)
    assert [str(a) for a in g.legal_actions(st, nxt)] == ["deal"]
    assert len(st.sheet) == 1 and st.hand_no == 1
    obs = g.observe(st, None)
    assert len(obs.trick.last) == 3 and obs.trick.last_winner is not None
    with pytest.raises(IllegalMove, match="deals the next one"):
        g.apply(st, nxt, "declare moons")
    ev = g.apply(st, nxt, "deal")
    assert st.hand_no == 2 and st.dealer == nxt and st.trump == LOC and st.phase == "declare"
    assert "Round 2" in ev[0].text


@pytest.mark.parametrize("spoilers", [False, True])
def test_a_round_score_says_why(spoilers: bool) -> None:
    """The end of a round gave only "Round 1 scores: Ann 1, Bot 1 8, Bot 2 2." with no reason.
    Each score is now explained, and the explanation matches the cards each seat took (counted
    here from the cards' suits, not by the game's scorer)."""
    for seed in range(4):
        st = g.new(["Ann", "Bea", "Cy"], seed=seed, spoilers=spoilers)
        r = random.Random(seed)
        while not g.is_over(st):
            seat = g.to_act(st)[0]
            events = g.apply(st, seat, r.choice(g.legal_actions(st, seat)))
            why = [e.text for e in events if e.text.startswith("Why: ")]
            if not why:
                continue
            for s, name in enumerate(st.names):
                d = st.decl[s]
                if d < SPOILER:
                    suit = SUITS[d]
                    k = sum(1 for c in st.won[s] if suit in DECKTET[c].suits)
                    noun = "card" if k == 1 else "cards"
                    assert f"{name} declared {suit.capitalize()} and took {k} {suit.capitalize()} {noun}" in why[0]
                else:
                    assert f"{name}, the Spoiler, took" in why[0]
            break
        else:
            raise AssertionError("no round was scored")
